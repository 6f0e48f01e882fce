import { identityMessages } from '../../messages';

/** Every German text the account and institution-user modules send (API answers and mails). */
export const messages = {
  emailInUse: 'Die E-Mail-Adresse wird bereits verwendet.',
  emailUnchanged: 'Das ist bereits Ihre E-Mail-Adresse.',
  accountNotFound: 'Das Konto wurde nicht gefunden.',
  impersonationForbidden:
    'Im Support-Modus können E-Mail-Adresse, Passwort und Zwei-Faktor-Authentifizierung nicht geändert werden.',
  passwordTooShort: (min: number) => `Das Passwort muss mindestens ${min} Zeichen lang sein.`,
  passwordTooLong: (max: number) => `Das Passwort darf höchstens ${max} Zeichen lang sein.`,
  passwordTooWeak:
    'Das Passwort ist zu leicht zu erraten. Bitte verwenden Sie ein stärkeres Passwort.',
  /** Not spec text: built from the person's names or address and little else ("Nora Neu 2026"). */
  passwordFromPersonalData:
    'Das Passwort besteht fast nur aus Ihrem Namen oder Ihrer E-Mail-Adresse und ist deshalb leicht zu erraten. Bitte wählen Sie ein anderes Passwort.',
  passwordMissing: 'Bitte geben Sie ein Passwort ein.',
  currentPasswordWrong: 'Das aktuelle Passwort ist nicht korrekt.',
  passwordConfirmationMissing:
    'Bitte bestätigen Sie zuerst Ihr aktuelles Passwort (die Bestätigung ist 5 Minuten gültig).',
  noLocalPassword:
    'Das Passwort wird beim Identitätsanbieter verwaltet und kann hier nicht geändert werden.',
  emailAtProvider:
    'Die E-Mail-Adresse wird beim Identitätsanbieter verwaltet und kann hier nicht geändert werden.',
  otpAtProvider:
    'Die Zwei-Faktor-Authentifizierung wird beim Identitätsanbieter verwaltet und kann hier nicht geändert werden.',
  tooManyFailures:
    'Zu viele fehlgeschlagene Versuche. Bitte versuchen Sie es in 15 Minuten erneut.',
  /** The code step's texts of the sign-in, so Mein Konto and the sign-in say the same. */
  otpInvalid: identityMessages.invalidOtp,
  otpUsed: identityMessages.usedOtp,
  otpAlreadyActive: 'Die Zwei-Faktor-Authentifizierung ist bereits aktiv.',
  otpNotActive: 'Die Zwei-Faktor-Authentifizierung ist nicht aktiv.',
  identNotStarted: 'Es wurde noch keine Identifikation gestartet.',
  userNotFound: 'Der Nutzer wurde in dieser Institution nicht gefunden.',
  lastAdmin:
    'Der letzte aktive Administrator einer Institution kann nicht entfernt oder herabgestuft werden.',
  institutionChanged:
    'Die Daten der Institution wurden inzwischen von jemand anderem geändert. Ihre Änderungen wurden nicht gespeichert.',
  onlyAdminsInvite: 'Nur Administratoren der Institution können Einladungen versenden.',
  alreadyActivated: 'Das Konto ist bereits aktiviert; eine Einladung ist nicht mehr nötig.',
} as const;

/** Texts of the pages the server renders (reset, invitation, identification simulation). */
export const pageMessages = {
  forgotLink: 'Passwort vergessen?',
  forgotTitle: 'Passwort vergessen',
  forgotIntro:
    'Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir senden Ihnen einen Link, mit dem Sie ein neues Passwort festlegen können.',
  forgotButton: 'Link senden',
  /** Not spec text: the form is sent without an address (the browser does not check it). */
  forgotMissingEmail: 'Bitte geben Sie Ihre E-Mail-Adresse ein.',
  forgotSentTitle: 'E-Mail unterwegs',
  forgotSent:
    'Falls zu dieser E-Mail-Adresse ein Konto besteht, haben wir Ihnen einen Link zum Zurücksetzen des Passworts gesendet. Der Link ist eine Stunde gültig.',
  forgotTooMany:
    'Zu viele Anfragen zum Zurücksetzen des Passworts. Bitte versuchen Sie es in 15 Minuten erneut.',
  forgotSlowDown:
    'Zu viele Anfragen zum Zurücksetzen des Passworts. Bitte warten Sie einen Moment, bevor Sie einen weiteren Link anfordern.',
  backToSignIn: 'Zurück zur Anmeldung',
  setPasswordTitle: 'Neues Passwort festlegen',
  acceptInvitationTitle: 'Einladung annehmen',
  setPasswordIntro: (email: string) =>
    `Legen Sie ein Passwort für ${email} fest. Es muss mindestens 10 Zeichen lang und schwer zu erraten sein: kein gängiges Wort und nicht aus Ihrem Namen oder Ihrer E-Mail-Adresse gebildet. Gut geeignet sind mehrere Wörter, verbunden durch Ziffern oder Sonderzeichen.`,
  /**
   * Not spec text: the page behind an invitation link names the institutions (one link accepts
   * all of them) and whom each invitation mail named; one institution reads as the mail's line.
   */
  invitedToSeveral:
    'Sie wurden eingeladen, im Institutionsportal für diese Institutionen mitzuarbeiten:',
  invitedBy: (name: string) => `eingeladen von ${name}`,
  newPasswordLabel: 'Neues Passwort',
  repeatPasswordLabel: 'Neues Passwort wiederholen',
  passwordsDiffer: 'Die Passwörter stimmen nicht überein.',
  setPasswordButton: 'Passwort speichern',
  passwordSetTitle: 'Passwort gespeichert',
  passwordSet: 'Ihr Passwort wurde gespeichert. Sie können sich jetzt anmelden.',
  toSignIn: 'Zur Anmeldung',
  linkInvalidTitle: 'Link ungültig',
  linkInvalid:
    'Dieser Link ist abgelaufen oder wurde bereits verwendet. Bitte fordern Sie einen neuen an.',
  // Invitation and reset links that no longer work: each says what to do next.
  actionLinkUnknown:
    'Dieser Link ist ungültig oder abgelaufen. Einen neuen Link zum Zurücksetzen des Passworts können Sie hier anfordern. Eine abgelaufene Einladung sendet Ihnen ein Administrator Ihrer Institution erneut.',
  resetLinkSpentTitle: 'Link abgelaufen',
  resetLinkSpent:
    'Dieser Link zum Zurücksetzen des Passworts ist abgelaufen oder wurde bereits verwendet. Fordern Sie einen neuen Link an; er ist eine Stunde gültig.',
  requestNewLink: 'Neuen Link anfordern',
  invitationSpentTitle: 'Einladung abgelaufen',
  invitationSpent:
    'Dieser Einladungslink ist abgelaufen oder wurde durch eine neuere Einladung ersetzt. Verwenden Sie den Link aus der neuesten Einladung oder bitten Sie einen Administrator Ihrer Institution, Ihnen die Einladung erneut zu senden.',
  invitationAcceptedTitle: 'Einladung bereits angenommen',
  invitationAccepted:
    'Diese Einladung wurde bereits angenommen. Melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an.',
  emailConfirmTitle: 'Neue E-Mail-Adresse bestätigen',
  emailConfirmIntro: (oldEmail: string, newEmail: string) =>
    `Sie melden sich künftig mit ${newEmail} an statt mit ${oldEmail}.`,
  emailConfirmButton: 'E-Mail-Adresse bestätigen',
  emailChangedTitle: 'E-Mail-Adresse geändert',
  emailChanged: (newEmail: string) =>
    `Ihre E-Mail-Adresse wurde geändert. Sie melden sich ab jetzt mit ${newEmail} an.`,
  toPortal: 'Zum Institutionsportal',
  emailLinkSpentTitle: 'Link abgelaufen',
  emailLinkSpent:
    'Dieser Link zur Bestätigung einer neuen E-Mail-Adresse ist abgelaufen, wurde bereits verwendet oder durch eine neuere Anfrage ersetzt. Ihre bisherige Adresse gilt weiter; unter Mein Konto können Sie die Änderung erneut anfordern.',
  emailTakenTitle: 'E-Mail-Adresse vergeben',
  identTitle: 'Identifikation (Simulation)',
  identIntro:
    'Dies ist der simulierte Identifikationsdienst des Portals. Schließen Sie die Identifikation ab oder brechen Sie sie ab; danach kehren Sie zum Portal zurück.',
  identComplete: 'Identifikation abschließen',
  identAbort: 'Identifikation abbrechen',
} as const;

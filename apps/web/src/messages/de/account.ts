/** German texts of Mein Konto, Identifikation and Unternehmen (institution administration). */
export const account = {
  title: 'Mein Konto',
  personal: {
    heading: 'Persönliche Daten',
    /** Not spec text: the account data could not be loaded (a server error, no connection). */
    loadFailed:
      'Ihre Kontodaten konnten nicht geladen werden. Bitte versuchen Sie es gleich noch einmal oder später.',
    formOfAddress: 'Anrede',
    formOfAddressNone: 'Keine Angabe',
    title: 'Titel',
    firstName: 'Vorname',
    lastName: 'Nachname',
    email: 'E-Mail',
    save: 'Speichern',
    saved: 'Ihre Daten wurden gespeichert.',
    notSaved: 'Daten wurden nicht gespeichert.',
    required: 'Pflichtfeld',
    loading: 'Kontodaten werden geladen …',
    onboardedBy: 'Betreut durch',
  },
  /** IDENTITY_PROVIDER=external (the server's texts for the same refusal). */
  atProvider: {
    emailHeading: 'E-Mail-Adresse',
    passwordHeading: 'Passwort',
    email:
      'Die E-Mail-Adresse wird beim Identitätsanbieter verwaltet und kann hier nicht geändert werden.',
    password:
      'Das Passwort wird beim Identitätsanbieter verwaltet und kann hier nicht geändert werden.',
    twoFactor:
      'Die Zwei-Faktor-Authentifizierung wird beim Identitätsanbieter verwaltet und kann hier nicht geändert werden.',
  },
  email: {
    heading: 'E-Mail-Adresse ändern',
    current: 'Aktuelle E-Mail-Adresse',
    label: 'Neue E-Mail-Adresse',
    invalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    same: 'Das ist bereits Ihre E-Mail-Adresse.',
    submit: 'E-Mail-Adresse ändern',
    passwordLabel: 'Passwort zur Bestätigung',
    passwordHint: 'Ihr aktuelles Passwort: Nur Sie selbst können die Adresse ändern.',
    passwordMissing: 'Bitte geben Sie Ihr aktuelles Passwort ein.',
    sent: (email: string) =>
      `Wir haben einen Link an ${email} gesendet. Die neue Adresse gilt, sobald Sie ihn öffnen und bestätigen.`,
    pending: 'Wartet auf Bestätigung',
    pendingHint:
      'Öffnen Sie den Link in der E-Mail an diese Adresse (24 Stunden gültig). Bis dahin melden Sie sich mit der aktuellen Adresse an.',
    inUse: 'Die E-Mail-Adresse wird bereits verwendet.',
    failed: 'Die E-Mail-Adresse konnte nicht geändert werden.',
  },
  password: {
    heading: 'Passwort ändern',
    currentLabel: 'Aktuelles Passwort',
    confirm: 'Weiter',
    confirmIntro: 'Bitte bestätigen Sie zuerst Ihr aktuelles Passwort.',
    currentWrong: 'Das aktuelle Passwort ist nicht korrekt.',
    confirmationExpired:
      'Bitte bestätigen Sie zuerst Ihr aktuelles Passwort (die Bestätigung ist 5 Minuten gültig).',
    newLabel: 'Neues Passwort',
    repeatLabel: 'Neues Passwort wiederholen',
    showPassword: 'Passwort anzeigen',
    rules:
      'Mindestens 10 Zeichen und schwer zu erraten: kein gängiges Wort und nicht aus Ihrem Namen oder Ihrer E-Mail-Adresse gebildet. Gut geeignet sind mehrere Wörter, verbunden durch Ziffern oder Sonderzeichen.',
    tooShort: 'Das Passwort muss mindestens 10 Zeichen lang sein.',
    tooWeak: 'Das Passwort ist zu leicht zu erraten. Bitte verwenden Sie ein stärkeres Passwort.',
    fromPersonalData:
      'Das Passwort besteht fast nur aus Ihrem Namen oder Ihrer E-Mail-Adresse und ist deshalb leicht zu erraten. Bitte wählen Sie ein anderes Passwort.',
    differ: 'Die Passwörter stimmen nicht überein.',
    submit: 'Passwort ändern',
    cancel: 'Abbrechen',
    changed: 'Ihr Passwort wurde geändert.',
    failed: 'Das Passwort konnte nicht geändert werden.',
    strengthLabel: 'Passwortstärke',
    strength: ['Sehr schwach', 'Schwach', 'Mittel', 'Stark', 'Sehr stark'] as const,
  },
  twoFactor: {
    heading: 'Zwei-Faktor-Authentifizierung',
    active: 'Aktiv',
    inactive: 'Nicht aktiv',
    statusLabel: 'Status',
    intro:
      'Mit der Zwei-Faktor-Authentifizierung verlangt die Anmeldung nach dem Passwort zusätzlich einen sechsstelligen Einmalcode aus einer Authenticator-App auf Ihrem Telefon.',
    start: 'Zwei-Faktor-Authentifizierung einrichten',
    scan: 'Scannen Sie den QR-Code mit Ihrer Authenticator-App (zum Beispiel Google Authenticator, Microsoft Authenticator oder FreeOTP) oder geben Sie den Schlüssel von Hand ein. Geben Sie dann den Einmalcode ein, den die App anzeigt.',
    /** Not spec text: the key is the way back when the phone is lost (there is no other). */
    keepSecret:
      'Notieren Sie den Schlüssel und bewahren Sie ihn sicher auf: Mit ihm richten Sie die App auf einem neuen Telefon ein, falls Ihres verloren geht. Ohne App und Schlüssel können Sie sich nicht mehr anmelden.',
    qrAlt: 'QR-Code für die Authenticator-App',
    secretLabel: 'Schlüssel für die manuelle Eingabe',
    /** Not spec text: on a phone, the QR code on its own screen cannot be scanned. */
    openInApp: 'In der Authenticator-App öffnen',
    codeLabel: 'Einmalcode',
    codeInvalid:
      'Der Code ist ungültig. Geben Sie den Einmalcode ein, den Ihre Authenticator-App gerade anzeigt; er wechselt alle 30 Sekunden.',
    codeFormat: 'Bitte geben Sie sechs Ziffern ein.',
    activate: 'Aktivieren',
    disable: 'Deaktivieren',
    disableIntro:
      'Geben Sie den aktuellen Einmalcode aus Ihrer Authenticator-App ein, um die Zwei-Faktor-Authentifizierung zu deaktivieren.',
    cancel: 'Abbrechen',
    activated: 'Die Zwei-Faktor-Authentifizierung ist aktiv.',
    disabled: 'Die Zwei-Faktor-Authentifizierung wurde deaktiviert.',
    failed: 'Die Zwei-Faktor-Authentifizierung konnte nicht geändert werden.',
    tooMany: 'Zu viele fehlgeschlagene Versuche. Bitte versuchen Sie es in 15 Minuten erneut.',
  },
  invitation: {
    heading: 'Einladung',
    activated: 'Ihr Konto ist aktiviert.',
    pending: 'Ihr Konto ist noch nicht aktiviert.',
    resend: 'Einladung erneut senden',
    resent: 'Email erneut versendet',
    /** Not spec text (spec section 8 names only the success). */
    failed: 'Die Einladung konnte nicht versendet werden.',
  },
  impersonation:
    'Im Support-Modus können E-Mail-Adresse, Passwort und Zwei-Faktor-Authentifizierung nicht geändert werden.',
  identification: {
    title: 'Identifikation',
    intro:
      'Für einige Leistungen müssen Sie sich einmalig identifizieren. Die Identifikation erfolgt bei unserem Identifikationsdienst.',
    statusLabel: 'Status der Identifikation',
    status: {
      CREATED: 'Die Identifikation wurde gestartet, ist aber noch nicht abgeschlossen.',
      LEGITIMISED: 'Sie sind erfolgreich identifiziert.',
      FAILED: 'Die Identifikation ist fehlgeschlagen oder wurde abgebrochen.',
      NOT_EXISTENT: 'Sie haben noch keine Identifikation durchgeführt.',
    },
    badge: {
      CREATED: 'Gestartet',
      LEGITIMISED: 'Identifiziert',
      FAILED: 'Fehlgeschlagen',
      NOT_EXISTENT: 'Nicht identifiziert',
    },
    start: 'Identifikation starten',
    restart: 'Identifikation erneut starten',
    startFailed: 'Die Identifikation konnte nicht gestartet werden.',
    loading: 'Status wird geladen …',
  },
} as const;

export const institutionAdmin = {
  title: 'Unternehmen',
  /**
   * Not spec text: where the page's sections would be when the institution did not load. The
   * error bar above says what happened in the spec's words; this says what it means here
   * (decision 018), without repeating its 'Bitte versuchen Sie es später noch einmal.'
   */
  loadFailed: 'Die Daten der Institution und ihre Benutzer können daher nicht angezeigt werden.',
  data: {
    heading: 'Daten der Institution',
    name: 'Name',
    postalcode: 'Postleitzahl',
    postalcodeInvalid: 'Bitte geben Sie eine gültige fünfstellige Postleitzahl ein.',
    city: 'Ort',
    street: 'Straße und Hausnummer',
    required: 'Pflichtfeld',
    save: 'Speichern',
    saved: 'Einstellungen wurden übernommen.',
    notSaved: 'Daten wurden nicht gespeichert.',
    /** Not spec text: another admin (or another tab) saved the data after this page loaded it. */
    conflictTitle: 'Inzwischen geändert',
    conflict:
      'Die Daten der Institution wurden inzwischen von jemand anderem geändert. Ihre Änderungen wurden nicht gespeichert. Laden Sie die aktuellen Daten und geben Sie Ihre Änderungen bei Bedarf erneut ein.',
    reload: 'Aktuelle Daten laden',
    reloadFailed: 'Die aktuellen Daten konnten nicht geladen werden.',
  },
  users: {
    heading: 'Benutzer',
    caption: 'Benutzer der Institution',
    name: 'Name',
    email: 'E-Mail',
    role: 'Rolle',
    state: 'Status',
    actions: 'Aktionen',
    activated: 'Aktiv',
    /**
     * The minutes since the invitation (spec: minutes since invite), read as people say it:
     * minutes within the first hour, then hours, then days ('vor 10080 Minuten' was a week).
     */
    invited: (minutes: number) => {
      if (minutes < 1) return 'Eingeladen (gerade eben)';
      if (minutes < 60) return `Eingeladen vor ${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'}`;
      const hours = Math.floor(minutes / 60);
      if (hours < 24) return `Eingeladen vor ${hours} ${hours === 1 ? 'Stunde' : 'Stunden'}`;
      const days = Math.floor(hours / 24);
      return `Eingeladen vor ${days} ${days === 1 ? 'Tag' : 'Tagen'}`;
    },
    /**
     * Not spec text: the invitation link's time passed (INVITATION_TTL_HOURS); the person can no
     * longer accept it, an admin sends it again. The spec's 'Eingeladen vor …' stays beside it.
     */
    invitationExpired: 'Einladung abgelaufen',
    /** Not spec text: until when the invitation link that was sent last works. */
    validUntil: (when: string) => `Link gültig bis ${when}`,
    expiredAt: (when: string) => `Link abgelaufen am ${when}`,
    roleOf: (name: string) => `Rolle von ${name}`,
    deleteLabel: (name: string) => `${name} löschen`,
    resendLabel: (name: string) => `Einladung erneut senden an ${name}`,
    resend: 'Einladung erneut senden',
    resent: 'Email erneut versendet',
    resendFailed: 'Die Einladung konnte nicht versendet werden.',
    delete: 'Löschen',
    you: '(Sie)',
    /** Paging of a long user list (an institution of hundreds of users). */
    pages: 'Seiten der Benutzerliste',
    pageSummary: (from: number, to: number, total: number) =>
      `Benutzer ${from.toLocaleString('de-DE')}–${to.toLocaleString('de-DE')} von ${total.toLocaleString('de-DE')}`,
    /** Not spec text: the search above a long user list. */
    search: 'Benutzer durchsuchen',
    searchHint: 'Name, E-Mail-Adresse, Rolle oder Status (Aktiv, Eingeladen, Abgelaufen)',
    invitedState: 'Eingeladen',
    searchFound: (count: number, total: number) =>
      `${count.toLocaleString('de-DE')} von ${total.toLocaleString('de-DE')} Benutzern gefunden`,
    searchNone: (text: string) => `Keine Benutzer zu „${text}“ gefunden.`,
  },
  invite: {
    open: 'Benutzer einladen',
    heading: 'Benutzer einladen',
    email: 'E-Mail',
    emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    firstName: 'Vorname',
    lastName: 'Nachname',
    formOfAddress: 'Anrede',
    formOfAddressNone: 'Keine Angabe',
    title: 'Titel',
    role: 'Rolle',
    required: 'Pflichtfeld',
    submit: 'Einladen',
    cancel: 'Abbrechen',
    success: 'User wurde erfolgreich eingeladen.',
    /**
     * Not spec text: the address belongs to an account that already exists; it was added with
     * its own name (the names typed in the dialog do not rename it).
     */
    existingAccount: (name: string) =>
      `Zu dieser E-Mail-Adresse gibt es bereits ein Konto: ${name} wurde der Institution hinzugefügt.`,
    inUse: 'Die E-Mail-Adresse wird bereits verwendet.',
    failed: 'Daten wurden nicht gespeichert.',
  },
  remove: {
    heading: 'Benutzer löschen',
    question: (first: string, last: string) =>
      `Möchten Sie den Nutzer ${first} ${last} wirklich aus der Institution entfernen?`,
    /** Not spec text: shown beside the question when admins are about to remove themselves. */
    selfWarning:
      'Sie entfernen sich damit selbst und haben danach keinen Zugriff mehr auf diese Institution.',
    confirm: 'Löschen',
    cancel: 'Abbrechen',
    success: (first: string, last: string) =>
      `Nutzer ${first} ${last} wurden erfolgreich gelöscht.`,
    failed: (first: string, last: string) =>
      `Nutzer ${first} ${last} konnte nicht gelöscht werden.`,
  },
  role: {
    success: (name: string, label: string) =>
      `Die Rolle von Nutzer ${name} wurde erfolgreich auf ${label} geändert.`,
    failed: (name: string) => `Die Rolle von Nutzer ${name} konnte nicht geändert werden.`,
  },
  lastAdminHint: 'Die Institution braucht mindestens einen aktiven Administrator.',
  /** Not spec text: the leave dialog's text on this page. */
  unsavedChanges:
    'Sie haben Eingaben auf dieser Seite noch nicht gespeichert (Daten der Institution oder eine Einladung). Wenn Sie die Seite verlassen, gehen sie verloren. Trotzdem verlassen?',
} as const;

/**
 * Every German text the server sends, in one place (as the app's `messages/de`). Modules may
 * keep their own `messages.ts` beside them; shared texts live here.
 */

/** Texts of API answers (problem+json `detail` and field messages). */
export const messages = {
  signInRequired: 'Für diese Anfrage ist eine Anmeldung erforderlich.',
  tokenInvalid: 'Das Zugriffstoken fehlt oder ist ungültig.',
  tokenExpired: 'Das Zugriffstoken ist abgelaufen.',
  restrictedUser:
    'Sie sind als technischer Nutzer angemeldet! Die Bedienung des Portals ist für diese Rolle nicht vorgesehen.',
  /** An external provider's impersonated token that the portal's rule does not allow (spec §7's refusal text). */
  actingAsRefused: 'Nachahmung des Users nicht erlaubt.',
  notFound: 'Die angeforderte Ressource wurde nicht gefunden.',
  pathNotFound: (method: string, path: string) => `Der Pfad ${method} ${path} existiert nicht.`,
  methodNotAllowed: (method: string, allowed: string) =>
    `Die Methode ${method} ist hier nicht erlaubt. Erlaubt: ${allowed}.`,
  badUrl: 'Die Adresse der Anfrage ist ungültig kodiert.',
  invalidValues: 'Die Anfrage enthält ungültige Werte.',
  /** Fastify's own refusals of a request, which it words in English. */
  invalidJson: 'Der Inhalt der Anfrage ist kein gültiges JSON.',
  unsupportedMediaType: 'Der Inhaltstyp der Anfrage fehlt oder wird hier nicht angenommen.',
  bodyTooLarge: 'Der Inhalt der Anfrage ist zu groß.',
  badRequest: 'Die Anfrage ist ungültig.',
  invalidValue: 'Ungültiger Wert',
  controlCharacters: 'Die Anfrage enthält unzulässige Steuerzeichen.',
  controlCharactersField: 'Unzulässige Steuerzeichen',
  malformedText: 'Die Anfrage enthält ungültig kodierten Text.',
  malformedTextField: 'Ungültig kodierter Text (einzelnes Unicode-Ersatzzeichen)',
  internalError:
    'Es ist ein interner Fehler aufgetreten. Bitte versuchen Sie es später noch einmal.',
  serviceUnavailable:
    'Der Dienst ist vorübergehend nicht erreichbar. Bitte versuchen Sie es in wenigen Sekunden noch einmal.',
  storageFull:
    'Der Speicher des Portals ist voll. Es wurde nichts gespeichert. Bitte versuchen Sie es später noch einmal.',
  mailUnavailable:
    'Die E-Mail konnte nicht versendet werden. Es wurde nichts gespeichert. Bitte versuchen Sie es später noch einmal.',
  tooManyRequests: (seconds: number) =>
    `Zu viele Anfragen. Bitte versuchen Sie es in ${seconds} ${seconds === 1 ? 'Sekunde' : 'Sekunden'} erneut.`,
  userNotFound: 'Der Benutzer ist im Portal nicht bekannt.',
  tokenWithoutEmail: 'Das Zugriffstoken enthält keine E-Mail-Adresse.',
  emailInUse: 'Die E-Mail-Adresse wird bereits verwendet.',
  institutionNotFound: 'Die Institution wurde nicht gefunden.',
  institutionMissing: 'Die Institution fehlt in der Anfrage.',
  required: 'Pflichtfeld',
  invalidIdentifier: (name: string) => `${name} ist keine gültige Kennung.`,
  invalidIdentifierField: 'Ungültige Kennung',
  missingInstitutionRole: 'Für diese Aktion fehlt Ihnen die Berechtigung in dieser Institution.',
  notATrustedInstitution:
    'Diese Aktion ist nur für vertrauenswürdige Institutionen (Auftragnehmer) möglich.',
} as const;

/**
 * Field messages (`errors[].message`) for what a schema refuses without a message of its own:
 * zod's defaults are English ('Invalid input: expected string, received undefined'). Short, as
 * the contract's own ('Pflichtfeld', 'Höchstens 100 Zeichen'); `plugins/validation.ts` picks.
 */
export const validationMessages = {
  required: 'Pflichtfeld',
  expected: (what: string) => `${what} erwartet`,
  /** What `expected` names, by zod's type name. */
  types: {
    string: 'Text',
    number: 'Zahl',
    int: 'Ganze Zahl',
    bigint: 'Ganze Zahl',
    boolean: 'Wahrheitswert (true oder false)',
    array: 'Liste',
    object: 'Objekt',
    record: 'Objekt',
    date: 'Datum',
    null: 'null',
  } as Record<string, string | undefined>,
  otherType: 'Ein Wert anderer Art',
  minLength: (n: number) => `Mindestens ${n} Zeichen`,
  maxLength: (n: number) => `Höchstens ${n} Zeichen`,
  minItems: (n: number) => (n === 1 ? 'Mindestens ein Eintrag' : `Mindestens ${n} Einträge`),
  maxItems: (n: number) => (n === 1 ? 'Höchstens ein Eintrag' : `Höchstens ${n} Einträge`),
  minBytes: (n: number) => `Mindestens ${n} Bytes`,
  maxBytes: (n: number) => `Höchstens ${n} Bytes`,
  atLeast: (n: string) => `Mindestens ${n}`,
  greaterThan: (n: string) => `Größer als ${n}`,
  atMost: (n: string) => `Höchstens ${n}`,
  lessThan: (n: string) => `Kleiner als ${n}`,
  oneOf: (values: string) => `Erlaubt: ${values}`,
  exactly: (value: string) => `Erwartet: ${value}`,
  multipleOf: (n: string) => `Ein Vielfaches von ${n} erwartet`,
  unknownField: (name: string) => `Unbekanntes Feld: ${name}`,
  unknownFields: (names: string) => `Unbekannte Felder: ${names}`,
  email: 'Ungültige E-Mail-Adresse',
  date: 'Ungültiges Datum (Format JJJJ-MM-TT)',
  dateTime: 'Ungültiger Zeitpunkt (ISO 8601)',
  time: 'Ungültige Uhrzeit (Format hh:mm)',
  url: 'Ungültige Adresse (URL)',
  identifier: 'Ungültige Kennung',
  format: 'Ungültiges Format',
  invalidKey: 'Ungültiger Schlüssel',
  invalidEntry: 'Ungültiger Eintrag',
  invalidValue: 'Ungültiger Wert',
} as const;

/** The page the server shows while the web app has not been built. */
export const webMessages = {
  notBuiltTitle: 'Die Web-App wurde noch nicht gebaut.',
  notBuiltHint: 'Bitte führen Sie <code>npm run build</code> aus und starten Sie den Server neu.',
  notBuiltApi: 'Die API läuft trotzdem:',
  apiDocs: 'API-Dokumentation',
} as const;

/** Descriptions of the problem answers in the OpenAPI document. */
export const problemDescriptions = {
  400: 'Ungültige Anfrage (problem+json, `errors` nennt die Felder)',
  401: 'Kein oder ungültiges Zugriffstoken (problem+json)',
  403: 'Nicht erlaubt (problem+json)',
  404: 'Nicht gefunden (problem+json)',
  409: 'Konflikt (problem+json)',
} as const;

/** Every German text the identity provider's pages show. */
export const identityMessages = {
  portalName: 'Institutionsportal',
  signInTitle: 'Anmelden',
  signInIntro: 'Bitte melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an.',
  emailLabel: 'E-Mail',
  passwordLabel: 'Passwort',
  signInButton: 'Anmelden',
  forgotPassword: 'Passwort vergessen?',
  invalidCredentials: 'Ungültige E-Mail-Adresse oder Passwort.',
  /** Not spec text: the form is sent with a field left empty (the browser does not check it). */
  missingCredentials: 'Bitte geben Sie Ihre E-Mail-Adresse und Ihr Passwort ein.',
  tooManyFailures:
    'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 15 Minuten erneut.',
  slowDown: 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte warten Sie einen Moment.',
  otpTitle: 'Zwei-Faktor-Authentifizierung',
  otpIntro: 'Bitte geben Sie den sechsstelligen Einmalcode aus Ihrer Authenticator-App ein.',
  otpLabel: 'Einmalcode',
  otpButton: 'Bestätigen',
  invalidOtp:
    'Der Code ist ungültig. Geben Sie den Einmalcode ein, den Ihre Authenticator-App gerade anzeigt; er wechselt alle 30 Sekunden.',
  /** Not spec text: the way on for someone whose phone with the app is lost or not at hand. */
  otpLost:
    'Kein Zugriff auf Ihre Authenticator-App? Richten Sie die App mit dem Schlüssel, den Sie beim Einrichten notiert haben, auf einem anderen Gerät neu ein.',
  otpOtherAccount: 'Mit einem anderen Konto anmelden',
  /** Not spec text: a right code that was already used (RFC 6238 allows each code once). */
  usedOtp:
    'Dieser Code wurde bereits verwendet. Bitte warten Sie, bis Ihre Authenticator-App einen neuen Code anzeigt, und geben Sie diesen ein.',
  /** Not spec text: the code step is sent empty or with anything but six digits. */
  otpNotSixDigits: 'Bitte geben Sie den sechsstelligen Code ein.',
  signOutTitle: 'Abmelden',
  signOutQuestion: 'Möchten Sie sich vom Institutionsportal abmelden?',
  signingOut: 'Sie werden abgemeldet …',
  signOutButton: 'Abmelden',
  signedOutTitle: 'Abgemeldet',
  signedOut: 'Sie wurden erfolgreich abgemeldet.',
  backToPortal: 'Zurück zum Portal',
  expiredTitle: 'Anmeldung abgelaufen',
  expired:
    'Ihre Anmeldung ist abgelaufen oder wurde bereits abgeschlossen. Bitte starten Sie die Anmeldung erneut.',
  errorTitle: 'Fehler bei der Anmeldung',
  error: 'Bei der Anmeldung ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
  errorCode: 'Fehlercode',
  privacy: 'Datenschutz',
  imprint: 'Impressum',
} as const;

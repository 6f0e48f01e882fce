import { impersonationControl } from './impersonation-control';

/** Texts of the impersonation feature (spec sections 2 and 8), word for word. */
export const impersonation = {
  ...impersonationControl,
  modalTitle: 'Als User eines Kunden anmelden',
  institutionLabel: 'Kunden-Institution',
  userLabel: 'Benutzer',
  noInstitution: 'Keine Institution gefunden.',
  noUser: 'Keine Benutzer gefunden.',
  referenceNumber: 'Kd.-Nr.',
  /** Not spec text: what each type-ahead searches (spec section 5: at least 3 characters). */
  institutionSearchHint: 'Name, Kd.-Nr., PLZ oder Ort, mindestens 3 Zeichen',
  userSearchHint: 'Name oder E-Mail-Adresse, mindestens 3 Zeichen',
  cancel: 'Abbrechen',
  ownUser: 'Eigener User',
  submit: 'Anmelden',
  supportMode: 'Support-Modus',
  failure: 'Fehler bei Nachahmung der Kunden-Institution. Versuchen Sie es später noch einmal!',
  refused: 'Nachahmung des Users nicht erlaubt.',
  /** Not in the spec: the impersonation ran out and the page is the support user's own again. */
  ranOut: 'Die Nachahmung ist abgelaufen. Sie sind wieder als eigener User angemeldet.',
  /**
   * Not in the spec: the provider refused its renewal well before its end (the support user may
   * no longer act as that user, or it was ended elsewhere) and the page is the own user's again.
   */
  endedEarly:
    'Die Nachahmung wurde vor ihrem Ablauf beendet, zum Beispiel weil der Zugriff auf den Kunden nicht mehr erlaubt ist. Sie sind wieder als eigener User angemeldet.',
  supportAccessTitle: 'Support-Zugriffe',
  supportAccessEmpty: 'Bisher gab es keine Support-Zugriffe.',
  supportAccessFailed: 'Die Support-Zugriffe konnten nicht geladen werden.',
  running: 'läuft',
  columns: {
    who: 'Supportmitarbeiter',
    asUser: 'Angemeldet als',
    contractor: 'Dienstleister',
    when: 'Beginn',
    duration: 'Dauer',
    /** The column's name beside a value on a phone card: may break at its soft hyphen. */
    whoOnCard: 'Support\u00admitarbeiter',
  },
  roles: {
    INSTITUTION_ADMIN: 'Administrator',
    INSTITUTION_MEMBER: 'Mitglied',
    SUPPORT_USER: 'Supportmitarbeiter',
  },
} as const;

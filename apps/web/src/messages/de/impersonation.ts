/** Texts of the impersonation feature (spec sections 2 and 8), word for word. */
export const impersonation = {
  button: 'Als User eines Kunden anmelden',
  modalTitle: 'Als User eines Kunden anmelden',
  institutionLabel: 'Kunden-Institution',
  userLabel: 'Benutzer',
  noInstitution: 'Keine Institution gefunden.',
  noUser: 'Keine Benutzer gefunden.',
  referenceNumber: 'Kd.-Nr.',
  cancel: 'Abbrechen',
  ownUser: 'Eigener User',
  submit: 'Anmelden',
  supportMode: 'Support-Modus',
  success: 'Kunden-Institution erfolgreich nachgeahmt.',
  failure: 'Fehler bei Nachahmung der Kunden-Institution. Versuchen Sie es später noch einmal!',
  refused: 'Nachahmung des Users nicht erlaubt.',
  supportAccessTitle: 'Support-Zugriffe',
  supportAccessEmpty: 'Bisher gab es keine Support-Zugriffe.',
  roles: {
    INSTITUTION_ADMIN: 'Administrator',
    INSTITUTION_MEMBER: 'Mitglied',
    SUPPORT_USER: 'Support',
  },
} as const;

/** Texts of the document pages. */
export const documents = {
  loading: 'Dokumente werden geladen …',
  empty:
    'Für diesen Dokumenttyp liegen noch keine Dokumente vor. Neue Dokumente erscheinen hier, sobald sie bereitgestellt werden.',
  loadError:
    'Die Dokumente konnten nicht geladen werden. Bitte laden Sie die Seite neu oder versuchen Sie es später noch einmal.',
  unknownType: 'Unbekannter Dokumenttyp. Bitte wählen Sie einen Dokumenttyp über die Startseite.',
  noInstitution: 'Bitte wählen Sie zuerst eine Institution aus.',
  columns: {
    name: 'Name',
    date: 'Datum',
    description: 'Beschreibung',
    businessCase: 'Geschäftsfall',
    actions: 'Aktionen',
  },
  unread: 'Ungelesen',
  download: 'Herunterladen',
  downloadLabel: (name: string) => `${name} herunterladen`,
  downloadFailed:
    'Das Dokument konnte nicht heruntergeladen werden. Bitte versuchen Sie es erneut.',
  tableCaption: (label: string) => `${label}, neueste zuerst`,
  added: 'Hinzufügen des Dokuments erfolgreich',
  addFailed: 'Hinzufügen des Dokuments fehlgeschlagen',
  deleted: 'Löschen des Dokuments erfolgreich',
  deleteFailed: 'Löschen des Dokuments fehlgeschlagen',
  updated: 'Update des Dokuments erfolgreich',
  updateFailed: 'Update des Dokuments fehlgeschlagen',
} as const;

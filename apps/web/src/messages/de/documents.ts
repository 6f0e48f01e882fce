/** Texts of the document pages. */
export const documents = {
  loading: 'Dokumente werden geladen …',
  empty:
    'Für diesen Dokumenttyp liegen noch keine Dokumente vor. Neue Dokumente erscheinen hier, sobald sie bereitgestellt werden.',
  loadError:
    'Die Dokumente konnten nicht geladen werden. Bitte versuchen Sie es gleich noch einmal oder später.',
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
  typeNav: 'Dokumenttypen',
  /**
   * Not spec text: the unread counts of the type tabs did not load (decision 018). The tabs
   * still lead to the lists; only their counts are missing, so the missing badges claim nothing.
   */
  typeCountsLoadError:
    'Die Anzahl ungelesener Dokumente je Dokumenttyp konnte nicht geladen werden. Bitte versuchen Sie es gleich noch einmal oder später.',
  /** After the unread count in a type's badge, for screen readers: '2 ungelesen'. */
  unreadSuffix: 'ungelesen',
  download: 'Herunterladen',
  downloadLabel: (name: string) => `${name} herunterladen`,
  /** Not spec text: the bar under the button while a download comes in. */
  downloadProgress: (name: string) => `„${name}“ wird heruntergeladen`,
  downloadFailed: (name: string) =>
    `„${name}“ konnte nicht heruntergeladen werden. Bitte versuchen Sie es in einigen Minuten erneut.`,
  /** Not spec text: the document was removed after the list was loaded (404). */
  downloadGone: (name: string) =>
    `„${name}“ ist nicht mehr vorhanden: Das Dokument wurde inzwischen entfernt. Die Liste wurde aktualisiert.`,
  tableCaption: (label: string) => `${label}, neueste zuerst`,
  /** Not spec text: the search above a document list. */
  search: {
    label: 'Dokumente durchsuchen',
    hint: 'Name, Beschreibung, Geschäftsfall oder Datum (z. B. 03.2026)',
    found: (count: number, total: number) =>
      `${count.toLocaleString('de-DE')} von ${total.toLocaleString('de-DE')} Dokumenten gefunden`,
    none: (text: string) => `Keine Dokumente zu „${text}“ gefunden.`,
  },
  /** Not spec text: the filters beside the search. */
  filter: {
    businessCase: 'Geschäftsfall',
    allBusinessCases: 'Alle Geschäftsfälle',
    unreadOnly: (count: number) => `Nur ungelesene (${count.toLocaleString('de-DE')})`,
    none: 'Keine Dokumente für diese Auswahl.',
  },
  pages: 'Seiten der Dokumentliste',
  pageSummary: (from: number, to: number, total: number) =>
    `Dokumente ${from.toLocaleString('de-DE')}–${to.toLocaleString('de-DE')} von ${total.toLocaleString('de-DE')}`,
  added: 'Hinzufügen des Dokuments erfolgreich',
  addFailed: 'Hinzufügen des Dokuments fehlgeschlagen',
  deleted: 'Löschen des Dokuments erfolgreich',
  deleteFailed: 'Löschen des Dokuments fehlgeschlagen',
  updated: 'Update des Dokuments erfolgreich',
  updateFailed: 'Update des Dokuments fehlgeschlagen',
  /** A failure with the server's reason (e.g. the 413 size limit). */
  withReason: (message: string, reason: string | undefined) =>
    reason ? `${message}: ${reason}` : message,
  connectionLost: 'Die Verbindung wurde unterbrochen. Bitte versuchen Sie es erneut.',
  /** Not spec text: the reason of a change the ended session held back (input kept). */
  signedOut:
    'Sie sind nicht mehr angemeldet. Bitte melden Sie sich erneut an und versuchen Sie es dann noch einmal.',
  /** Descriptions of the document tiles (spec section 2, word for word). */
  tile: {
    none: 'no documents',
    manage: 'Dokumente verwalten',
    count: (count: number) => (count === 1 ? '1 Dokument' : `${count} Dokumente`),
  },
  manage: {
    /** Not spec text: the leave question while chosen files are not uploaded yet. */
    unsavedUpload:
      'Sie haben Dateien ausgewählt, die noch nicht hochgeladen sind. Wenn Sie die Seite verlassen, gehen die Auswahl und Ihre Angaben verloren. Trotzdem verlassen?',
    title: 'Dokumente verwalten',
    intro:
      'Stellen Sie Ihren Kunden Dokumente bereit: Kunde und Geschäftsfall wählen, Dateien hochladen, Angaben prüfen.',
    customer: 'Kunde',
    customerPlaceholder: 'Kunden auswählen',
    /** Not spec text: under 'Kunde' when the list is longer than the options drawn at once. */
    customerHint: (count: number, shown: number) =>
      `${count.toLocaleString('de-DE')} Kunden: Tippen Sie einen Teil des Namens oder der Kd.-Nr.; die Liste zeigt höchstens ${shown} Treffer.`,
    /** Not spec text: typed text that matches no customer. */
    noCustomerFound: 'Kein Kunde gefunden.',
    customerOption: (name: string, referenceNumber: string) =>
      `${name} (Kd.-Nr. ${referenceNumber})`,
    noCustomers:
      'Ihre Institution betreut noch keine Kunden. Sobald eine Kundenbeziehung besteht, können Sie hier Dokumente bereitstellen.',
    customersError:
      'Die Kunden konnten nicht geladen werden. Bitte laden Sie die Seite neu oder versuchen Sie es später noch einmal.',
    chooseCustomer: 'Bitte wählen Sie einen Kunden, um seine Dokumente zu verwalten.',
    noBusinessCases:
      'Für diesen Kunden gibt es noch keinen Geschäftsfall. Dokumente lassen sich erst zu einem Geschäftsfall hochladen.',
    businessCase: 'Geschäftsfall',
    businessCasePlaceholder: 'Geschäftsfall auswählen',
    uploadTitle: 'Dateien hochladen',
    /** Not spec text: the drop zone's invitation with a mouse, and on a touch screen. */
    dropzone: 'Dateien hierher ziehen oder klicken, um Dateien auszuwählen',
    dropzoneTouch: 'Dateien hierher ziehen oder tippen, um Dateien auszuwählen',
    /** Under the drop zone; `limit` the largest file (`50 MB`) when the server names it. */
    dropzoneHint: (limit: string | undefined) =>
      `PDF, PNG, JPEG, WebP, DOCX, XLSX, ODT, ODS oder Textdateien${
        limit ? `, höchstens ${limit} je Datei` : ''
      }; mehrere Dateien auf einmal möglich.`,
    /** A chosen file over the limit, refused before sending. */
    fileTooLarge: (name: string, size: string, limit: string) =>
      `„${name}“ (${size}) ist zu groß und wurde nicht übernommen. Erlaubt sind höchstens ${limit} je Datei.`,
    /** A chosen file the drop zone refused for another reason. */
    fileRefused: (name: string) => `„${name}“ wurde nicht übernommen.`,
    /** A dropped file of a type the server does not take (its own message's words). */
    fileTypeRefused: (name: string) =>
      `„${name}“ wurde nicht übernommen. Dieser Dateityp ist nicht erlaubt.`,
    /** Not spec text: a file chosen again while it still waits to be uploaded. */
    fileAlreadyChosen: (name: string) =>
      `„${name}“ ist bereits ausgewählt und wurde nicht noch einmal übernommen.`,
    dropzoneLabel: 'Dateien zum Hochladen auswählen',
    displayName: 'Anzeigename',
    createdAt: 'Datum',
    type: 'Dokumenttyp',
    description: 'Beschreibung (optional)',
    required: 'Bitte ausfüllen.',
    removeFile: (name: string) => `${name} aus der Auswahl entfernen`,
    upload: (count: number) => (count === 1 ? '1 Datei hochladen' : `${count} Dateien hochladen`),
    chooseBusinessCaseFirst: 'Bitte wählen Sie zuerst einen Geschäftsfall.',
    progress: (name: string) => `Fortschritt des Hochladens von ${name}`,
    /** Not spec text: stops one file on its way (its fields stay, to be sent again or removed). */
    cancelUpload: 'Abbrechen',
    cancelUploadLabel: (name: string) => `Hochladen von ${name} abbrechen`,
    uploadCancelled:
      'Hochladen abgebrochen. Die Datei und Ihre Angaben bleiben in der Auswahl, bis Sie sie hochladen oder entfernen.',
    clearResults: 'Ergebnisse ausblenden',
    /** Under the message of a failed file: it stays, to be corrected and sent again. */
    retryHint:
      'Die Datei und Ihre Angaben bleiben erhalten: Prüfen Sie sie und laden Sie die Datei erneut hoch, oder entfernen Sie sie aus der Auswahl.',
    caseHeading: (label: string) => `Geschäftsfall ${label}`,
    caseEmpty: 'Zu diesem Geschäftsfall gibt es noch keine Dokumente dieses Typs.',
    caseError:
      'Die Dokumente dieses Geschäftsfalls konnten nicht geladen werden. Bitte versuchen Sie es später noch einmal.',
    allError:
      'Die Dokumente des Kunden konnten nicht geladen werden. Bitte laden Sie die Seite neu oder versuchen Sie es später noch einmal.',
    edit: 'Bearbeiten',
    editLabel: (name: string) => `${name} bearbeiten`,
    editTitle: 'Dokument bearbeiten',
    /** Not spec text: someone else changed the document after the list was loaded. */
    changedMeanwhileTitle: 'Inzwischen geändert',
    changedMeanwhile:
      'Das Dokument wurde inzwischen von jemand anderem geändert. Ihre Änderungen wurden nicht gespeichert.',
    reload: 'Aktuelle Daten laden',
    save: 'Speichern',
    cancel: 'Abbrechen',
    delete: 'Löschen',
    deleteLabel: (name: string) => `${name} löschen`,
    deleteTitle: 'Dokument löschen',
    deleteConfirm: (name: string) =>
      `Möchten Sie „${name}“ wirklich löschen? Das Dokument ist danach für den Kunden nicht mehr verfügbar.`,
  },
} as const;

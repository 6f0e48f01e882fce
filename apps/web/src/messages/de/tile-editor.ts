import { TILE_LIMITS } from '@portal/contract';

/** German texts of the tile editor (Kacheleditor). */
export const tileEditor = {
  title: 'Kacheleditor',
  tileTypes: {
    PRIMARY: 'Partnerkachel',
    FUNCTIONAL: 'Funktionskachel',
    MARKETING: 'Marketingkachel',
  },
  priorities: {
    1: '1 sehr hoch',
    2: '2 hoch',
    3: '3 medium',
    4: '4 gering',
    5: '5 sehr gering',
  } as Record<number, string>,
  operations: {
    add: 'Erstellt',
    update: 'Bearbeitet',
    delete: 'Gelöscht',
  },
  /** The placeholder group, which means no group (spec section 2; the label is not spec text). */
  noGroup: 'Keine Gruppe',
  businessCaseType: 'Geschäftsfalltyp',
  businessCaseTypePlaceholder: 'Geschäftsfalltyp wählen',
  chooseType: 'Wählen Sie einen Geschäftsfalltyp, um seine Kacheln zu bearbeiten.',
  tiles: 'Kacheln',
  loading: 'Kacheln werden geladen …',
  noTiles: 'Für diesen Geschäftsfalltyp gibt es noch keine Kacheln.',
  newTile: 'Neue Kachel',
  edit: (name: string) => `Kachel „${name}“ bearbeiten`,
  remove: (name: string) => `Kachel „${name}“ löschen`,
  form: {
    titleNew: 'Neue Kachel anlegen',
    titleEdit: 'Kachel bearbeiten',
    name: 'Name',
    title: 'Titel',
    shortDescription: 'Kurzbeschreibung',
    description: 'Beschreibung',
    target: 'Ziel (URL oder interner Pfad)',
    isInternal: 'Interner Link',
    queryParams: 'Query-Parameter',
    queryParamsHint: 'z. B. quelle=portal&kampagne=herbst',
    tileType: 'Kachelart',
    priority: 'Priorität',
    group: 'Kachelgruppe',
    onePath: 'onePath (Portalseite)',
    isDyeable: 'Icon in der Themenfarbe einfärben',
    icon: 'Icon (PNG, SVG oder WebP, höchstens 512 KB)',
    iconPreview: 'Vorschau des Icons',
    iconClear: 'Icon-Auswahl entfernen',
    iconTooLarge: 'Das Icon ist größer als 512 KB.',
    iconWrongType: 'Erlaubt sind PNG, SVG und WebP.',
    /**
     * Not spec text: the icon (the chosen file or the stored one) does not load as an image. A
     * hint, not an error: the spec leaves what is a valid icon to the server, and saving stays
     * possible.
     */
    iconNotShown:
      'Dieses Icon lässt sich nicht anzeigen. Auf dem Dashboard steht an seiner Stelle der erste Buchstabe des Kachelnamens. Wählen Sie bei Bedarf eine andere Datei.',
    required: 'Pflichtfeld',
    // The server's reasons for the same refusals, word for word (modules/tiles/service.ts).
    targetInternal:
      'Das Ziel einer internen Kachel muss ein Pfad des Portals sein (z. B. /orders).',
    targetExternal: 'Das Ziel einer externen Kachel muss eine absolute https-Adresse sein.',
    /** Added when the target fits the other setting of 'Interner Link' (not server text). */
    targetCheckInternal: 'Für eine Seite des Portals „Interner Link“ ankreuzen.',
    targetUncheckInternal: 'Für eine Adresse außerhalb des Portals „Interner Link“ abwählen.',
    onePathInvalid:
      'Der Pfad (onePath) darf nur Buchstaben, Ziffern, Bindestriche, Unterstriche und Schrägstriche enthalten.',
    queryParamsInvalid: `Höchstens ${TILE_LIMITS.queryParams} Abfrageparameter, Namen bis ${TILE_LIMITS.queryParamKey} und Werte bis ${TILE_LIMITS.queryParamValue} Zeichen.`,
    iconPlaceholder: 'Datei auswählen',
    apply: 'Übernehmen',
    cancel: 'Abbrechen',
  },
  pending: {
    title: 'Ausstehende Änderungen',
    none: 'Keine ausstehenden Änderungen.',
    discardAll: 'Alle verwerfen',
    discardLast: 'Letzte verwerfen',
    discardOne: (label: string, name: string) => `${label}: ${name} verwerfen`,
    save: 'Änderungen speichern',
  },
  preview: {
    title: 'Vorschau',
    description: 'So sieht ein Kunde dieses Geschäftsfalltyps sein Dashboard.',
  },
  saved: 'Änderungen wurden gespeichert.',
  errors: {
    createBadRequest: (name: string, reason: string) =>
      `Fehler beim Anlegen der Kachel '${name}': '${reason}'.`,
    create: (name: string) => `Es ist etwas beim Anlegen der Kachel '${name}' schief gelaufen.`,
    conflict: (name: string) => `Es gab einen Konflikt mit der Kachel '${name}'.`,
    update: (name: string) => `Es ist etwas mit der Kachel '${name}' schief gelaufen.`,
    /**
     * A change the server refused (400) for what the form cannot check, such as the icon's
     * content: the spec's update message, then the server's reason (not spec text).
     */
    updateBadRequest: (name: string, reason: string) =>
      `Es ist etwas mit der Kachel '${name}' schief gelaufen. ${reason}`,
    /**
     * A change of a tile someone else deleted meanwhile: the spec's update message, then why
     * (the reason is not spec text).
     */
    gone: (name: string) =>
      `Es ist etwas mit der Kachel '${name}' schief gelaufen. Sie wurde inzwischen von jemand anderem gelöscht.`,
    /** A failed deletion other than a conflict (spec section 8: "text not shown"; not spec text). */
    delete: (name: string) => `Es ist etwas beim Löschen der Kachel '${name}' schief gelaufen.`,
  },
  /** The leave dialog's text for the editor (title and buttons: app.unsavedChanges). */
  leaveBody:
    'Sie haben ungespeicherte Änderungen an Kacheln. Wenn Sie die Seite verlassen, gehen sie verloren. Trotzdem verlassen?',
  /** Another business case type chosen with unsaved changes (not spec text). */
  switchType: {
    body: 'Sie haben ungespeicherte Änderungen an Kacheln dieses Geschäftsfalltyps. Wenn Sie den Geschäftsfalltyp wechseln, gehen sie verloren. Trotzdem wechseln?',
    stay: 'Beim Geschäftsfalltyp bleiben',
    confirm: 'Geschäftsfalltyp wechseln',
  },
} as const;

/** German texts of the app frame: routing, sign-in, startup, banners and the placeholder pages. */
export const app = {
  title: 'Institutionsportal',
  loading: 'Wird geladen …',
  signingIn: 'Anmeldung wird vorbereitet …',
  signInFailed: 'Die Anmeldung ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
  signInAgain: 'Erneut anmelden',
  startupFailed:
    'Das Portal konnte nicht gestartet werden. Bitte prüfen Sie Ihre Verbindung und laden Sie die Seite neu.',
  reload: 'Seite neu laden',
  /** Not spec text: loads a page's data again after a failed load (no reload of the whole page). */
  loadAgain: 'Erneut laden',
  /** The date pickers' calendar controls (not spec text). */
  calendar: {
    previousMonth: 'Vorheriger Monat',
    nextMonth: 'Nächster Monat',
    previousYear: 'Vorheriges Jahr',
    nextYear: 'Nächstes Jahr',
    previousDecade: 'Vorheriges Jahrzehnt',
    nextDecade: 'Nächstes Jahrzehnt',
  },
  /** A calendar day as German screen readers should read it: '26. November 2026' (not spec text). */
  calendarDay: (day: number, month: number, year: number) =>
    `${day}. ${
      [
        'Januar',
        'Februar',
        'März',
        'April',
        'Mai',
        'Juni',
        'Juli',
        'August',
        'September',
        'Oktober',
        'November',
        'Dezember',
      ][month - 1]
    } ${year}`,
  /**
   * Not spec text: asked before typed input that is not saved yet is left (another page, another
   * institution). Pages name what would be lost in `body`; this one is the general case.
   */
  unsavedChanges: {
    title: 'Ungespeicherte Änderungen',
    body: 'Sie haben ungespeicherte Änderungen auf dieser Seite. Wenn Sie die Seite verlassen, gehen sie verloren. Trotzdem verlassen?',
    /** Asked by the shell when another institution is chosen (the page is drawn anew). */
    switchBody:
      'Sie haben ungespeicherte Änderungen auf dieser Seite. Wenn Sie die Institution wechseln, gehen sie verloren. Trotzdem wechseln?',
    stay: 'Auf der Seite bleiben',
    leave: 'Seite verlassen',
  },
  /** Not spec text: a typed date that does not exist (31.02.2026) was not taken. */
  invalidDate: (typed: string) =>
    `„${typed}“ ist kein gültiges Datum und wurde nicht übernommen (Format TT.MM.JJJJ).`,
  /** Not spec text: a typed date before or after the days the field takes. */
  dateOutOfRange: (typed: string, first: string, last: string) =>
    `„${typed}“ liegt nicht im erlaubten Zeitraum (${first} bis ${last}) und wurde nicht übernommen.`,
  userLoadFailed:
    'Ihre Benutzerdaten konnten nicht geladen werden. Bitte versuchen Sie es später noch einmal.',
  /** Not spec text: heading and window title beside the restricted-user banner. */
  restrictedPageTitle: 'Kein Zugang für technische Nutzer',
  /** Our text: the window title's start while acting as a customer's user (the spec's badge text). */
  supportModeTitle: 'Support-Modus',
  /** Not spec text: heading and window title beside the failed user load. */
  userLoadFailedPageTitle: 'Benutzerdaten nicht geladen',
  pageError: 'Auf dieser Seite ist ein Fehler aufgetreten.',
  /** Not spec text: a page's code could not be loaded (an update, or no connection). */
  pageLoadFailed: 'Die Seite konnte nicht geladen werden.',
  pageLoadFailedHint:
    'Vermutlich wurde das Portal gerade aktualisiert, oder die Verbindung ist unterbrochen. Bitte laden Sie die Seite neu.',
  /** Not spec text: below pageError inside the portal's frame. */
  pageErrorHint: 'Bitte laden Sie die Seite neu oder wechseln Sie zum Dashboard.',
  toDashboard: 'Zum Dashboard',
  underConstruction: 'Dieser Bereich wird derzeit aufgebaut.',
  sampleContent: 'Beispielinhalt – vom Betreiber zu ersetzen',
  routes: {
    dashboard: 'Dashboard',
    account: 'Konto',
    identification: 'Identifikation',
    institution: 'Institution',
    orders: 'Aufträge',
    orderStatus: 'Bestellstatus',
    documents: 'Dokumente',
    contracts: 'Verträge',
    customerOverview: 'Kundencenter',
    creditOfferWidget: 'Mein Finanzierungswunsch',
    bankaccountOffer: 'Banking',
    marketingGroup: 'Marketing-Gruppe',
    egekoSmo: 'eGeKo SMO',
    egekoHoz: 'eGeKo HOZ',
    connect: 'Connect',
    tileEditor: 'Kacheleditor',
    impressum: 'Impressum',
    nutzungsbedingungen: 'Nutzungsbedingungen',
    datenschutz: 'Datenschutz',
    faq: 'FAQ',
    listHelper: 'Abmeldeinformationen',
  },
  documentTypes: {
    invoice: 'Rechnungen',
    documentation: 'Dokumentation',
    communication: 'Kommunikation',
    forms: 'Formulare',
    delivery_note: 'Lieferscheine',
    service_report: 'Serviceberichte',
    information: 'Informationen',
  },
  sidebar: {
    institutions: 'Institutionen',
    settings: 'Einstellungen',
    myAccount: 'Mein Konto',
    company: 'Unternehmen',
  },
  institution: {
    loadFailedNotification: 'Institution konnte nicht geladen werden.',
    loadFailedBar:
      'Es ist ein Fehler beim Laden der Institution aufgetreten. Bitte versuchen Sie es später noch einmal.',
    none: 'Ihrem Benutzerkonto ist keine Institution zugeordnet.',
  },
  /** A change of the person's access made elsewhere while the page was open (not spec text). */
  access: {
    removed: (name: string) =>
      `Sie wurden aus der Institution „${name}“ entfernt und haben dort keinen Zugriff mehr.`,
    roleChanged: (name: string, role: string) =>
      `Ihre Rolle in der Institution „${name}“ wurde auf ${role} geändert.`,
    unnamedInstitution: 'Institution',
    close: 'Hinweis schließen',
  },
  restricted: {
    title:
      'Sie sind als technischer Nutzer angemeldet! Die Bedienung des Portals ist für diese Rolle nicht vorgesehen.',
    countdown: (seconds: number) => `Sie werden in ${seconds} Sekunden automatisch ausgeloggt!`,
  },
  backendDown: {
    title: 'Der Server ist derzeit nicht erreichbar.',
    text: 'Einige Funktionen stehen vorübergehend nicht zur Verfügung. Bitte versuchen Sie es später noch einmal.',
  },
  roles: {
    INSTITUTION_ADMIN: 'Administrator',
    INSTITUTION_MEMBER: 'Mitglied',
    SUPPORT_USER: 'Supportmitarbeiter',
    unknown: (role: string) => `Die Rolle '${role}' kann nicht in ein Label umgewandelt werden.`,
  },
} as const;

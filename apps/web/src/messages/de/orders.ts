/** Not spec text: after what could not be loaded (a server error, the connection lost). */
const TRY_AGAIN = 'Bitte versuchen Sie es gleich noch einmal oder später.';

/** German texts of orders, contracts, Kundencenter, financing requests and offer pages. */
export const orders = {
  loading: 'Daten werden geladen …',
  /** Not spec text: an order's status page could not load the order (not a 404: not found). */
  statusLoadFailed: `Der Bestellstatus konnte nicht geladen werden. ${TRY_AGAIN}`,
  list: {
    title: 'Aufträge',
    empty: 'Es liegen keine Aufträge vor.',
    caption: 'Aufträge der Institution',
    type: 'Art',
    source: 'Quelle',
    status: 'Status',
    createdAt: 'Angelegt am',
    open: 'Status anzeigen',
    createdFrom: 'Angelegt ab',
    noneFrom: 'Keine Aufträge ab diesem Datum.',
    /** Not spec text: the list could not be loaded. */
    loadFailed: `Die Aufträge konnten nicht geladen werden. ${TRY_AGAIN}`,
  },
  types: { TIORDER: 'TI-Bestellung', BANKACCOUNT: 'Bankkonto' } as Record<string, string>,
  sources: { QUNDO: 'Qundo', LIONWARE: 'Lionware' } as Record<string, string>,
  tiStatus: {
    HARDWARE_ORDERED: 'Hardware bestellt',
    SMCB_ORDERED: 'SMC-B bestellt',
    PRE_CHECK_BOOKED: 'Vor-Check gebucht',
    INSTALLATION_BOOKED: 'Installation gebucht',
    INSTALLATION_FINISHED: 'Installation abgeschlossen',
  } as Record<string, string>,
  bankStatus: {
    CREATED: 'Angelegt',
    INTERNAL_CHECK: 'Interne Prüfung',
    LEGITIMISED: 'Legitimiert',
    USER_DATA_COMPLETED: 'Nutzerdaten vervollständigt',
    SET_UP: 'Eingerichtet',
  } as Record<string, string>,
  flags: {
    isRegisteredAtEgbr: 'Beim eGBR registriert',
    isEhbaCardRequested: 'eHBA beantragt',
    isEhbaCardOrdered: 'eHBA bestellt',
    isSmcbCardRequested: 'SMC-B beantragt',
    isSmcbCardOrdered: 'SMC-B bestellt',
  },
  ti: {
    stepsLabel: 'Installationsstatus',
    flagsLegend: 'Fortschritt Ihrer Bestellung',
    reloading: 'Status wird aktualisiert …',
    currentStatus: 'Aktueller Status',
    preCheckAppointment: 'Vor-Check-Termin',
    installationAppointment: 'Installationstermin',
    noAppointment: 'noch nicht vereinbart',
    updateFailed: 'Die Änderung konnte nicht gespeichert werden.',
    /** Not spec text: the flags were changed (another tab, another person) after loading. */
    changedMeanwhile:
      'Der Bestellstatus wurde inzwischen von jemand anderem geändert. Ihre Änderung wurde nicht gespeichert; der aktuelle Stand wird angezeigt.',
  },
  precheck: {
    title: 'Vor-Check-Termin buchen',
    previousMonth: 'Vorheriger Monat',
    nextMonth: 'Nächster Monat',
    weekdays: ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'],
    weekdayNames: ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'],
    noSlots: 'In diesem Monat sind keine Termine frei.',
    /** Not spec text: availability false after a failed load (spec section 4). */
    unavailable: `Die Termine konnten nicht geladen werden. ${TRY_AGAIN}`,
    book: (date: string, slot: string) => `Termin am ${date}, ${slot} buchen`,
    /** Not spec text: the confirmation before a slot is booked. */
    question: (date: string, slot: string) =>
      `Möchten Sie den Vor-Check-Termin am ${date}, ${slot} verbindlich buchen?`,
    confirm: 'Termin buchen',
    cancel: 'Abbrechen',
    booked: 'Der Vor-Check-Termin wurde gebucht.',
    bookFailed: 'Der Termin konnte nicht gebucht werden.',
    taken: 'Dieser Termin ist nicht mehr verfügbar. Bitte wählen Sie einen anderen Termin.',
    alreadyBooked: 'Ihr Vor-Check-Termin ist gebucht.',
    /** Not spec text: a booking refused because the order got its pre-check meanwhile. */
    bookedMeanwhile:
      'Für diesen Auftrag wurde inzwischen ein Vor-Check-Termin gebucht, etwa in einem anderen Fenster. Der gebuchte Termin wird angezeigt.',
  },
  bank: {
    stepsLabel: 'Status der Kontoeröffnung',
    onboarding: 'Kontoeröffnung fortsetzen',
    onboardingHint:
      'Ihre Legitimation ist abgeschlossen. Vervollständigen Sie jetzt Ihre Daten beim Bankpartner.',
    portal: 'Zum Online-Banking',
    portalHint: 'Ihr Geschäftskonto ist eingerichtet.',
    /** Not spec text: what comes next at the steps without a link (nothing to click yet). */
    nextStep: {
      CREATED:
        'Der Bankpartner bearbeitet Ihre Bestellung. Sobald Ihre Legitimation abgeschlossen ist, setzen Sie die Kontoeröffnung hier fort.',
      INTERNAL_CHECK:
        'Der Bankpartner prüft Ihre Bestellung. Sobald Ihre Legitimation abgeschlossen ist, setzen Sie die Kontoeröffnung hier fort.',
      USER_DATA_COMPLETED:
        'Ihre Daten sind beim Bankpartner vollständig. Sobald Ihr Geschäftskonto eingerichtet ist, finden Sie hier den Zugang zum Online-Banking.',
    } as Partial<Record<string, string>>,
    live: 'Der Status wird alle 10 Sekunden aktualisiert.',
  },
  contractor: {
    title: 'Bankkonto-Bestellungen Ihrer Kunden',
    intro: 'Setzen Sie den Status einer Bankkonto-Bestellung eines Kunden weiter (nur vorwärts).',
    /** Not spec text. */
    loadFailed: `Die Bankkonto-Bestellungen Ihrer Kunden konnten nicht geladen werden. ${TRY_AGAIN}`,
    customer: 'Kunde',
    customerNumber: 'Kd.-Nr.',
    createdAt: 'Angelegt am',
    current: 'Aktueller Status',
    next: 'Neuer Status',
    save: 'Status setzen',
    /** Not spec text: the confirmation before a forward-only step. */
    question: (customer: string, createdAt: string, current: string, next: string) =>
      `Möchten Sie die Bankkonto-Bestellung von ${customer} (angelegt am ${createdAt}) von „${current}“ auf „${next}“ setzen? Das lässt sich nicht rückgängig machen.`,
    cancel: 'Abbrechen',
    saved: 'Der Status wurde gesetzt.',
    complete: 'abgeschlossen',
    failed: 'Der Status konnte nicht gesetzt werden.',
    empty: 'Ihre Kunden haben keine Bankkonto-Bestellungen.',
    /** Not spec text: search, filter and pages of a long list. */
    search: 'Kunde, Kd.-Nr. oder Status suchen',
    openOnly: 'Nur offene Bestellungen',
    noneFound: 'Keine Bankkonto-Bestellungen gefunden, die zu Ihrer Auswahl passen.',
    pages: 'Seiten der Bankkonto-Bestellungen',
    pageSummary: (from: number, to: number, total: number) =>
      `Bestellungen ${from.toLocaleString('de-DE')}–${to.toLocaleString('de-DE')} von ${total.toLocaleString('de-DE')}`,
  },
  contracts: {
    title: 'Verträge',
    empty: 'Es bestehen keine Verträge.',
    contractor: 'Vertragspartner',
    /** On a phone's card, beside the value: breaks as 'Vertrags-partner' (soft hyphen). */
    contractorOnCard: 'Vertrags\u00ADpartner',
    customerNumber: 'Kd.-Nr.',
    businessCase: 'Geschäftsfall',
    since: 'Seit',
    noBusinessCases: 'Noch keine Geschäftsfälle',
    loadFailed: `Die Verträge konnten nicht geladen werden. ${TRY_AGAIN}`,
  },
  customerOverview: {
    title: 'Kundencenter',
    intro: 'Die Daten Ihrer Geschäftsfälle bei Ihren Vertragspartnern.',
    empty: 'Es liegen keine Geschäftsfälle vor.',
    /** Not spec text: the business cases (relationships) could not be loaded. */
    loadFailed: `Ihre Geschäftsfälle konnten nicht geladen werden. ${TRY_AGAIN}`,
    /** Not spec text: one business case's data (datahub) could not be loaded. */
    caseLoadFailed: 'Die Daten dieses Geschäftsfalls konnten nicht geladen werden.',
    partner: (name: string, referenceNumber: string) => `${name} (Kd.-Nr. ${referenceNumber})`,
    pages: 'Seiten der Vertragspartner',
    pageSummary: (from: number, to: number, total: number) =>
      `Vertragspartner ${from.toLocaleString('de-DE')}–${to.toLocaleString('de-DE')} von ${total.toLocaleString('de-DE')}`,
    general: 'Allgemein',
    yes: 'Ja',
    no: 'Nein',
    none: '–',
  },
  credit: {
    title: 'Mein Finanzierungswunsch',
    intro:
      'Teilen Sie uns Ihren Finanzierungswunsch mit. Ihr Ansprechpartner bei Ihrem Abrechnungszentrum meldet sich bei Ihnen.',
    amount: 'Betrag in EUR',
    purpose: 'Verwendungszweck',
    term: 'Laufzeit in Monaten',
    phone: 'Telefonnummer für Rückfragen',
    submit: 'Finanzierungswunsch senden',
    sent: 'Ihr Finanzierungswunsch wurde gesendet.',
    failed: 'Der Finanzierungswunsch konnte nicht gesendet werden.',
    required: 'Bitte füllen Sie dieses Feld aus.',
    amountInvalid: 'Bitte geben Sie einen Betrag größer als 0 € an (höchstens 10.000.000 €).',
    purposeInvalid: 'Bitte beschreiben Sie den Verwendungszweck (mindestens 3 Zeichen).',
    /** Not spec text: how much of the purpose's room is used. */
    purposeLength: (used: number, max: number) => `${used} von ${max} Zeichen`,
    termInvalid: 'Bitte geben Sie eine Laufzeit von 1 bis 360 Monaten an.',
    phoneInvalid: 'Bitte geben Sie eine gültige Telefonnummer an.',
    earlier: 'Ihre bisherigen Finanzierungswünsche',
    /** Not spec text: the earlier requests' list did not load. */
    earlierFailed: `Ihre bisherigen Finanzierungswünsche konnten nicht geladen werden. ${TRY_AGAIN}`,
    noEarlier: 'Sie haben noch keinen Finanzierungswunsch gesendet.',
    createdAt: 'Gesendet am',
    state: 'Stand',
    months: (n: number) => (n === 1 ? '1 Monat' : `${n} Monate`),
    states: {
      SUBMITTED: 'Eingegangen',
      IN_REVIEW: 'In Prüfung',
      ANSWERED: 'Beantwortet',
    } as Record<string, string>,
  },
  offer: {
    linkFallback: 'Zum Angebot',
    external: '(öffnet in neuem Fenster)',
  },
  datePicker: {
    invalidRange: 'Das späteste Datum liegt vor dem frühesten Datum.',
    clear: 'Datum löschen',
    year: (label: string) => `Jahr (${label})`,
  },
  orderStatusTitle: 'Bestellstatus',
  /** A link (bookmark, another tab's address) to an order this institution does not have (not spec text). */
  notFound:
    'Dieser Auftrag wurde nicht gefunden. Er gehört vielleicht zu einer anderen Institution.',
  toOrders: 'Zu den Aufträgen',
  /** Not spec text: a link to an order of another of the user's institutions. */
  elsewhere: (institution: string) => `Dieser Auftrag gehört zu ${institution}.`,
  switchTo: (institution: string) => `Zu ${institution} wechseln`,
  noInstitution: 'Bitte wählen Sie eine Institution.',
};

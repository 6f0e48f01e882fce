/** German texts of the app shell (navbar, sidebar, footer, help, banners) and shared components. */
export const shell = {
  /** The first stop of the Tab key on every page (not spec text). */
  skipToContent: 'Zum Inhalt springen',
  brand: {
    name: 'Institutionsportal',
    homeLinkLabel: 'Institutionsportal – zum Dashboard',
  },
  coBrand: {
    logo: (name: string) => `Logo von ${name}`,
  },
  navbar: {
    supportMode: 'Support-Modus',
    supportModeHint: 'Sie sind als User eines Kunden angemeldet.',
    /** Not spec text: who acts while the top bar shows the customer's user (Support-Modus). */
    supportModeActor: (actor: string, asUser: string) => `${actor} handelt als ${asUser}.`,
    openNavigation: 'Navigation öffnen',
    closeNavigation: 'Navigation schließen',
    sidebarLabel: 'Hauptnavigation',
  },
  institution: {
    selectLabel: 'Institution auswählen',
    caption: 'Institution',
    trusted: 'Vertrauenswürdige Institution',
    current: 'aktuell ausgewählt',
    switchDisabledWhileImpersonating:
      'Im Support-Modus kann die Institution nicht gewechselt werden.',
  },
  userMenu: {
    label: 'Benutzermenü',
    account: 'Mein Konto',
    institution: 'Unternehmen',
    tileEditor: 'Kacheldefinitionen editieren',
    logout: 'Abmelden',
    ownUser: 'Eigener User',
  },
  footer: {
    label: 'Rechtliches und Service',
    privacy: 'Datenschutz',
    imprint: 'Impressum',
    terms: 'Nutzungsbedingungen',
    faq: 'FAQ',
    serverStatus: 'Serverstatus',
  },
  help: {
    button: 'Fragen?',
    title: 'Ihre Ansprechpartner',
    intro: 'Bei Fragen erreichen Sie uns hier:',
    phone: 'Telefon',
    email: 'E-Mail',
  },
  banners: {
    backendDownTitle: 'Keine Verbindung zum Server',
    backendDown:
      'Der Server ist derzeit nicht erreichbar. Bitte versuchen Sie es später noch einmal.',
    restrictedUserTitle:
      'Sie sind als technischer Nutzer angemeldet! Die Bedienung des Portals ist für diese Rolle nicht vorgesehen.',
    restrictedUserSubtitle: (seconds: number) =>
      `Sie werden in ${seconds} Sekunden automatisch ausgeloggt!`,
    /** Not spec text: the page's sign-in was changed in another tab (or ran out) while it stayed. */
    staleSessionTitle: 'Die Anmeldung hat sich geändert',
    staleSession:
      'Diese Seite gehört noch zur vorherigen Anmeldung und speichert nichts mehr. Bitte laden Sie die Seite neu.',
    /** Not spec text: the session ended while the page held unsaved input (it stays). */
    signedOutTitle: 'Sie sind nicht mehr angemeldet',
    signedOut:
      'Ihre Eingaben auf dieser Seite bleiben erhalten. Melden Sie sich erneut an, um sie zu speichern.',
    /** Not spec text: an impersonation ran out while the page held unsaved input (it stays). */
    impersonationRanOutTitle: 'Die Nachahmung ist abgelaufen',
    /** Not spec text: as above, but the provider refused its renewal well before its end. */
    impersonationEndedEarlyTitle: 'Die Nachahmung wurde vor ihrem Ablauf beendet',
    impersonationRanOut: (name: string) =>
      `Ihre Eingaben auf dieser Seite bleiben erhalten. Setzen Sie die Nachahmung von ${name} fort, um sie zu speichern, oder laden Sie die Seite neu, um als eigener User weiterzuarbeiten.`,
    resumeImpersonation: 'Nachahmung fortsetzen',
    institutionLoadError:
      'Es ist ein Fehler beim Laden der Institution aufgetreten. Bitte versuchen Sie es später noch einmal.',
  },
  common: {
    close: 'Schließen',
    opensInNewWindow: '(öffnet in neuem Fenster)',
    breadcrumbs: 'Pfadnavigation',
    notificationSuccess: 'Erfolg',
    notificationError: 'Fehler',
    /** Under a table wider than the screen (not spec text). */
    tableScrolls: 'Weitere Spalten: die Tabelle seitlich verschieben.',
  },
} as const;

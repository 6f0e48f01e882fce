/** German texts of the dashboard, its tiles, the marketing-group page and co-branding. */
export const dashboard = {
  /**
   * Not spec text: a load the tiles come from failed (the institution's tiles, its orders or
   * its document counts); the tiles there are stay shown below.
   */
  loadFailed:
    'Nicht alle Kacheln konnten geladen werden. Bitte versuchen Sie es gleich noch einmal oder später.',
  sections: {
    primary: 'Meine Partner',
    functional: 'Meine Funktionen',
    marketing: 'Angebote für Sie',
  },
  orders: {
    name: 'Aufträge',
    none: 'keine Aufträge',
    one: '1 Auftrag',
    many: (count: number) => `${count} Aufträge`,
  },
  documents: {
    none: 'no documents',
    manage: 'Dokumente verwalten',
    one: '1 Dokument',
    many: (count: number) => `${count} Dokumente`,
  },
  bank: {
    onlineBanking: 'Mein Online-Banking',
  },
  unread: (count: number) =>
    count === 1 ? '1 ungelesenes Dokument' : `${count} ungelesene Dokumente`,
  opensInNewTab: '(öffnet in neuem Tab)',
  loading: 'Kacheln werden geladen …',
  empty: {
    title: 'Noch keine Kacheln',
    body: 'Für diese Institution sind noch keine Kacheln freigeschaltet. Sobald Leistungen für sie freigeschaltet sind, erscheinen sie hier.',
    /** Only for people with more than one institution (the others have no switcher). */
    otherInstitutions: 'Ihre anderen Institutionen wählen Sie oben unter „Institution“ aus.',
    /** Only when the help button is there (it is hidden without support contacts). */
    contacts: 'Bei Fragen erreichen Sie Ihre Ansprechpartner über „Fragen?“ unten rechts.',
  },
} as const;

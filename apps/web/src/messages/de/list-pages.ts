/** The pages under a long list (Unternehmen's users, the Kundencenter's partners). */
export const listPages = {
  page: (page: number) => `Seite ${page}`,
  first: 'Erste Seite',
  previous: 'Vorherige Seite',
  next: 'Nächste Seite',
  last: 'Letzte Seite',
} as const;

/** German texts of the marketing-group page (/marketing-group/{group}; loaded with that page). */
export const dashboardMarketingGroup = {
  empty: 'Diese Marketing-Gruppe enthält keine Kacheln.',
  back: 'Zurück zum Dashboard',
  /** Not spec text: the tiles could not be loaded (a server error, the connection lost). */
  loadFailed:
    'Die Kacheln dieser Marketing-Gruppe konnten nicht geladen werden. Bitte versuchen Sie es gleich noch einmal oder später.',
} as const;

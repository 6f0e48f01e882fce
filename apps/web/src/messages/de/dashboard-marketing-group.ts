/** German texts of the marketing-group page (/marketing-group/{group}; loaded with that page). */
export const dashboardMarketingGroup = {
  empty: 'Diese Marketing-Gruppe enthält keine Kacheln.',
  back: 'Zurück zum Dashboard',
} as const;

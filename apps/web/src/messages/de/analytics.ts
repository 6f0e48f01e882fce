/** German texts of the analytics consent (decision 008). */
export const analytics = {
  bannerTitle: 'Ihre Einwilligung zur Nutzungsanalyse',
  bannerText:
    'Wir möchten mit Matomo auswerten, wie das Portal genutzt wird, um es zu verbessern. Dabei wird eine pseudonyme Kennung statt Ihres Namens übermittelt. Die Analyse startet nur mit Ihrer Einwilligung; Sie können sie jederzeit auf der Seite Datenschutz widerrufen.',
  bannerTextPersonalData:
    'Wir möchten mit Matomo auswerten, wie das Portal genutzt wird, um es zu verbessern. Dabei werden Ihr Name, Ihre E-Mail-Adresse und eine pseudonyme Kennung übermittelt. Die Analyse startet nur mit Ihrer Einwilligung; Sie können sie jederzeit auf der Seite Datenschutz widerrufen.',
  privacyLink: 'Mehr in der Datenschutzerklärung',
  accept: 'Zustimmen',
  refuse: 'Ablehnen',
  settingsTitle: 'Nutzungsanalyse',
  stateGranted: 'Sie haben der Nutzungsanalyse zugestimmt.',
  stateDenied: 'Sie haben die Nutzungsanalyse abgelehnt.',
  stateOpen: 'Sie haben noch nicht entschieden.',
  settingsPersonalData:
    'Übermittelt werden auch Ihr Name und Ihre E-Mail-Adresse, zusammen mit einer pseudonymen Kennung.',
  withdraw: 'Einwilligung widerrufen',
};

/** German texts the orders module sends. */
export const ORDER_NOT_FOUND = 'Der Auftrag wurde nicht gefunden.';
export const NOT_A_TI_ORDER = 'Dieser Auftrag ist keine TI-Bestellung.';
export const NOT_A_BANK_ORDER = 'Dieser Auftrag ist keine Bankkonto-Bestellung.';
export const SLOT_TAKEN =
  'Dieser Termin ist nicht mehr verfügbar. Bitte wählen Sie einen anderen Termin.';
export const PRECHECK_ALREADY_BOOKED =
  'Für diesen Auftrag ist bereits ein Vor-Check-Termin gebucht.';
export const SLOT_UNAVAILABLE = 'Zu diesem Zeitpunkt wird kein Vor-Check-Termin angeboten.';
/** `lastDay` as dd.MM.yyyy: the last day a pre-check can be booked on now. */
export const SLOT_TOO_FAR = (lastDay: string) =>
  `Vor-Check-Termine können höchstens bis zum ${lastDay} gebucht werden. Bitte wählen Sie einen früheren Termin.`;
export const SLOT_PAST =
  'Dieser Termin hat bereits begonnen oder liegt in der Vergangenheit. Bitte wählen Sie einen späteren Termin.';
export const FLAGS_CHANGED =
  'Der Bestellstatus wurde inzwischen von jemand anderem geändert. Ihre Änderung wurde nicht gespeichert.';
export const BANK_STATUS_NOT_FORWARD =
  'Der Status einer Bankkonto-Bestellung kann nur vorwärts gesetzt werden.';
export const WINDOW_INVALID =
  'Der Zeitraum ist ungültig: toDate muss nach fromDate liegen und höchstens zwei Monate umfassen.';
export const BUSINESS_CASE_NOT_FOUND = 'Der Geschäftsfall wurde nicht gefunden.';
export const CUSTOMER_NOT_FOUND = 'Der Kunde wurde nicht gefunden.';

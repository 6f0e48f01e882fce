import { orders as t } from '../../../messages/de';
import { formatDate, formatEuro } from './formats';

/** One labelled value of a datahub section, as German text. */
export interface DatahubEntry {
  label: string;
  value: string;
}

/** A titled group of labelled values (the Kundencenter shows one box per section). */
export interface DatahubSection {
  title: string;
  entries: DatahubEntry[];
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: Json): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Money as the datahub writes it: `{ "amount": 1.5, "currency": "EUR" }`. */
const isMoney = (value: Json): value is { amount: number; currency: string } =>
  isObject(value) &&
  Object.keys(value).length === 2 &&
  typeof value.amount === 'number' &&
  typeof value.currency === 'string';

/** A section of its own: an object (not money) or a non-empty list of such objects. */
const isGroup = (value: Json) => isObject(value) && !isMoney(value);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
// Four digits stay whole (DIN 5008 leaves them ungrouped): a datahub number may be a year or a
// count ('Baujahr: 2019', not '2.019'); from five digits on, thousands are grouped.
const number = new Intl.NumberFormat('de-DE', { useGrouping: 'min2' });

function formatMoney(amount: number, currency: string): string {
  if (currency === 'EUR') return formatEuro(amount);
  try {
    return new Intl.NumberFormat('de-DE', { style: 'currency', currency }).format(amount);
  } catch {
    return `${number.format(amount)} ${currency}`;
  }
}

/** A datahub value as German text: dates dd.MM.yyyy, money in its currency, Ja/Nein, '–'. */
export function formatDatahubValue(value: Json): string {
  if (value === null || value === '') return t.customerOverview.none;
  if (typeof value === 'boolean') return value ? t.customerOverview.yes : t.customerOverview.no;
  if (typeof value === 'number') return number.format(value);
  if (typeof value === 'string') {
    return ISO_DATE.test(value) || ISO_INSTANT.test(value) ? formatDate(value) || value : value;
  }
  if (Array.isArray(value)) {
    return value.length === 0 ? t.customerOverview.none : value.map(formatDatahubValue).join(', ');
  }
  if (isMoney(value)) return formatMoney(value.amount, value.currency);
  const parts = Object.entries(value).map(([key, inner]) => `${key}: ${formatDatahubValue(inner)}`);
  return parts.length === 0 ? t.customerOverview.none : parts.join('; ');
}

/** The labelled values of one object; nested objects label theirs "Außen – Innen". */
function entriesOf(object: JsonObject, prefix = ''): DatahubEntry[] {
  return Object.entries(object).flatMap(([key, value]) =>
    isGroup(value)
      ? entriesOf(value as JsonObject, `${prefix}${key} – `)
      : [{ label: `${prefix}${key}`, value: formatDatahubValue(value) }],
  );
}

/**
 * The Kundencenter's sections of a datahub document (`jsonData`, spec section 3): each object
 * under a key is a section titled by the key, each object in a list under a key too (numbered
 * when there are several); loose values are gathered first under 'Allgemein'. Null when
 * `jsonData` is no JSON or no JSON object: the page then says nothing (silent error state)
 * instead of failing.
 */
export function datahubSections(jsonData: string): DatahubSection[] | null {
  let document: Json;
  try {
    document = JSON.parse(jsonData) as Json;
  } catch {
    return null;
  }
  if (!isObject(document)) return null;
  const general: DatahubEntry[] = [];
  const sections: DatahubSection[] = [];
  for (const [key, value] of Object.entries(document)) {
    if (isGroup(value)) {
      sections.push({ title: key, entries: entriesOf(value as JsonObject) });
    } else if (Array.isArray(value) && value.length > 0 && value.every(isGroup)) {
      value.forEach((item, index) => {
        sections.push({
          title: value.length > 1 ? `${key} (${index + 1})` : key,
          entries: entriesOf(item as JsonObject),
        });
      });
    } else {
      general.push({ label: key, value: formatDatahubValue(value) });
    }
  }
  return general.length > 0
    ? [{ title: t.customerOverview.general, entries: general }, ...sections]
    : sections;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * Reads a date typed the German way, `dd.MM.yyyy` or `d.M.yyyy` (`05.03.2026`, `5.3.2026`; an
 * ISO `yyyy-MM-dd` pasted in is read too) as the ISO date `yyyy-MM-dd`; null when it is not a
 * date that exists (`31.02.2026`, month 13, year 0) or not complete yet (`05.03.20`). For the
 * `dateParser` of Mantine's DateInput: its default falls back to `new Date(text)`, which reads
 * `05.03.2026` as 3 May and refuses `31.12.2026`.
 */
export function parseGermanDate(text: string): string | null {
  const value = text.trim();
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value);
  const iso = german ? null : /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!german && !iso) return null;
  const [day, month, year] = german
    ? [Number(german[1]), Number(german[2]), Number(german[3])]
    : [Number(iso?.[3]), Number(iso?.[2]), Number(iso?.[1])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return null;
  // Day 0 of the next month is the last day of this one (UTC: no time zone or DST shifts).
  const date = new Date(Date.UTC(2000, month, 0));
  date.setUTCFullYear(year, month, 0);
  if (day > date.getUTCDate()) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

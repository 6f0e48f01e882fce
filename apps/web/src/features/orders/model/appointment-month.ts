import type { Appointment } from '@portal/contract';

/** Month value: year, month 1 to 12. */
export interface MonthValue {
  year: number;
  month: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
export const isoDate = (year: number, month: number, day: number) =>
  `${year}-${pad(month)}-${pad(day)}`;

export function addMonths({ year, month }: MonthValue, delta: number): MonthValue {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The appointment window: the first of the month to the first of the next month (ISO). */
export function monthWindow(month: MonthValue): { fromDate: string; toDate: string } {
  const next = addMonths(month, 1);
  return {
    fromDate: isoDate(month.year, month.month, 1),
    toDate: isoDate(next.year, next.month, 1),
  };
}

/** One day cell of the month grid. */
export interface DayCell {
  date: string;
  day: number;
  inMonth: boolean;
}

/** Six weeks starting on the Monday on or before the first of the month. */
export function monthGrid({ year, month }: MonthValue): DayCell[][] {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const offset = (first.getUTCDay() + 6) % 7; // Monday = 0
  const start = Date.UTC(year, month - 1, 1 - offset);
  const weeks: DayCell[][] = [];
  for (let w = 0; w < 6; w += 1) {
    const week: DayCell[] = [];
    for (let d = 0; d < 7; d += 1) {
      const day = new Date(start + (w * 7 + d) * 86_400_000);
      week.push({
        date: isoDate(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()),
        day: day.getUTCDate(),
        inMonth: day.getUTCMonth() + 1 === month,
      });
    }
    weeks.push(week);
  }
  return weeks;
}

/** Free slots grouped by ISO date. */
export function slotsByDate(appointments: readonly Appointment[]): Map<string, Appointment[]> {
  const map = new Map<string, Appointment[]>();
  for (const slot of appointments) {
    const list = map.get(slot.date) ?? [];
    list.push(slot);
    map.set(slot.date, list);
  }
  for (const list of map.values()) list.sort((a, b) => a.startTime.localeCompare(b.startTime));
  return map;
}

/** `HH:mm–HH:mm` */
export const slotLabel = (slot: Appointment) => `${slot.startTime}–${slot.endTime}`;

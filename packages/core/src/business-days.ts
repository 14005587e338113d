import { addDays } from './dates';

/** Easter Sunday of a year (the Gregorian computus), as YYYY-MM-DD. */
function easter(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Fixed national holidays (MM-DD); Consciência Negra is national from 2024 on. */
const FIXED_HOLIDAYS = ['01-01', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '12-25'];

/**
 * The days the banks do not open nationwide: the national holidays, and Carnival's Monday and Tuesday, Good Friday
 * and Corpus Christi, which move with Easter. Municipal and state holidays are not known here.
 */
export function bankHolidays(year: number): Set<string> {
  const sunday = easter(year);
  const days = FIXED_HOLIDAYS.map((d) => `${year}-${d}`);
  if (year >= 2024) days.push(`${year}-11-20`);
  days.push(addDays(sunday, -48), addDays(sunday, -47), addDays(sunday, -2), addDays(sunday, 60));
  return new Set(days);
}

/** Whether the banks open on a date: a weekday that is no national bank holiday. */
export function isBusinessDay(iso: string): boolean {
  const weekday = new Date(`${iso}T12:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !bankHolidays(Number(iso.slice(0, 4))).has(iso);
}

/** The date itself when the banks open on it, or else the nearest such day before (-1) or after (+1) it. */
export function shiftToBusinessDay(iso: string, direction: -1 | 1): string {
  let day = iso;
  while (!isBusinessDay(day)) day = addDays(day, direction);
  return day;
}

/** The product's time zone (pt-BR, America/Sao_Paulo): every date a user reads is shown in it. */
export const TIME_ZONE = 'America/Sao_Paulo';

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "22/11/2026 às 12:08", in São Paulo time whatever the machine's zone. */
export function formatDateTime(date: Date): string {
  const parts = Object.fromEntries(dateTime.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year} às ${parts.hour}:${parts.minute}`;
}

/** A calendar date (YYYY-MM-DD, no time nor zone) as "31/01/2026". */
export function formatCalendarDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE });

/** Today's calendar date (YYYY-MM-DD) in São Paulo, which is what "overdue" and "today" mean to a user. */
export function todayInSaoPaulo(now: Date = new Date()): string {
  return isoDay.format(now);
}

const DAY_MS = 86_400_000;

function parseCalendarDate(iso: string): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) throw new RangeError(`not a calendar date: ${iso}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

function toCalendarDate(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** A calendar date moved by whole days (negative goes back). */
export function addDays(iso: string, days: number): string {
  const { year, month, day } = parseCalendarDate(iso);
  return toCalendarDate(Date.UTC(year, month - 1, day) + days * DAY_MS);
}

/** The week a calendar date falls in, Monday to Sunday, as a Brazilian calendar shows it. */
export function weekOf(iso: string): { from: string; to: string } {
  const { year, month, day } = parseCalendarDate(iso);
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  const monday = addDays(iso, -weekday);
  return { from: monday, to: addDays(monday, 6) };
}

/**
 * A calendar date moved by whole months, on the given day of the month (the date's own by default) or on the
 * month's last day when the month is shorter: 31/01 + 1 month = 28/02 (29/02 in a leap year).
 */
export function addMonths(iso: string, months: number, dayOfMonth?: number): string {
  const { year, month, day } = parseCalendarDate(iso);
  const target = Date.UTC(year, month - 1 + months, 1);
  const first = new Date(target);
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return toCalendarDate(target + (Math.min(dayOfMonth ?? day, lastDay) - 1) * DAY_MS);
}

/** Whole days from one calendar date to another (negative when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  const a = parseCalendarDate(from);
  const b = parseCalendarDate(to);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS);
}

/**
 * Periods are chosen as São Paulo calendar days (YYYY-MM-DD) and sent as instants. Brazil has kept UTC-3 all year
 * since daylight saving ended in 2019.
 */
const OFFSET = '-03:00';

export const dayStart = (day: string) => new Date(`${day}T00:00:00.000${OFFSET}`).toISOString();
export const dayEnd = (day: string) => new Date(`${day}T23:59:59.999${OFFSET}`).toISOString();

/** Today in São Paulo, shifted by a number of days, as YYYY-MM-DD. */
export function saoPauloDay(offsetDays = 0): string {
  const date = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(date);
}

/** Every day from `from` to `to` (YYYY-MM-DD) with its count, zero where nothing happened. */
export function everyDay(
  from: string,
  to: string,
  counts: { day: string; events: number }[],
): { day: string; events: number }[] {
  const byDay = new Map(counts.map((c) => [c.day, c.events]));
  const days: { day: string; events: number }[] = [];
  for (let d = new Date(`${from}T12:00:00Z`); d.toISOString().slice(0, 10) <= to; d.setUTCDate(d.getUTCDate() + 1)) {
    const day = d.toISOString().slice(0, 10);
    days.push({ day, events: byDay.get(day) ?? 0 });
  }
  return days;
}

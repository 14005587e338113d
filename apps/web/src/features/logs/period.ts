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

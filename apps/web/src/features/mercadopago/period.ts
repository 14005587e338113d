import { addDays, addMonths, formatCalendarDate } from '@financeiro/core';

/** A month as YYYY-MM, its first and last days, and how it reads in pt-BR ("outubro de 2026"). */
export const monthOf = (day: string) => day.slice(0, 7);

export function monthPeriod(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  return { from, to: addDays(addMonths(from, 1), -1) };
}

export const shiftMonth = (month: string, months: number) => monthOf(addMonths(`${month}-01`, months));

const monthName = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
export const monthLabel = (month: string) => monthName.format(new Date(`${month}-01T12:00:00Z`));

/** "03/10" on the chart's axis; the table shows the whole date. */
export const shortDay = (day: string) => formatCalendarDate(day).slice(0, 5);

const weekday = new Intl.DateTimeFormat('pt-BR', { weekday: 'short', timeZone: 'UTC' });
/** "sáb." of a calendar day. */
export const weekdayOf = (day: string) => weekday.format(new Date(`${day}T12:00:00Z`));

const instant = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Sao_Paulo',
});
/** An instant as São Paulo reads it: "03/10/2026, 14:22". */
export const formatInstant = (iso: string) => instant.format(new Date(iso));

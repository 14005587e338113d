import { parseDateText } from '@financeiro/core';

/** The month (its first day, YYYY-MM-DD) of a date as typed: DD/MM/AAAA, YYYY-MM-DD, or a competence MM/AAAA. */
export function monthOfTyped(text: string): string | null {
  const competence = /^(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (competence) {
    const month = Number(competence[1]);
    return month >= 1 && month <= 12 ? `${competence[2]}-${String(month).padStart(2, '0')}-01` : null;
  }
  const date = parseDateText(text.trim());
  return date ? `${date.slice(0, 7)}-01` : null;
}

/** The distinct months of the dates a form holds, and the years whose closed months must be read for them. */
export function monthsOfTyped(dates: readonly string[]): { months: string[]; years: number[] } {
  const months = [...new Set(dates.map(monthOfTyped).filter((m): m is string => m !== null))];
  return { months, years: [...new Set(months.map((m) => Number(m.slice(0, 4))))] };
}

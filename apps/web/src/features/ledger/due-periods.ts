import { addDays, addMonths, weekOf } from '@financeiro/core';

/** The quick choices of the lists' due-date filter. */
export const PERIODS = ['all', 'today', 'week', 'month', 'overdue', 'custom'] as const;
export type Period = (typeof PERIODS)[number];

/**
 * The due-date range of a quick choice, as calendar dates in São Paulo; a week runs Monday to Sunday, as a Brazilian
 * calendar shows it. "Vencidos" is a status, not a range: it and "Todos" leave the dates open.
 */
export function periodRange(
  period: Period,
  today: string,
  custom: { from: string; to: string },
): { dueFrom: string; dueTo: string } {
  if (period === 'today') return { dueFrom: today, dueTo: today };
  if (period === 'week') {
    const week = weekOf(today);
    return { dueFrom: week.from, dueTo: week.to };
  }
  if (period === 'month') {
    const first = `${today.slice(0, 7)}-01`;
    return { dueFrom: first, dueTo: addDays(addMonths(first, 1), -1) };
  }
  if (period === 'custom') return { dueFrom: custom.from, dueTo: custom.to };
  return { dueFrom: '', dueTo: '' };
}

import { addDays, addMonths } from '../dates';
import { allocate, type Centavos } from '../money';

export const SCHEDULE_PERIODICITIES = ['monthly', 'biweekly', 'weekly', 'custom'] as const;
export type SchedulePeriodicity = (typeof SCHEDULE_PERIODICITIES)[number];
export const MAX_SCHEDULE_COUNT = 360;

export interface ScheduleRequest {
  total: Centavos;
  count: number;
  /** YYYY-MM-DD; ignored for custom dates. */
  firstDueDate: string;
  periodicity: SchedulePeriodicity;
  /** The due dates of a custom schedule, one per installment, strictly increasing. */
  dates?: readonly string[];
}

export interface ScheduledInstallment {
  number: number;
  dueDate: string;
  amount: Centavos;
}

/**
 * What is wrong with due dates typed one per installment (a custom schedule), by installment index (from 0): a date
 * that repeats an earlier one, or comes before the one typed above it. Dates not typed yet (null) are passed over: the
 * installment's own rule asks for them.
 */
export function customDueDateProblems(dates: readonly (string | null)[]): { index: number; message: string }[] {
  const problems: { index: number; message: string }[] = [];
  let previous: { date: string; index: number } | null = null;
  dates.forEach((date, index) => {
    if (date === null) return;
    const repeated = dates.indexOf(date);
    if (repeated < index) {
      problems.push({ index, message: `O vencimento da parcela ${index + 1} repete o da parcela ${repeated + 1}.` });
    } else if (previous && date < previous.date) {
      problems.push({
        index,
        message: `O vencimento da parcela ${index + 1} deve ser depois do da parcela ${previous.index + 1}.`,
      });
    }
    if (!previous || date > previous.date) previous = { date, index };
  });
  return problems;
}

function dueDates(request: ScheduleRequest): string[] {
  const { count, firstDueDate, periodicity } = request;
  if (periodicity === 'custom') {
    const dates = request.dates ?? [];
    if (dates.length !== count) throw new RangeError('a custom schedule needs one due date per installment');
    if (customDueDateProblems(dates).length > 0) throw new RangeError('custom due dates must increase');
    return [...dates];
  }
  if (periodicity === 'monthly') {
    // Every date is counted from the first one, so a 31st stays the 31st after a short February.
    const day = Number(firstDueDate.slice(8, 10));
    return Array.from({ length: count }, (_, i) => addMonths(firstDueDate, i, day));
  }
  const step = periodicity === 'weekly' ? 7 : 14;
  return Array.from({ length: count }, (_, i) => addDays(firstDueDate, i * step));
}

/**
 * A total in `count` equal parts by largest remainder (the first ones take the odd centavos), so that they always add
 * up to the total.
 */
export function splitEvenly(total: Centavos, count: number): Centavos[] {
  if (!Number.isInteger(count) || count < 1 || count > MAX_SCHEDULE_COUNT) {
    throw new RangeError(`installments must be between 1 and ${MAX_SCHEDULE_COUNT}, got ${count}`);
  }
  if (!Number.isSafeInteger(total) || total < count) {
    throw new RangeError('the total must give at least one centavo to each installment');
  }
  return allocate(
    total,
    Array.from({ length: count }, () => 1),
  );
}

/** Splits a total into installments (see `splitEvenly`), each due one period after the previous one. */
export function schedule(request: ScheduleRequest): ScheduledInstallment[] {
  const amounts = splitEvenly(request.total, request.count);
  return dueDates(request).map((dueDate, i) => ({ number: i + 1, dueDate, amount: amounts[i] ?? 0 }));
}

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

function dueDates(request: ScheduleRequest): string[] {
  const { count, firstDueDate, periodicity } = request;
  if (periodicity === 'custom') {
    const dates = request.dates ?? [];
    if (dates.length !== count) throw new RangeError('a custom schedule needs one due date per installment');
    dates.forEach((date, i) => {
      const previous = dates[i - 1];
      if (previous !== undefined && date <= previous) throw new RangeError('custom due dates must increase');
    });
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
 * Splits a total into installments: equal parts by largest remainder (the first ones take the odd centavos), so
 * they always add up to the total, each due one period after the previous one.
 */
export function schedule(request: ScheduleRequest): ScheduledInstallment[] {
  const { total, count } = request;
  if (!Number.isInteger(count) || count < 1 || count > MAX_SCHEDULE_COUNT) {
    throw new RangeError(`installments must be between 1 and ${MAX_SCHEDULE_COUNT}, got ${count}`);
  }
  if (!Number.isSafeInteger(total) || total < count) {
    throw new RangeError('the total must give at least one centavo to each installment');
  }
  const dates = dueDates(request);
  const amounts = allocate(
    total,
    Array.from({ length: count }, () => 1),
  );
  return dates.map((dueDate, i) => ({ number: i + 1, dueDate, amount: amounts[i] ?? 0 }));
}

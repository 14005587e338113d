import { addMonths } from '../dates';
import { PERIODICITY_MONTHS, type Periodicity } from '../registries/contracts';

export interface DuePeriod {
  /** The first day of the month the period falls due in: what identifies it, so it is generated once. */
  period: string;
  dueDate: string;
}

export interface PeriodRule {
  startDate: string;
  /** Null: open-ended. */
  endDate: string | null;
  /** Months between two periods; 0 for a single one, due on the start date. */
  months: number;
  /** Day of the month it falls due, clamped to the month's last day. */
  dueDay: number;
}

const monthOf = (iso: string) => `${iso.slice(0, 7)}-01`;
const monthIndex = (iso: string) => Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1;

/**
 * The periods of a contract or a recurrence that fall due from `from` to `to` (inclusive): one every `months`
 * months from the start date's month, on the due day, never before the start date nor after the end date.
 */
export function periodsBetween(rule: PeriodRule, from: string, to: string): DuePeriod[] {
  const last = rule.endDate !== null && rule.endDate < to ? rule.endDate : to;
  if (rule.months === 0) {
    return rule.startDate >= from && rule.startDate <= last
      ? [{ period: monthOf(rule.startDate), dueDate: rule.startDate }]
      : [];
  }
  const first = monthOf(rule.startDate);
  // Start a period before `from` rather than walking from a start date that may be decades back.
  const skip = Math.max(0, Math.floor((monthIndex(from) - monthIndex(first)) / rule.months) - 1);
  const out: DuePeriod[] = [];
  for (let i = skip; ; i += 1) {
    const period = addMonths(first, i * rule.months, 1);
    const dueDate = addMonths(period, 0, rule.dueDay);
    if (dueDate > last) break;
    if (dueDate >= from && dueDate >= rule.startDate) out.push({ period, dueDate });
  }
  return out;
}

/**
 * A contract's periods due from `from` to `to`: one every periodicity from its start, on its start date's day (what
 * generating from the contract creates, and what its screen shows first).
 */
export function contractPeriods(
  contract: { startDate: string; endDate: string | null; periodicity: Periodicity },
  from: string,
  to: string,
): DuePeriod[] {
  return periodsBetween(
    {
      startDate: contract.startDate,
      endDate: contract.endDate,
      months: PERIODICITY_MONTHS[contract.periodicity],
      dueDay: Number(contract.startDate.slice(8, 10)),
    },
    from,
    to,
  );
}

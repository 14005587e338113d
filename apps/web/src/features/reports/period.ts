import { addMonths, REPORT_MAX_MONTHS, todayInSaoPaulo } from '@financeiro/core';

const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** "jan/2026" for a month's first day (or any day of it): the column heading of a monthly report. */
export const monthLabel = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1] ?? ''}/${day.slice(0, 4)}`;

/** "mar/26", for a chart's axis where space is short. */
export const monthShort = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1] ?? ''}/${day.slice(2, 4)}`;

/** The period of a monthly report as kept in the address (YYYY-MM), with the last twelve months as the default. */
export function monthRange(
  raw: { from: string; to: string },
  today = todayInSaoPaulo(),
): {
  from: string;
  to: string;
  /** Why the period cannot be asked for, or null. */
  problem: string | null;
} {
  const current = `${today.slice(0, 7)}-01`;
  const to = MONTH.test(raw.to) ? `${raw.to}-01` : current;
  const from = MONTH.test(raw.from) ? `${raw.from}-01` : addMonths(to, -11);
  const months =
    (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;
  const problem =
    months < 1
      ? 'O fim do período vem antes do início.'
      : months > REPORT_MAX_MONTHS
        ? `Escolha um período de até ${REPORT_MAX_MONTHS} meses.`
        : null;
  return { from, to, problem };
}

/** The period as a person reads it: "jan/2026 a dez/2026". */
export const periodText = (from: string, to: string) => `${monthLabel(from)} a ${monthLabel(to)}`;

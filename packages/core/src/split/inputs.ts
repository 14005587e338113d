import { z } from 'zod';
import { daysBetween } from '../dates';
import { dateInput, optionalId, requiredId, requiredText } from '../registries/fields';
import { idempotencyKeyInput } from '../idempotency';

/** The longest period one split run covers: a year, so that a preview stays a readable list. */
export const SPLIT_MAX_DAYS = 366;

const period = {
  configId: requiredId('Escolha a divisão de receitas.'),
  from: dateInput('Informe o início do período.'),
  to: dateInput('Informe o fim do período.'),
};

const checkPeriod = (value: { from: string; to: string }, ctx: z.RefinementCtx) => {
  if (value.to < value.from) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'O fim do período vem antes do início.' });
  } else if (daysBetween(value.from, value.to) >= SPLIT_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'Escolha um período de até um ano.' });
  }
};

/** A split setting and a period (a month, or any range up to a year) of paid dates. */
export const splitPeriodInput = z.object(period).superRefine(checkPeriod);

/** Running a split: the period, and the partners' payables' due date, classification and (optional) cost centre. */
export const splitRunInput = z
  .object({
    ...period,
    dueDate: dateInput('Informe o vencimento das contas a pagar dos parceiros.'),
    classificationId: requiredId('Escolha a classificação das contas a pagar dos parceiros.'),
    costCentreId: optionalId,
  })
  .superRefine(checkPeriod)
  .and(idempotencyKeyInput);
export type SplitRunInput = z.input<typeof splitRunInput>;

/** Undoing a run: its payables are cancelled, with the reason given. */
export const splitReverseInput = z
  .object({
    runId: requiredId('Split inválido.'),
    reason: requiredText(500, 'Informe o motivo para desfazer o split.'),
  })
  .and(idempotencyKeyInput);

export const splitListInput = z.object({ configId: optionalId }).default({ configId: null });

const MONTHS = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

const lastDayOf = (month: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 0)).getUTCDate();
};

/** The first and last days of the month a date (YYYY-MM-DD or YYYY-MM) falls in. */
export function monthPeriod(date: string): { from: string; to: string } {
  const month = date.slice(0, 7);
  return { from: `${month}-01`, to: `${month}-${String(lastDayOf(month)).padStart(2, '0')}` };
}

const brDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** "março de 2026" for a whole month, "01/03/2026 a 15/03/2026" for another range. */
export function periodLabel(from: string, to: string): string {
  const whole = monthPeriod(from);
  if (whole.from === from && whole.to === to) {
    return `${MONTHS[Number(from.slice(5, 7)) - 1] ?? ''} de ${from.slice(0, 4)}`;
  }
  return `${brDate(from)} a ${brDate(to)}`;
}

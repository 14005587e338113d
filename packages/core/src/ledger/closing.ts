import { z } from 'zod';
import { requiredText } from '../registries/fields';
import { competenceInput } from './inputs';

/** The months' names as the closing screen and its messages write them. */
export const MONTH_NAMES = [
  'Janeiro',
  'Fevereiro',
  'Março',
  'Abril',
  'Maio',
  'Junho',
  'Julho',
  'Agosto',
  'Setembro',
  'Outubro',
  'Novembro',
  'Dezembro',
] as const;

/** "Março/2026" of a month's first day (or any date of it), as YYYY-MM-DD. */
export function monthTitle(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? month.slice(5, 7)}/${month.slice(0, 4)}`;
}

/** The months of a year whose state the closing screen lists. */
export const closedMonthsListInput = z.object({
  year: z
    .number('Informe o ano.')
    .int('Informe o ano.')
    .min(1900, 'Ano inválido: use de 1900 a 2199.')
    .max(2199, 'Ano inválido: use de 1900 a 2199.'),
});

export const closeMonthInput = z.object({ month: competenceInput });

export const reopenMonthInput = z.object({
  month: competenceInput,
  reason: requiredText(500, 'Informe o motivo da reabertura.'),
});

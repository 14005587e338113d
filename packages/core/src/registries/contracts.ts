import { z } from 'zod';
import type { Centavos } from '../money';
import { centavosInput, dateInput, integerInput, requiredId, requiredText } from './fields';

export const PERIODICITIES = ['monthly', 'bimonthly', 'quarterly', 'semiannual', 'annual', 'once'] as const;
export type Periodicity = (typeof PERIODICITIES)[number];
/** Months between two installments of each periodicity; 0 for a single one. */
export const PERIODICITY_MONTHS: Record<Periodicity, number> = {
  monthly: 1,
  bimonthly: 2,
  quarterly: 3,
  semiannual: 6,
  annual: 12,
  once: 0,
};

export const READJUSTMENT_INDEXES = ['none', 'IPCA', 'IGPM', 'INPC'] as const;

/**
 * A contract (contas/contratos) with a party: its object, the value of each installment, how often it falls due,
 * when it starts and ends, how and when it is readjusted, and where it is classified.
 */
export const contractInput = z
  .object({
    partyId: requiredId('Escolha a parte do contrato.'),
    object: requiredText(200, 'Descreva o objeto do contrato.'),
    value: centavosInput({ min: 1, empty: 'Informe o valor da parcela.' }),
    periodicity: z.enum(PERIODICITIES, 'Escolha a periodicidade.'),
    startDate: dateInput('Informe o início do contrato.'),
    endDate: z
      .union([z.literal(''), z.null(), dateInput()])
      .optional()
      .transform((v) => v || null),
    readjustmentIndex: z.enum(READJUSTMENT_INDEXES, 'Escolha o índice de reajuste, ou Sem reajuste.'),
    readjustmentMonth: z
      .union([z.literal(''), z.null(), integerInput(1, 12, 'Escolha o mês do reajuste.')])
      .optional()
      .transform((v) => (v === '' || v === undefined ? null : v)),
    classificationId: requiredId('Escolha a classificação financeira.'),
    costCentreId: requiredId('Escolha o centro de custo.'),
  })
  .superRefine((c, ctx) => {
    if (c.endDate && c.endDate < c.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'O fim não pode ser antes do início.' });
    }
    if (c.readjustmentIndex !== 'none' && c.readjustmentMonth === null) {
      ctx.addIssue({ code: 'custom', path: ['readjustmentMonth'], message: 'Escolha o mês do reajuste.' });
    }
  })
  .transform((c) => ({ ...c, readjustmentMonth: c.readjustmentIndex === 'none' ? null : c.readjustmentMonth }));

/** How many installments a preview shows when the contract has no end. */
export const OPEN_ENDED_PREVIEW = 12;
const MAX_INSTALLMENTS = 360;

function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

/**
 * The installments a contract implies: one per period from the start date (the same day of the month, or the last
 * day of a shorter month) up to the end date, each of the installment value; twelve when it has no end.
 */
export function contractSchedule(contract: {
  value: Centavos;
  periodicity: Periodicity;
  startDate: string;
  endDate: string | null;
}): { number: number; dueDate: string; amount: Centavos }[] {
  const step = PERIODICITY_MONTHS[contract.periodicity];
  if (step === 0) return [{ number: 1, dueDate: contract.startDate, amount: contract.value }];
  const out: { number: number; dueDate: string; amount: Centavos }[] = [];
  const limit = contract.endDate ? MAX_INSTALLMENTS : OPEN_ENDED_PREVIEW;
  for (let i = 0; i < limit; i++) {
    const dueDate = addMonths(contract.startDate, i * step);
    if (contract.endDate && dueDate > contract.endDate) break;
    out.push({ number: i + 1, dueDate, amount: contract.value });
  }
  return out;
}

import { z } from 'zod';
import { formatPercent, WHOLE } from '../money';
import { idempotencyKeyInput } from '../idempotency';
import { dateInput, integerInput, optionalId, requiredId, requiredText } from '../registries/fields';
import { amountInput, DOCUMENT_KINDS, DOCUMENT_TYPES, documentLineInput, RECURRENCE_PERIODICITIES } from './inputs';

/** How far ahead the worker keeps a recurrence's documents generated. */
export const RECURRENCE_HORIZON_DAYS = 45;
/** The longest range one generation from a contract may cover. */
export const CONTRACT_GENERATION_MAX_MONTHS = 36;

const kindInput = z.enum(DOCUMENT_KINDS, 'Escolha contas a pagar ou a receber.');
const optionalDate = z
  .union([z.literal(''), z.null(), dateInput()])
  .optional()
  .transform((v) => v || null);

const recurrenceFields = {
  partyId: requiredId('Escolha o fornecedor ou cliente.'),
  description: requiredText(160, 'Descreva a recorrência.'),
  documentType: z.enum(DOCUMENT_TYPES, 'Escolha o tipo de documento.').default('outros'),
  amount: amountInput('Informe o valor de cada título.'),
  lines: z
    .array(documentLineInput, 'Informe a classificação e o centro de custo.')
    .min(1, 'Informe a classificação e o centro de custo.')
    .max(100, 'Use até 100 linhas de rateio.'),
  paymentMethodId: optionalId,
  accountId: optionalId,
  periodicity: z.enum(RECURRENCE_PERIODICITIES, 'Escolha a periodicidade.'),
  dueDay: integerInput(1, 31, 'O dia de vencimento vai de 1 a 31.'),
  startDate: dateInput('Informe o início.'),
  endDate: optionalDate,
};

interface RecurrenceShape {
  lines: { share: number; classificationId: string; costCentreId: string }[];
  startDate: string;
  endDate: string | null;
}

function checkRecurrence(r: RecurrenceShape, ctx: z.RefinementCtx) {
  const total = r.lines.reduce((sum, l) => sum + l.share, 0);
  if (total !== WHOLE) {
    ctx.addIssue({
      code: 'custom',
      path: ['lines'],
      message: `A soma dos percentuais do rateio deve ser exatamente 100%; hoje é ${formatPercent(total)}.`,
    });
  }
  const keys = r.lines.map((l) => `${l.costCentreId}:${l.classificationId}`);
  if (new Set(keys).size !== keys.length) {
    ctx.addIssue({ code: 'custom', path: ['lines'], message: 'Há linhas de rateio repetidas: junte as iguais.' });
  }
  if (r.endDate && r.endDate < r.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'O fim não pode ser antes do início.' });
  }
}

/** A recurring payable or receivable (rent, payroll, utilities): the worker generates its documents ahead. */
export const recurrenceCreateInput = z
  .object({ kind: kindInput, ...recurrenceFields })
  .superRefine(checkRecurrence)
  .and(idempotencyKeyInput);
export type RecurrenceCreateInput = z.input<typeof recurrenceCreateInput>;

/** A change to a recurrence; it applies to the periods not generated yet. */
export const recurrenceUpdateInput = z
  .object({
    id: requiredId('Recorrência inválida.'),
    version: z.number('Versão inválida.').int('Versão inválida.').min(1, 'Versão inválida.'),
    ...recurrenceFields,
  })
  .superRefine(checkRecurrence);
export type RecurrenceUpdateInput = z.input<typeof recurrenceUpdateInput>;

/** Ends a recurrence: nothing falls due after the end date. */
export const recurrenceEndInput = z.object({
  id: requiredId('Recorrência inválida.'),
  endDate: dateInput('Informe a data de encerramento.'),
});

export const recurrenceListInput = z.object({ kind: kindInput });

/** Generates a contract's periods due in a range as documents, once each. */
export const contractGenerationInput = z
  .object({
    contractId: requiredId('Escolha o contrato.'),
    from: dateInput('Informe o início do período.'),
    to: dateInput('Informe o fim do período.'),
    /** Payable or receivable; when left out, the role the contract's party plays decides. */
    kind: kindInput.optional(),
  })
  .superRefine((g, ctx) => {
    if (g.to < g.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'O fim do período não pode ser antes do início.' });
      return;
    }
    const months =
      (Number(g.to.slice(0, 4)) - Number(g.from.slice(0, 4))) * 12 +
      Number(g.to.slice(5, 7)) -
      Number(g.from.slice(5, 7));
    if (months >= CONTRACT_GENERATION_MAX_MONTHS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `Gere até ${CONTRACT_GENERATION_MAX_MONTHS} meses de uma vez.`,
      });
    }
  });
export type ContractGenerationInput = z.input<typeof contractGenerationInput>;

import { z } from 'zod';
import { formatPercent, WHOLE, type Centavos } from '../money';
import { idempotencyKeyInput } from '../idempotency';
import {
  centavosInput,
  dateInput,
  optionalId,
  optionalText,
  percentInput,
  requiredId,
  requiredText,
} from '../registries/fields';
import { partyInput } from '../registries/parties';

/** A document is money the organization owes (payable) or is owed (receivable). */
export const DOCUMENT_KINDS = ['payable', 'receivable'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_TYPES = ['nfe', 'nfse', 'boleto', 'recibo', 'fatura', 'contrato', 'outros'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
/** Stored statuses of documents and installments; "overdue" is not stored, it depends on today. */
export const LEDGER_STATUSES = ['open', 'partial', 'paid', 'cancelled'] as const;
export type LedgerStatus = (typeof LEDGER_STATUSES)[number];
/** What the list's status filter offers: the stored statuses plus overdue. */
export const LIST_STATUSES = [...LEDGER_STATUSES, 'overdue'] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];
/** Kinds of account movement; the statement and reconciliation (issue 14) add their own. */
export const MOVEMENT_KINDS = [
  'payment',
  'reversal',
  'fee',
  'fee_reversal',
  'transfer',
  'manual',
  'transfer_reversal',
  'manual_reversal',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
export const RECURRENCE_PERIODICITIES = ['monthly', 'bimonthly', 'quarterly', 'semiannual', 'annual'] as const;
export type RecurrencePeriodicity = (typeof RECURRENCE_PERIODICITIES)[number];

/** The largest amount a document, installment or payment may carry (R$ 999.999.999,99); the database checks it too. */
export const MAX_AMOUNT: Centavos = 99_999_999_999;
export const MAX_INSTALLMENTS = 360;
/** How many rows an export carries at most. */
export const EXPORT_MAX_ROWS = 50_000;

/** The permission a kind of document needs, to read or to change. */
export const ledgerPermission = (kind: DocumentKind, access: 'ler' | 'editar') =>
  kind === 'payable' ? (`${access}_contas_pagar` as const) : (`${access}_contas_receber` as const);

/** Centavos above zero and within the column's range. */
export const amountInput = (empty = 'Informe o valor.') => centavosInput({ min: 1, max: MAX_AMOUNT, empty });

/** Centavos from zero, within the column's range (interest, fine, discount, fees). */
export const chargeInput = centavosInput({ min: 0, max: MAX_AMOUNT });

/** A competence month as its first day, from YYYY-MM, MM/AAAA or any date of the month. */
export const competenceInput = z.string('Informe a competência.').transform((v, ctx) => {
  const text = v.trim();
  let month: string | null = null;
  const iso = /^(\d{4})-(\d{2})(?:-\d{2})?$/.exec(text);
  const br = /^(\d{1,2})\/(\d{4})$/.exec(text);
  if (iso) month = `${iso[1]}-${iso[2]}`;
  else if (br) month = `${br[2]}-${(br[1] ?? '').padStart(2, '0')}`;
  else {
    const date = dateInput().safeParse(text);
    if (date.success) month = date.data.slice(0, 7);
  }
  const [year, monthNumber] = (month ?? '').split('-').map(Number);
  if (!month || !year || !monthNumber || monthNumber < 1 || monthNumber > 12 || year < 1900 || year > 2199) {
    ctx.addIssue({ code: 'custom', message: 'Competência inválida: use MM/AAAA.' });
    return z.NEVER;
  }
  return `${month}-01`;
});

const ledgerId = (empty: string) => requiredId(empty);
const kindInput = z.enum(DOCUMENT_KINDS, 'Escolha contas a pagar ou a receber.');

export const documentLineInput = z.object({
  classificationId: ledgerId('Escolha a classificação.'),
  costCentreId: ledgerId('Escolha o centro de custo.'),
  share: percentInput(),
});

export const documentTaxInput = z.object({
  taxTypeId: ledgerId('Escolha o imposto.'),
  /** The rate of this document (the ISS of this service, say); the tax type's rate when left out. */
  rate: z
    .union([percentInput(), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v)),
});

/** Barcode / linha digitável as typed: digits, spaces, dots and dashes; the server reads and normalizes it. */
const barcodeText = z
  .string()
  .trim()
  .max(60, 'Use até 60 caracteres.')
  .refine((v) => /^[\d\s.-]*$/.test(v), 'Código de barras inválido: use só números.')
  .nullish()
  .transform((v) => (v ? v.replace(/\D/g, '') : null));
const pixText = z
  .string()
  .trim()
  .max(512, 'Use até 512 caracteres.')
  .nullish()
  .transform((v) => v || null);

export const installmentInput = z.object({
  dueDate: dateInput('Informe o vencimento.'),
  amount: amountInput('Informe o valor da parcela.'),
  barcode: barcodeText,
  pixCode: pixText,
});

/** A late-payment rate left blank is no charge. */
const optionalRate = z
  .union([z.literal(''), z.null(), percentInput()])
  .optional()
  .transform((v) => (v === '' || v === null || v === undefined ? 0 : v));

const shareTotal = (lines: { share: number }[]) => lines.reduce((sum, l) => sum + l.share, 0);

const documentFields = {
  partyId: optionalId,
  /** A party created with the document, when it is not registered yet. */
  newParty: partyInput.nullish().transform((v) => v ?? null),
  description: requiredText(200, 'Descreva o título.'),
  documentNumber: optionalText(60),
  documentType: z.enum(DOCUMENT_TYPES, 'Escolha o tipo de documento.'),
  issueDate: dateInput('Informe a data de emissão.'),
  competence: competenceInput,
  paymentMethodId: optionalId,
  accountId: optionalId,
  notes: optionalText(2000),
  grossAmount: amountInput('Informe o valor do título.'),
  interestRate: optionalRate,
  fineRate: optionalRate,
  /** Empty: the apportionment template given, if any, is applied to the amount. */
  lines: z.array(documentLineInput).max(100, 'Use até 100 linhas de rateio.').default([]),
  apportionmentTemplateId: optionalId,
  taxes: z.array(documentTaxInput).max(20, 'Use até 20 impostos.').default([]),
  installments: z
    .array(installmentInput, 'Inclua as parcelas.')
    .min(1, 'Inclua ao menos uma parcela.')
    .max(MAX_INSTALLMENTS, `Use até ${MAX_INSTALLMENTS} parcelas.`),
};

interface DocumentShape {
  partyId: string | null;
  newParty: unknown;
  issueDate: string;
  lines: { share: number; classificationId: string; costCentreId: string }[];
  apportionmentTemplateId: string | null;
  taxes: { taxTypeId: string }[];
  installments: { dueDate: string }[];
}

function checkDocument(d: DocumentShape, ctx: z.RefinementCtx) {
  if (!d.partyId && !d.newParty) {
    ctx.addIssue({
      code: 'custom',
      path: ['partyId'],
      message: 'Escolha o fornecedor ou cliente, ou cadastre um novo.',
    });
  }
  if (d.partyId && d.newParty) {
    ctx.addIssue({
      code: 'custom',
      path: ['newParty'],
      message: 'Escolha uma parte cadastrada ou cadastre uma nova, não as duas.',
    });
  }
  if (d.lines.length > 0) {
    const total = shareTotal(d.lines);
    if (total !== WHOLE) {
      ctx.addIssue({
        code: 'custom',
        path: ['lines'],
        message: `A soma dos percentuais do rateio deve ser exatamente 100%; hoje é ${formatPercent(total)}.`,
      });
    }
    const keys = d.lines.map((l) => `${l.costCentreId}:${l.classificationId}`);
    if (new Set(keys).size !== keys.length) {
      ctx.addIssue({ code: 'custom', path: ['lines'], message: 'Há linhas de rateio repetidas: junte as iguais.' });
    }
  } else if (!d.apportionmentTemplateId) {
    ctx.addIssue({ code: 'custom', path: ['lines'], message: 'Informe a classificação e o centro de custo.' });
  }
  d.installments.forEach((installment, i) => {
    if (installment.dueDate < d.issueDate) {
      ctx.addIssue({
        code: 'custom',
        path: ['installments', i, 'dueDate'],
        message: `O vencimento da parcela ${i + 1} não pode ser antes da emissão.`,
      });
    }
  });
  const taxIds = d.taxes.map((t) => t.taxTypeId);
  if (new Set(taxIds).size !== taxIds.length) {
    ctx.addIssue({ code: 'custom', path: ['taxes'], message: 'Cada imposto entra uma vez só.' });
  }
}

/** A payable or receivable document with its apportionment, taxes and installments. */
export const documentCreateInput = z
  .object({ kind: kindInput, ...documentFields })
  .superRefine(checkDocument)
  .and(idempotencyKeyInput);
export type DocumentCreateInput = z.input<typeof documentCreateInput>;
export type DocumentCreate = z.output<typeof documentCreateInput>;

/**
 * A change to a document. Before any settlement everything may change (installments are written again); once money
 * moved only notes, barcodes / PIX codes and due dates may, which the server enforces.
 */
export const documentUpdateInput = z
  .object({
    id: ledgerId('Título inválido.'),
    version: z.number('Versão inválida.').int('Versão inválida.').min(1, 'Versão inválida.'),
    ...documentFields,
    /** The installments' ids, in order, when they are kept (their due dates, barcodes, PIX codes may change). */
    installmentIds: z.array(z.uuid('Parcela inválida.')).max(MAX_INSTALLMENTS).optional(),
  })
  .superRefine(checkDocument);
export type DocumentUpdateInput = z.input<typeof documentUpdateInput>;
export type DocumentUpdate = z.output<typeof documentUpdateInput>;

export const LEDGER_SORTS = ['dueDate', 'amount', 'open', 'party', 'documentNumber', 'status'] as const;
export type LedgerSort = (typeof LEDGER_SORTS)[number];

const optionalDate = z
  .union([z.literal(''), z.null(), dateInput()])
  .optional()
  .transform((v) => v || null);
/** A bound of an amount filter: none, or centavos from zero (a bound past the largest amount is the largest). */
export const optionalAmountFilter = centavosInput({ min: 0 })
  .nullish()
  .transform((v) => (v === undefined || v === null ? null : Math.min(v, MAX_AMOUNT)));

export const installmentFilters = z
  .object({
    status: z.array(z.enum(LIST_STATUSES, 'Situação inválida.')).max(LIST_STATUSES.length).default([]),
    dueFrom: optionalDate,
    dueTo: optionalDate,
    partyId: optionalId,
    classificationId: optionalId,
    costCentreId: optionalId,
    accountId: optionalId,
    paymentMethodId: optionalId,
    documentNumber: optionalText(60),
    amountMin: optionalAmountFilter,
    amountMax: optionalAmountFilter,
    search: optionalText(100),
  })
  .default({
    status: [],
    dueFrom: null,
    dueTo: null,
    partyId: null,
    classificationId: null,
    costCentreId: null,
    accountId: null,
    paymentMethodId: null,
    documentNumber: null,
    amountMin: null,
    amountMax: null,
    search: null,
  });
export type InstallmentFilters = z.output<typeof installmentFilters>;

export const installmentListInput = z.object({
  kind: kindInput,
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(200).default(50),
  sort: z.enum(LEDGER_SORTS).default('dueDate'),
  desc: z.boolean().default(false),
  filters: installmentFilters,
});
export type InstallmentListInput = z.input<typeof installmentListInput>;

export const installmentExportInput = z.object({
  kind: kindInput,
  sort: z.enum(LEDGER_SORTS).default('dueDate'),
  desc: z.boolean().default(false),
  filters: installmentFilters,
});

const reason = (empty: string) => requiredText(500, empty);

export const documentCancelInput = z.object({
  kind: kindInput,
  ids: z
    .array(z.uuid('Título inválido.'), 'Escolha os títulos.')
    .min(1, 'Escolha ao menos um título.')
    .max(500, 'Cancele até 500 títulos de uma vez.'),
  reason: reason('Informe o motivo do cancelamento.'),
});

export const rescheduleInput = z.object({
  kind: kindInput,
  installmentIds: z
    .array(z.uuid('Parcela inválida.'), 'Escolha as parcelas.')
    .min(1, 'Escolha ao menos uma parcela.')
    .max(500, 'Reprograme até 500 parcelas de uma vez.'),
  dueDate: dateInput('Informe o novo vencimento.'),
});

export const settlementItemInput = z.object({
  installmentId: z.uuid('Parcela inválida.'),
  principal: amountInput('Informe o valor pago da parcela.'),
  interest: chargeInput.default(0),
  fine: chargeInput.default(0),
  discount: chargeInput.default(0),
});

export const settleInput = z
  .object({
    kind: kindInput,
    paidDate: dateInput('Informe a data do pagamento.'),
    accountId: ledgerId('Escolha a conta.'),
    paymentMethodId: optionalId,
    fees: chargeInput.default(0),
    notes: optionalText(2000),
    items: z
      .array(settlementItemInput, 'Escolha as parcelas.')
      .min(1, 'Escolha ao menos uma parcela.')
      .max(1000, 'Baixe até 1.000 parcelas de uma vez.'),
  })
  .superRefine((s, ctx) => {
    const ids = s.items.map((i) => i.installmentId);
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', path: ['items'], message: 'Cada parcela entra uma vez só na baixa.' });
    }
    s.items.forEach((item, i) => {
      if (item.discount > item.principal + item.interest + item.fine) {
        ctx.addIssue({
          code: 'custom',
          path: ['items', i, 'discount'],
          message: 'O desconto não pode passar do valor pago.',
        });
      }
    });
  })
  .and(idempotencyKeyInput);
export type SettleInput = z.input<typeof settleInput>;

export const reverseInput = z
  .object({
    paymentId: ledgerId('Pagamento inválido.'),
    reason: reason('Informe o motivo do estorno.'),
  })
  .and(idempotencyKeyInput);
export type ReverseInput = z.input<typeof reverseInput>;

import { z } from 'zod';
import {
  amountInput,
  competenceInput,
  installmentInput,
  MAX_AMOUNT,
  MAX_INSTALLMENTS,
  optionalAmountFilter,
} from '../ledger/inputs';
import { idempotencyKeyInput } from '../idempotency';
import type { Centavos } from '../money';
import { PRODUCT_UNITS } from '../registries/parameters';
import { centavosInput, dateInput, integerInput, optionalId, optionalText, requiredText } from '../registries/fields';
import { MAX_PURCHASE_REASON, PURCHASE_ORDER_STATUSES } from './statuses';
import { NFE_DIFFERENCE_CHOICES } from './nfe';

/** Quantities are kept in thousandths (2,5 kg is 2500), so that a line's total is exact integer arithmetic. */
export const QUANTITY_SCALE = 1000;
export const MAX_QUANTITY = 1_000_000 * QUANTITY_SCALE;
export const MAX_PURCHASE_ITEMS = 100;
export const MAX_QUOTATIONS = 3;

const QUANTITY_TEXT = /^(\d{1,7})(?:[,.](\d{1,3}))?$/;

/** A quantity from a number or from "2,5" / "1.000" as typed, in thousandths; up to three decimals. */
export const quantityInput = z.union([z.number(), z.string()], 'Informe a quantidade.').transform((v, ctx): number => {
  let value: number | null = null;
  if (typeof v === 'number') value = Number.isFinite(v) ? Math.round(v * QUANTITY_SCALE) : null;
  else {
    const match = QUANTITY_TEXT.exec(v.trim().replace(/\.(?=\d{3}(?:\D|$))/g, ''));
    if (match?.[1]) value = Number(match[1]) * QUANTITY_SCALE + Number((match[2] ?? '').padEnd(3, '0'));
  }
  if (value === null || !Number.isSafeInteger(value) || value <= 0 || value > MAX_QUANTITY) {
    ctx.addIssue({ code: 'custom', message: 'Quantidade inválida: use um número maior que zero, como 2,5.' });
    return z.NEVER;
  }
  return value;
});

/** A line's total in centavos: quantity (thousandths) × unit price, rounded half up, exactly. */
export function purchaseLineTotal(quantity: number, unitPrice: Centavos): Centavos {
  const product = BigInt(quantity) * BigInt(unitPrice);
  const scale = BigInt(QUANTITY_SCALE);
  return Number((product + scale / 2n) / scale);
}

export function purchaseOrderTotal(items: readonly { quantity: number; unitPrice: Centavos }[]): Centavos {
  return items.reduce((sum, item) => sum + purchaseLineTotal(item.quantity, item.unitPrice), 0);
}

export const purchaseItemInput = z.object({
  productId: optionalId,
  description: requiredText(200, 'Descreva o item.'),
  quantity: quantityInput,
  unit: z.enum(PRODUCT_UNITS, 'Escolha a unidade de medida.'),
  unitPrice: centavosInput({ min: 1, empty: 'Informe o preço unitário.' }),
});
export type PurchaseItem = z.output<typeof purchaseItemInput>;

export const purchaseQuotationInput = z.object({
  supplierId: z.uuid('Escolha o fornecedor da cotação.'),
  total: amountInput('Informe o valor da cotação.'),
  deliveryDays: z
    .union([z.literal(''), z.null(), integerInput(0, 365, 'Prazo de entrega inválido: use de 0 a 365 dias.')])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v)),
  paymentTerms: optionalText(200),
  notes: optionalText(500),
});
export type PurchaseQuotation = z.output<typeof purchaseQuotationInput>;

const optionalDate = z
  .union([z.literal(''), z.null(), dateInput()])
  .optional()
  .transform((v) => v || null);

/**
 * A purchase order as its requester writes it: the department it buys for, items (a product or free text), the
 * supplier, when it is needed and why, the classification and cost centre the payable will carry (they may be left
 * for whoever concludes), and up to three quotations from different suppliers, the chosen one justified when there
 * is more than one. The chosen quotation's supplier is the order's.
 */
export const purchaseOrderInput = z
  .object({
    departmentId: z.uuid('Escolha o departamento.'),
    supplierId: optionalId,
    neededBy: optionalDate,
    justification: requiredText(2000, 'Explique por que a compra é necessária.'),
    classificationId: optionalId,
    costCentreId: optionalId,
    items: z
      .array(purchaseItemInput, 'Inclua os itens do pedido.')
      .min(1, 'Inclua ao menos um item.')
      .max(MAX_PURCHASE_ITEMS, `Use até ${MAX_PURCHASE_ITEMS} itens.`),
    quotations: z
      .array(purchaseQuotationInput)
      .max(MAX_QUOTATIONS, `Compare até ${MAX_QUOTATIONS} cotações.`)
      .default([]),
    /** The position of the chosen quotation in `quotations`. */
    chosenQuotation: z
      .number()
      .int()
      .min(0)
      .max(MAX_QUOTATIONS - 1)
      .nullish()
      .transform((v) => v ?? null),
    quotationReason: optionalText(500),
  })
  .superRefine((order, ctx) => {
    const total = purchaseOrderTotal(order.items);
    if (total > MAX_AMOUNT)
      ctx.addIssue({ code: 'custom', path: ['items'], message: 'O valor do pedido é alto demais.' });
    const suppliers = order.quotations.map((q) => q.supplierId);
    if (new Set(suppliers).size !== suppliers.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['quotations'],
        message: 'Cada cotação deve ser de um fornecedor diferente.',
      });
    }
    if (order.quotations.length === 0) return;
    const chosen = order.chosenQuotation === null ? undefined : order.quotations[order.chosenQuotation];
    if (!chosen) {
      ctx.addIssue({ code: 'custom', path: ['chosenQuotation'], message: 'Escolha uma das cotações.' });
      return;
    }
    if (order.quotations.length > 1 && !order.quotationReason) {
      ctx.addIssue({ code: 'custom', path: ['quotationReason'], message: 'Justifique a cotação escolhida.' });
    }
    if (order.supplierId && order.supplierId !== chosen.supplierId) {
      ctx.addIssue({
        code: 'custom',
        path: ['supplierId'],
        message: 'O fornecedor do pedido deve ser o da cotação escolhida.',
      });
    }
  })
  .transform((order) => {
    const chosen = order.chosenQuotation === null ? undefined : order.quotations[order.chosenQuotation];
    return { ...order, supplierId: chosen?.supplierId ?? order.supplierId };
  });
export type PurchaseOrderInput = z.input<typeof purchaseOrderInput>;
export type PurchaseOrder = z.output<typeof purchaseOrderInput>;

const orderId = z.uuid('Pedido inválido.');
const version = z.number('Versão inválida.').int('Versão inválida.').min(1, 'Versão inválida.');
const reasonInput = (empty: string) => requiredText(MAX_PURCHASE_REASON, empty);

export const purchaseOrderCreateInput = z.object({ order: purchaseOrderInput }).and(idempotencyKeyInput);
export const purchaseOrderUpdateInput = z.object({ id: orderId, version, order: purchaseOrderInput });

/** A transition other than editing and concluding, on one order at the version the caller saw. */
export const purchaseTransitionInput = z.discriminatedUnion('type', [
  z.object({ type: z.literal('enviar'), id: orderId, version }),
  z.object({ type: z.literal('aprovar'), id: orderId, version }),
  z.object({
    type: z.literal('reprovar'),
    id: orderId,
    version,
    reason: reasonInput('Informe o motivo da reprovação.'),
  }),
  z.object({
    type: z.literal('cancelar'),
    id: orderId,
    version,
    reason: reasonInput('Informe o motivo do cancelamento.'),
  }),
]);
export type PurchaseTransitionInput = z.input<typeof purchaseTransitionInput>;

export const purchaseBulkApproveInput = z.object({
  orders: z
    .array(z.object({ id: orderId, version }), 'Escolha os pedidos.')
    .min(1, 'Escolha ao menos um pedido.')
    .max(200, 'Aprove até 200 pedidos de uma vez.'),
});

/**
 * Concluding an approved order: the payable's installments (from the NF-e's duplicatas when one is given), the
 * classification and cost centre when the order left them open, and optionally the supplier's NF-e XML.
 */
export const purchaseConcludeInput = z.object({
  id: orderId,
  version,
  classificationId: optionalId,
  costCentreId: optionalId,
  paymentMethodId: optionalId,
  accountId: optionalId,
  documentNumber: optionalText(60),
  issueDate: dateInput('Informe a data de emissão.'),
  /**
   * The competence chosen when the issue's month is closed in the order's unit: the first open month after it, as
   * `purchasing.competence` proposes. Absent, the issue's month.
   */
  competence: competenceInput.nullish().transform((v) => v ?? null),
  installments: z
    .array(installmentInput, 'Inclua as parcelas.')
    .min(1, 'Inclua ao menos uma parcela.')
    .max(MAX_INSTALLMENTS, `Use até ${MAX_INSTALLMENTS} parcelas.`),
  /** The NF-e's XML text, when the supplier sent one. */
  nfeXml: z
    .string()
    .max(5_000_000, 'O XML da NF-e passa de 5 MB.')
    .nullish()
    .transform((v) => v || null),
  /** What the difference is when the note's duplicatas do not add up to its total (a discount lowers the payable). */
  nfeDifference: z
    .enum(NFE_DIFFERENCE_CHOICES, 'Escolha como tratar a diferença das duplicatas.')
    .nullish()
    .transform((v) => v ?? null),
  idempotencyKey: z.uuid('Chave de envio inválida.').optional(),
});
export type PurchaseConcludeInput = z.input<typeof purchaseConcludeInput>;

/** The month a conclusion issued on a date books in the order's unit (`purchasing.competence`). */
export const purchaseCompetenceInput = z.object({ id: orderId, issueDate: dateInput('Informe a data de emissão.') });

export const PURCHASE_SORTS = ['number', 'createdAt', 'total', 'neededBy', 'supplier', 'requester'] as const;

export const purchaseListFilters = z
  .object({
    departmentId: optionalId,
    requesterId: optionalId,
    supplierId: optionalId,
    from: optionalDate,
    to: optionalDate,
    amountMin: optionalAmountFilter,
    amountMax: optionalAmountFilter,
    search: optionalText(100),
  })
  .default({
    departmentId: null,
    requesterId: null,
    supplierId: null,
    from: null,
    to: null,
    amountMin: null,
    amountMax: null,
    search: null,
  });
export type PurchaseListFilters = z.output<typeof purchaseListFilters>;

export const purchaseListInput = z.object({
  status: z.enum(PURCHASE_ORDER_STATUSES, 'Situação inválida.'),
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(200).default(50),
  sort: z.enum(PURCHASE_SORTS).default('createdAt'),
  desc: z.boolean().default(true),
  filters: purchaseListFilters,
});
export type PurchaseListInput = z.input<typeof purchaseListInput>;

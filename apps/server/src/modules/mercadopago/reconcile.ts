import { and, asc, between, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  mercadoPagoPostings,
  MercadoPagoPostingError,
  WHOLE,
  type MercadoPagoAllocation,
  type MercadoPagoFeeKind,
  type MercadoPagoMatchReason,
} from '@financeiro/core';
import { insertMany } from '../../db/insert-many';
import { ConflictError, InvalidInputError, NotFoundError, isUniqueViolation } from '../../errors';
import { auditEach } from '../audit';
import {
  createDocument,
  cancelDocuments,
  createManualEntries,
  reverseMovement,
  reversePayment,
  settleMany,
  type LedgerScope,
  ledgerInstallmentsView,
  ledgerSettlementsView,
} from '../ledger';
import { settingsFor, type MercadoPagoSettings } from './settings';
import type { AccountPeriod } from './suggest';
import type { MERCADOPAGO_RECONCILIATION_ORIGINS } from './schema';
import { mercadopagoReconciliationEntries, mercadopagoReconciliations, mercadopagoSettlements } from './schema';

/*
 * Reconciling Mercado Pago's settlement report with the ledger (decision 0023). An approved sale settles its
 * receivable installments on the approval day through a receipt into the "saldo a liberar" account, by gross +
 * coupon with the coupon as the discount given; its fees by kind are manual entries out of that account with the
 * fee classification; what stays there is the net, which the release report later moves to the available account.
 * A refund, chargeback or dispute of a reconciled sale reverses the sale's receipt and settles again what stays
 * settled, and books the fees it gives back or charges. Every write goes through the ledger's functions, in the
 * caller's transaction; nothing is deleted: undoing reverses.
 */

type Settlement = typeof mercadopagoSettlements.$inferSelect;
type Origin = (typeof MERCADOPAGO_RECONCILIATION_ORIGINS)[number];

export const SALE_NOT_FOUND = 'Venda do Mercado Pago não encontrada nesta organização.';
const SALE_TAKEN = 'Esta venda acabou de ser conciliada por outra pessoa. Atualize a tela.';
const NOTHING_TO_UNDO = 'Esta venda não está conciliada.';

const FEE_LABELS: Record<Exclude<MercadoPagoFeeKind, 'coupon'>, string> = {
  processing: 'tarifa de processamento',
  marketplace: 'comissão do Mercado Livre',
  financing: 'custo de parcelamento',
  shipping: 'frete',
  taxes: 'impostos retidos',
};

const TYPE_LABELS: Record<string, string> = {
  REFUND: 'Devolução',
  CHARGEBACK: 'Contestação',
  DISPUTE: 'Disputa',
};

/**
 * Serializes reconciliation of one account: two requests reconciling (or undoing) sales of one account run one after
 * the other, and the second sees what the first wrote.
 */
export async function lockAccount(scope: LedgerScope, accountId: string): Promise<void> {
  await scope.tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mercadopago:${accountId}`}, 0))`);
}

/** The account's settlement rows by id, every one of them, or a pt-BR 404. */
export async function settlementRows(scope: LedgerScope, ids: string[]): Promise<Settlement[]> {
  const rows: Settlement[] = [];
  for (const chunk of chunks(ids)) {
    rows.push(
      ...(await scope.tx
        .select()
        .from(mercadopagoSettlements)
        .where(
          and(
            eq(mercadopagoSettlements.organizationId, scope.tenant.organizationId),
            inArray(mercadopagoSettlements.id, chunk),
          ),
        )),
    );
  }
  if (rows.length !== new Set(ids).size) throw new NotFoundError(SALE_NOT_FOUND);
  return rows;
}

/** Ids a few thousand at a time: a statement's parameters stay far below PostgreSQL's limit. */
function chunks<T>(items: readonly T[], size = 2_000): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** One settlement row of the organization; the caller checks the account is the unit's. */
export async function settlementRow(scope: LedgerScope, id: string): Promise<Settlement> {
  const [row] = await settlementRows(scope, [id]);
  if (!row) throw new NotFoundError(SALE_NOT_FOUND);
  return row;
}

async function liveReconciliation(scope: LedgerScope, settlementId: string) {
  const [row] = await scope.tx
    .select()
    .from(mercadopagoReconciliations)
    .where(
      and(
        eq(mercadopagoReconciliations.organizationId, scope.tenant.organizationId),
        eq(mercadopagoReconciliations.settlementId, settlementId),
        isNull(mercadopagoReconciliations.undoneAt),
      ),
    );
  return row ?? null;
}

const postingsError = (error: unknown) =>
  error instanceof MercadoPagoPostingError ? new InvalidInputError(error.message) : error;

const forPostings = (row: Settlement) => ({
  sourceId: row.sourceId,
  transactionType: row.transactionType,
  gross: row.gross,
  fees: {
    processing: row.processingFee,
    marketplace: row.marketplaceFee,
    financing: row.financingFee,
    shipping: row.shippingFee,
    taxes: row.taxes,
  },
  net: row.net,
  coupon: row.coupon,
  approvalDay: row.approvalDay,
  releaseDay: row.settlementDay,
});

/**
 * Settles allocations on a day through one receipt into "saldo a liberar", the coupon given as the discount of the
 * last installments (at most what each settles): what moves into the account is the amount less the coupon.
 */
function receipt(
  settings: MercadoPagoSettings,
  allocations: readonly MercadoPagoAllocation[],
  coupon: number,
  date: string,
  notes: string,
) {
  let discount = coupon;
  const items = allocations
    .toReversed()
    .map((a) => {
      const part = Math.min(discount, a.amount);
      discount -= part;
      return { installmentId: a.installmentId, principal: a.amount, interest: 0, fine: 0, discount: part };
    })
    .toReversed();
  return {
    kind: 'receivable' as const,
    paidDate: date,
    accountId: settings.pendingAccountId,
    paymentMethodId: settings.paymentMethodId,
    fees: 0,
    notes,
    items,
  };
}

/** One receipt into "saldo a liberar" (see `receipt`); its payment's id. */
async function receive(scope: LedgerScope, ...args: Parameters<typeof receipt>): Promise<string> {
  const [paid] = await settleMany(scope, [receipt(...args)]);
  if (!paid) throw new ConflictError('O recebimento não foi registrado. Nada foi conciliado.');
  return paid.paymentId;
}

/**
 * Rows' fees as manual entries in "saldo a liberar" on each row's day, out when charged, in when given back, and the
 * entries kept with the reconciliation that made them.
 */
async function bookFees(
  scope: LedgerScope,
  settings: MercadoPagoSettings,
  items: { row: Settlement; reconciliationId: string; fees: { kind: MercadoPagoFeeKind; amount: number }[] }[],
): Promise<void> {
  const wanted = items.flatMap(({ row, reconciliationId, fees }) =>
    fees
      .filter((fee): fee is { kind: Exclude<MercadoPagoFeeKind, 'coupon'>; amount: number } => fee.kind !== 'coupon')
      .filter((fee) => fee.amount !== 0)
      .map((fee) => ({ row, reconciliationId, fee })),
  );
  if (wanted.length === 0) return;
  const movements = await createManualEntries(
    scope,
    wanted.map(({ row, fee }) => {
      const label = FEE_LABELS[fee.kind];
      return {
        accountId: settings.pendingAccountId,
        date: row.approvalDay,
        direction: fee.amount > 0 ? ('out' as const) : ('in' as const),
        amount: Math.abs(fee.amount),
        classificationId: settings.feeClassificationId,
        costCentreId: settings.costCentreId,
        description: `Mercado Pago: ${fee.amount > 0 ? label : `${label} devolvida`} — pagamento ${row.sourceId}`,
      };
    }),
  );
  const entries = wanted.map(({ reconciliationId, fee }, k) => ({
    id: uuidv7(),
    organizationId: scope.tenant.organizationId,
    reconciliationId,
    movementId: movements[k]?.movementId ?? '',
    kind: fee.kind,
  }));
  await insertMany(scope.tx, mercadopagoReconciliationEntries, entries);
}

type NewRecord = Omit<
  typeof mercadopagoReconciliations.$inferInsert,
  'organizationId' | 'unitId' | 'accountId' | 'settlementId' | 'createdBy'
> & { id: string };

/** The reconciliations of rows; a row reconciled meanwhile by someone else refuses them all. */
async function record(scope: LedgerScope, items: { row: Settlement; values: NewRecord }[]): Promise<void> {
  const rows = items.map(({ row, values }) => ({
    ...values,
    organizationId: scope.tenant.organizationId,
    unitId: scope.tenant.unitId,
    accountId: row.accountId,
    settlementId: row.id,
    createdBy: scope.user.userId,
  }));
  try {
    await insertMany(scope.tx, mercadopagoReconciliations, rows);
  } catch (error) {
    if (isUniqueViolation(error, 'mercadopago_reconciliations_live_key')) throw new ConflictError(SALE_TAKEN);
    throw error;
  }
}

function mustBeSale(row: Settlement): void {
  if (row.transactionType !== 'SETTLEMENT' || row.gross <= 0) {
    throw new InvalidInputError(`A operação ${row.sourceId} não é uma venda aprovada.`);
  }
}

export interface SaleReconciliation {
  /** The installments the sale settles, adding up to its gross + coupon; empty with `documentId` to create one. */
  allocations: MercadoPagoAllocation[];
  origin: Exclude<Origin, 'reversal'>;
  score?: number;
  reasons?: MercadoPagoMatchReason[];
  /** The receivable just created for the sale. */
  documentId?: string;
}

/**
 * Reconciles approved sales: their receipts, their fees, the records, a few statements for all of them; then the
 * refunds, chargebacks and disputes of those sales already imported. The account must be locked (`lockAccount`) and
 * its settings read by the caller.
 */
async function writeSales(
  scope: LedgerScope,
  settings: MercadoPagoSettings,
  sales: { row: Settlement; how: SaleReconciliation }[],
): Promise<{ reconciled: number; reversals: number }> {
  if (sales.length === 0) return { reconciled: 0, reversals: 0 };
  sales.forEach(({ row }) => mustBeSale(row));
  const ids = sales.map(({ row }) => row.id);
  for (const chunk of chunks(ids)) {
    const [taken] = await scope.tx
      .select({ id: mercadopagoReconciliations.id })
      .from(mercadopagoReconciliations)
      .where(
        and(
          eq(mercadopagoReconciliations.organizationId, scope.tenant.organizationId),
          inArray(mercadopagoReconciliations.settlementId, chunk),
          isNull(mercadopagoReconciliations.undoneAt),
        ),
      )
      .limit(1);
    if (taken) throw new ConflictError(SALE_TAKEN);
  }
  const planned = sales.map(({ row, how }) => {
    let postings;
    try {
      postings = mercadoPagoPostings(forPostings(row), how.allocations);
    } catch (error) {
      throw postingsError(error);
    }
    if (postings.kind !== 'sale' || !postings.settle)
      throw new InvalidInputError('Escolha as parcelas que esta venda quita.');
    return { row, how, fees: postings.fees, allocations: postings.settle.installments, id: uuidv7() };
  });
  const paid = await settleMany(
    scope,
    planned.map(({ row, allocations }) =>
      receipt(settings, allocations, row.coupon, row.approvalDay, `Mercado Pago — pagamento ${row.sourceId}`),
    ),
  );
  const payments = planned.map((p, k) => paid[k]?.paymentId ?? null);
  await record(
    scope,
    planned.map(({ row, how, id }, k) => ({
      row,
      values: {
        id,
        origin: how.origin,
        paymentId: payments[k],
        documentId: how.documentId ?? null,
        score: how.score ?? null,
        reasons: how.reasons ?? null,
      },
    })),
  );
  await bookFees(
    scope,
    settings,
    planned.map(({ row, id, fees }) => ({ row, reconciliationId: id, fees })),
  );
  await auditEach(
    scope,
    planned.map(({ row, how }, k) => ({
      action: 'mercadopago_reconciliation.reconcile',
      entity: 'financial_account',
      entityId: row.accountId,
      after: {
        settlementId: row.id,
        sourceId: row.sourceId,
        origin: how.origin,
        gross: row.gross,
        net: row.net,
        paymentId: payments[k],
        ...(how.documentId ? { documentId: how.documentId } : {}),
      },
    })),
  );
  let reversals = 0;
  const withReversals = await soldWithReversals(
    scope,
    settings.accountId,
    planned.map(({ row }) => row.sourceId),
  );
  for (const { row, id } of planned) {
    if (withReversals.has(row.sourceId)) reversals += await applyReversals(scope, settings, row, id);
  }
  return { reconciled: planned.length, reversals };
}

/** Which of these payment ids have refunds, chargebacks or disputes imported and not yet reconciled. */
async function soldWithReversals(scope: LedgerScope, accountId: string, sourceIds: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const chunk of chunks([...new Set(sourceIds)])) {
    const rows = await scope.tx
      .selectDistinct({ sourceId: mercadopagoSettlements.sourceId })
      .from(mercadopagoSettlements)
      .where(
        and(
          eq(mercadopagoSettlements.organizationId, scope.tenant.organizationId),
          eq(mercadopagoSettlements.accountId, accountId),
          inArray(mercadopagoSettlements.sourceId, chunk),
          inArray(mercadopagoSettlements.transactionType, Object.keys(TYPE_LABELS)),
        ),
      );
    for (const row of rows) found.add(row.sourceId);
  }
  return found;
}

/** The records of a sale's chain (the sale's and its reversals'), live ones, oldest first. */
async function chainOf(scope: LedgerScope, saleReconciliationId: string) {
  return scope.tx
    .select()
    .from(mercadopagoReconciliations)
    .where(
      and(
        eq(mercadopagoReconciliations.organizationId, scope.tenant.organizationId),
        isNull(mercadopagoReconciliations.undoneAt),
        sql`(${mercadopagoReconciliations.id} = ${saleReconciliationId} or ${mercadopagoReconciliations.saleId} = ${saleReconciliationId})`,
      ),
    )
    .orderBy(asc(mercadopagoReconciliations.createdAt), asc(mercadopagoReconciliations.id));
}

/** What a receipt settled of each installment (its principal), in the order it was written. */
async function settledBy(scope: LedgerScope, paymentId: string): Promise<MercadoPagoAllocation[]> {
  const rows = await scope.tx
    .select({ installmentId: ledgerSettlementsView.installmentId, amount: ledgerSettlementsView.principal })
    .from(ledgerSettlementsView)
    .where(
      and(
        eq(ledgerSettlementsView.organizationId, scope.tenant.organizationId),
        eq(ledgerSettlementsView.paymentId, paymentId),
      ),
    )
    .orderBy(asc(ledgerSettlementsView.id));
  return rows;
}

/** What the sale first settled that is not settled now, per installment, in the first receipt's order. */
function reopened(first: MercadoPagoAllocation[], now: MercadoPagoAllocation[]): MercadoPagoAllocation[] {
  const settledNow = new Map(now.map((a) => [a.installmentId, a.amount]));
  return first
    .map((a) => ({ installmentId: a.installmentId, amount: a.amount - (settledNow.get(a.installmentId) ?? 0) }))
    .filter((a) => a.amount > 0);
}

/**
 * Applies the refunds, chargebacks and disputes of a reconciled sale that are imported and not yet reconciled, in the
 * order they happened. Each reverses the sale's current receipt and settles again what stays settled.
 */
export async function applyReversals(
  scope: LedgerScope,
  settings: MercadoPagoSettings,
  sale: Settlement,
  saleReconciliationId: string,
): Promise<number> {
  const rows = await scope.tx
    .select()
    .from(mercadopagoSettlements)
    .where(
      and(
        eq(mercadopagoSettlements.organizationId, scope.tenant.organizationId),
        eq(mercadopagoSettlements.accountId, sale.accountId),
        eq(mercadopagoSettlements.sourceId, sale.sourceId),
        inArray(mercadopagoSettlements.transactionType, Object.keys(TYPE_LABELS)),
        sql`not exists (select 1 from mercadopago_reconciliations r where r.organization_id = ${mercadopagoSettlements.organizationId}
          and r.settlement_id = ${mercadopagoSettlements.id} and r.undone_at is null)`,
      ),
    )
    .orderBy(asc(mercadopagoSettlements.transactionAt), asc(mercadopagoSettlements.id));
  for (const row of rows) {
    const chain = await chainOf(scope, saleReconciliationId);
    const current = chain.at(-1)?.paymentId ?? null;
    const settled = current ? await settledBy(scope, current) : [];
    // Money taken back (negative) reopens what is settled now; money given back to the seller (a dispute won)
    // settles again what earlier reversals reopened of what the sale first settled.
    const base = row.gross < 0 ? settled : reopened(await settledBy(scope, chain[0]?.paymentId ?? ''), settled);
    let postings;
    try {
      postings = mercadoPagoPostings(forPostings(row), base);
    } catch (error) {
      throw postingsError(error);
    }
    if (postings.kind !== 'reversal') throw new InvalidInputError(`A operação ${row.sourceId} não desfaz uma venda.`);
    const what = `${TYPE_LABELS[row.transactionType] ?? row.transactionType} do pagamento ${row.sourceId} no Mercado Pago`;
    let paymentId = current;
    if (postings.settle) {
      const after = new Map(settled.map((a) => [a.installmentId, a.amount]));
      for (const delta of postings.settle.installments) {
        after.set(delta.installmentId, (after.get(delta.installmentId) ?? 0) + delta.amount);
      }
      const remaining = [...after]
        .map(([installmentId, amount]) => ({ installmentId, amount }))
        .filter((a) => a.amount > 0);
      if (current) await reversePayment(scope, { paymentId: current, reason: what });
      // The coupon stays given while some of what the buyer paid stays; when all of it went back, all reopens.
      const stays = remaining.reduce((sum, a) => sum + a.amount, 0) - sale.coupon;
      paymentId =
        stays <= 0
          ? null
          : await receive(
              scope,
              settings,
              remaining,
              sale.coupon,
              sale.approvalDay,
              `Mercado Pago — pagamento ${sale.sourceId}, depois da ${what.toLowerCase()}`,
            );
    }
    const id = uuidv7();
    await record(scope, [
      {
        row,
        values: {
          id,
          origin: 'reversal',
          saleId: saleReconciliationId,
          paymentId,
          reversedPaymentId: postings.settle ? current : null,
        },
      },
    ]);
    await bookFees(scope, settings, [{ row, reconciliationId: id, fees: postings.fees }]);
  }
  return rows.length;
}

/** Reconciles sales by the allocations given (each sale's suggestion, or a person's choice). */
export async function reconcileSales(
  scope: LedgerScope,
  accountId: string,
  requests: { settlementId: string; how: SaleReconciliation }[],
): Promise<{ reconciled: number; reversals: number }> {
  await lockAccount(scope, accountId);
  const settings = await settingsFor(scope, accountId);
  const rows = await settlementRows(
    scope,
    requests.map((r) => r.settlementId),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return writeSales(
    scope,
    settings,
    requests.map((request) => {
      const row = byId.get(request.settlementId);
      if (!row || row.accountId !== accountId) throw new NotFoundError(SALE_NOT_FOUND);
      return { row, how: request.how };
    }),
  );
}

/**
 * A receivable for a sale that has none, in the unit: the buyer chosen or the account's default customer, the sale's
 * approval day as issue and due date, gross + coupon as its amount; then the sale is reconciled with it.
 */
export async function createReceivableFor(
  scope: LedgerScope,
  row: Settlement,
  input: {
    partyId: string | null;
    classificationId: string | null;
    costCentreId: string | null;
    description: string | null;
  },
): Promise<{ documentId: string }> {
  mustBeSale(row);
  await lockAccount(scope, row.accountId);
  const settings = await settingsFor(scope, row.accountId);
  if (await liveReconciliation(scope, row.id)) throw new ConflictError(SALE_TAKEN);
  const partyId = input.partyId ?? settings.customerId;
  if (!partyId) {
    throw new InvalidInputError(
      'Escolha o cliente, ou defina o cliente padrão nas configurações desta conta do Mercado Pago.',
    );
  }
  const classificationId = input.classificationId ?? settings.receivableClassificationId;
  const costCentreId = input.costCentreId ?? settings.costCentreId;
  const amount = row.gross + row.coupon;
  const { id: documentId } = await createDocument(scope, {
    kind: 'receivable',
    partyId,
    newParty: null,
    description: input.description ?? `Venda no Mercado Pago — pagamento ${row.sourceId}`,
    documentNumber: (row.externalReference ?? row.sourceId).slice(0, 60),
    documentType: 'outros',
    issueDate: row.approvalDay,
    competence: `${row.approvalDay.slice(0, 7)}-01`,
    paymentMethodId: settings.paymentMethodId,
    accountId: row.accountId,
    notes: null,
    grossAmount: amount,
    interestRate: 0,
    fineRate: 0,
    lines: classificationId && costCentreId ? [{ classificationId, costCentreId, share: WHOLE }] : [],
    apportionmentTemplateId: null,
    taxes: [],
    installments: [{ dueDate: row.approvalDay, amount, barcode: null, pixCode: null }],
  });
  const [installment] = await scope.tx
    .select({ id: ledgerInstallmentsView.id })
    .from(ledgerInstallmentsView)
    .where(
      and(
        eq(ledgerInstallmentsView.organizationId, scope.tenant.organizationId),
        eq(ledgerInstallmentsView.documentId, documentId),
      ),
    );
  if (!installment) throw new ConflictError('O título criado não tem parcela. Nada foi registrado.');
  await writeSales(scope, settings, [
    { row, how: { allocations: [{ installmentId: installment.id, amount }], origin: 'created', documentId } },
  ]);
  return { documentId };
}

/**
 * Undoes a sale's reconciliation with its refunds, chargebacks and disputes: the current receipt is reversed, every
 * fee entry of the chain reversed, the records marked undone, and a receivable created for the sale cancelled.
 */
export async function undoSale(scope: LedgerScope, row: Settlement, reason: string): Promise<{ undone: number }> {
  await lockAccount(scope, row.accountId);
  const live = await liveReconciliation(scope, row.id);
  if (!live) throw new InvalidInputError(NOTHING_TO_UNDO);
  if (live.origin === 'reversal') {
    throw new InvalidInputError(
      'Uma devolução, contestação ou disputa se desfaz junto com a venda: desfaça a conciliação da venda.',
    );
  }
  const chain = await chainOf(scope, live.id);
  const current = chain.at(-1)?.paymentId ?? null;
  const why = `Conciliação do Mercado Pago desfeita: ${reason}`.slice(0, 500);
  if (current) await reversePayment(scope, { paymentId: current, reason: why });
  const entries = await scope.tx
    .select({ movementId: mercadopagoReconciliationEntries.movementId })
    .from(mercadopagoReconciliationEntries)
    .where(
      and(
        eq(mercadopagoReconciliationEntries.organizationId, scope.tenant.organizationId),
        inArray(
          mercadopagoReconciliationEntries.reconciliationId,
          chain.map((c) => c.id),
        ),
        // A fee entry someone already reversed in the statement stays reversed once.
        sql`not exists (select 1 from account_movements_view r where r.organization_id = ${mercadopagoReconciliationEntries.organizationId}
          and r.reversal_of = ${mercadopagoReconciliationEntries.movementId})`,
      ),
    )
    .orderBy(desc(mercadopagoReconciliationEntries.movementId));
  for (const entry of entries) await reverseMovement(scope, { movementId: entry.movementId, reason: why });
  await scope.tx
    .update(mercadopagoReconciliations)
    .set({ undoneAt: sql`now()`, undoneBy: scope.user.userId, undoReason: reason })
    .where(
      and(
        eq(mercadopagoReconciliations.organizationId, scope.tenant.organizationId),
        inArray(
          mercadopagoReconciliations.id,
          chain.map((c) => c.id),
        ),
      ),
    );
  if (live.documentId) {
    await cancelDocuments(scope, 'receivable', [live.documentId], why);
  }
  await auditEach(scope, [
    {
      action: 'mercadopago_reconciliation.undo',
      entity: 'financial_account',
      entityId: row.accountId,
      before: { settlementId: row.id, sourceId: row.sourceId, paymentId: current },
      after: { reason },
    },
  ]);
  return { undone: chain.length };
}

/**
 * The refunds, chargebacks and disputes of the period not reconciled whose sale is: imported after the sale was
 * reconciled, they are applied to it.
 */
export async function applyPendingReversals(
  scope: LedgerScope,
  settings: MercadoPagoSettings,
  period: AccountPeriod,
): Promise<number> {
  // The period's reversals not reconciled, by the approval-day index; then the live sales they belong to.
  const reversals = await scope.tx
    .selectDistinct({ sourceId: mercadopagoSettlements.sourceId })
    .from(mercadopagoSettlements)
    .where(
      and(
        eq(mercadopagoSettlements.organizationId, scope.tenant.organizationId),
        eq(mercadopagoSettlements.accountId, period.accountId),
        between(mercadopagoSettlements.approvalDay, period.from, period.to),
        inArray(mercadopagoSettlements.transactionType, Object.keys(TYPE_LABELS)),
        sql`not exists (select 1 from mercadopago_reconciliations r where r.organization_id = ${mercadopagoSettlements.organizationId}
          and r.settlement_id = ${mercadopagoSettlements.id} and r.undone_at is null)`,
      ),
    );
  const sales: { sale: Settlement; reconciliationId: string }[] = [];
  for (const chunk of chunks(reversals.map((r) => r.sourceId))) {
    sales.push(
      ...(await scope.tx
        .select({ sale: mercadopagoSettlements, reconciliationId: mercadopagoReconciliations.id })
        .from(mercadopagoSettlements)
        .innerJoin(
          mercadopagoReconciliations,
          and(
            eq(mercadopagoReconciliations.organizationId, mercadopagoSettlements.organizationId),
            eq(mercadopagoReconciliations.settlementId, mercadopagoSettlements.id),
            isNull(mercadopagoReconciliations.undoneAt),
          ),
        )
        .where(
          and(
            eq(mercadopagoSettlements.organizationId, scope.tenant.organizationId),
            eq(mercadopagoSettlements.accountId, period.accountId),
            eq(mercadopagoSettlements.transactionType, 'SETTLEMENT'),
            inArray(mercadopagoSettlements.sourceId, chunk),
          ),
        )),
    );
  }
  sales.sort((a, b) => (a.sale.id < b.sale.id ? -1 : 1));
  let applied = 0;
  for (const { sale, reconciliationId } of sales) {
    applied += await applyReversals(scope, settings, sale, reconciliationId);
  }
  return applied;
}

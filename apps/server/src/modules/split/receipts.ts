import { and, asc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { SplitCoverage } from '@financeiro/core';
import type { Tx } from '../../db/client';
import { InvalidInputError, NotFoundError } from '../../errors';
import { CONFIG_NOT_FOUND, INACTIVE_CONFIG, NO_COVERAGE, PRODUCT_WITHOUT_CLASSIFICATION } from './access';
import {
  ledgerDocumentLinesView,
  ledgerDocumentsView,
  ledgerInstallmentsView,
  ledgerPaymentsView,
  ledgerSettlementsView,
} from '../ledger';
import { partiesView, productsView, splitConfigsView } from '../registries';

export interface SplitConfig {
  id: string;
  name: string;
  status: string;
  coverage: SplitCoverage;
  /** What the receipts are matched by: a classification (a product's own, for a product), contract or party. */
  match: { by: 'classification' | 'contract' | 'party'; id: string };
  partners: { partyId: string; share: number }[];
}

/**
 * A split setting of the organization, ready to gather receipts: one without coverage (saved before it existed),
 * inactive, or naming a product without a classification is refused with what to do.
 */
export async function splitConfigOf(tx: Tx, organizationId: string, id: string, lock = false): Promise<SplitConfig> {
  const query = tx
    .select()
    .from(splitConfigsView)
    .where(and(eq(splitConfigsView.organizationId, organizationId), eq(splitConfigsView.id, id)));
  const [config] = lock ? await query.for('update') : await query;
  if (!config) throw new NotFoundError(CONFIG_NOT_FOUND);
  if (config.status !== 'active') throw new InvalidInputError(INACTIVE_CONFIG);
  const base = { id: config.id, name: config.name, status: config.status, partners: config.partners };
  switch (config.coverage) {
    case 'classification':
      return {
        ...base,
        coverage: 'classification',
        match: { by: 'classification', id: config.classificationId ?? '' },
      };
    case 'contract':
      return { ...base, coverage: 'contract', match: { by: 'contract', id: config.contractId ?? '' } };
    case 'party':
      return { ...base, coverage: 'party', match: { by: 'party', id: config.coveredPartyId ?? '' } };
    case 'product': {
      // Documents carry no product: a product's receipts are those of its classification (decision 0024).
      const [product] = await tx
        .select({ classificationId: productsView.classificationId })
        .from(productsView)
        .where(and(eq(productsView.organizationId, organizationId), eq(productsView.id, config.productId ?? '')));
      if (!product?.classificationId) throw new InvalidInputError(PRODUCT_WITHOUT_CLASSIFICATION);
      return { ...base, coverage: 'product', match: { by: 'classification', id: product.classificationId } };
    }
    default:
      throw new InvalidInputError(NO_COVERAGE);
  }
}

export interface CoveredReceipt {
  settlementId: string;
  documentId: string;
  documentNumber: string | null;
  description: string;
  partyName: string;
  installment: string;
  paidDate: string;
  /** What was received for the installment (principal, interest and fine less discount). */
  received: number;
  /** The part of it the setting covers: all of it, or its classification's share of the document's apportionment. */
  amount: number;
}

/**
 * The money received in the unit for receivables that the setting covers, by paid date within the period: each
 * settlement of a payment that is no reversal and was not reversed (so a receipt undone, whenever, counts for
 * nothing). A setting by classification covers the part of each receipt its classification has in the document's
 * apportionment, rounded to the centavo.
 */
export async function coveredReceipts(
  tx: Tx,
  at: { organizationId: string; unitId: string },
  config: SplitConfig,
  period: { from: string; to: string },
): Promise<CoveredReceipt[]> {
  const { organizationId, unitId } = at;
  const s = ledgerSettlementsView;
  const i = ledgerInstallmentsView;
  const d = ledgerDocumentsView;
  const p = ledgerPaymentsView;
  const received = sql<number>`(${s.principal} + ${s.interest} + ${s.fine} - ${s.discount})`;
  const coveredShare =
    config.match.by === 'classification'
      ? sql<number>`coalesce((select sum(${ledgerDocumentLinesView.share}) from ${ledgerDocumentLinesView}
          where ${ledgerDocumentLinesView.organizationId} = ${organizationId}
            and ${ledgerDocumentLinesView.documentId} = ${d.id}
            and ${ledgerDocumentLinesView.classificationId} = ${config.match.id}), 0)`
      : sql<number>`10000`;
  const amount = sql<number>`round(${received} * ${coveredShare} / 10000.0)::bigint`;
  const matches =
    config.match.by === 'contract'
      ? eq(d.contractId, config.match.id)
      : config.match.by === 'party'
        ? eq(d.partyId, config.match.id)
        : sql`true`;
  const rows = await tx
    .select({
      settlementId: s.id,
      documentId: d.id,
      documentNumber: d.documentNumber,
      description: d.description,
      partyName: partiesView.name,
      number: i.number,
      count: i.count,
      paidDate: p.paidDate,
      received: sql<number>`${received}::bigint`.mapWith(Number),
      amount: amount.mapWith(Number),
    })
    .from(s)
    .innerJoin(p, and(eq(p.organizationId, s.organizationId), eq(p.id, s.paymentId)))
    .innerJoin(i, and(eq(i.organizationId, s.organizationId), eq(i.id, s.installmentId)))
    .innerJoin(d, and(eq(d.organizationId, i.organizationId), eq(d.id, i.documentId)))
    .innerJoin(partiesView, and(eq(partiesView.organizationId, d.organizationId), eq(partiesView.id, d.partyId)))
    .where(
      and(
        eq(s.organizationId, organizationId),
        eq(i.unitId, unitId),
        eq(i.kind, 'receivable'),
        gte(p.paidDate, period.from),
        lte(p.paidDate, period.to),
        isNull(p.reversalOf),
        // Not reversed: no payment reverses it (the view aliased in SQL, as drizzle aliases no view).
        sql`not exists (select 1 from ${ledgerPaymentsView} reversal
          where reversal.organization_id = ${organizationId} and reversal.reversal_of = ${p.id})`,
        matches,
        sql`${amount} > 0`,
      ),
    )
    .orderBy(asc(p.paidDate), asc(d.documentNumber), asc(i.number), asc(s.id));
  return rows.map(({ number, count, ...row }) => ({ ...row, installment: `${number}/${count}` }));
}

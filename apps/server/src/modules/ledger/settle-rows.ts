import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DocumentKind } from '@financeiro/core';
import type { Tx } from '../../db/client';
import { installmentFigures } from './installment-figures';
import { ledgerDocuments, ledgerInstallments } from './schema';
import { partiesView } from '../registries';

/**
 * The installments a payment form starts from: each one's open balance and due date with its document's late-payment
 * rates, intended account and payment method, so the form computes interest and fine before anything is saved.
 */
export function installmentsToSettle(
  tx: Tx,
  at: { organizationId: string; unitId: string },
  kind: DocumentKind,
  ids: string[],
) {
  const i = ledgerInstallments;
  const d = ledgerDocuments;
  return tx
    .select({
      ...installmentFigures,
      status: i.status,
      partyId: i.partyId,
      partyName: sql<string>`coalesce(${partiesView.tradeName}, ${partiesView.name})`,
      description: d.description,
      interestRate: d.interestRate,
      fineRate: d.fineRate,
      accountId: d.accountId,
      paymentMethodId: d.paymentMethodId,
    })
    .from(i)
    .innerJoin(d, and(eq(d.organizationId, i.organizationId), eq(d.id, i.documentId)))
    .innerJoin(partiesView, and(eq(partiesView.organizationId, i.organizationId), eq(partiesView.id, i.partyId)))
    .where(and(eq(i.organizationId, at.organizationId), eq(i.unitId, at.unitId), eq(i.kind, kind), inArray(i.id, ids)))
    .orderBy(asc(i.dueDate), asc(i.id));
}

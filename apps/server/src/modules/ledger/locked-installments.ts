import { and, asc, eq, sql } from 'drizzle-orm';
import type { DocumentKind } from '@financeiro/core';
import { NotFoundError } from '../../errors';
import type { LedgerScope } from './access';
import { ledgerDocuments, ledgerInstallments } from './schema';

export const INSTALLMENT_NOT_FOUND = 'Parcela não encontrada nesta unidade.';

/**
 * The installments `ids` of one kind in the scope's unit, with what a change of them (a settlement, a new due date)
 * checks of them and of their documents, locked in the order every writer takes them, by id. NOT_FOUND unless every
 * one is there.
 */
export async function lockInstallments(scope: LedgerScope, kind: DocumentKind, ids: string[]) {
  const i = ledgerInstallments;
  const d = ledgerDocuments;
  const rows = await scope.tx
    .select({
      id: i.id,
      documentId: i.documentId,
      partyId: i.partyId,
      number: i.number,
      count: i.count,
      dueDate: i.dueDate,
      amount: i.amount,
      settled: i.settled,
      status: i.status,
      documentNumber: i.documentNumber,
      description: d.description,
      issueDate: d.issueDate,
      competence: d.competence,
    })
    .from(i)
    .innerJoin(d, and(eq(d.organizationId, i.organizationId), eq(d.id, i.documentId)))
    .where(
      and(
        eq(i.organizationId, scope.tenant.organizationId),
        eq(i.unitId, scope.tenant.unitId),
        eq(i.kind, kind),
        // One JSON parameter, however many installments a batch of payments names.
        sql`${i.id} in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::uuid)`,
      ),
    )
    .orderBy(asc(i.id))
    .for('update', { of: i });
  if (rows.length !== new Set(ids).size) throw new NotFoundError(INSTALLMENT_NOT_FOUND);
  return rows;
}

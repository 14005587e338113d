import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatCalendarDate, type DocumentKind } from '@financeiro/core';
import { ConflictError, InvalidInputError } from '../../errors';
import { audit } from '../audit';
import type { LedgerScope } from './access';
import { mustBeOpen } from './closing';
import { lockInstallments } from './locked-installments';
import { ledgerDocuments, ledgerInstallments } from './schema';

/** Moves the due date of installments still to be paid (open or partially paid); the event log keeps the old one. */
export async function rescheduleInstallments(
  scope: LedgerScope,
  kind: DocumentKind,
  installmentIds: string[],
  dueDate: string,
): Promise<{ rescheduled: number }> {
  const { tx } = scope;
  const { organizationId } = scope.tenant;
  const wanted = [...new Set(installmentIds)];
  const rows = await lockInstallments(scope, kind, wanted);
  await mustBeOpen(
    scope,
    rows.map((r) => r.competence),
  );
  if (rows.some((r) => r.status === 'paid' || r.status === 'cancelled')) {
    throw new ConflictError('Parcelas pagas ou canceladas não mudam de vencimento.');
  }
  const early = rows.find((r) => dueDate < r.issueDate);
  if (early) {
    throw new InvalidInputError(
      `O novo vencimento não pode ser antes da emissão do título (${formatCalendarDate(early.issueDate)}).`,
    );
  }
  const now = new Date();
  await tx
    .update(ledgerInstallments)
    .set({ dueDate, updatedAt: now })
    .where(and(eq(ledgerInstallments.organizationId, organizationId), inArray(ledgerInstallments.id, wanted)));
  const documentIds = [...new Set(rows.map((r) => r.documentId))];
  // A drawer open on the document sees that it changed.
  await tx
    .update(ledgerDocuments)
    .set({ version: sql`${ledgerDocuments.version} + 1`, updatedAt: now })
    .where(and(eq(ledgerDocuments.organizationId, organizationId), inArray(ledgerDocuments.id, documentIds)));
  for (const documentId of documentIds) {
    const moved = rows.filter((r) => r.documentId === documentId);
    await audit(scope, {
      action: `${kind}.reschedule`,
      entity: kind,
      entityId: documentId,
      before: { installments: moved.map((r) => ({ number: r.number, dueDate: r.dueDate })) },
      after: { installments: moved.map((r) => ({ number: r.number, dueDate })) },
    });
  }
  return { rescheduled: rows.length };
}

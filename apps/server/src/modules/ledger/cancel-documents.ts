import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { DocumentKind } from '@financeiro/core';
import { ConflictError, NotFoundError } from '../../errors';
import { audit } from '../audit';
import type { LedgerScope } from './access';
import { mustBeOpen } from './closing';
import { DOCUMENT_NOT_FOUND } from './get-document';
import { ledgerDocuments, ledgerDocumentTaxes, ledgerInstallments } from './schema';
import { collectionsTaking } from './tax-collections';

/**
 * Cancels documents that moved no money (or whose payments were all reversed): they stay, with who cancelled them,
 * when and why, and so do the payables to the government made from their withheld taxes. A document with a live
 * settlement is refused: its payment is reversed first; so is a bill whose withholdings are in a month's collection
 * (that collection is cancelled first, which gives its withholdings back). Already cancelled documents are left as they are.
 */
export async function cancelDocuments(
  scope: LedgerScope,
  kind: DocumentKind,
  ids: string[],
  reason: string,
): Promise<{ cancelled: number }> {
  const { tx } = scope;
  const { organizationId } = scope.tenant;
  const wanted = [...new Set(ids)];
  // Locked in id order, like every writer of documents, so that two batches never wait on each other in a cycle.
  const documents = await tx
    .select({
      id: ledgerDocuments.id,
      kind: ledgerDocuments.kind,
      status: ledgerDocuments.status,
      description: ledgerDocuments.description,
      taxOfDocumentId: ledgerDocuments.taxOfDocumentId,
      competence: ledgerDocuments.competence,
      issueDate: ledgerDocuments.issueDate,
    })
    .from(ledgerDocuments)
    .where(
      and(
        eq(ledgerDocuments.organizationId, organizationId),
        or(inArray(ledgerDocuments.id, wanted), inArray(ledgerDocuments.taxOfDocumentId, wanted)),
      ),
    )
    .orderBy(asc(ledgerDocuments.id))
    .for('update');
  const chosen = documents.filter((d) => wanted.includes(d.id));
  if (chosen.length !== wanted.length || chosen.some((d) => d.kind !== kind))
    throw new NotFoundError(DOCUMENT_NOT_FOUND);
  const targets = documents.filter((d) => d.status !== 'cancelled');
  if (targets.length === 0) return { cancelled: 0 };
  await mustBeOpen(
    scope,
    targets.map((d) => d.competence),
  );
  const targetIds = targets.map((d) => d.id);
  const [paid] = await tx
    .select({ documentId: ledgerInstallments.documentId })
    .from(ledgerInstallments)
    .where(
      and(
        eq(ledgerInstallments.organizationId, organizationId),
        inArray(ledgerInstallments.documentId, targetIds),
        gt(ledgerInstallments.settled, 0),
      ),
    )
    .limit(1);
  if (paid) {
    const document = documents.find((d) => d.id === paid.documentId);
    const what = document?.taxOfDocumentId
      ? 'A guia do imposto retido de um dos títulos'
      : `"${document?.description}"`;
    throw new ConflictError(`${what} já tem pagamento: estorne o pagamento antes de cancelar.`);
  }
  const [collected] = await collectionsTaking(scope, targetIds);
  if (collected) {
    const document = documents.find((d) => d.id === collected.documentId);
    throw new ConflictError(
      `Os impostos retidos de "${document?.description}" já estão em "${collected.description}": cancele essa guia antes.`,
    );
  }
  const now = new Date();
  await tx
    .update(ledgerDocuments)
    .set({
      status: 'cancelled',
      cancelledAt: now,
      cancelledBy: scope.user.userId,
      cancelReason: reason,
      updatedAt: now,
      version: sql`${ledgerDocuments.version} + 1`,
    })
    .where(and(eq(ledgerDocuments.organizationId, organizationId), inArray(ledgerDocuments.id, targetIds)));
  await tx
    .update(ledgerInstallments)
    .set({ status: 'cancelled', updatedAt: now })
    .where(
      and(eq(ledgerInstallments.organizationId, organizationId), inArray(ledgerInstallments.documentId, targetIds)),
    );
  // A cancelled collection gives its withholdings back, to be collected again.
  await tx
    .update(ledgerDocumentTaxes)
    .set({ taxDocumentId: null })
    .where(
      and(
        eq(ledgerDocumentTaxes.organizationId, organizationId),
        inArray(ledgerDocumentTaxes.taxDocumentId, targetIds),
      ),
    );
  for (const document of targets) {
    await audit(scope, {
      action: `${document.kind}.cancel`,
      entity: document.kind,
      entityId: document.id,
      before: { status: document.status },
      after: { status: 'cancelled', reason },
    });
  }
  return { cancelled: targets.length };
}

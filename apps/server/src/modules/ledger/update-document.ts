import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DocumentUpdate } from '@financeiro/core';
import { ConflictError, InvalidInputError } from '../../errors';
import { audit } from '../audit';
import type { LedgerScope } from './access';
import { cancelDocuments } from './cancel-documents';
import { mustBeOpen } from './closing';
import { prepareDocument, storedInstallments, writeChildren, writeTaxes } from './create-document';
import { documentOf } from './get-document';
import { collectionsTaking } from './tax-collections';
import {
  ledgerDocumentLines,
  ledgerDocuments,
  ledgerDocumentTaxes,
  ledgerInstallments,
  ledgerSettlements,
} from './schema';

const STALE = 'Este título foi alterado por outra pessoa enquanto você editava. Recarregue e tente de novo.';
const MOVED =
  'Este título já tem pagamento: só observações, códigos de barras e PIX, vencimentos e anexos podem mudar. Estorne o pagamento para mudar o resto.';

const taxKey = (t: { taxTypeId: string; rate: number; amount: number }) => `${t.taxTypeId}:${t.rate}:${t.amount}`;
const sameSet = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

function taxesOfDocument(scope: LedgerScope, id: string) {
  return scope.tx
    .select()
    .from(ledgerDocumentTaxes)
    .where(
      and(eq(ledgerDocumentTaxes.organizationId, scope.tenant.organizationId), eq(ledgerDocumentTaxes.documentId, id)),
    );
}

/**
 * Changes a document. Until money moves it is written again from the input (lines, taxes and installments; taxes
 * already in a month's collection must stay as they are). Once any settlement exists, even a reversed one,
 * only the notes and the installments' due dates, barcodes and PIX codes may change: anything else is refused.
 */
export async function updateDocument(
  scope: LedgerScope,
  input: DocumentUpdate,
): Promise<{ id: string; version: number }> {
  const { tx } = scope;
  const { organizationId } = scope.tenant;
  const { id, version, installmentIds, ...fields } = input;
  const before = await documentOf(tx, organizationId, id);
  if (before.status === 'cancelled') throw new ConflictError('Título cancelado não pode ser alterado.');
  if (before.version !== version) throw new ConflictError(STALE);
  await mustBeOpen(scope, [before.competence]);
  const installments = await tx
    .select()
    .from(ledgerInstallments)
    .where(and(eq(ledgerInstallments.organizationId, organizationId), eq(ledgerInstallments.documentId, id)))
    .orderBy(asc(ledgerInstallments.number))
    .for('update');
  const [settled] = await tx
    .select({ id: ledgerSettlements.id })
    .from(ledgerSettlements)
    .where(
      and(
        eq(ledgerSettlements.organizationId, organizationId),
        inArray(
          ledgerSettlements.installmentId,
          installments.map((i) => i.id),
        ),
      ),
    )
    .limit(1);
  const prepared = await prepareDocument(scope, before.kind, { ...fields, partyId: fields.partyId ?? before.partyId });
  const now = new Date();
  const bump = { version: version + 1, updatedAt: now };
  const claimed = and(
    eq(ledgerDocuments.organizationId, organizationId),
    eq(ledgerDocuments.id, id),
    eq(ledgerDocuments.version, version),
  );
  const auditBefore = {
    ...Object.fromEntries(Object.keys(prepared.document).map((k) => [k, before[k as keyof typeof before]])),
    installments: installments.map((i) => ({ number: i.number, dueDate: i.dueDate, amount: i.amount })),
  };

  if (settled) {
    const next = storedInstallments(fields.installments);
    const { document } = prepared;
    const lines = await tx
      .select()
      .from(ledgerDocumentLines)
      .where(and(eq(ledgerDocumentLines.organizationId, organizationId), eq(ledgerDocumentLines.documentId, id)));
    const taxes = await taxesOfDocument(scope, id);
    const lineKey = (l: { classificationId: string; costCentreId: string; share: number }) =>
      `${l.classificationId}:${l.costCentreId}:${l.share}`;
    const same =
      sameSet(lines.map(lineKey), prepared.lines.map(lineKey)) &&
      sameSet(taxes.map(taxKey), prepared.taxes.map(taxKey)) &&
      next.length === installments.length &&
      next.every((n, k) => n.amount === installments[k]?.amount) &&
      (installmentIds ?? installments.map((i) => i.id)).every((i, k) => installments[k]?.id === i) &&
      (Object.keys(document) as (keyof typeof document)[]).every(
        (key) => key === 'notes' || (document[key] ?? null) === ((before as Record<string, unknown>)[key] ?? null),
      );
    if (!same) throw new ConflictError(MOVED);
    const [row] = await tx
      .update(ledgerDocuments)
      .set({ notes: document.notes, ...bump })
      .where(claimed)
      .returning({ id: ledgerDocuments.id });
    if (!row) throw new ConflictError(STALE);
    for (const [k, installment] of installments.entries()) {
      const change = next[k];
      if (!change) continue;
      if (change.dueDate < before.issueDate) throw new InvalidInputError('O vencimento não pode ser antes da emissão.');
      await tx
        .update(ledgerInstallments)
        .set({ dueDate: change.dueDate, barcode: change.barcode, pixCode: change.pixCode, updatedAt: now })
        .where(and(eq(ledgerInstallments.organizationId, organizationId), eq(ledgerInstallments.id, installment.id)));
    }
    await audit(scope, {
      action: `${before.kind}.update`,
      entity: before.kind,
      entityId: id,
      before: { notes: before.notes, installments: auditBefore.installments },
      after: { notes: document.notes, installments: next.map((n, k) => ({ number: k + 1, dueDate: n.dueDate })) },
    });
    return { id, version: version + 1 };
  }

  const { document, lines, installments: next } = prepared;
  // Withholdings already in a month's collection stay as they are: changing them takes cancelling that payable first.
  const [collected] = await collectionsTaking(scope, [id]);
  const storedTaxes = collected ? await taxesOfDocument(scope, id) : [];
  if (collected && !sameSet(storedTaxes.map(taxKey), prepared.taxes.map(taxKey))) {
    throw new ConflictError(
      `Os impostos retidos deste título já estão em "${collected.description}": cancele essa guia para mudar os impostos ou o valor.`,
    );
  }
  const [row] = await tx
    .update(ledgerDocuments)
    .set({
      ...document,
      netAmount: document.grossAmount - document.withheldAmount,
      ...bump,
    })
    .where(claimed)
    .returning({ id: ledgerDocuments.id });
  if (!row) throw new ConflictError(STALE);
  // Nothing moved money yet: the children are written again, and a payable made for this bill's withholding alone
  // (before monthly collections) is cancelled with them.
  if (!collected) {
    const legacy = await tx
      .select({ id: ledgerDocuments.id })
      .from(ledgerDocuments)
      .where(and(eq(ledgerDocuments.organizationId, organizationId), eq(ledgerDocuments.taxOfDocumentId, id)));
    await tx
      .delete(ledgerDocumentTaxes)
      .where(and(eq(ledgerDocumentTaxes.organizationId, organizationId), eq(ledgerDocumentTaxes.documentId, id)));
    if (legacy.length > 0) {
      await cancelDocuments(
        scope,
        'payable',
        legacy.map((d) => d.id),
        'Título de origem alterado: a guia foi refeita.',
      );
    }
  }
  await tx
    .delete(ledgerDocumentLines)
    .where(and(eq(ledgerDocumentLines.organizationId, organizationId), eq(ledgerDocumentLines.documentId, id)));
  await tx
    .delete(ledgerInstallments)
    .where(and(eq(ledgerInstallments.organizationId, organizationId), eq(ledgerInstallments.documentId, id)));
  await writeChildren(scope, id, document, lines, next);
  if (!collected) await writeTaxes(scope, id, prepared);
  await audit(scope, {
    action: `${before.kind}.update`,
    entity: before.kind,
    entityId: id,
    before: auditBefore,
    after: { ...document, lines, installments: next },
  });
  return { id, version: version + 1 };
}

import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { NotFoundError } from '../../errors';
import { listFiles } from '../attachments';
import { eventLog } from '../audit/schema';
import { users } from '../identity/schema';
import { accounts, classifications, costCentres, parties, paymentMethods, taxTypes } from '../registries/schema';
import {
  ledgerAttachments,
  ledgerDocumentLines,
  ledgerDocuments,
  ledgerDocumentTaxes,
  ledgerInstallments,
  ledgerPayments,
  ledgerSettlements,
} from './schema';

const taxDocuments = alias(ledgerDocuments, 'tax_documents');

export const DOCUMENT_NOT_FOUND = 'Título não encontrado nesta organização.';

/** A document of the organization, as stored; NOT_FOUND for any other id, another organization's too. */
export async function documentOf(tx: Tx, organizationId: string, id: string) {
  const [document] = await tx
    .select()
    .from(ledgerDocuments)
    .where(and(eq(ledgerDocuments.organizationId, organizationId), eq(ledgerDocuments.id, id)));
  if (!document) throw new NotFoundError(DOCUMENT_NOT_FOUND);
  return document;
}

/** Where a document's files are kept, for their listing and their limit. */
export const filesOfDocument = (organizationId: string, documentId: string) => ({
  table: ledgerAttachments,
  column: ledgerAttachments.documentId,
  id: documentId,
  organizationId,
});

/** A document's files and its payments' proofs (each naming its payment), oldest first. */
export const documentFiles = (tx: Tx, organizationId: string, documentId: string) =>
  listFiles(tx, filesOfDocument(organizationId, documentId), { paymentId: ledgerAttachments.paymentId });

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * A document with everything the drawer shows: its party, apportionment, taxes, installments, the payments that
 * settled them (reversed or not, with their reversals), its files and its history in the event log.
 */
export async function getDocument(tx: Tx, organizationId: string, id: string) {
  const document = await documentOf(tx, organizationId, id);
  const inOrganization = (t: { organizationId: PgColumn }) => eq(t.organizationId, organizationId);
  const party = await tx
    .select({ id: parties.id, name: parties.name, tradeName: parties.tradeName, document: parties.document })
    .from(parties)
    .where(and(inOrganization(parties), eq(parties.id, document.partyId)));
  const lines = await tx
    .select({
      id: ledgerDocumentLines.id,
      classificationId: ledgerDocumentLines.classificationId,
      classificationName: classifications.name,
      costCentreId: ledgerDocumentLines.costCentreId,
      costCentreName: costCentres.name,
      share: ledgerDocumentLines.share,
      amount: ledgerDocumentLines.amount,
    })
    .from(ledgerDocumentLines)
    .innerJoin(classifications, eq(classifications.id, ledgerDocumentLines.classificationId))
    .innerJoin(costCentres, eq(costCentres.id, ledgerDocumentLines.costCentreId))
    .where(and(inOrganization(ledgerDocumentLines), eq(ledgerDocumentLines.documentId, id)))
    .orderBy(asc(ledgerDocumentLines.id));
  const taxes = await tx
    .select({
      id: ledgerDocumentTaxes.id,
      taxTypeId: ledgerDocumentTaxes.taxTypeId,
      name: taxTypes.name,
      rate: ledgerDocumentTaxes.rate,
      base: ledgerDocumentTaxes.base,
      amount: ledgerDocumentTaxes.amount,
      dueDate: ledgerDocumentTaxes.dueDate,
      taxDocumentId: ledgerDocumentTaxes.taxDocumentId,
      /** Who collects it: the party of the guide made from it, for the form to show when the document is edited. */
      partyId: taxDocuments.partyId,
    })
    .from(ledgerDocumentTaxes)
    .innerJoin(taxTypes, eq(taxTypes.id, ledgerDocumentTaxes.taxTypeId))
    .leftJoin(
      taxDocuments,
      and(
        eq(taxDocuments.organizationId, ledgerDocumentTaxes.organizationId),
        eq(taxDocuments.id, ledgerDocumentTaxes.taxDocumentId),
      ),
    )
    .where(and(inOrganization(ledgerDocumentTaxes), eq(ledgerDocumentTaxes.documentId, id)))
    .orderBy(asc(ledgerDocumentTaxes.id));
  const installments = await tx
    .select({
      id: ledgerInstallments.id,
      number: ledgerInstallments.number,
      count: ledgerInstallments.count,
      dueDate: ledgerInstallments.dueDate,
      amount: ledgerInstallments.amount,
      settled: ledgerInstallments.settled,
      status: ledgerInstallments.status,
      barcode: ledgerInstallments.barcode,
      pixCode: ledgerInstallments.pixCode,
    })
    .from(ledgerInstallments)
    .where(and(inOrganization(ledgerInstallments), eq(ledgerInstallments.documentId, id)))
    .orderBy(asc(ledgerInstallments.number));
  const attachments = await documentFiles(tx, organizationId, id);

  const installmentIds = installments.map((i) => i.id);
  const settlements =
    installmentIds.length === 0
      ? []
      : await tx
          .select({
            id: ledgerSettlements.id,
            paymentId: ledgerSettlements.paymentId,
            installmentId: ledgerSettlements.installmentId,
            principal: ledgerSettlements.principal,
            interest: ledgerSettlements.interest,
            fine: ledgerSettlements.fine,
            discount: ledgerSettlements.discount,
          })
          .from(ledgerSettlements)
          .where(and(inOrganization(ledgerSettlements), inArray(ledgerSettlements.installmentId, installmentIds)))
          .orderBy(asc(ledgerSettlements.id));
  const paymentIds = [...new Set(settlements.map((s) => s.paymentId))];
  const payments =
    paymentIds.length === 0
      ? []
      : await tx
          .select({
            id: ledgerPayments.id,
            paidDate: ledgerPayments.paidDate,
            accountId: ledgerPayments.accountId,
            accountName: accounts.name,
            paymentMethodName: paymentMethods.name,
            total: ledgerPayments.total,
            fees: ledgerPayments.fees,
            notes: ledgerPayments.notes,
            reversalOf: ledgerPayments.reversalOf,
            reversalReason: ledgerPayments.reversalReason,
            createdAt: ledgerPayments.createdAt,
          })
          .from(ledgerPayments)
          .innerJoin(accounts, eq(accounts.id, ledgerPayments.accountId))
          .leftJoin(paymentMethods, eq(paymentMethods.id, ledgerPayments.paymentMethodId))
          .where(and(inOrganization(ledgerPayments), inArray(ledgerPayments.id, paymentIds)))
          .orderBy(asc(ledgerPayments.createdAt));
  const reversed = new Set(payments.map((p) => p.reversalOf).filter(Boolean));
  const history = await tx
    .select({
      id: eventLog.id,
      createdAt: eventLog.createdAt,
      action: eventLog.action,
      entity: eventLog.entity,
      entityId: eventLog.entityId,
      before: eventLog.before,
      after: eventLog.after,
      actorName: users.name,
    })
    .from(eventLog)
    .leftJoin(users, eq(users.id, eventLog.actorUserId))
    .where(
      and(
        eq(eventLog.organizationId, organizationId),
        or(eq(eventLog.entityId, id), paymentIds.length > 0 ? inArray(eventLog.entityId, paymentIds) : undefined),
      ),
    )
    .orderBy(asc(eventLog.createdAt), asc(eventLog.id));

  return {
    ...document,
    cancelledAt: iso(document.cancelledAt),
    createdAt: iso(document.createdAt),
    updatedAt: iso(document.updatedAt),
    party: party[0] ?? null,
    lines,
    taxes,
    installments: installments.map((i) => ({ ...i, open: i.amount - i.settled })),
    payments: payments.map((p) => ({
      ...p,
      createdAt: p.createdAt.toISOString(),
      reversed: reversed.has(p.id),
      settlements: settlements.filter((s) => s.paymentId === p.id),
    })),
    attachments,
    history: history.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
  };
}

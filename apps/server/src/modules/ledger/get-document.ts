import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { NotFoundError } from '../../errors';
import { listFiles } from '../attachments';
import {
  ledgerAttachments,
  ledgerDocumentLines,
  ledgerDocuments,
  ledgerDocumentTaxes,
  ledgerInstallments,
  ledgerPayments,
  ledgerSettlements,
} from './schema';
import { eventLogView } from '../audit';
import { usersView } from '../identity';
import {
  accountsView,
  classificationsView,
  costCentresView,
  partiesView,
  paymentMethodsView,
  taxTypesView,
} from '../registries';

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
    .select({
      id: partiesView.id,
      name: partiesView.name,
      tradeName: partiesView.tradeName,
      document: partiesView.document,
    })
    .from(partiesView)
    .where(and(inOrganization(partiesView), eq(partiesView.id, document.partyId)));
  const lines = await tx
    .select({
      id: ledgerDocumentLines.id,
      classificationId: ledgerDocumentLines.classificationId,
      classificationName: classificationsView.name,
      costCentreId: ledgerDocumentLines.costCentreId,
      costCentreName: costCentresView.name,
      share: ledgerDocumentLines.share,
      amount: ledgerDocumentLines.amount,
    })
    .from(ledgerDocumentLines)
    .innerJoin(classificationsView, eq(classificationsView.id, ledgerDocumentLines.classificationId))
    .innerJoin(costCentresView, eq(costCentresView.id, ledgerDocumentLines.costCentreId))
    .where(and(inOrganization(ledgerDocumentLines), eq(ledgerDocumentLines.documentId, id)))
    .orderBy(asc(ledgerDocumentLines.id));
  const taxes = await tx
    .select({
      id: ledgerDocumentTaxes.id,
      taxTypeId: ledgerDocumentTaxes.taxTypeId,
      name: taxTypesView.name,
      rate: ledgerDocumentTaxes.rate,
      base: ledgerDocumentTaxes.base,
      amount: ledgerDocumentTaxes.amount,
      dueDate: ledgerDocumentTaxes.dueDate,
      taxDocumentId: ledgerDocumentTaxes.taxDocumentId,
      /** Who collects it: the party of the guide made from it, for the form to show when the document is edited. */
      partyId: taxDocuments.partyId,
    })
    .from(ledgerDocumentTaxes)
    .innerJoin(taxTypesView, eq(taxTypesView.id, ledgerDocumentTaxes.taxTypeId))
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
            accountName: accountsView.name,
            paymentMethodName: paymentMethodsView.name,
            total: ledgerPayments.total,
            fees: ledgerPayments.fees,
            notes: ledgerPayments.notes,
            reversalOf: ledgerPayments.reversalOf,
            reversalReason: ledgerPayments.reversalReason,
            createdAt: ledgerPayments.createdAt,
          })
          .from(ledgerPayments)
          .innerJoin(accountsView, eq(accountsView.id, ledgerPayments.accountId))
          .leftJoin(paymentMethodsView, eq(paymentMethodsView.id, ledgerPayments.paymentMethodId))
          .where(and(inOrganization(ledgerPayments), inArray(ledgerPayments.id, paymentIds)))
          .orderBy(asc(ledgerPayments.createdAt));
  const reversed = new Set(payments.map((p) => p.reversalOf).filter(Boolean));
  const history = await tx
    .select({
      id: eventLogView.id,
      createdAt: eventLogView.createdAt,
      action: eventLogView.action,
      entity: eventLogView.entity,
      entityId: eventLogView.entityId,
      before: eventLogView.before,
      after: eventLogView.after,
      actorName: usersView.name,
    })
    .from(eventLogView)
    .leftJoin(usersView, eq(usersView.id, eventLogView.actorUserId))
    .where(
      and(
        eq(eventLogView.organizationId, organizationId),
        or(
          eq(eventLogView.entityId, id),
          paymentIds.length > 0 ? inArray(eventLogView.entityId, paymentIds) : undefined,
        ),
      ),
    )
    .orderBy(asc(eventLogView.createdAt), asc(eventLogView.id));

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

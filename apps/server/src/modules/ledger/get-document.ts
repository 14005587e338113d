import { and, asc, eq, inArray } from 'drizzle-orm';
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

const inOrganization = (organizationId: string) => (t: { organizationId: PgColumn }) =>
  eq(t.organizationId, organizationId);

/** The document's apportionment lines with their classification and cost centre named. */
function documentLines(tx: Tx, organizationId: string, id: string) {
  return tx
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
    .where(and(inOrganization(organizationId)(ledgerDocumentLines), eq(ledgerDocumentLines.documentId, id)))
    .orderBy(asc(ledgerDocumentLines.id));
}

/** The taxes the document withholds, each with the guide made from it and who collects it. */
function documentTaxes(tx: Tx, organizationId: string, id: string) {
  return tx
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
    .where(and(inOrganization(organizationId)(ledgerDocumentTaxes), eq(ledgerDocumentTaxes.documentId, id)))
    .orderBy(asc(ledgerDocumentTaxes.id));
}

/** The payments that settled these installments, reversals included, each with its settlements and account. */
async function paymentsOf(tx: Tx, organizationId: string, installmentIds: string[]) {
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
          .where(
            and(
              inOrganization(organizationId)(ledgerSettlements),
              inArray(ledgerSettlements.installmentId, installmentIds),
            ),
          )
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
          .where(and(inOrganization(organizationId)(ledgerPayments), inArray(ledgerPayments.id, paymentIds)))
          .orderBy(asc(ledgerPayments.createdAt));
  const reversed = new Set(payments.map((p) => p.reversalOf).filter(Boolean));
  return payments.map((p) => ({
    ...p,
    createdAt: p.createdAt.toISOString(),
    reversed: reversed.has(p.id),
    settlements: settlements.filter((s) => s.paymentId === p.id),
  }));
}

/** What the event log says of the document and of its payments, oldest first, with who did it. */
async function historyOf(tx: Tx, organizationId: string, ids: string[]) {
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
    .where(and(eq(eventLogView.organizationId, organizationId), inArray(eventLogView.entityId, ids)))
    .orderBy(asc(eventLogView.createdAt), asc(eventLogView.id));
  return history.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() }));
}

/**
 * A document with everything the drawer shows: its party, apportionment, taxes, installments, the payments that
 * settled them (reversed or not, with their reversals), its files and its history in the event log.
 */
export async function getDocument(tx: Tx, organizationId: string, id: string) {
  const document = await documentOf(tx, organizationId, id);
  const [party] = await tx
    .select({
      id: partiesView.id,
      name: partiesView.name,
      tradeName: partiesView.tradeName,
      document: partiesView.document,
    })
    .from(partiesView)
    .where(and(inOrganization(organizationId)(partiesView), eq(partiesView.id, document.partyId)));
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
    .where(and(inOrganization(organizationId)(ledgerInstallments), eq(ledgerInstallments.documentId, id)))
    .orderBy(asc(ledgerInstallments.number));
  const payments = await paymentsOf(
    tx,
    organizationId,
    installments.map((i) => i.id),
  );
  return {
    ...document,
    cancelledAt: iso(document.cancelledAt),
    createdAt: iso(document.createdAt),
    updatedAt: iso(document.updatedAt),
    party: party ?? null,
    lines: await documentLines(tx, organizationId, id),
    taxes: await documentTaxes(tx, organizationId, id),
    installments: installments.map((i) => ({ ...i, open: i.amount - i.settled })),
    payments,
    attachments: await documentFiles(tx, organizationId, id),
    history: await historyOf(tx, organizationId, [id, ...payments.map((p) => p.id)]),
  };
}

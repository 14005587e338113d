import { pgView } from 'drizzle-orm/pg-core';
import {
  accountMovements,
  ledgerDocumentLines,
  ledgerDocuments,
  ledgerInstallments,
  ledgerPayments,
  ledgerRecurrences,
  ledgerSettlements,
} from './schema';

/*
 * This module's rows as other modules read them (decision 0032): each view is created by the migration
 * 0044_module_views.sql over the table of the same name, with its reader's rights and row-level security.
 */

export const ledgerDocumentsView = pgView('ledger_documents_view').as((qb) => qb.select().from(ledgerDocuments));

export const ledgerDocumentLinesView = pgView('ledger_document_lines_view').as((qb) =>
  qb.select().from(ledgerDocumentLines),
);

export const ledgerInstallmentsView = pgView('ledger_installments_view').as((qb) =>
  qb.select().from(ledgerInstallments),
);

export const ledgerPaymentsView = pgView('ledger_payments_view').as((qb) => qb.select().from(ledgerPayments));

export const ledgerSettlementsView = pgView('ledger_settlements_view').as((qb) => qb.select().from(ledgerSettlements));

export const accountMovementsView = pgView('account_movements_view').as((qb) => qb.select().from(accountMovements));

export const ledgerRecurrencesView = pgView('ledger_recurrences_view').as((qb) => qb.select().from(ledgerRecurrences));

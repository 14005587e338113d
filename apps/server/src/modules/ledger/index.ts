// The ledger module's door (decision 0032): all that other modules, the API, the tests and the scripts may use of it.

export { ledgerRouter } from './router';
export type { LedgerRouter } from './router';
export { ledgerScope, mustUseAccount, readMeta, requireKind, scopeOf } from './access';
export type { LedgerScope } from './access';
export { cancelDocuments } from './cancel-documents';
export { closedDatesOf, firstOpenMonthAfter, monthsClosedInEveryUnit, mustBeOpen, noteCompetence } from './closing';
export { createDocument } from './create-document';
export { generateFromContract } from './generate-from-contract';
export { createManualEntries, createManualEntry, reverseMovement, transferBetweenAccounts } from './movements';
export { NFE_ALREADY_IMPORTED, nfeOfOrganization, organizationCnpj, readNfes } from './nfe';
export { keepNfeXml } from './nfe-import';
export { startRecurrenceWorker } from './recurrences';
export { reversePayment, settleInstallments, settleMany } from './settlements';
export { collectTaxes } from './tax-collections';
export { accountBalances } from './statement';
export {
  accountMovementsView,
  ledgerDocumentLinesView,
  ledgerDocumentsView,
  ledgerInstallmentsView,
  ledgerPaymentsView,
  ledgerRecurrencesView,
  ledgerSettlementsView,
} from './views';

/** Its table of kept files, as the attachments module reads and lists them. */

import { router } from '../../trpc/init';
import { attachmentsRouter } from './attachments';
import { closingRouter } from './closing-router';
import { contractsRouter } from './contracts-router';
import { documentsRouter } from './documents-router';
import { movementsRouter } from './movements-router';
import { paymentsRouter } from './payments-router';
import { recurrencesRouter } from './recurrences-router';
import { statementRouter } from './statement-router';
import { taxesRouter } from './taxes-router';

/**
 * Payables and receivables (decision 0015): documents, settlements, attachments, recurrences; the accounts' movements
 * (transfers, manual entries) and statements; closed months and withheld taxes' collections; mounted at ledger.
 */
export const ledgerRouter = router({
  documents: documentsRouter,
  payments: paymentsRouter,
  attachments: attachmentsRouter,
  contracts: contractsRouter,
  recurrences: recurrencesRouter,
  movements: movementsRouter,
  statement: statementRouter,
  closing: closingRouter,
  taxes: taxesRouter,
});

export type LedgerRouter = typeof ledgerRouter;

import { router } from '../../trpc/init';
import { attachmentsRouter } from './attachments';
import { closingRouter } from './closing-router';
import { contractsRouter } from './contracts-router';
import { documentsRouter } from './documents-router';
import { movementsRouter } from './movements-router';
import { paymentsRouter } from './payments-router';
import { recurrencesRouter } from './recurrences-router';
import { statementRouter } from './statement-router';

/**
 * Payables and receivables (decision 0015): documents, settlements, attachments, recurrences; the accounts' movements
 * (transfers, manual entries) and statements; mounted at ledger.
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
});

export type LedgerRouter = typeof ledgerRouter;

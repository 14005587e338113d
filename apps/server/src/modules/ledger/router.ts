import { router } from '../../trpc/init';
import { attachmentsRouter } from './attachments';
import { contractsRouter } from './contracts-router';
import { documentsRouter } from './documents-router';
import { paymentsRouter } from './payments-router';
import { recurrencesRouter } from './recurrences-router';

/** Payables and receivables (DESIGN.md 6a): documents, settlements, attachments, recurrences; mounted at ledger. */
export const ledgerRouter = router({
  documents: documentsRouter,
  payments: paymentsRouter,
  attachments: attachmentsRouter,
  contracts: contractsRouter,
  recurrences: recurrencesRouter,
});

export type LedgerRouter = typeof ledgerRouter;

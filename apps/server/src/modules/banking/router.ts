import { router } from '../../trpc/init';
import { importsRouter } from './imports-router';
import { reconciliationRouter } from './reconciliation-router';
import { rulesRouter } from './rules';

/** Bank statements and their reconciliation with the ledger (decision 0019); mounted at banking. */
export const bankingRouter = router({
  imports: importsRouter,
  reconciliation: reconciliationRouter,
  rules: rulesRouter,
});

export type BankingRouter = typeof bankingRouter;

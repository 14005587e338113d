import { balancesInput, statementInput } from '@financeiro/core';
import { procedure, router } from '../../trpc/init';
import { scopeOf } from './access';
import { accountBalances, getStatement } from './statement';

const readMeta = { authz: { scope: 'unit', permissions: 'ler_transacoes' } } as const;

/** An account's statement and every account's balance: /v1/ledger/statement.* */
export const statementRouter = router({
  get: procedure
    .meta(readMeta)
    .input(statementInput)
    .query(({ ctx, input }) => getStatement(scopeOf(ctx), input)),

  balances: procedure
    .meta(readMeta)
    .input(balancesInput)
    .query(({ ctx, input }) => accountBalances(scopeOf(ctx), input)),
});

import { closedMonthsListInput, closeMonthInput, reopenMonthInput } from '@financeiro/core';
import { procedure, router } from '../../trpc/init';
import { scopeOf } from './access';
import { closeMonth, listMonths, reopenMonth } from './closing';

const closeMeta = { authz: { scope: 'unit', permissions: 'fechar_mes' } } as const;
/** Whoever writes in the unit's books may see which months are closed, before typing in one. */
const listMeta = {
  authz: {
    scope: 'unit',
    permissions: { any: ['fechar_mes', 'ler_contas_pagar', 'ler_contas_receber', 'ler_transacoes'] },
  },
} as const;

/** Closing months of the unit (decision 0036): /v1/ledger/closing.* */
export const closingRouter = router({
  list: procedure
    .meta(listMeta)
    .input(closedMonthsListInput)
    .query(({ ctx, input }) => listMonths(scopeOf(ctx), input.year)),

  close: procedure
    .meta(closeMeta)
    .input(closeMonthInput)
    .mutation(({ ctx, input }) => closeMonth(scopeOf(ctx), input.month)),

  reopen: procedure
    .meta(closeMeta)
    .input(reopenMonthInput)
    .mutation(({ ctx, input }) => reopenMonth(scopeOf(ctx), input.month, input.reason)),
});

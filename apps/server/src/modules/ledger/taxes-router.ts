import { collectTaxesInput, taxMonthInput } from '@financeiro/core';
import { procedure, router } from '../../trpc/init';
import { scopeOf } from './access';
import { collectTaxes, taxMonth } from './tax-collections';

/** Withheld taxes are the payables' business: who sees the bills sees what they withheld, who edits them collects. */
const readMeta = { authz: { scope: 'unit', permissions: 'ler_contas_pagar' } } as const;
const collectMeta = { authz: { scope: 'unit', permissions: 'editar_contas_pagar' } } as const;

/** A month's withheld taxes and their collections (decision 0037): /v1/ledger/taxes.* */
export const taxesRouter = router({
  month: procedure
    .meta(readMeta)
    .input(taxMonthInput)
    .query(({ ctx, input }) => taxMonth(scopeOf(ctx), input.month)),

  collect: procedure
    .meta(collectMeta)
    .input(collectTaxesInput)
    .mutation(({ ctx, input }) => collectTaxes(scopeOf(ctx), input)),
});

import { manualEntryInput, movementReverseInput, transferInput } from '@financeiro/core';
import { procedure, router } from '../../trpc/init';
import { idempotent } from '../idempotency';
import { scopeOf } from './access';
import { createManualEntry, reverseMovement, transferBetweenAccounts } from './movements';

const writeMeta = { authz: { scope: 'unit', permissions: 'editar_transacoes' } } as const;

/** Transfers between accounts, manual entries and their reversals: /v1/ledger/movements.* */
export const movementsRouter = router({
  transfer: procedure
    .meta(writeMeta)
    .input(transferInput)
    .mutation(({ ctx, input }) =>
      idempotent(ctx, 'movement.transfer', input, (submitted) => transferBetweenAccounts(scopeOf(ctx), submitted)),
    ),

  createEntry: procedure
    .meta(writeMeta)
    .input(manualEntryInput)
    .mutation(({ ctx, input }) =>
      idempotent(ctx, 'movement.entry', input, (submitted) => createManualEntry(scopeOf(ctx), submitted)),
    ),

  reverse: procedure
    .meta(writeMeta)
    .input(movementReverseInput)
    .mutation(({ ctx, input }) =>
      idempotent(ctx, 'movement.reverse', input, (submitted) => reverseMovement(scopeOf(ctx), submitted)),
    ),
});

import {
  recurrenceCreateInput,
  recurrenceEndInput,
  recurrenceListInput,
  recurrenceUpdateInput,
} from '@financeiro/core';
import { procedure, router } from '../../trpc/init';
import { idempotent } from '../idempotency';
import { editMeta, readMeta, requireKind, scopeOf } from './access';
import { createRecurrence, endRecurrence, listRecurrences, recurrenceKind, updateRecurrence } from './recurrences';

/** Recurring payables and receivables, whose documents the worker generates ahead: /v1/ledger/recurrences.* */
export const recurrencesRouter = router({
  list: procedure
    .meta(readMeta)
    .input(recurrenceListInput)
    .query(({ ctx, input }) => {
      requireKind(ctx, input.kind, 'ler');
      return listRecurrences(scopeOf(ctx), input.kind);
    }),

  create: procedure
    .meta(editMeta)
    .input(recurrenceCreateInput)
    .mutation(({ ctx, input }) => {
      requireKind(ctx, input.kind, 'editar');
      return idempotent(ctx, 'recurrence.create', input, (submitted) => createRecurrence(scopeOf(ctx), submitted));
    }),

  update: procedure
    .meta(editMeta)
    .input(recurrenceUpdateInput)
    .mutation(async ({ ctx, input }) => {
      const scope = scopeOf(ctx);
      requireKind(ctx, await recurrenceKind(scope, input.id), 'editar');
      return updateRecurrence(scope, input);
    }),

  end: procedure
    .meta(editMeta)
    .input(recurrenceEndInput)
    .mutation(async ({ ctx, input }) => {
      const scope = scopeOf(ctx);
      requireKind(ctx, await recurrenceKind(scope, input.id), 'editar');
      return endRecurrence(scope, input.id, input.endDate);
    }),
});

import { splitListInput, splitPeriodInput, splitReverseInput, splitRunInput } from '@financeiro/core';
import { procedure, router } from '../../trpc/init';
import { idempotent } from '../idempotency';
import { splitReadMeta, splitWriteMeta } from './access';
import { listRuns, previewSplit, reverseSplit, runSplit } from './runs';

/** The revenue split flow (decision 0024): /v1/split.* */
export const splitRouter = router({
  preview: procedure
    .meta(splitReadMeta)
    .input(splitPeriodInput)
    .query(({ ctx, input }) => previewSplit(ctx, input)),

  list: procedure
    .meta(splitReadMeta)
    .input(splitListInput)
    .query(({ ctx, input }) => listRuns(ctx, input)),

  run: procedure
    .meta(splitWriteMeta)
    .input(splitRunInput)
    .mutation(({ ctx, input }) => idempotent(ctx, 'split_run.create', input, (submitted) => runSplit(ctx, submitted))),

  reverse: procedure
    .meta(splitWriteMeta)
    .input(splitReverseInput)
    .mutation(({ ctx, input }) =>
      idempotent(ctx, 'split_run.reverse', input, (submitted) => reverseSplit(ctx, submitted)),
    ),
});

export type SplitRouter = typeof splitRouter;

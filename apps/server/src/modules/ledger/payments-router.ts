import { reverseInput } from '@financeiro/core';
import { procedure, router } from '../../trpc/init';
import { idempotent } from '../idempotency';
import { editMeta, requireKind, scopeOf } from './access';
import { paymentKindOf, reversePayment, settleInstallments, settlementInput } from './settlements';

/** Paying, receiving and reversing: /v1/ledger/payments.* */
export const paymentsRouter = router({
  settle: procedure
    .meta(editMeta)
    .input(settlementInput)
    .mutation(({ ctx, input }) => {
      requireKind(ctx, input.kind, 'editar');
      return idempotent(ctx, `${input.kind}.settle`, input, (submitted) => settleInstallments(scopeOf(ctx), submitted));
    }),

  reverse: procedure
    .meta(editMeta)
    .input(reverseInput)
    .mutation(async ({ ctx, input }) => {
      const scope = scopeOf(ctx);
      const kind = await paymentKindOf(scope, input.paymentId);
      requireKind(ctx, kind, 'editar');
      return idempotent(ctx, `${kind}.reverse`, input, (submitted) => reversePayment(scope, submitted));
    }),
});

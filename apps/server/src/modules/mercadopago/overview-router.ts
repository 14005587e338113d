import { procedure, router } from '../../trpc/init';
import { scopeOf } from '../ledger';
import { mercadopagoMeta } from './access';
import {
  overviewDays,
  overviewDaysInput,
  overviewPayments,
  overviewPaymentsInput,
  overviewReceivables,
  overviewReceivablesInput,
} from './overview';

/** The reconciliation screen's figures, by payment approval day: /v1/mercadopago/overview.* */
export const overviewRouter = router({
  /** Per approval day of the period: sales, fees by kind, net, released, to release, reconciled, unmatched. */
  days: procedure
    .meta(mercadopagoMeta)
    .input(overviewDaysInput)
    .query(({ ctx, input }) => overviewDays(scopeOf(ctx), input)),

  /** A page of the period's (or a day's) payments with their status, reconciliation and suggestion. */
  payments: procedure
    .meta(mercadopagoMeta)
    .input(overviewPaymentsInput)
    .query(({ ctx, input }) => overviewPayments(scopeOf(ctx), input)),

  /** A page of the unit's open receivable installments due in the period. */
  receivables: procedure
    .meta(mercadopagoMeta)
    .input(overviewReceivablesInput)
    .query(({ ctx, input }) => overviewReceivables(scopeOf(ctx), input)),
});

import { z } from 'zod';
import {
  formatBRL,
  purchaseBulkApproveInput,
  purchaseCompetenceInput,
  purchaseConcludeInput,
  purchaseListInput,
  purchaseOrderCreateInput,
  purchaseOrderUpdateInput,
  purchaseTransitionInput,
} from '@financeiro/core';
import { procedure, procedureWithLateTransaction, router } from '../../trpc/init';
import { ConflictError, InvalidInputError } from '../../errors';
import { organizationOf } from '../../caller';
import { readNfes } from '../ledger';
import { idempotent } from '../idempotency';
import { approversOf, ORDER_CHANGED, purchasingMeta } from './access';
import { purchaseAttachmentsRouter } from './attachments';
import { conclusionCompetence, concludeOrder } from './conclude';
import { createOrder, lockOrder, lockOrders, transition, updateOrder } from './orders';
import { countOrders, getOrder, listOrders } from './queries';

/** Purchase orders and their approval workflow (decision 0020): /v1/purchasing.* */
export const purchasingRouter = router({
  list: procedure
    .meta(purchasingMeta)
    .input(purchaseListInput)
    .query(({ ctx, input }) => listOrders(ctx, input)),

  counts: procedure.meta(purchasingMeta).query(({ ctx }) => countOrders(ctx)),

  get: procedure
    .meta(purchasingMeta)
    .input(z.object({ id: z.uuid('Pedido inválido.') }))
    .query(({ ctx, input }) => getOrder(ctx, input.id)),

  create: procedure
    .meta(purchasingMeta)
    .input(purchaseOrderCreateInput)
    .mutation(({ ctx, input }) =>
      idempotent(ctx, 'purchase_order.create', input, ({ order }) => createOrder(ctx, order)),
    ),

  update: procedure
    .meta(purchasingMeta)
    .input(purchaseOrderUpdateInput)
    .mutation(({ ctx, input }) => updateOrder(ctx, input.id, input.version, input.order)),

  /** Send, approve, reject or cancel one order at the version the caller saw. */
  transition: procedure
    .meta(purchasingMeta)
    .input(purchaseTransitionInput)
    .mutation(async ({ ctx, input }) => {
      const row = await lockOrder(ctx, input.id, input.version);
      const action =
        input.type === 'reprovar' || input.type === 'cancelar'
          ? { type: input.type, reason: input.reason }
          : { type: input.type };
      const updated = await transition(ctx, row, action);
      return { id: updated.id, status: updated.status, version: updated.version };
    }),

  /** Approves several orders in one transaction: one refusal (beyond the caller's limit, changed meanwhile) stores none. */
  approveMany: procedure
    .meta(purchasingMeta)
    .input(purchaseBulkApproveInput)
    .mutation(async ({ ctx, input }) => {
      const rows = await lockOrders(
        ctx,
        input.orders.map((o) => o.id),
      );
      const seen = new Map(input.orders.map((o) => [o.id, o.version]));
      const results = [];
      for (const row of rows) {
        if (seen.get(row.id) !== row.version) throw new ConflictError(ORDER_CHANGED);
        const approvers = await approversOf(ctx.tx, organizationOf(ctx), row.departmentId);
        // Beyond an approver's limit the whole call is refused; whoever is no approver is refused by the workflow.
        const approver = approvers.find((a) => a.userId === ctx.user.userId);
        if (approver && row.total > approver.limit) {
          throw new InvalidInputError(
            `O pedido nº ${row.number} (${formatBRL(row.total)}) passa da sua alçada de ${formatBRL(approver.limit)}: abra-o para aprovar na sua alçada.`,
          );
        }
        const updated = await transition(ctx, row, { type: 'aprovar' });
        results.push({ id: updated.id, number: updated.number, status: updated.status });
      }
      return { approved: results.length, orders: results };
    }),

  /** The month a conclusion issued on a date books in, and the first open one when that month is closed. */
  competence: procedure
    .meta(purchasingMeta)
    .input(purchaseCompetenceInput)
    .query(({ ctx, input }) => conclusionCompetence(ctx, input.id, input.issueDate)),

  /** The order's NF-e, when one is sent, is read in a parser worker before the transaction opens. */
  conclude: procedureWithLateTransaction
    .meta(purchasingMeta)
    .input(purchaseConcludeInput)
    .mutation(async ({ ctx, input }) => {
      const [note = null] = input.nfeXml ? await readNfes([input.nfeXml]) : [];
      return ctx.transaction((inside) =>
        idempotent(inside, 'purchase_order.conclude', input, (submitted) => concludeOrder(inside, submitted, note)),
      );
    }),

  attachments: purchaseAttachmentsRouter,
});

export type PurchasingRouter = typeof purchasingRouter;

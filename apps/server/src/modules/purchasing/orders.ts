import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  purchaseContentChanges,
  purchaseLineTotal,
  purchaseOrderTotal,
  purchaseOrderTransition,
  selectDepartment,
  type PurchaseOrder,
  type PurchaseOrderAction,
  type PurchaseOrderState,
  type PurchaseQuotation,
} from '@financeiro/core';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from '../../errors';
import { organizationOf } from '../../caller';
import { audit } from '../audit';
import { mustReference } from '../registries';
import {
  approversOf,
  ORDER_CHANGED,
  ORDER_NOT_FOUND,
  permissionsFor,
  visibleOrders,
  workingDepartment,
  type PurchasingContext,
} from './access';
import { notifyTransition } from './notifications';
import {
  purchaseOrderAttachments,
  purchaseOrderEvents,
  purchaseOrderItems,
  purchaseOrders,
  type OrderRow,
} from './schema';
import { departmentsView } from '../tenancy';

/** The department an order is made in, with its unit; a department-scoped caller makes orders in theirs only. */
async function departmentFor(ctx: PurchasingContext, departmentId: string) {
  const working = workingDepartment(ctx);
  if (working && working !== departmentId) {
    throw new ForbiddenError('Você só pode fazer pedidos de compra no departamento em que está trabalhando.');
  }
  const [department] = await ctx.tx
    .select({ id: departmentsView.id, unitId: departmentsView.unitId, status: departmentsView.status })
    .from(departmentsView)
    .where(and(eq(departmentsView.organizationId, organizationOf(ctx)), eq(departmentsView.id, departmentId)));
  if (!department || department.status !== 'active' || !selectDepartment(ctx.memberships, departmentId)) {
    throw new InvalidInputError('Departamento não encontrado nesta organização.');
  }
  return { departmentId: department.id, unitId: department.unitId };
}

/** Refuses what an order names outside the organization, before anything is written. */
async function checkReferences(ctx: PurchasingContext, order: PurchaseOrder) {
  const suppliers = [order.supplierId, ...order.quotations.map((q) => q.supplierId)];
  await mustReference(ctx, 'parties', suppliers, 'Fornecedor não encontrado nesta organização.');
  await mustReference(
    ctx,
    'classifications',
    [order.classificationId],
    'Classificação não encontrada nesta organização.',
  );
  await mustReference(ctx, 'costCentres', [order.costCentreId], 'Centro de custo não encontrado nesta organização.');
  await mustReference(
    ctx,
    'products',
    order.items.map((i) => i.productId),
    'Produto não encontrado nesta organização.',
  );
}

/** The order's own columns (everything but its workflow state) as stored. */
function orderColumns(order: PurchaseOrder) {
  return {
    supplierId: order.supplierId,
    neededBy: order.neededBy,
    justification: order.justification,
    classificationId: order.classificationId,
    costCentreId: order.costCentreId,
    quotations: order.quotations,
    chosenQuotation: order.quotations.length > 0 ? order.chosenQuotation : null,
    quotationReason: order.quotations.length > 0 ? order.quotationReason : null,
  };
}

async function writeItems(ctx: PurchasingContext, orderId: string, order: PurchaseOrder) {
  const organizationId = organizationOf(ctx);
  await ctx.tx
    .delete(purchaseOrderItems)
    .where(and(eq(purchaseOrderItems.organizationId, organizationId), eq(purchaseOrderItems.orderId, orderId)));
  await ctx.tx.insert(purchaseOrderItems).values(
    order.items.map((item, position) => ({
      ...item,
      id: uuidv7(),
      organizationId,
      orderId,
      position,
      total: purchaseLineTotal(item.quantity, item.unitPrice),
    })),
  );
}

/** The next order number of the organization; creators of one organization take it one at a time. */
async function nextNumber(ctx: PurchasingContext): Promise<number> {
  const organizationId = organizationOf(ctx);
  await ctx.tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`purchase_orders:${organizationId}`}))`);
  const [row] = await ctx.tx
    .select({ last: max(purchaseOrders.number) })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.organizationId, organizationId));
  return (row?.last ?? 0) + 1;
}

/** A new order, a draft (criada) of the caller in a department where they may edit orders. */
export async function createOrder(
  ctx: PurchasingContext,
  order: PurchaseOrder,
): Promise<{ id: string; number: number }> {
  const place = await departmentFor(ctx, order.departmentId);
  if (!permissionsFor(ctx, place).includes('editar_pedidos_compra')) {
    throw new ForbiddenError('Você não tem permissão para fazer pedidos de compra neste departamento.');
  }
  await checkReferences(ctx, order);
  const id = uuidv7();
  const total = purchaseOrderTotal(order.items);
  const number = await nextNumber(ctx);
  await ctx.tx.insert(purchaseOrders).values({
    ...orderColumns(order),
    ...place,
    id,
    organizationId: organizationOf(ctx),
    number,
    requesterId: ctx.user.userId,
    total,
  });
  await writeItems(ctx, id, order);
  await ctx.tx.insert(purchaseOrderEvents).values({
    id: uuidv7(),
    organizationId: organizationOf(ctx),
    orderId: id,
    action: 'criar',
    fromStatus: null,
    toStatus: 'criada',
    actorId: ctx.user.userId,
    description: 'Pedido criado.',
    total,
  });
  await audit(ctx, { action: 'purchase_order.create', entity: 'purchase_order', entityId: id, after: order });
  return { id, number };
}

/** One visible order, locked for the change, at the version the caller saw. */
export async function lockOrder(ctx: PurchasingContext, id: string, version?: number): Promise<OrderRow> {
  const [row] = await ctx.tx
    .select()
    .from(purchaseOrders)
    .where(and(visibleOrders(ctx), eq(purchaseOrders.id, id)))
    .for('update');
  if (!row) throw new NotFoundError(ORDER_NOT_FOUND);
  if (version !== undefined && row.version !== version) throw new ConflictError(ORDER_CHANGED);
  return row;
}

export const stateOf = (row: OrderRow): PurchaseOrderState => ({
  status: row.status,
  total: row.total,
  requesterId: row.requesterId,
  approvals: row.approvals.map(({ approverId, limit }) => ({ approverId, limit })),
  approvedTotal: row.approvedTotal,
});

/**
 * Applies one workflow action to a locked order: the core decides, this stores the new state, the timeline's event,
 * the event log's row and the e-mails in the outbox, all in the caller's transaction.
 */
export async function transition(
  ctx: PurchasingContext,
  row: OrderRow,
  action: PurchaseOrderAction,
  changes: Partial<typeof purchaseOrders.$inferInsert> = {},
): Promise<OrderRow> {
  const organizationId = organizationOf(ctx);
  const approvers = await approversOf(ctx.tx, organizationId, row.departmentId);
  const actor = { userId: ctx.user.userId, permissions: permissionsFor(ctx, row) };
  const result = purchaseOrderTransition(stateOf(row), actor, approvers, action);
  if (!result.ok) {
    throw result.message.startsWith('Você não tem permissão')
      ? new ForbiddenError(result.message)
      : new InvalidInputError(result.message);
  }
  const { state, event, notify } = result;
  const now = new Date().toISOString();
  const given = new Map(row.approvals.map((a) => [a.approverId, a.at]));
  const waitingFor =
    state.status !== 'aguardando_aprovacao' ? [] : notify?.to === 'approvers' ? notify.userIds : row.waitingFor;
  const [updated] = await ctx.tx
    .update(purchaseOrders)
    .set({
      ...changes,
      status: state.status,
      total: state.total,
      approvedTotal: state.approvedTotal,
      approvals: state.approvals.map((a) => ({ ...a, at: given.get(a.approverId) ?? now })),
      waitingFor,
      version: row.version + 1,
      updatedAt: sql`now()`,
    })
    .where(and(eq(purchaseOrders.organizationId, organizationId), eq(purchaseOrders.id, row.id)))
    .returning();
  if (!updated) throw new NotFoundError(ORDER_NOT_FOUND);
  await ctx.tx.insert(purchaseOrderEvents).values({
    id: uuidv7(),
    organizationId,
    orderId: row.id,
    action: event.action,
    fromStatus: event.from,
    toStatus: event.to,
    actorId: event.actorId,
    description: event.description,
    reason: event.reason,
    total: state.total,
  });
  await audit(ctx, {
    action: `purchase_order.${event.action}`,
    entity: 'purchase_order',
    entityId: row.id,
    before: { status: row.status, total: row.total },
    after: {
      status: state.status,
      total: state.total,
      reason: event.reason,
      ...(action.type === 'editar' && action.changed?.length ? { changed: action.changed } : {}),
    },
  });
  if (notify) await notifyTransition(ctx, updated, event, notify);
  return updated;
}

/**
 * Keeps each file with its quotation when an edit changes the quotations: a file follows its quotation's supplier to
 * its new position, and becomes one of the order's general files when that quotation is gone.
 */
async function followQuotations(
  ctx: PurchasingContext,
  orderId: string,
  before: PurchaseQuotation[],
  after: PurchaseQuotation[],
) {
  const moves = before.map((q, position) => ({ position, to: after.findIndex((a) => a.supplierId === q.supplierId) }));
  if (moves.every((m) => m.position === m.to)) return;
  const file = purchaseOrderAttachments;
  // One statement, so that two quotations trading places trade their files.
  const moved = sql.join(
    moves.map((m) => sql`when ${m.position} then ${m.to === -1 ? null : m.to}::integer`),
    sql` `,
  );
  await ctx.tx
    .update(file)
    .set({ quotation: sql`case ${file.quotation} ${moved} end` })
    .where(
      and(eq(file.organizationId, organizationOf(ctx)), eq(file.orderId, orderId), sql`${file.quotation} is not null`),
    );
}

/**
 * A change to an order's content; a waiting or approved order whose total, supplier, items or cost centre change
 * goes back for approval, its approvals cleared.
 */
export async function updateOrder(ctx: PurchasingContext, id: string, version: number, order: PurchaseOrder) {
  const row = await lockOrder(ctx, id, version);
  if (order.departmentId !== row.departmentId) {
    throw new InvalidInputError('O departamento de um pedido não muda: cancele-o e faça outro no departamento certo.');
  }
  await checkReferences(ctx, order);
  const items = await ctx.tx
    .select({
      productId: purchaseOrderItems.productId,
      description: purchaseOrderItems.description,
      quantity: purchaseOrderItems.quantity,
      unit: purchaseOrderItems.unit,
      unitPrice: purchaseOrderItems.unitPrice,
    })
    .from(purchaseOrderItems)
    .where(and(eq(purchaseOrderItems.organizationId, organizationOf(ctx)), eq(purchaseOrderItems.orderId, id)))
    .orderBy(purchaseOrderItems.position);
  const changed = purchaseContentChanges({ ...row, items }, order);
  const updated = await transition(
    ctx,
    row,
    { type: 'editar', total: purchaseOrderTotal(order.items), changed },
    orderColumns(order),
  );
  await writeItems(ctx, id, order);
  await followQuotations(ctx, id, row.quotations, order.quotations);
  return { id, version: updated.version, status: updated.status };
}

/** Orders by id in one visible set, locked in id order (the order every writer takes them in). */
export async function lockOrders(ctx: PurchasingContext, ids: string[]): Promise<OrderRow[]> {
  const rows = await ctx.tx
    .select()
    .from(purchaseOrders)
    .where(and(visibleOrders(ctx), inArray(purchaseOrders.id, ids)))
    .orderBy(asc(purchaseOrders.id))
    .for('update');
  if (rows.length !== new Set(ids).size) throw new NotFoundError(ORDER_NOT_FOUND);
  return rows;
}

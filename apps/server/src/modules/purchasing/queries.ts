import { and, asc, count, desc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  PURCHASE_ORDER_STATUSES,
  purchaseListPermission,
  TIME_ZONE,
  type PurchaseListFilters,
  type PurchaseOrderStatus,
  type purchaseListInput,
} from '@financeiro/core';
import type { z } from 'zod';
import { containsPattern, folded } from '../../db/search';
import { NotFoundError } from '../../errors';
import { organizationOf } from '../../caller';
import { organizationCnpj, ledgerDocumentsView } from '../ledger';
import { approversOf, holds, ORDER_NOT_FOUND, permissionsFor, visibleOrders, type PurchasingContext } from './access';
import { purchaseOrderEvents, purchaseOrderItems, purchaseOrders as o } from './schema';
import { usersView } from '../identity';
import { classificationsView, costCentresView, partiesView, productsView } from '../registries';
import { departmentsView, unitsView } from '../tenancy';

type ListInput = z.output<typeof purchaseListInput>;

// Each joined once per query: the order's requester and its supplier.
const requester = usersView;
const supplier = partiesView;
const waitsForMe = (userId: string) => sql<boolean>`${o.waitingFor} @> ${JSON.stringify([userId])}::jsonb`;
const createdDay = sql`(${o.createdAt} AT TIME ZONE ${TIME_ZONE})::date`;

function filterConditions(f: PurchaseListFilters): SQL[] {
  const out: (SQL | undefined)[] = [
    f.departmentId ? eq(o.departmentId, f.departmentId) : undefined,
    f.requesterId ? eq(o.requesterId, f.requesterId) : undefined,
    f.supplierId ? eq(o.supplierId, f.supplierId) : undefined,
    f.from ? gte(createdDay, f.from) : undefined,
    f.to ? lte(createdDay, f.to) : undefined,
    f.amountMin !== null ? gte(o.total, f.amountMin) : undefined,
    f.amountMax !== null ? lte(o.total, f.amountMax) : undefined,
  ];
  if (f.search) {
    const pattern = folded(sql`${containsPattern(f.search)}::text`);
    const number = /^\d{1,9}$/.test(f.search) ? eq(o.number, Number(f.search)) : undefined;
    out.push(or(number, sql`${folded(o.justification)} like ${pattern}`, sql`${supplier.searchText} like ${pattern}`));
  }
  return out.filter((c): c is SQL => c !== undefined);
}

const SORTS = {
  number: o.number,
  createdAt: o.createdAt,
  total: o.total,
  neededBy: o.neededBy,
  supplier: supplier.name,
  requester: requester.name,
} as const;

/**
 * One list of `compras/*`: the visible orders in a status, a page at a time; "aguardando aprovação" puts first what
 * waits for the caller.
 */
export async function listOrders(ctx: PurchasingContext, input: ListInput) {
  if (!holds(ctx, purchaseListPermission(input.status))) {
    return { rows: [], total: 0, allowed: false };
  }
  const where = and(visibleOrders(ctx), eq(o.status, input.status), ...filterConditions(input.filters));
  const direction = input.desc ? desc : asc;
  const order = [direction(SORTS[input.sort]), desc(o.number)];
  if (input.status === 'aguardando_aprovacao') order.unshift(desc(waitsForMe(ctx.user.userId)));
  const [rows, [counted]] = [
    await ctx.tx
      .select({
        id: o.id,
        number: o.number,
        status: o.status,
        total: o.total,
        neededBy: o.neededBy,
        createdAt: o.createdAt,
        version: o.version,
        departmentId: o.departmentId,
        department: departmentsView.name,
        unit: unitsView.name,
        requesterId: o.requesterId,
        requester: requester.name,
        supplierId: o.supplierId,
        supplier: supplier.name,
        justification: sql<string>`left(${o.justification}, 120)`,
        waitsForMe: waitsForMe(ctx.user.userId),
      })
      .from(o)
      .innerJoin(departmentsView, eq(departmentsView.id, o.departmentId))
      .innerJoin(unitsView, eq(unitsView.id, o.unitId))
      .innerJoin(requester, eq(requester.id, o.requesterId))
      .leftJoin(supplier, and(eq(supplier.organizationId, o.organizationId), eq(supplier.id, o.supplierId)))
      .where(where)
      .orderBy(...order)
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    await ctx.tx
      .select({ total: count() })
      .from(o)
      .leftJoin(supplier, and(eq(supplier.organizationId, o.organizationId), eq(supplier.id, o.supplierId)))
      .where(where),
  ];
  return { rows, total: counted?.total ?? 0, allowed: true };
}

/** The menu's counters: how many visible orders each list the caller may open holds, and how many wait for them. */
export async function countOrders(ctx: PurchasingContext) {
  const rows = await ctx.tx
    .select({
      status: o.status,
      total: count(),
      mine: sql<number>`count(*) filter (where ${waitsForMe(ctx.user.userId)})`.mapWith(Number),
    })
    .from(o)
    .where(visibleOrders(ctx))
    .groupBy(o.status);
  const byStatus = new Map(rows.map((r) => [r.status, r]));
  const counts = Object.fromEntries(
    PURCHASE_ORDER_STATUSES.filter((s) => holds(ctx, purchaseListPermission(s))).map((s) => [
      s,
      byStatus.get(s)?.total ?? 0,
    ]),
  ) as Partial<Record<PurchaseOrderStatus, number>>;
  return { counts, waitingForMe: byStatus.get('aguardando_aprovacao')?.mine ?? 0 };
}

/** One order with its items, quotations, timeline and what the caller may do with it. */
export async function getOrder(ctx: PurchasingContext, id: string) {
  const organizationId = organizationOf(ctx);
  const [order] = await ctx.tx
    .select({
      row: o,
      department: departmentsView.name,
      unit: unitsView.name,
      requester: requester.name,
      supplier: supplier.name,
      supplierDocument: supplier.document,
      classification: classificationsView.name,
      costCentre: costCentresView.name,
      payableStatus: ledgerDocumentsView.status,
    })
    .from(o)
    .innerJoin(departmentsView, eq(departmentsView.id, o.departmentId))
    .innerJoin(unitsView, eq(unitsView.id, o.unitId))
    .innerJoin(requester, eq(requester.id, o.requesterId))
    .leftJoin(supplier, and(eq(supplier.organizationId, o.organizationId), eq(supplier.id, o.supplierId)))
    .leftJoin(
      classificationsView,
      and(eq(classificationsView.organizationId, o.organizationId), eq(classificationsView.id, o.classificationId)),
    )
    .leftJoin(
      costCentresView,
      and(eq(costCentresView.organizationId, o.organizationId), eq(costCentresView.id, o.costCentreId)),
    )
    .leftJoin(
      ledgerDocumentsView,
      and(eq(ledgerDocumentsView.organizationId, o.organizationId), eq(ledgerDocumentsView.id, o.payableId)),
    )
    .where(and(visibleOrders(ctx), eq(o.id, id)));
  if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
  const items = await ctx.tx
    .select({
      id: purchaseOrderItems.id,
      productId: purchaseOrderItems.productId,
      product: productsView.name,
      productCode: productsView.code,
      description: purchaseOrderItems.description,
      quantity: purchaseOrderItems.quantity,
      unit: purchaseOrderItems.unit,
      unitPrice: purchaseOrderItems.unitPrice,
      total: purchaseOrderItems.total,
    })
    .from(purchaseOrderItems)
    .leftJoin(
      productsView,
      and(
        eq(productsView.organizationId, purchaseOrderItems.organizationId),
        eq(productsView.id, purchaseOrderItems.productId),
      ),
    )
    .where(and(eq(purchaseOrderItems.organizationId, organizationId), eq(purchaseOrderItems.orderId, id)))
    .orderBy(asc(purchaseOrderItems.position));
  const events = await ctx.tx
    .select({
      id: purchaseOrderEvents.id,
      action: purchaseOrderEvents.action,
      fromStatus: purchaseOrderEvents.fromStatus,
      toStatus: purchaseOrderEvents.toStatus,
      actor: usersView.name,
      description: purchaseOrderEvents.description,
      reason: purchaseOrderEvents.reason,
      total: purchaseOrderEvents.total,
      at: purchaseOrderEvents.at,
    })
    .from(purchaseOrderEvents)
    .innerJoin(usersView, eq(usersView.id, purchaseOrderEvents.actorId))
    .where(and(eq(purchaseOrderEvents.organizationId, organizationId), eq(purchaseOrderEvents.orderId, id)))
    .orderBy(asc(purchaseOrderEvents.at), asc(purchaseOrderEvents.id));
  const quotationSuppliers = order.row.quotations.map((q) => q.supplierId);
  const names =
    quotationSuppliers.length === 0
      ? []
      : await ctx.tx
          .select({ id: partiesView.id, name: partiesView.name })
          .from(partiesView)
          .where(
            and(
              eq(partiesView.organizationId, organizationId),
              sql`${partiesView.id} in (${sql.join(
                quotationSuppliers.map((s) => sql`${s}::uuid`),
                sql`, `,
              )})`,
            ),
          );
  const approvers = await approversOf(ctx.tx, organizationId, order.row.departmentId);
  const approverNames =
    approvers.length === 0
      ? []
      : await ctx.tx
          .select({ id: usersView.id, name: usersView.name })
          .from(usersView)
          .where(
            sql`${usersView.id} in (${sql.join(
              approvers.map((a) => sql`${a.userId}::uuid`),
              sql`, `,
            )})`,
          );
  const { approvals, waitingFor, ...row } = order.row;
  const nameOf = (userId: string) => approverNames.find((u) => u.id === userId)?.name ?? null;
  return {
    ...row,
    department: order.department,
    unit: order.unit,
    requester: order.requester,
    supplier: order.supplier,
    supplierDocument: order.supplierDocument,
    classification: order.classification,
    costCentre: order.costCentre,
    payableStatus: order.payableStatus,
    organizationCnpj: await organizationCnpj(ctx.tx, organizationOf(ctx)),
    items,
    quotations: order.row.quotations.map((q) => ({
      ...q,
      supplier: names.find((n) => n.id === q.supplierId)?.name ?? null,
    })),
    approvals: approvals.map((a) => ({ ...a, approver: nameOf(a.approverId) })),
    approvers: approvers.map((a) => ({ ...a, name: nameOf(a.userId) })),
    waitsForMe: waitingFor.includes(ctx.user.userId),
    events,
    myPermissions: permissionsFor(ctx, order.row),
    mine: order.row.requesterId === ctx.user.userId,
  };
}

import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  permissionsAt,
  PURCHASE_ACTION_PERMISSIONS,
  satisfies,
  type PermissionName,
  type PurchaseApprover,
} from '@financeiro/core';
import type { Tx } from '../../db/client';
import { type ProcedureContext } from '../../trpc/init';
import { organizationOf } from '../../caller';
import { purchaseOrders } from './schema';
import { purchasingCentresView } from '../registries';

/**
 * Purchasing is an organization area whose permissions a department may grant (decision 0006): a caller holding
 * `ler_pedidos_compra` at the organization works organization-wide; one holding it only in a department works in the
 * department chosen in the tenant switcher, and the middleware checks it there.
 */
export const purchasingMeta = {
  authz: { scope: 'organization', permissions: 'ler_pedidos_compra', grantedInDepartments: true },
} as const;

/**
 * Who works on orders and where: a procedure's checked context, or the same facts built by the demo seeder, so that
 * one set of functions writes orders whoever asks.
 */
export type PurchasingContext = Pick<
  ProcedureContext,
  'tx' | 'tenant' | 'user' | 'memberships' | 'requestId' | 'ip'
> & {
  env: { PUBLIC_URL: string };
};

export const ORDER_NOT_FOUND = 'Pedido de compra não encontrado.';
export const ORDER_CHANGED = 'Este pedido foi alterado por outra pessoa. Atualize a tela e tente de novo.';

const PURCHASE_PERMISSIONS = [...new Set(Object.values(PURCHASE_ACTION_PERMISSIONS).flat())];

/** The department a department-scoped caller works in; null when the caller works organization-wide. */
export function workingDepartment(ctx: PurchasingContext): string | null {
  return ctx.tenant.departmentId ?? null;
}

/** What the caller holds where they work (the organization, or their department). */
export function holds(ctx: PurchasingContext, permission: PermissionName): boolean {
  return satisfies(permissionsAt(ctx.memberships, ctx.tenant), permission);
}

/** The purchasing permissions the caller holds for a department (a grant above it counts). */
export function permissionsFor(ctx: PurchasingContext, at: { unitId: string; departmentId: string }): PermissionName[] {
  const grant = permissionsAt(ctx.memberships, { organizationId: organizationOf(ctx), ...at });
  return PURCHASE_PERMISSIONS.filter((p) => satisfies(grant, p));
}

/**
 * The orders the caller sees: the organization's when working organization-wide; in a department, those of the
 * department when they may evaluate orders there, otherwise only their own.
 */
export function visibleOrders(ctx: PurchasingContext): SQL {
  const conditions = [eq(purchaseOrders.organizationId, organizationOf(ctx))];
  const departmentId = workingDepartment(ctx);
  if (departmentId) {
    conditions.push(eq(purchaseOrders.departmentId, departmentId));
    if (!holds(ctx, 'avaliar_pedidos_compra')) conditions.push(eq(purchaseOrders.requesterId, ctx.user.userId));
  }
  return and(...conditions) ?? sql`false`;
}

/**
 * The approvers of a department: those of every purchasing centre that serves it, each with their highest limit
 * there, so that a department in two centres never gives an approver two levels.
 */
export async function approversOf(tx: Tx, organizationId: string, departmentId: string): Promise<PurchaseApprover[]> {
  const centres = await tx
    .select({ approvers: purchasingCentresView.approvers })
    .from(purchasingCentresView)
    .where(
      and(
        eq(purchasingCentresView.organizationId, organizationId),
        eq(purchasingCentresView.status, 'active'),
        sql`${purchasingCentresView.departmentIds} @> ${JSON.stringify([departmentId])}::jsonb`,
      ),
    );
  const limits = new Map<string, number>();
  for (const centre of centres) {
    for (const { userId, limit } of centre.approvers) limits.set(userId, Math.max(limit, limits.get(userId) ?? 0));
  }
  return [...limits].map(([userId, limit]) => ({ userId, limit })).sort((a, b) => a.limit - b.limit);
}

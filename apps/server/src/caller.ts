import { can, type Membership, type TenantSelection } from '@financeiro/core';
import { InvalidInputError } from './errors';

/*
 * What the API layer checked about the caller (trpc/init.ts), as services read it: the tenant chosen and the
 * memberships behind it.
 */

/** The organization the middleware checked; organization-scoped procedures always have one. */
export function organizationOf(ctx: { tenant: TenantSelection }): string {
  if (!ctx.tenant.organizationId) throw new InvalidInputError('Selecione uma organização.');
  return ctx.tenant.organizationId;
}

/** The unit the middleware checked; unit-scoped procedures always have one. */
export function unitOf(ctx: { tenant: TenantSelection }): string {
  if (!ctx.tenant.unitId) throw new InvalidInputError('Selecione uma unidade.');
  return ctx.tenant.unitId;
}

/** The caller holds a permission at the selected node (on top of what the procedure's rule asked). */
export function callerCan(ctx: { memberships: Membership[]; tenant: TenantSelection }, permission: string): boolean {
  return can(ctx.memberships, ctx.tenant, permission);
}

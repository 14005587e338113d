import { initTRPC, TRPCError } from '@trpc/server';
import {
  can,
  selectionForScope,
  hasScopeSelected,
  resolveSelection,
  type Membership,
  type PermissionRequirement,
  type TenantSelection,
} from '@financeiro/core';
import type { Tx } from '../db/client';
import { withTenant } from '../db/tenant';
import { InvalidTokenError } from '../modules/identity';
import { loadMemberships } from '../modules/tenancy/memberships';
import type { RequestContext } from './context';

export type ProcedureScope = 'user' | 'organization' | 'unit' | 'department';

/** Every procedure declares who may call it; the middleware below is the only place that enforces it. */
export interface ProcedureMeta {
  authz: { scope: ProcedureScope; permissions?: PermissionRequirement };
}

const t = initTRPC
  .context<RequestContext>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter: ({ shape }) => ({ ...shape, data: { code: shape.data.code, httpStatus: shape.data.httpStatus } }),
  });

export const router = t.router;

/** Thrown to roll the transaction back when the procedure failed (tRPC hands errors back as results). */
class Rollback extends Error {}

const enforceAuthz = t.middleware(async ({ meta, ctx, next }) => {
  const rule = meta?.authz;
  if (!rule) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Procedimento sem regra de acesso.' });
  if (!ctx.accessToken) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Entre novamente para continuar.' });
  let user: { userId: string; username: string };
  try {
    user = await ctx.verifyAccessToken(ctx.accessToken);
  } catch (error) {
    if (error instanceof InvalidTokenError) {
      throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sua sessão expirou. Entre novamente.' });
    }
    throw error;
  }
  const memberships: Membership[] = await withTenant(ctx.db, { userId: user.userId }, (tx) =>
    loadMemberships(tx, user.userId),
  );
  let tenant: TenantSelection = {};
  if (rule.scope !== 'user') {
    tenant = selectionForScope(rule.scope, ctx.requested);
    if (!hasScopeSelected(rule.scope, tenant) || !resolveSelection(memberships, tenant) || !can(memberships, tenant)) {
      throw new TRPCError({
        code: 'FORBIDDEN',
        message: 'Você não tem acesso a esta organização, unidade ou departamento.',
      });
    }
    if (!can(memberships, tenant, rule.permissions)) {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'Seu perfil não tem permissão para esta ação.' });
    }
  }
  const scope = { userId: user.userId, ...tenant };
  const call = (tx: Tx) => next({ ctx: { user, memberships, tenant, tx } });
  let failed: Awaited<ReturnType<typeof call>> | undefined;
  try {
    return await withTenant(ctx.db, scope, async (tx) => {
      const result = await call(tx);
      if (!result.ok) {
        failed = result;
        throw new Rollback();
      }
      return result;
    });
  } catch (error) {
    if (error instanceof Rollback && failed) return failed;
    throw error;
  }
});

/** The one procedure builder: authenticated, tenant-checked, run in a row-level-secured transaction. */
export const procedure = t.procedure.use(enforceAuthz);

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
import { z, ZodError } from 'zod';
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
    // Invalid input answers with the first rule it broke, in the pt-BR words of the shared schema.
    errorFormatter: ({ shape, error }) => ({
      ...shape,
      message: error.cause instanceof ZodError ? (error.cause.issues[0]?.message ?? shape.message) : shape.message,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus },
    }),
  });

export const router = t.router;

/** Thrown to roll the transaction back when the procedure failed (tRPC hands errors back as results). */
class Rollback extends Error {}

/** The tenant headers name records by id; anything else is a malformed request, not a tenant the user lacks. */
const tenantHeaders = z.object({
  organizationId: z.uuid().optional(),
  unitId: z.uuid().optional(),
  departmentId: z.uuid().optional(),
});

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
  if (!tenantHeaders.safeParse(ctx.requested).success) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: 'Organização, unidade ou departamento inválido. Escolha de novo onde você quer trabalhar.',
    });
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

/** What a procedure's handler receives once the middleware has checked the caller. */
export type ProcedureContext = RequestContext & {
  user: { userId: string; username: string };
  memberships: Membership[];
  tenant: TenantSelection;
  tx: Tx;
};

/** The organization the middleware checked; organization-scoped procedures always have one. */
export function organizationOf(ctx: ProcedureContext): string {
  if (!ctx.tenant.organizationId) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Selecione uma organização.' });
  return ctx.tenant.organizationId;
}

/** The unit the middleware checked; unit-scoped procedures always have one. */
export function unitOf(ctx: ProcedureContext): string {
  if (!ctx.tenant.unitId) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Selecione uma unidade.' });
  return ctx.tenant.unitId;
}

/** The caller holds a permission at the selected node (on top of what the procedure's rule asked). */
export function callerCan(ctx: ProcedureContext, permission: string): boolean {
  return can(ctx.memberships, ctx.tenant, permission);
}

export const notFound = (message: string) => new TRPCError({ code: 'NOT_FOUND', message });
export const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });
export const forbidden = (message: string) => new TRPCError({ code: 'FORBIDDEN', message });
export const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

/** A unique constraint refused the row (PostgreSQL 23505), possibly wrapped by the query builder. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const details = e as Error & { code?: string; constraint?: string };
    if (details.code === '23505') return constraint === undefined || details.constraint === constraint;
  }
  return false;
}

/** Runs a write; when the named unique constraint refuses it, answers CONFLICT with a message a person can act on. */
export async function uniqueOr<T>(constraint: string, message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, constraint)) throw conflict(message);
    throw error;
  }
}

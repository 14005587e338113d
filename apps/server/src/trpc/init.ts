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
import { isDatabaseUnavailable, type Tx } from '../db/client';
import { FieldConflictError, ServiceError, type FailureKind } from '../errors';
import { withTenant } from '../db/tenant';
import { InvalidTokenError } from '../modules/identity';
import type { RequestContext } from './context';

export type ProcedureScope = 'user' | 'organization' | 'unit' | 'department';

/** Every procedure declares who may call it; the middleware below is the only place that enforces it. */
export interface ProcedureMeta {
  authz: {
    scope: ProcedureScope;
    permissions?: PermissionRequirement;
    /**
     * An organization procedure whose permissions a department may grant (decision 0006): a caller who holds them
     * at no organization level is checked at the department they chose instead.
     */
    grantedInDepartments?: boolean;
  };
  /** Reads a file the caller sends (an import or its preview): counted against the smaller uploads limit too. */
  upload?: true;
}

// A rule without its own words is broken by a malformed request rather than by a person typing; it answers in pt-BR
// too, naming the field.
z.config({
  localeError: (issue) =>
    issue.path && issue.path.length > 0 ? `Valor inválido em "${issue.path.join('.')}".` : 'Dados inválidos.',
});

/**
 * The answer while PostgreSQL restarts or cannot be reached. A write may have been committed just before its answer
 * was lost: saving the same form again sends its idempotency key again, which then answers the first result.
 */
export const DATABASE_UNAVAILABLE = 'O banco de dados está indisponível no momento. Tente de novo em alguns instantes.';

const t = initTRPC
  .context<RequestContext>()
  .meta<ProcedureMeta>()
  .create({
    // Invalid input answers with the first rule it broke, in the pt-BR words of the shared schema. An unexpected
    // error's message may carry a query's text: the client gets the request id, the log (app.ts) the detail. The
    // database out of reach is no bug to report: 503, try again.
    errorFormatter: ({ shape, error, ctx }) => {
      const unavailable = error.code === 'INTERNAL_SERVER_ERROR' && isDatabaseUnavailable(error);
      return {
        ...shape,
        message: unavailable
          ? DATABASE_UNAVAILABLE
          : error.code === 'INTERNAL_SERVER_ERROR'
            ? `Erro inesperado. Informe o código ${ctx?.requestId ?? 'da requisição'} ao suporte.`
            : error.cause instanceof ZodError
              ? (error.cause.issues[0]?.message ?? shape.message)
              : shape.message,
        data: {
          code: unavailable ? 'SERVICE_UNAVAILABLE' : shape.data.code,
          httpStatus: unavailable ? 503 : shape.data.httpStatus,
          conflict:
            error.cause instanceof FieldConflictError
              ? { field: error.cause.field, existingId: error.cause.existingId }
              : null,
        },
      };
    },
  });

export const router = t.router;

/** How the API answers each kind of failure a service reports (errors.ts). */
const CODES: Record<FailureKind, TRPCError['code']> = {
  invalid_input: 'BAD_REQUEST',
  forbidden: 'FORBIDDEN',
  not_found: 'NOT_FOUND',
  conflict: 'CONFLICT',
  precondition_failed: 'PRECONDITION_FAILED',
  timeout: 'TIMEOUT',
  too_many_requests: 'TOO_MANY_REQUESTS',
  bad_gateway: 'BAD_GATEWAY',
};

/** A service's failure as the API answers it: its code and words, the failure itself kept as the cause. */
function answerOf(error: TRPCError): TRPCError {
  const failure = error.cause;
  if (!(failure instanceof ServiceError)) return error;
  return new TRPCError({ code: CODES[failure.kind], message: failure.message, cause: failure });
}

/** Every procedure's failures, from services or the checks below, answered with their own code. */
const answered = t.procedure.use(async ({ next }) => {
  const result = await next();
  return result.ok ? result : { ...result, error: answerOf(result.error) };
});

/** Thrown to roll the transaction back when the procedure failed (tRPC hands errors back as results). */
class Rollback extends Error {}

/** Text PostgreSQL cannot store (NUL) or that is not Unicode (a lone surrogate), anywhere in an input, keys too. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
function hasBrokenText(input: unknown): boolean {
  // A loop rather than recursion: a deeply nested body must not overflow the stack.
  const pending: unknown[] = [input];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000') || LONE_SURROGATE.test(value)) return true;
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) pending.push(key, item);
    }
  }
  return false;
}

/** pt-BR words for PostgreSQL's data exceptions (class 22): a value the checks let through that the column refuses. */
const DATA_ERRORS: Record<string, string> = {
  '22001': 'Um dos textos é mais longo do que o permitido.',
  '22003': 'Um dos números está fora do intervalo permitido.',
  '22007': 'Uma das datas está num formato inválido.',
  '22008': 'Uma das datas está fora do intervalo permitido.',
  '22021': 'O texto enviado tem caracteres inválidos.',
  '22P02': 'Um dos valores enviados está num formato inválido.',
};

/** A database error caused by the value sent, as a BAD_REQUEST in pt-BR; null for any other error. */
function dataError(error: unknown): TRPCError | null {
  if (error instanceof TRPCError && error.code !== 'INTERNAL_SERVER_ERROR') return null;
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as Error & { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('22')) {
      return new TRPCError({
        code: 'BAD_REQUEST',
        message: DATA_ERRORS[code] ?? 'Um dos valores enviados é inválido.',
        cause: error,
      });
    }
  }
  return null;
}

/** The tenant headers name records by id; anything else is a malformed request, not a tenant the user lacks. */
const tenantHeaders = z.object({
  organizationId: z.uuid().optional(),
  unitId: z.uuid().optional(),
  departmentId: z.uuid().optional(),
});

/** Who calls and where: the token verified, then the input's text, the tenant and the procedure's permission. */
async function authorize(meta: ProcedureMeta | undefined, ctx: RequestContext, getRawInput: () => Promise<unknown>) {
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
  if (hasBrokenText(await getRawInput())) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: 'O texto enviado tem caracteres inválidos (como o caractere nulo). Apague-os e tente de novo.',
    });
  }
  const memberships: Membership[] = await withTenant(ctx.db, { userId: user.userId }, (tx) =>
    ctx.loadMemberships(tx, user.userId),
  );
  let tenant: TenantSelection = {};
  if (rule.scope !== 'user') {
    const inDepartment =
      rule.grantedInDepartments === true &&
      ctx.requested.departmentId !== undefined &&
      !can(memberships, selectionForScope('organization', ctx.requested), rule.permissions);
    tenant = selectionForScope(inDepartment ? 'department' : rule.scope, ctx.requested);
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
  ctx.rateLimiter.take({ userId: user.userId, organizationId: tenant.organizationId, upload: meta.upload === true });
  return { user, memberships, tenant };
}

const enforceAuthz = t.middleware(async ({ meta, ctx, next, getRawInput }) => {
  const { user, memberships, tenant } = await authorize(meta, ctx, getRawInput);
  const scope = { userId: user.userId, ...tenant };
  const call = (tx: Tx) => next({ ctx: { user, memberships, tenant, tx } });
  let failed: Extract<Awaited<ReturnType<typeof call>>, { ok: false }> | undefined;
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
    if (error instanceof Rollback && failed) {
      const refused = dataError(failed.error);
      return refused ? { ...failed, error: refused } : failed;
    }
    throw dataError(error) ?? error;
  }
});

/** The one procedure builder: authenticated, tenant-checked, run in a row-level-secured transaction. */
export const procedure = answered.use(enforceAuthz);

/**
 * Checked as `procedure`, but the handler opens its row-level-secured transaction itself with `ctx.transaction`, so
 * that long work needing no database (checking every line of a large import) comes first: the embedded database runs
 * one transaction at a time and would keep everyone else waiting meanwhile.
 */
export const procedureWithLateTransaction = answered.use(async ({ meta, ctx, next, getRawInput }) => {
  const caller = await authorize(meta, ctx, getRawInput);
  const scope = { userId: caller.user.userId, ...caller.tenant };
  const transaction = <T>(work: (inside: ProcedureContext) => Promise<T>): Promise<T> =>
    withTenant(ctx.db, scope, (tx) => work({ ...ctx, ...caller, tx })).catch((error: unknown) => {
      throw dataError(error) ?? error;
    });
  return next({ ctx: { ...caller, transaction } });
});

/** What a procedure's handler receives once the middleware has checked the caller. */
export type ProcedureContext = RequestContext & {
  user: { userId: string; username: string };
  memberships: Membership[];
  tenant: TenantSelection;
  tx: Tx;
};

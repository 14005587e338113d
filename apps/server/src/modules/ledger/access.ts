import { and, eq, sql } from 'drizzle-orm';
import { ledgerPermission, type DocumentKind } from '@financeiro/core';
import type { Tx } from '../../db/client';
import { type ProcedureContext } from '../../trpc/init';
import { ForbiddenError, InvalidInputError } from '../../errors';
import { callerCan, organizationOf, unitOf } from '../../caller';
import type { AuditContext } from '../audit';
import { accountsView } from '../registries';

/**
 * Where a ledger change happens and who makes it: a procedure's checked context, or the same facts given by the demo
 * seeder, the benchmark or a worker, so that one function writes a document whoever asks.
 */
export interface LedgerScope extends AuditContext {
  tenant: { organizationId: string; unitId: string };
}

export function ledgerScope(
  tx: Tx,
  at: { organizationId: string; unitId: string },
  userId: string,
  requestId = 'ledger',
): LedgerScope {
  return { tx, tenant: at, user: { userId }, requestId, ip: null };
}

export function scopeOf(ctx: ProcedureContext): LedgerScope {
  return { ...ctx, tenant: { organizationId: organizationOf(ctx), unitId: unitOf(ctx) } };
}

/**
 * One procedure serves payables and receivables: its rule lets in whoever holds either permission, and the kind
 * of the documents it touches decides which one is needed.
 */
export const readMeta = {
  authz: { scope: 'unit', permissions: { any: ['ler_contas_pagar', 'ler_contas_receber'] } },
} as const;
export const editMeta = {
  authz: { scope: 'unit', permissions: { any: ['editar_contas_pagar', 'editar_contas_receber'] } },
} as const;

export function requireKind(
  ctx: Pick<ProcedureContext, 'memberships' | 'tenant'>,
  kind: DocumentKind,
  access: 'ler' | 'editar',
): void {
  if (!callerCan(ctx, ledgerPermission(kind, access))) {
    throw new ForbiddenError('Seu perfil não tem permissão para esta ação.');
  }
}

/** The event log's entity of a document: the log shows "conta a pagar" or "conta a receber". */
export const entityOf = (kind: DocumentKind) => kind;

/** An account of the organization that the unit may use; refuses any other. */
export async function mustUseAccount(scope: LedgerScope, accountId: string): Promise<void> {
  const [account] = await scope.tx
    .select({ id: accountsView.id })
    .from(accountsView)
    .where(
      and(
        eq(accountsView.organizationId, scope.tenant.organizationId),
        eq(accountsView.id, accountId),
        sql`${accountsView.unitIds} @> ${JSON.stringify([scope.tenant.unitId])}::jsonb`,
      ),
    );
  if (!account)
    throw new InvalidInputError('Conta não encontrada nesta organização, ou não liberada para esta unidade.');
}

import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../db/client';
import { insertMany } from '../../db/insert-many';
import { type ProcedureContext } from '../../trpc/init';
import { organizationOf } from '../../caller';
import { eventLog } from './schema';

export interface EventInput {
  organizationId: string;
  actorUserId: string | null;
  action: string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  requestId?: string | null;
  ip?: string | null;
}

/** Writes the audit row for a change; call it in the same transaction as the change. */
export async function recordEvent(tx: DbOrTx, event: EventInput): Promise<void> {
  await tx.insert(eventLog).values({
    id: uuidv7(),
    organizationId: event.organizationId,
    actorUserId: event.actorUserId,
    action: event.action,
    entity: event.entity,
    entityId: event.entityId ?? null,
    before: event.before ?? null,
    after: event.after ?? null,
    requestId: event.requestId ?? null,
    ip: event.ip ?? null,
  });
}

/** Who changes, where from and where: a procedure's context, or the same facts for a seeder's or a job's change. */
export type AuditContext = Pick<ProcedureContext, 'tx' | 'tenant' | 'requestId' | 'ip'> & { user: { userId: string } };

/** The audit row of a procedure's change, with who, where from and in which organization taken from the context. */
export function audit(
  ctx: AuditContext,
  change: { action: string; entity: string; entityId: string | null; before?: unknown; after?: unknown },
  organizationId: string = organizationOf(ctx),
): Promise<void> {
  return recordEvent(ctx.tx, {
    ...change,
    organizationId,
    actorUserId: ctx.user.userId,
    requestId: ctx.requestId,
    ip: ctx.ip,
  });
}

/** The audit rows of one change that touches many records (a payment of 500 bills), one statement per few thousand. */
export async function auditEach(
  ctx: AuditContext,
  changes: { action: string; entity: string; entityId: string | null; before?: unknown; after?: unknown }[],
  organizationId: string = organizationOf(ctx),
): Promise<void> {
  await insertMany(
    ctx.tx,
    eventLog,
    changes.map((change) => ({
      id: uuidv7(),
      organizationId,
      actorUserId: ctx.user.userId,
      action: change.action,
      entity: change.entity,
      entityId: change.entityId,
      before: change.before ?? null,
      after: change.after ?? null,
      requestId: ctx.requestId,
      ip: ctx.ip,
    })),
  );
}

import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../db/client';
import { organizationOf, type ProcedureContext } from '../../trpc/init';
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

/** The audit row of a procedure's change, with who, where from and in which organization taken from the context. */
export function audit(
  ctx: ProcedureContext,
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

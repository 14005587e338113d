import { pgView } from 'drizzle-orm/pg-core';
import { eventLog } from './schema';

/*
 * This module's rows as other modules read them (decision 0032): each view is created by the migration
 * 0044_module_views.sql over the table of the same name, with its reader's rights and row-level security.
 */

export const eventLogView = pgView('event_log_view').as((qb) =>
  qb
    .select({
      id: eventLog.id,
      organizationId: eventLog.organizationId,
      createdAt: eventLog.createdAt,
      actorUserId: eventLog.actorUserId,
      action: eventLog.action,
      entity: eventLog.entity,
      entityId: eventLog.entityId,
      before: eventLog.before,
      after: eventLog.after,
      ip: eventLog.ip,
    })
    .from(eventLog),
);

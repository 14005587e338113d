import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AccountChange } from '../identity';
import { recordEvent } from '../audit';
import { memberships } from './schema';

/**
 * A person's change to their own account (password, second factor, e-mail, devices) goes to the event log of every
 * organization they belong to: its administrators see it next to the changes made inside the organization.
 */
export function recordAccountChange(db: Db) {
  return async (change: AccountChange): Promise<void> => {
    const rows = await db
      .selectDistinct({ organizationId: memberships.organizationId })
      .from(memberships)
      .where(eq(memberships.userId, change.userId));
    await db.transaction(async (tx) => {
      for (const { organizationId } of rows) {
        await recordEvent(tx, {
          organizationId,
          actorUserId: change.userId,
          action: change.action,
          entity: 'account',
          entityId: change.userId,
          after: change.after,
          ip: change.ip,
        });
      }
    });
  };
}

import { sql } from 'drizzle-orm';
import { APP_ROLE, type Db, type Tx } from './client';

export interface TenantScope {
  userId: string;
  organizationId?: string | undefined;
  unitId?: string | undefined;
  departmentId?: string | undefined;
}

/**
 * Runs `fn` in a transaction as the non-owner application role with the tenant settings that row-level security
 * reads. Without an organization, only the user's own memberships and organizations are visible.
 */
export async function withTenant<T>(db: Db, scope: TenantScope, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // set_config('role', …, true) is SET LOCAL ROLE, in the same round trip as the tenant settings.
    await tx.execute(sql`select
      set_config('role', ${APP_ROLE}, true),
      set_config('app.user_id', ${scope.userId}, true),
      set_config('app.organization_id', ${scope.organizationId ?? ''}, true),
      set_config('app.unit_id', ${scope.unitId ?? ''}, true),
      set_config('app.department_id', ${scope.departmentId ?? ''}, true)`);
    return fn(tx);
  });
}

/**
 * Points row-level security at one organization for the rest of the transaction: a user-scoped procedure that
 * creates or edits an organization (after checking the caller may) works inside it as if it had been selected.
 */
export async function enterOrganization(tx: Tx, organizationId: string): Promise<void> {
  await tx.execute(sql`select set_config('app.organization_id', ${organizationId}, true)`);
}

/**
 * Runs `fn` as the database owner inside a tenant transaction: the one door through the wall of decision 0012, for
 * the identity module's functions that must change an account in the same transaction as a tenant change (an
 * invitation's new account, an administrator's temporary password, the second-factor requirement), so both commit
 * or roll back together. It runs in a savepoint: if `fn` fails, rolling back to it also restores the tenant role.
 */
export async function asOwner<T>(tx: Tx, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return tx.transaction(async (owner) => {
    await owner.execute(sql`SET LOCAL ROLE NONE`);
    const result = await fn(owner);
    await owner.execute(sql.raw(`SET LOCAL ROLE ${APP_ROLE}`));
    return result;
  });
}

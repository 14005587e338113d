import { and, eq, sql } from 'drizzle-orm';
import { parseGrantKey, type ProfilePermissions } from '@financeiro/core';
import type { Tx } from '../../db/client';
import { type ProcedureContext } from '../../trpc/init';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import { callerCan } from '../../caller';
import { departments, memberships, profiles, units } from './schema';

/**
 * An administrator holds manage_restricted_permissions (which '*' includes): the one who can hand out every other
 * permission. Called after a change, in its transaction: throwing rolls the change back.
 */
export async function assertAdministratorRemains(tx: Tx, organizationId: string): Promise<void> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .innerJoin(profiles, eq(profiles.id, memberships.profileId))
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.status, 'active'),
        sql`(${profiles.permissions}->'organization' = '"*"'::jsonb
             OR ${profiles.permissions}->'organization' ? 'manage_restricted_permissions')`,
      ),
    );
  if ((row?.n ?? 0) === 0) {
    throw new ConflictError(
      'A organização precisa de ao menos um administrador ativo: esta alteração deixaria nenhum.',
    );
  }
}

/** Handing out, taking away or touching restricted permissions needs manage_restricted_permissions. */
export function assertMayTouchRestricted(ctx: ProcedureContext, touches: boolean): void {
  if (touches && !callerCan(ctx, 'manage_restricted_permissions')) {
    throw new ForbiddenError(
      'Só quem gerencia permissões restritas pode conceder, retirar ou alterar esse tipo de acesso.',
    );
  }
}

/** Every unit and department a profile's grants name must belong to the organization. */
export async function assertGrantTargetsExist(
  tx: Tx,
  organizationId: string,
  permissions: ProfilePermissions,
): Promise<void> {
  const unitRows = await tx.select({ id: units.id }).from(units).where(eq(units.organizationId, organizationId));
  const departmentRows = await tx
    .select({ id: departments.id, unitId: departments.unitId })
    .from(departments)
    .where(eq(departments.organizationId, organizationId));
  const unitIds = new Set(unitRows.map((u) => u.id));
  const departmentKeys = new Set(departmentRows.map((d) => `${d.unitId}/${d.id}`));
  for (const key of Object.keys(permissions)) {
    const parsed = parseGrantKey(key);
    if (!parsed || parsed.level === 'organization') continue;
    const known =
      parsed.level === 'unit'
        ? unitIds.has(parsed.unitId ?? '')
        : departmentKeys.has(`${parsed.unitId ?? ''}/${parsed.departmentId ?? ''}`);
    if (!known) throw new NotFoundError('O perfil cita uma unidade ou departamento que não existe nesta organização.');
  }
}

import type { Membership } from '@financeiro/core';

/** A unit and department by name, as the event log shows them, from the organization data the caller holds. */
export function placeNames(memberships: Membership[], at: { unitId: string | null; departmentId?: string | null }) {
  const unit = memberships.flatMap((m) => m.organization.units).find((u) => u.id === at.unitId);
  const department = unit?.departments.find((d) => d.id === at.departmentId);
  return { unit: unit?.name ?? null, department: department?.name ?? null };
}

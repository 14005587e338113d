import { can, type PermissionName } from '@financeiro/core';
import { useSessionStore } from '../../stores/session';
import { useTenantStore } from '../../stores/tenant';

/**
 * Whether the signed-in user holds a purchasing permission where they work now: the organization, or the department
 * chosen in the tenant switcher (purchasing permissions may be granted in a department), as the server checks it.
 */
export function usePurchasingCan(permission: PermissionName): boolean {
  const memberships = useSessionStore((s) => s.tenants);
  const { selectedOrganization, selectedUnit, selectedDepartment } = useTenantStore();
  return can(
    memberships,
    { organizationId: selectedOrganization, unitId: selectedUnit, departmentId: selectedDepartment },
    permission,
  );
}

import { showInMenu } from '@financeiro/core';
import { SCREENS } from '../../routes/table';
import { useAuthzStore, useSessionStore } from '../../stores/session';
import { useTenantStore } from '../../stores/tenant';

/**
 * The screens the menu offers, from the same route table and the same guard as the router: a screen shows when the
 * guard lets the user in now, or would after choosing a unit or organization that grants it; screens the profile
 * forbids are left out. The sidebar and the command palette both list these.
 */
export function useMenuScreens() {
  const { authenticated, userData } = useAuthzStore();
  const memberships = useSessionStore((s) => s.tenants);
  const { selectedOrganization, selectedUnit, selectedDepartment } = useTenantStore();
  const selection = { organizationId: selectedOrganization, unitId: selectedUnit, departmentId: selectedDepartment };
  return SCREENS.filter(
    (s) => s.group && showInMenu({ route: s.authz, authenticated, memberships, selection, userData }),
  );
}

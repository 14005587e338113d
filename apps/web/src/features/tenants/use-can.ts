import { can } from '@financeiro/core';
import { useSessionStore } from '../../stores/session';
import { useTenantStore } from '../../stores/tenant';

/**
 * Whether the signed-in user holds a permission where they work now: at the selected organization, or at the
 * selected unit for unit-level actions. Screens use it to offer only the buttons the server will accept.
 */
export function useCan(permission: string, level: 'organization' | 'unit' = 'organization'): boolean {
  const memberships = useSessionStore((s) => s.tenants);
  const organizationId = useTenantStore((s) => s.selectedOrganization);
  const unitId = useTenantStore((s) => s.selectedUnit);
  return can(memberships, { organizationId, unitId: level === 'unit' ? unitId : undefined }, permission);
}

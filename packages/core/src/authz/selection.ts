import type { Membership, Scope, TenantSelection } from './types';

/** Choosing an organization clears unit and department. */
export function selectOrganization(organizationId: string): TenantSelection {
  return { organizationId };
}

/** Choosing a unit sets its organization and clears the department. */
export function selectUnit(memberships: readonly Membership[], unitId: string): TenantSelection | null {
  for (const m of memberships) {
    if (m.organization.units.some((u) => u.id === unitId)) return { organizationId: m.organization.id, unitId };
  }
  return null;
}

/** Choosing a department sets organization, unit and department. */
export function selectDepartment(memberships: readonly Membership[], departmentId: string): TenantSelection | null {
  for (const m of memberships) {
    for (const unit of m.organization.units) {
      if (unit.departments.some((d) => d.id === departmentId)) {
        return { organizationId: m.organization.id, unitId: unit.id, departmentId };
      }
    }
  }
  return null;
}

/** Whether the level a scope needs is selected ('user' needs nothing). */
export function hasScopeSelected(scope: Scope, selection: TenantSelection): boolean {
  switch (scope) {
    case 'user':
      return true;
    case 'organization':
      return Boolean(selection.organizationId);
    case 'unit':
      return Boolean(selection.organizationId && selection.unitId);
    case 'department':
      return Boolean(selection.organizationId && selection.unitId && selection.departmentId);
  }
}

/** The part of a selection a scope looks at: an organization-scope check ignores the selected unit. */
export function selectionForScope(scope: Scope, selection: TenantSelection): TenantSelection {
  switch (scope) {
    case 'user':
      return {};
    case 'organization':
      return { organizationId: selection.organizationId };
    case 'unit':
      return { organizationId: selection.organizationId, unitId: selection.unitId };
    case 'department':
      return { ...selection };
  }
}

/** The selector shows when the level the current scope needs is not selected, or when the user asked for it. */
export function needsSelector(scope: Scope, selection: TenantSelection, manualShowSelector: boolean): boolean {
  return manualShowSelector || !hasScopeSelected(scope, selection);
}

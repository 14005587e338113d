import { can, resolveSelection } from './engine';
import { hasScopeSelected, selectionForScope } from './selection';
import type { GuardOutcome, Membership, RouteAuthz, Scope, TenantSelection, UserData } from './types';

export interface GuardInput {
  route: RouteAuthz;
  authenticated: boolean;
  memberships: readonly Membership[];
  selection: TenantSelection;
  userData?: UserData | null | undefined;
}

/** SPEC section 4 "Route guard outcomes" and section 6 "Guard". */
export function evaluateGuard({ route, authenticated, memberships, selection, userData }: GuardInput): GuardOutcome {
  if (route.public || route.scope === 'unauthenticated') {
    return route.anonymousOnly && authenticated ? 'PUBLIC_ONLY' : 'OK';
  }
  if (!authenticated) return 'UNAUTHENTICATED';
  if (route.requiresOrganizationCreation && userData?.organization_creation_enabled !== true) return 'UNAUTHORIZED';
  const scope = route.scope ?? 'user';
  if (scope === 'user') return 'OK';
  const scoped = selectionForScope(scope, selection);
  if (!hasScopeSelected(scope, scoped) || !resolveSelection(memberships, scoped)) return 'SET_SCOPE';
  return can(memberships, scoped, route.permissions) ? 'OK' : 'UNAUTHORIZED';
}

/**
 * The selections a route could be opened at once the user chooses its scope: every organization, unit or department
 * of the selected organization (of every organization before one is chosen).
 */
function candidateSelections(
  scope: Exclude<Scope, 'user'>,
  memberships: readonly Membership[],
  selection: TenantSelection,
) {
  const chosen = memberships.some((m) => m.organization.id === selection.organizationId);
  const organizations = memberships
    .map((m) => m.organization)
    .filter((o, i, all) => all.findIndex((x) => x.id === o.id) === i)
    .filter((o) => !chosen || o.id === selection.organizationId);
  return organizations.flatMap((o): TenantSelection[] => {
    if (scope === 'organization') return [{ organizationId: o.id }];
    if (scope === 'unit') return o.units.map((u) => ({ organizationId: o.id, unitId: u.id }));
    return o.units.flatMap((u) =>
      u.departments.map((d) => ({ organizationId: o.id, unitId: u.id, departmentId: d.id })),
    );
  });
}

/**
 * The sidebar's rule: an item shows when the guard lets the user in now, or would once a scope is chosen where the
 * profile grants the route (an item that no unit of the organization grants would only lead to a dead end).
 */
export function showInMenu(input: GuardInput): boolean {
  const outcome = evaluateGuard(input);
  if (outcome === 'OK') return true;
  const scope = input.route.scope;
  // The guard asks for a scope only on organization, unit and department routes.
  if (outcome !== 'SET_SCOPE' || (scope !== 'organization' && scope !== 'unit' && scope !== 'department')) {
    return false;
  }
  return candidateSelections(scope, input.memberships, input.selection).some((candidate) =>
    can(input.memberships, candidate, input.route.permissions),
  );
}

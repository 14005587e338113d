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

/**
 * What the route guard does with a route: OK; PUBLIC_ONLY (a signed-in user on a page for the signed-out);
 * UNAUTHENTICATED; UNAUTHORIZED (a missing permission, or creating organizations without being allowed to); or
 * SET_SCOPE (the route's organization, unit or department is still to be chosen).
 */
export function evaluateGuard({ route, authenticated, memberships, selection, userData }: GuardInput): GuardOutcome {
  if (route.public || route.scope === 'unauthenticated') {
    return route.anonymousOnly && authenticated ? 'PUBLIC_ONLY' : 'OK';
  }
  if (!authenticated) return 'UNAUTHENTICATED';
  if (route.requiresOrganizationCreation && userData?.organization_creation_enabled !== true) return 'UNAUTHORIZED';
  const scope = routeScope({ route, authenticated, memberships, selection });
  if (scope === 'user') return 'OK';
  const scoped = selectionForScope(scope, selection);
  if (!hasScopeSelected(scope, scoped) || !resolveSelection(memberships, scoped)) return 'SET_SCOPE';
  return can(memberships, scoped, route.permissions) ? 'OK' : 'UNAUTHORIZED';
}

/**
 * The scope a route asks of this user: its own, or the department on an organization route whose permissions a
 * department may grant (`grantedInDepartments`) when the profile holds them at no organization it could open the
 * route in (the selected one, or any before one is chosen). The department is then chosen in the tree with
 * departments, and the route checked there: a grant above it counts, one beside it does not.
 */
export function routeScope({ route, memberships, selection }: GuardInput): Scope {
  const scope = route.scope === undefined || route.scope === 'unauthenticated' ? 'user' : route.scope;
  if (scope !== 'organization' || !route.grantedInDepartments) return scope;
  const chosen = memberships.some((m) => m.organization.id === selection.organizationId);
  const organizations = memberships
    .map((m) => m.organization.id)
    .filter((id) => !chosen || id === selection.organizationId);
  return organizations.some((organizationId) => can(memberships, { organizationId }, route.permissions))
    ? 'organization'
    : 'department';
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
  const scope = routeScope(input);
  // The guard asks for a scope only on organization, unit and department routes.
  if (outcome !== 'SET_SCOPE' || scope === 'user') return false;
  return candidateSelections(scope, input.memberships, input.selection).some((candidate) =>
    can(input.memberships, candidate, input.route.permissions),
  );
}

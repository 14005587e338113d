import { can, resolveSelection } from './engine';
import { hasScopeSelected, selectionForScope } from './selection';
import type { GuardOutcome, Membership, RouteAuthz, TenantSelection, UserData } from './types';

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

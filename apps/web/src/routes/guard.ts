import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { evaluateGuard, routeScope, type RouteAuthz, type Scope } from '@financeiro/core';
import { useAuthzStore, useSessionStore } from '../stores/session';
import { currentSelection, useTenantStore } from '../stores/tenant';

/** Where select-tenant returns to: the original route's name, params and query. */
export interface TenantTarget {
  name: string;
  params: Record<string, string>;
  query: string;
}

export function selectTenantHref(scope: Scope, target: TenantTarget | null): string {
  const query = target ? `?target=${encodeURIComponent(JSON.stringify(target))}` : '';
  return `/select-tenant/${scope}${query}`;
}

/**
 * The route guard: one decision from the core engine (`evaluateGuard`), acted on by redirecting to sign-in, to the
 * tenant selection or to the unauthorized page. Runs before a route loads,
 * from the session the app refreshed at start-up and after every sign-in.
 */
export function guard(name: string, authz: RouteAuthz, title: string) {
  return ({ location }: { location: ParsedLocation }) => {
    const { authenticated, userData } = useAuthzStore.getState();
    const memberships = useSessionStore.getState().tenants;
    const input = { route: authz, authenticated, memberships, selection: currentSelection(), userData };
    // The scope this user works at here: an organization purchasing screen is a department one for a requester.
    const scope = routeScope(input);
    switch (evaluateGuard(input)) {
      case 'OK':
        if (scope !== 'user') useTenantStore.getState().setCurrentScope(scope);
        return;
      case 'PUBLIC_ONLY':
        throw redirect({ href: '/' });
      case 'UNAUTHENTICATED':
        throw redirect({ href: `/auth/sign-in?redirect=${encodeURIComponent(location.href)}` });
      case 'UNAUTHORIZED':
        throw redirect({ href: `/unauthorized?title=${encodeURIComponent(title)}` });
      case 'SET_SCOPE': {
        if (memberships.length === 0) throw redirect({ href: '/no-tenants' });
        const target = { name, params: {}, query: location.searchStr };
        throw redirect({ href: selectTenantHref(scope === 'user' ? 'organization' : scope, target) });
      }
    }
  };
}

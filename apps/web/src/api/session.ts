import { TRPCClientError } from '@trpc/client';
import { fetchAuthSession, getCurrentUser } from 'aws-amplify/auth';
import { resolveSelection } from '@financeiro/core';
import { useAuthzStore, useSessionStore } from '../stores/session';
import { currentSelection, useTenantStore } from '../stores/tenant';
import { apiClient, queryClient } from './trpc';

function reset(): void {
  useAuthzStore.setState({ authenticated: false, userData: null });
  useSessionStore.setState({ user: null, tenants: [], selectedTenant: null });
  queryClient.clear();
}

/**
 * Refreshes the current user (at start-up, when sign-in reaches DONE, after sign-out and account changes); when
 * signed in, also the profile (getMe) and the tenants, and drops a saved selection that no longer belongs to the user;
 * otherwise resets everything.
 */
export async function refreshSession(): Promise<void> {
  const session = await fetchAuthSession().catch(() => null);
  if (!session?.tokens?.accessToken) return reset();
  try {
    const [user, userData, tenants] = await Promise.all([
      getCurrentUser(),
      apiClient.tenants.getMe.query(),
      apiClient.tenants.getUserAvailableTenants.query(),
    ]);
    const selection = currentSelection();
    const valid = resolveSelection(tenants, selection);
    if (!valid) useTenantStore.getState().reset();
    useAuthzStore.setState({ authenticated: true, userData });
    useSessionStore.setState({
      user: { username: user.username, userId: user.userId },
      tenants,
      selectedTenant: valid ? (valid.memberships[0] ?? null) : null,
    });
  } catch (error) {
    // Only a token the server refuses (signed out elsewhere, revoked) ends the session here. A request cut short by
    // a navigation or a network failure must not: signing out would revoke a perfectly good session.
    if (error instanceof TRPCClientError && error.data?.httpStatus === 401) {
      const { signOut } = await import('./sign-out');
      await signOut().catch(() => undefined);
      reset();
    }
  }
}

/**
 * Reloads the user's memberships so that profile changes made by an administrator reach the menu and the tenant
 * selector without signing out. Failures are left for the next attempt.
 */
export async function refreshTenants(): Promise<void> {
  if (!useAuthzStore.getState().authenticated) return;
  const tenants = await apiClient.tenants.getUserAvailableTenants.query().catch(() => null);
  if (!tenants) return;
  const valid = resolveSelection(tenants, currentSelection());
  if (!valid) useTenantStore.getState().reset();
  useSessionStore.setState({ tenants, selectedTenant: valid ? (valid.memberships[0] ?? null) : null });
}

import { resolveSelection, type TenantSelection } from '@financeiro/core';
import { apiClient, queryClient } from '../../api/trpc';
import { useSessionStore } from '../../stores/session';
import { useTenantStore } from '../../stores/tenant';

/** Makes a selection current: stores it, forgets data of the previous tenant, and records the access. */
export async function applySelection(selection: TenantSelection): Promise<void> {
  useTenantStore.getState().select(selection);
  const resolved = resolveSelection(useSessionStore.getState().tenants, selection);
  useSessionStore.setState({ selectedTenant: resolved?.memberships[0] ?? null });
  // Data of the previous tenant must not show under the new one: reset refetches what is on screen.
  await queryClient.resetQueries();
  await apiClient.tenants.recordAccess
    .mutate()
    .catch((error: unknown) => console.warn('Falha ao registrar acesso', error));
}

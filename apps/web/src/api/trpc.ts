import { QueryClient, type MutationFunctionContext, type QueryFunction, type SkipToken } from '@tanstack/react-query';
import { createTRPCClient } from '@trpc/client';
import { createTRPCOptionsProxy, type TRPCMutationKey, type TRPCQueryKey } from '@trpc/tanstack-react-query';
import { fetchAuthSession } from 'aws-amplify/auth';
import type { ApiRouter } from '@financeiro/server/api';
import { currentSelection } from '../stores/tenant';
import { areaLink } from './area-link';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

/** Every API call carries the access token and the selected tenant; the server checks both. */
export async function headers(): Promise<Record<string, string>> {
  const session = await fetchAuthSession().catch(() => null);
  const token = session?.tokens?.accessToken.toString();
  const s = currentSelection();
  return {
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(s.organizationId ? { 'x-organization-id': s.organizationId } : {}),
    ...(s.unitId ? { 'x-unit-id': s.unitId } : {}),
    ...(s.departmentId ? { 'x-department-id': s.departmentId } : {}),
  };
}

/**
 * The API, every area in one typed client: for what no cache should keep (the session, exports, downloads) and for a
 * mutation that does more than send its input to one procedure (reads a file first, derives a key from each request,
 * calls several times).
 */
export const apiClient = createTRPCClient<ApiRouter>({ links: [areaLink({ url: '/v1', headers })] });

/**
 * How the screens read and change the API: TanStack Query's options, keys and filters of every procedure
 * (`useQuery(trpc.ledger.documents.list.queryOptions(input))`, `invalidateQueries(trpc.ledger.pathFilter())`).
 */
export const trpc = createTRPCOptionsProxy<ApiRouter>({ client: apiClient, queryClient });

/**
 * Query options as a component that serves several screens takes them (a registry's list, a select's choices): the
 * key and the call of whichever procedure the screen names, typed by its answer.
 */
export interface QueryOptionsOf<T> {
  queryKey: TRPCQueryKey;
  queryFn?: QueryFunction<T, TRPCQueryKey> | SkipToken;
}

/**
 * Mutation options as a component that serves several screens takes them, typed by what it sends: a registry form
 * sends its values, which its schema checks before the procedure's own input does (hence a method, whose input is
 * compared both ways).
 */
export interface MutationOptionsOf<Input> {
  mutationKey: TRPCMutationKey;
  mutationFn?(variables: Input, context: MutationFunctionContext): Promise<unknown>;
}

import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { LogsRouter, TenantsRouter } from '@financeiro/server/api';
import { headers, queryClient, tenantsClient } from './trpc';

/**
 * The routers whose screens read them through TanStack Query's options (queryOptions, mutationOptions, queryKey): the
 * administration and event log screens. Apart from trpc.ts, so that the adapter loads with them, not with the app.
 */
export const tenantsApi = createTRPCOptionsProxy<TenantsRouter>({ client: tenantsClient, queryClient });

const logsClient = createTRPCClient<LogsRouter>({ links: [httpBatchLink({ url: '/v1/logs', headers })] });
export const logsApi = createTRPCOptionsProxy<LogsRouter>({ client: logsClient, queryClient });

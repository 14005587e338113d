import type { Dashboard } from '@financeiro/core';
import { reportsClient } from '../../api/trpc';

/**
 * The dashboard as the screen reads it: a figure the member may not see (payables without ler_contas_pagar, say)
 * comes as null, and its card or section is left out.
 */
export type DashboardData = { [K in keyof Dashboard]: K extends 'today' ? Dashboard[K] : Dashboard[K] | null };

// Until the server's procedure is in the router's type, the client is read through the contract's answer.
const client = reportsClient as unknown as { dashboard: { query(): Promise<Dashboard> } };

/** The one request behind the dashboard's figures. */
export const fetchDashboard = (): Promise<DashboardData> => client.dashboard.query();

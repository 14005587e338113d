import type { Dashboard } from '@financeiro/core';
import { reportsClient } from '../../api/trpc';

/**
 * The dashboard as the screen reads it: a figure the member may not read (payables without ler_contas_pagar, say)
 * comes as null, and its card or section is left out.
 */
export type DashboardData = Dashboard;

/** The one request behind the dashboard's figures. */
export const fetchDashboard = (): Promise<DashboardData> => reportsClient.dashboard.query();

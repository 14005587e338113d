import type { DreReportInput, FlowsReportInput, ProjectionInput, StatusReportInput } from '@financeiro/core';
import { reportsClient } from '../../api/trpc';

/** The reports' procedures as the screens call them, typed by the server's router. */
export const reportsApi = {
  status: (input: StatusReportInput) => reportsClient.status.query(input),
  flows: (input: FlowsReportInput) => reportsClient.flows.query(input),
  dre: (input: DreReportInput) => reportsClient.dre.query(input),
  projection: (input: ProjectionInput) => reportsClient.projection.query(input),
};

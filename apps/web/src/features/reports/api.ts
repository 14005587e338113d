import type {
  DreReport,
  DreReportInput,
  FlowsReport,
  FlowsReportInput,
  Projection,
  ProjectionInput,
  StatusReport,
  StatusReportInput,
} from '@financeiro/core';
import { reportsClient } from '../../api/trpc';

/** The reports' procedures as the screens call them: the shared contract's questions and answers. */
interface ReportsApi {
  status: { query(input: StatusReportInput): Promise<StatusReport> };
  flows: { query(input: FlowsReportInput): Promise<FlowsReport> };
  dre: { query(input: DreReportInput): Promise<DreReport> };
  projection: { query(input: ProjectionInput): Promise<Projection> };
}

// The server's procedures follow packages/core/src/reports/inputs.ts; typed through the contract, so that the
// screens compile while a procedure is still being written.
const client = reportsClient as unknown as ReportsApi;

export const reportsApi = {
  status: (input: StatusReportInput) => client.status.query(input),
  flows: (input: FlowsReportInput) => client.flows.query(input),
  dre: (input: DreReportInput) => client.dre.query(input),
  projection: (input: ProjectionInput) => client.projection.query(input),
};

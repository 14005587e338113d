import { sql } from 'drizzle-orm';
import {
  can,
  flowsReportInput,
  ledgerPermission,
  reportClosedMonthsInput,
  resolveSelection,
  statusReportInput,
  type DocumentKind,
} from '@financeiro/core';
import { monthsClosedInEveryUnit, readMeta, requireKind } from '../ledger';
import { procedure, router, type ProcedureContext } from '../../trpc/init';
import { organizationOf, unitOf } from '../../caller';
import { flowsReport } from './flows';
import { mustBeOrganizations, organizationReportMeta } from './access';
import { outlookProcedures } from './outlook-router';
import { statusReport } from './status';

/** The organization's active units where the caller may read the kind's installments, in the order of the tree. */
function readableUnits(ctx: ProcedureContext, kind: DocumentKind): string[] {
  const organizationId = organizationOf(ctx);
  const organization = resolveSelection(ctx.memberships, { organizationId })?.organization;
  return (organization?.units ?? [])
    .filter(
      (u) =>
        u.status === 'active' && can(ctx.memberships, { organizationId, unitId: u.id }, ledgerPermission(kind, 'ler')),
    )
    .map((u) => u.id);
}

/** Reports (read-only): /v1/reports.* */
export const reportsRouter = router({
  ...outlookProcedures,

  /** Payables or receivables of the selected unit (or of each unit the caller reads) by status and age. */
  status: procedure
    .meta(readMeta)
    .input(statusReportInput)
    .query(async ({ ctx, input }) => {
      requireKind(ctx, input.kind, 'ler');
      const organizationId = organizationOf(ctx);
      if (input.groupBy !== 'unit') {
        return statusReport(ctx.tx, {
          organizationId,
          unitIds: [unitOf(ctx)],
          kind: input.kind,
          groupBy: input.groupBy,
        });
      }
      // Row-level security shows the selected unit's installments only: the report widens it to the units just
      // checked, and narrows it back before the transaction goes on.
      const unitIds = readableUnits(ctx, input.kind);
      await ctx.tx.execute(sql`select set_config('app.unit_id', '', true)`);
      try {
        return await statusReport(ctx.tx, { organizationId, unitIds, kind: input.kind, groupBy: 'unit' });
      } finally {
        await ctx.tx.execute(sql`select set_config('app.unit_id', ${unitOf(ctx)}, true)`);
      }
    }),

  /** Inflows or outflows by classification or cost centre and month, cash or accrual, with the previous period. */
  flows: procedure
    .meta(organizationReportMeta)
    .input(flowsReportInput)
    .query(async ({ ctx, input }) => {
      await mustBeOrganizations(ctx, 'units', input.unitId);
      return flowsReport(ctx.tx, {
        organizationId: organizationOf(ctx),
        unitId: input.unitId,
        direction: input.direction,
        basis: input.basis,
        dimension: input.dimension,
        from: input.from,
        to: input.to,
      });
    }),

  /**
   * The months of a monthly report's period closed in every unit it covers (decision 0036): the report's columns
   * of those months are marked closed.
   */
  closedMonths: procedure
    .meta(organizationReportMeta)
    .input(reportClosedMonthsInput)
    .query(async ({ ctx, input }) => {
      await mustBeOrganizations(ctx, 'units', input.unitId);
      return monthsClosedInEveryUnit(ctx.tx, organizationOf(ctx), {
        from: input.from,
        to: input.to,
        unitId: input.unitId,
      });
    }),
});
export type ReportsRouter = typeof reportsRouter;

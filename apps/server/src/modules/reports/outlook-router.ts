import { dreReportInput, projectionInput } from '@financeiro/core';
import { procedure } from '../../trpc/init';
import { organizationOf } from '../../caller';
import { mustBeOrganizations, organizationReportMeta } from './access';
import { dashboard } from './dashboard';
import { dreReport } from './dre';
import { projection } from './projection';

/** The dashboard shows what the member may read of the unit, and null for the rest: every member may open it. */
const dashboardMeta = { authz: { scope: 'unit' } } as const;

/** The DRE, the cash-flow projection and the dashboard. */
export const outlookProcedures = {
  /** The management income statement by month, cash or accrual, of the organization, a unit or a cost centre. */
  dre: procedure
    .meta(organizationReportMeta)
    .input(dreReportInput)
    .query(async ({ ctx, input }) => {
      await mustBeOrganizations(ctx, 'units', input.unitId);
      await mustBeOrganizations(ctx, 'cost_centres', input.costCentreId);
      return dreReport(ctx.tx, {
        organizationId: organizationOf(ctx),
        basis: input.basis,
        from: input.from,
        to: input.to,
        unitId: input.unitId,
        costCentreId: input.costCentreId,
      });
    }),

  /** Today's balances plus what falls due (and recurs) over the next days, by day, week or month. */
  projection: procedure
    .meta(organizationReportMeta)
    .input(projectionInput)
    .query(async ({ ctx, input }) => {
      await mustBeOrganizations(ctx, 'units', input.unitId);
      return projection(ctx.tx, {
        organizationId: organizationOf(ctx),
        unitId: input.unitId,
        step: input.step,
        days: input.days,
      });
    }),

  /** Every figure of the unit's dashboard in one answer. */
  dashboard: procedure.meta(dashboardMeta).query(({ ctx }) => dashboard(ctx)),
};

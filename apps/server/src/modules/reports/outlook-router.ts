import { sql } from 'drizzle-orm';
import { dreReportInput, projectionInput } from '@financeiro/core';
import { rowsOf } from '../../db/client';
import { badRequest, organizationOf, procedure, type ProcedureContext } from '../../trpc/init';
import { dashboard } from './dashboard';
import { dreReport } from './dre';
import { REPORT_ERRORS } from './messages';
import { projection } from './projection';

/**
 * The DRE and the projection read the whole organization's books: the same rule as the accounting reports' screens
 * (relatorios_contabeis/*), the purchase lists' permission with the payables'.
 */
const organizationReportMeta = {
  authz: { scope: 'organization', permissions: { all: ['ler_pedidos_compra', 'ler_contas_pagar'] } },
} as const;

/** The dashboard shows what the member may read of the unit, and null for the rest: every member may open it. */
const dashboardMeta = { authz: { scope: 'unit' } } as const;

const COST_CENTRE_NOT_FOUND = 'Centro de custo não encontrado nesta organização.';

/** A unit, or a cost centre, named by a report's filter must be the organization's. */
async function mustBeOrganizations(ctx: ProcedureContext, table: 'units' | 'cost_centres', id: string | null) {
  if (!id) return;
  const found = rowsOf<{ id: string }>(
    await ctx.tx.execute(
      sql`select id from ${sql.raw(table)} where organization_id = ${organizationOf(ctx)} and id = ${id}::uuid`,
    ),
  );
  if (found.length === 0) throw badRequest(table === 'units' ? REPORT_ERRORS.unitNotFound : COST_CENTRE_NOT_FOUND);
}

/** The DRE, the cash-flow projection and the dashboard. */
export const outlookProcedures = {
  /** The management income statement by month, cash or accrual, of the organization, a unit or a cost centre. */
  dre: procedure
    .meta(organizationReportMeta)
    .input(dreReportInput)
    .query(async ({ ctx, input }) => {
      const years = [input.from, input.to].map((m) => Number(m.slice(0, 4)));
      if (years.some((y) => y < 1900 || y > 9998)) throw badRequest(REPORT_ERRORS.period);
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

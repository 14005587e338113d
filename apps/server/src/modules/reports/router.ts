import { sql } from 'drizzle-orm';
import {
  can,
  flowsReportInput,
  ledgerPermission,
  resolveSelection,
  statusReportInput,
  type DocumentKind,
} from '@financeiro/core';
import { rowsOf } from '../../db/client';
import { readMeta, requireKind } from '../ledger/access';
import { badRequest, organizationOf, procedure, router, unitOf, type ProcedureContext } from '../../trpc/init';
import { flowsReport } from './flows';
import { REPORT_ERRORS } from './messages';
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

/**
 * Inflows and outflows read the whole organization's books: the same rule as their screens
 * (relatorios_contabeis/entradas and saidas), the purchase lists' permission with the payables'.
 */
const flowsMeta = {
  authz: { scope: 'organization', permissions: { all: ['ler_pedidos_compra', 'ler_contas_pagar'] } },
} as const;

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
    .meta(flowsMeta)
    .input(flowsReportInput)
    .query(async ({ ctx, input }) => {
      const organizationId = organizationOf(ctx);
      const years = [input.from, input.to].map((m) => Number(m.slice(0, 4)));
      if (years.some((y) => y < 1900 || y > 9998)) throw badRequest(REPORT_ERRORS.period);
      if (input.unitId) {
        const found = rowsOf<{ id: string }>(
          await ctx.tx.execute(
            sql`select id from units where organization_id = ${organizationId} and id = ${input.unitId}`,
          ),
        );
        if (found.length === 0) throw badRequest(REPORT_ERRORS.unitNotFound);
      }
      return flowsReport(ctx.tx, {
        organizationId,
        unitId: input.unitId,
        direction: input.direction,
        basis: input.basis,
        dimension: input.dimension,
        from: input.from,
        to: input.to,
      });
    }),
});
export type ReportsRouter = typeof reportsRouter;

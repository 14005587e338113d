import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client';
import { type ProcedureContext } from '../../trpc/init';
import { InvalidInputError } from '../../errors';
import { organizationOf } from '../../caller';
import { REPORT_ERRORS } from './messages';

/**
 * Inflows, outflows, the DRE and the projection read the whole organization's books: the same rule as their screens
 * (relatorios_contabeis/*, decision 0025), the purchase lists' permission with the payables'.
 */
export const organizationReportMeta = {
  authz: { scope: 'organization', permissions: { all: ['ler_pedidos_compra', 'ler_contas_pagar'] } },
} as const;

/** A unit, or a cost centre, named by a report's filter must be the organization's. */
export async function mustBeOrganizations(ctx: ProcedureContext, table: 'units' | 'cost_centres', id: string | null) {
  if (!id) return;
  const found = rowsOf<{ id: string }>(
    await ctx.tx.execute(
      sql`select id from ${sql.raw(`${table}_view`)} where organization_id = ${organizationOf(ctx)} and id = ${id}::uuid`,
    ),
  );
  if (found.length === 0)
    throw new InvalidInputError(table === 'units' ? REPORT_ERRORS.unitNotFound : REPORT_ERRORS.costCentreNotFound);
}

import { and, count, eq, getTableName, getViewName, inArray, is, sql, type SQL } from 'drizzle-orm';
import { PgView, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { type ProcedureContext } from '../../trpc/init';
import { InvalidInputError } from '../../errors';
import { organizationOf } from '../../caller';
import {
  accounts,
  accountTypes,
  apportionmentTemplates,
  banks,
  classifications,
  contracts,
  costCentres,
  parties,
  paymentMethods,
  products,
  taxTypes,
} from './schema';

/** A registry's table, or another module's view of its records (units, departments). */
type Referenced = (PgTable | PgView) & { id: PgColumn; organizationId: PgColumn };

/** What a form naming another organization's (or a deleted) apportionment template is told. */
export const TEMPLATE_NOT_FOUND = 'Rateio padrão não encontrado nesta organização.';

/** The records each transaction has already found, so that an import of many lines naming one bank asks once. */
const found = new WeakMap<object, Set<string>>();

/**
 * Refuses input that points at records the organization does not have (another organization's are invisible under
 * row security as well): every id must name one of the organization's records in `table`.
 */
export async function mustExist(
  ctx: Pick<ProcedureContext, 'tx' | 'tenant'>,
  table: Referenced,
  ids: readonly (string | null | undefined)[],
  message: string,
): Promise<void> {
  const known = found.get(ctx.tx) ?? new Set<string>();
  found.set(ctx.tx, known);
  const name = is(table, PgView) ? getViewName(table) : getTableName(table);
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))].filter(
    (id) => !known.has(`${name}:${id}`),
  );
  if (wanted.length === 0) return;
  const [counted] = await ctx.tx
    .select({ n: count() })
    .from(table)
    .where(and(eq(table.organizationId, organizationOf(ctx)), inArray(table.id, wanted)));
  if ((counted?.n ?? 0) !== wanted.length) throw new InvalidInputError(message);
  for (const id of wanted) known.add(`${name}:${id}`);
}

/** The registries other modules' records point at, by name. */
const REFERENCED = {
  accounts,
  accountTypes,
  apportionmentTemplates,
  banks,
  classifications,
  contracts,
  costCentres,
  parties,
  paymentMethods,
  products,
  taxTypes,
} satisfies Record<string, Referenced>;

/** `mustExist` for another module: every id must name one of the organization's records in that registry. */
export function mustReference(
  ctx: Pick<ProcedureContext, 'tx' | 'tenant'>,
  registry: keyof typeof REFERENCED,
  ids: readonly (string | null | undefined)[],
  message: string,
): Promise<void> {
  return mustExist(ctx, REFERENCED[registry], ids, message);
}

/** "3 contas": how many rows of `table` in the organization match, or null when none. */
export async function usage(
  tx: Tx,
  table: PgTable & { organizationId: PgColumn },
  organizationId: string,
  where: SQL,
  name: (n: number) => string,
): Promise<string | null> {
  const source: PgTable = table;
  const [found] = await tx
    .select({ n: count() })
    .from(source)
    .where(and(eq(table.organizationId, organizationId), where));
  const n = found?.n ?? 0;
  return n > 0 ? name(n) : null;
}

/** The usages that apply, dropping the nulls; counted one after the other, as a transaction runs one query at a time. */
export async function usages(...checks: (() => Promise<string | null>)[]): Promise<string[]> {
  const found: string[] = [];
  for (const check of checks) {
    const usage = await check();
    if (usage !== null) found.push(usage);
  }
  return found;
}

/** A JSON list column holds an object with this property value (an apportionment line naming a cost centre). */
export const listMentions = (column: PgColumn, key: string, id: string) =>
  sql`${column} @> ${JSON.stringify([{ [key]: id }])}::jsonb`;

/** "1 conta" / "3 contas". */
export const plural = (one: string, many: string) => (n: number) => `${n} ${n === 1 ? one : many}`;

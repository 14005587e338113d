import { and, asc, count, desc, eq, getTableColumns, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { CasingCache } from 'drizzle-orm/casing';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { PgInsertValue, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import {
  LIST_COUNT_CAP,
  registryIdInput,
  registryListInput,
  registryStatusInput,
  registryVersion,
  withIdempotencyKey,
  type PermissionName,
} from '@financeiro/core';
import { z } from 'zod';
import type { Tx } from '../../db/client';
import { folded, searchMatches, type FoldedColumn } from '../../db/search';
import { procedure, procedureWithLateTransaction, router, type ProcedureContext } from '../../trpc/init';
import {
  ConflictError,
  FieldConflictError,
  InvalidInputError,
  NotFoundError,
  ServiceError,
  isUniqueViolation,
} from '../../errors';
import { toWire } from '../../wire';
import { organizationOf } from '../../caller';
import { audit } from '../audit';
import { idempotent } from '../idempotency';

/** The columns every registry table has (see `registryColumns` in ./columns). */
export type RegistryTable = PgTable & {
  id: PgColumn;
  organizationId: PgColumn;
  status: PgColumn;
  version: PgColumn;
  updatedAt: PgColumn;
};

/** What a registry's input yields: the values of a record. */
type Values = Record<string, unknown>;

export interface RegistryDefinition<
  T extends RegistryTable,
  I extends z.ZodType<Values>,
  E extends Record<string, SQL> = Record<never, SQL>,
  O extends Record<string, SQL> = Record<never, SQL>,
> {
  /** The event log's entity name, e.g. "bank". */
  entity: string;
  scope: 'organization' | 'unit';
  permissions: { read: PermissionName; edit: PermissionName };
  table: T;
  /** The record's rules, shared with the web form and the CSV import. */
  input: I;
  /** The rows this registry shows when it shows part of a table (a party screen shows one role). */
  only?: SQL;
  /** Read-only values listed, read and exported with each record, computed from what it points at (a party's name). */
  extras?: E;
  /** How an option of a reference select reads, e.g. "341 · Itaú". */
  label: SQL;
  /** Values each option carries beside its label, for the form that picks it (a party's default apportionment). */
  optionValues?: O;
  /** Columns the search box looks in, accents and case aside (see `searchMatches`). */
  search: (PgColumn | SQL | FoldedColumn)[];
  /** Columns or expressions a list may be sorted by, by the name the web sends; the first is the default. */
  sorts: Record<string, PgColumn | SQL>;
  /** pt-BR messages: the record not found, and for each unique constraint what is already taken. */
  messages: { notFound: string; unique: Record<string, string> };
  /** What uses a record (pt-BR, e.g. "3 contas"), to refuse its deletion; none means it may go. */
  usages?: (tx: Tx, organizationId: string, id: string) => Promise<string[]>;
  /**
   * Turns checked input into the values written: checks that what it points at exists in the organization, fills
   * what the server decides (a tree code). `before` is the record being changed, null on create.
   */
  prepare?: (ctx: ProcedureContext, values: z.output<I>, before: Row<T, E> | null) => Promise<Values>;
  /** Runs after an update in the same transaction (a moved tree branch renumbers its descendants). */
  afterUpdate?: (ctx: ProcedureContext, row: T['$inferSelect'], before: Row<T, E>) => Promise<void>;
  /** Values that identify a record on import (a document, a code): repeated in the file or already saved is an error. */
  importKeys?: { field: string; column: PgColumn; message: string }[];
}

/** The values of SQL expressions named by key, as read. */
type Read<E> = { [K in keyof E]: E[K] extends SQL<infer V> ? V : never };
type Row<T extends RegistryTable, E = Record<never, SQL>> = T['$inferSelect'] & Read<E>;

/** Text as a pt-BR reader sorts it: case and accents aside ("Cartão" before "Carteira"); see `folded`. */
export function sortableText(column: PgColumn | SQL): SQL {
  return folded(column);
}

/** One bad line of an import: its line in the file (the header is line 1), the field and what is wrong. */
export interface ImportProblem {
  line: number;
  field: string;
  message: string;
}
const IMPORT_LIMIT = 20_000;
const IMPORT_CHUNK = 500;
const REPORT_LIMIT = 1_000;

const STALE = 'Este registro foi alterado por outra pessoa enquanto você editava. Recarregue e tente de novo.';
const EXPORT_LIMIT = 50_000;
const OPTIONS_LIMIT = 50;
const registryOptionsInput = z.object({
  search: z.string().trim().max(120).default(''),
  ids: z.array(z.uuid()).max(100).default([]),
});

/** Column names as the database connection writes them (`casing: 'snake_case'` in db/client.ts). */
const casing = new CasingCache('snake_case');

/**
 * Inserts many rows with one JSON parameter instead of one parameter per value: building and binding 500 rows of
 * parameters takes as long as the database's own insert, and on PGlite everyone else waits for an import's write.
 */
async function insertRows(tx: Tx, table: RegistryTable, rows: Values[]): Promise<void> {
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => rows.some((row) => row[key] !== undefined));
  const list = (render: (key: string, column: PgColumn) => SQL) =>
    sql.join(
      columns.map(([key, column]) => render(key, column)),
      sql`, `,
    );
  // The column types written raw come from the table's definition, never from the request.
  await tx.execute(sql`insert into ${table} (${list((_, column) => sql`${sql.identifier(casing.getColumnCasing(column))}`)})
    select ${list((key) => sql`${sql.identifier(key)}`)}
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
    as line(${list((key, column) => sql`${sql.identifier(key)} ${sql.raw(column.getSQLType())}`)})`);
}

/** Each unique constraint's field (the column beside the organization's), read from the table's definition. */
function uniqueFields(entity: string, table: RegistryTable, messages: Record<string, string>) {
  const tableColumns = Object.entries(getTableColumns(table));
  return Object.entries(messages).map(([constraint, message]) => {
    const named = getTableConfig(table).uniqueConstraints.find((u) => u.getName() === constraint);
    const column = named?.columns.find((c) => c.name !== table.organizationId.name);
    const field = tableColumns.find(([, c]) => c.name === column?.name)?.[0];
    if (!column || !field) throw new Error(`${entity}: no column for ${constraint}`);
    return { constraint, message, column, field };
  });
}

/** What the procedures of one registry share, derived once from its definition: columns, conditions, checked writes. */
function registryParts<
  T extends RegistryTable,
  I extends z.ZodType<Values>,
  E extends Record<string, SQL>,
  O extends Record<string, SQL>,
>(def: RegistryDefinition<T, I, E, O>) {
  const read = { authz: { scope: def.scope, permissions: def.permissions.read } } as const;
  const edit = { authz: { scope: def.scope, permissions: def.permissions.edit } } as const;
  const { table } = def;
  // Drizzle cannot check `from` against an abstract table type; the rows are typed by the definition below.
  const source: PgTable = table;
  const sortKeys = Object.keys(def.sorts);
  const columns: Record<string, PgColumn | SQL.Aliased> = {
    // A generated column (the parties' folded search text) serves the database's search, not the reader.
    ...Object.fromEntries(Object.entries(getTableColumns(source)).filter(([, column]) => !column.generated)),
    ...Object.fromEntries(Object.entries(def.extras ?? {}).map(([key, value]) => [key, value.as(key)])),
  };
  const inOrganization = (ctx: ProcedureContext) => and(eq(table.organizationId, organizationOf(ctx)), def.only);
  const prepare = (ctx: ProcedureContext, values: z.output<I>, before: Row<T, E> | null) =>
    def.prepare ? def.prepare(ctx, values, before) : Promise.resolve(values as Values);
  const byId = (ctx: ProcedureContext, id: string) => and(eq(table.id, id), inOrganization(ctx));
  const uniques = uniqueFields(def.entity, table, def.messages.unique);
  /**
   * Writes `values` unless another record of the organization holds one of its unique values: that refusal names the
   * field and the record, so the form can point at both. A write that races past the check still gets the message.
   */
  async function save<R>(ctx: ProcedureContext, values: Values, id: string | null, write: () => Promise<R>) {
    for (const unique of uniques) {
      const value = values[unique.field];
      if (value === null || value === undefined) continue;
      const [held] = await ctx.tx
        .select({ id: table.id })
        .from(source)
        .where(
          and(
            eq(table.organizationId, organizationOf(ctx)),
            eq(unique.column, value),
            id ? ne(table.id, id) : undefined,
          ),
        )
        .limit(1);
      if (held) throw new FieldConflictError(unique.message, unique.field, String(held.id));
    }
    try {
      return await write();
    } catch (error) {
      const unique = uniques.find((u) => isUniqueViolation(error, u.constraint));
      if (unique) throw new FieldConflictError(unique.message, unique.field, null);
      throw error;
    }
  }

  function where(ctx: ProcedureContext, input: { search: string; status: string }): SQL | undefined {
    const filters: (SQL | undefined)[] = [inOrganization(ctx)];
    if (input.search) filters.push(searchMatches(input.search, def.search));
    if (input.status !== 'all') filters.push(eq(table.status, input.status));
    return and(...filters);
  }
  function orderBy(input: { sort?: string | undefined; direction: 'asc' | 'desc' }) {
    // Only the registry's own names: `__proto__` or `constructor` must not reach an inherited property.
    if (input.sort !== undefined && !Object.hasOwn(def.sorts, input.sort)) {
      throw new InvalidInputError('Não é possível ordenar a lista por esta coluna.');
    }
    const column = def.sorts[input.sort ?? sortKeys[0] ?? ''] ?? table.id;
    return [input.direction === 'desc' ? desc(column) : asc(column), asc(table.id)];
  }
  async function current(ctx: ProcedureContext, id: string): Promise<Row<T, E>> {
    const [row] = await ctx.tx.select(columns).from(source).where(byId(ctx, id));
    if (!row) throw new NotFoundError(def.messages.notFound);
    return row as Row<T, E>;
  }
  return { def, read, edit, table, source, columns, inOrganization, prepare, byId, save, where, orderBy, current };
}

type RegistryParts<
  T extends RegistryTable,
  I extends z.ZodType<Values>,
  E extends Record<string, SQL>,
  O extends Record<string, SQL>,
> = ReturnType<typeof registryParts<T, I, E, O>>;

/**
 * The one registry pattern: list (server pages, search, sort, status), get, create, update (with the version read),
 * activate/deactivate, delete when nothing uses the record, and export. Every change goes to the event log.
 */
export function registryRouter<
  T extends RegistryTable,
  I extends z.ZodType<Values>,
  E extends Record<string, SQL> = Record<never, SQL>,
  O extends Record<string, SQL> = Record<never, SQL>,
>(def: RegistryDefinition<T, I, E, O>) {
  const parts = registryParts(def);
  const { read, edit } = parts;
  return router({
    list: procedure
      .meta(read)
      .input(registryListInput)
      .query(({ ctx, input }) => listPage(parts, ctx, input)),

    get: procedure
      .meta(read)
      .input(registryIdInput)
      .query(async ({ ctx, input }) => toWire(await parts.current(ctx, input.id))),

    create: procedure
      .meta(edit)
      .input(withIdempotencyKey(def.input))
      .mutation(({ ctx, input }) =>
        idempotent(ctx, `${def.entity}.create`, input, (submitted) =>
          createRecord(parts, ctx, submitted as z.output<I>),
        ),
      ),

    update: procedure
      .meta(edit)
      .input(z.intersection(registryVersion, def.input))
      .mutation(({ ctx, input }) => updateRecord(parts, ctx, input as { id: string; version: number } & z.output<I>)),

    setStatus: procedure
      .meta(edit)
      .input(registryStatusInput)
      .mutation(({ ctx, input }) => setRecordStatus(parts, ctx, input)),

    delete: procedure
      .meta(edit)
      .input(registryIdInput)
      .mutation(({ ctx, input }) => deleteRecord(parts, ctx, input.id)),

    /**
     * Active records as choices of a reference select, with the ones already chosen (`ids`) whatever their status.
     * Any member of the organization may read them: whoever fills in a record that points at this registry (a purchase
     * request naming a supplier, an apportionment naming cost centres) needs the names without the right to the list.
     */
    options: procedure
      .meta({ authz: { scope: 'organization' } })
      .input(registryOptionsInput)
      .query(({ ctx, input }) => optionsOf(parts, ctx, input)),

    /**
     * Saves many records at once, all or nothing: every line is checked with the form's rules, against the other
     * lines and against what is saved; any problem answers the report of every bad line and saves nothing.
     */
    import: procedureWithLateTransaction
      .meta({ ...edit, upload: true })
      .input(z.object({ rows: z.array(z.record(z.string(), z.unknown())).min(1).max(IMPORT_LIMIT) }))
      .mutation(async ({ ctx, input }) => {
        // The lines are checked before the transaction opens, so that others' requests are answered meanwhile, on
        // the embedded database too (one transaction at a time).
        const problems: ImportProblem[] = [];
        const valid = await checkImportLines(def.input, input.rows, problems);
        const firstLines = firstLinesOfKeys(def.importKeys ?? [], valid, problems);
        // What is saved is read, and the lines written, in one transaction: all of them or none.
        return ctx.transaction((inside) => saveImport(parts, inside, valid, firstLines, problems));
      }),

    /** Every row the filters select, in the list's order, for CSV and XLSX. */
    export: procedure
      .meta(read)
      .input(registryListInput.omit({ page: true, pageSize: true }))
      .query(({ ctx, input }) => exportRows(parts, ctx, input)),
  });
}

/** A page of the list, with how many records match (exactly when searching, else up to a cap). */
async function listPage<
  T extends RegistryTable,
  I extends z.ZodType<Values>,
  E extends Record<string, SQL>,
  O extends Record<string, SQL>,
>(parts: RegistryParts<T, I, E, O>, ctx: ProcedureContext, input: z.output<typeof registryListInput>) {
  const { columns, source } = parts;
  const condition = parts.where(ctx, input);
  const page = (selection: Record<string, PgColumn | SQL.Aliased>) =>
    ctx.tx
      .select(selection)
      .from(source)
      .where(condition)
      .orderBy(...parts.orderBy(input))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize);
  if (input.search) {
    // A search reads the rows it finds anyway: count them in the same pass, exactly (a page past the last
    // one finds none to count them on, and counts below).
    const found = await page({ ...columns, total: sql<number>`count(*) over ()`.mapWith(Number).as('total') });
    const rows = found.map(({ total: _total, ...row }) => row) as Row<T, E>[];
    if (found.length > 0 || input.page === 1) {
      return { rows: rows.map(toWire), total: Number(found[0]?.total ?? 0), more: false };
    }
  }
  // The matches are counted up to a cap: an exact count of a large organization's every party is most of a
  // page's time, and past the cap a person narrows the search rather than paging.
  const matches = ctx.tx
    .select({ one: sql`1` })
    .from(source)
    .where(condition)
    .limit(LIST_COUNT_CAP + 1)
    .as('matches');
  const rows = await page(columns);
  const [counted] = await ctx.tx.select({ n: count() }).from(matches);
  const n = counted?.n ?? 0;
  return {
    rows: (rows as Row<T, E>[]).map(toWire),
    total: Math.min(n, LIST_COUNT_CAP),
    more: n > LIST_COUNT_CAP,
  };
}

async function createRecord<
  T extends RegistryTable,
  I extends z.ZodType<Values>,
  E extends Record<string, SQL>,
  O extends Record<string, SQL>,
>(parts: RegistryParts<T, I, E, O>, ctx: ProcedureContext, submitted: z.output<I>) {
  const { def } = parts;
  const prepared = await parts.prepare(ctx, submitted, null);
  const values = { ...prepared, id: uuidv7(), organizationId: organizationOf(ctx) } as PgInsertValue<T>;
  const [row] = (await parts.save(ctx, prepared, null, () =>
    ctx.tx.insert(def.table).values(values).returning(),
  )) as T['$inferSelect'][];
  if (!row) throw new Error(`${def.entity} not inserted`);
  await audit(ctx, {
    action: `${def.entity}.create`,
    entity: def.entity,
    entityId: String(row.id),
    after: prepared,
  });
  return toWire(row);
}

/** Writes the change if the record is still at the version the person read; the event log keeps what it was. */
async function updateRecord<
  T extends RegistryTable,
  I extends z.ZodType<Values>,
  E extends Record<string, SQL>,
  O extends Record<string, SQL>,
>(parts: RegistryParts<T, I, E, O>, ctx: ProcedureContext, input: { id: string; version: number } & z.output<I>) {
  const { def, table } = parts;
  const { id, version, ...values } = input;
  const before = await parts.current(ctx, id);
  if (before.version !== version) throw new ConflictError(STALE);
  const change = await parts.prepare(ctx, values as z.output<I>, before);
  const set = { ...change, version: version + 1, updatedAt: new Date() } as PgUpdateSetSource<T>;
  const [row] = (await parts.save(ctx, change, id, () =>
    ctx.tx
      .update(table)
      .set(set)
      .where(and(parts.byId(ctx, id), eq(table.version, version)))
      .returning(),
  )) as T['$inferSelect'][];
  if (!row) throw new ConflictError(STALE);
  await def.afterUpdate?.(ctx, row, before);
  const was = Object.fromEntries(Object.keys(change).map((k) => [k, (before as Record<string, unknown>)[k]]));
  await audit(ctx, {
    action: `${def.entity}.update`,
    entity: def.entity,
    entityId: id,
    before: was,
    after: change,
  });
  return toWire(row);
}

async function setRecordStatus<
  T extends RegistryTable,
  I extends z.ZodType<Values>,
  E extends Record<string, SQL>,
  O extends Record<string, SQL>,
>(parts: RegistryParts<T, I, E, O>, ctx: ProcedureContext, input: z.output<typeof registryStatusInput>) {
  const { def } = parts;
  const before = await parts.current(ctx, input.id);
  const set = { status: input.status, updatedAt: new Date() } as PgUpdateSetSource<T>;
  await ctx.tx.update(def.table).set(set).where(parts.byId(ctx, input.id));
  await audit(ctx, {
    action: `${def.entity}.${input.status === 'active' ? 'activate' : 'deactivate'}`,
    entity: def.entity,
    entityId: input.id,
    before: { status: before.status },
    after: { status: input.status },
  });
  return { ok: true as const };
}

/** Deletes the record unless something uses it; then it may only be deactivated. */
async function deleteRecord<
  T extends RegistryTable,
  I extends z.ZodType<Values>,
  E extends Record<string, SQL>,
  O extends Record<string, SQL>,
>(parts: RegistryParts<T, I, E, O>, ctx: ProcedureContext, id: string) {
  const { def } = parts;
  const before = await parts.current(ctx, id);
  const uses = (await def.usages?.(ctx.tx, organizationOf(ctx), id)) ?? [];
  if (uses.length > 0) {
    throw new ConflictError(
      `Não é possível excluir: usado em ${uses.join(', ')}. Desative-o para que não seja mais escolhido.`,
    );
  }
  await ctx.tx.delete(def.table).where(parts.byId(ctx, id));
  await audit(ctx, {
    action: `${def.entity}.delete`,
    entity: def.entity,
    entityId: id,
    before: toWire(before),
  });
  return { ok: true as const };
}

/** The first page of active records matching the search, then the chosen ones it left out. */
async function optionsOf<
  T extends RegistryTable,
  I extends z.ZodType<Values>,
  E extends Record<string, SQL>,
  O extends Record<string, SQL>,
>(parts: RegistryParts<T, I, E, O>, ctx: ProcedureContext, input: z.output<typeof registryOptionsInput>) {
  const { def, table, source, inOrganization } = parts;
  const option = { id: table.id, label: def.label, status: table.status, ...def.optionValues };
  const found = input.search ? searchMatches(input.search, [def.label]) : undefined;
  const matching = await ctx.tx
    .select(option)
    .from(source)
    .where(and(inOrganization(ctx), eq(table.status, 'active'), found))
    .orderBy(sortableText(def.label), asc(table.id))
    .limit(OPTIONS_LIMIT);
  // The chosen ones the first page left out (inactive, or further down the order) come after it.
  const missing = input.ids.filter((id) => !matching.some((row) => row.id === id));
  const chosen =
    missing.length > 0
      ? await ctx.tx
          .select(option)
          .from(source)
          .where(and(inOrganization(ctx), inArray(table.id, missing)))
          .orderBy(sortableText(def.label), asc(table.id))
      : [];
  return [...matching, ...chosen] as ({ id: string; label: string; status: 'active' | 'inactive' } & Read<O>)[];
}

async function exportRows<
  T extends RegistryTable,
  I extends z.ZodType<Values>,
  E extends Record<string, SQL>,
  O extends Record<string, SQL>,
>(
  parts: RegistryParts<T, I, E, O>,
  ctx: ProcedureContext,
  input: Omit<z.output<typeof registryListInput>, 'page' | 'pageSize'>,
) {
  const rows = await ctx.tx
    .select(parts.columns)
    .from(parts.source)
    .where(parts.where(ctx, input))
    .orderBy(...parts.orderBy(input))
    .limit(EXPORT_LIMIT + 1);
  return {
    rows: (rows as Row<T, E>[]).slice(0, EXPORT_LIMIT).map(toWire),
    truncated: rows.length > EXPORT_LIMIT,
  };
}

/**
 * The import's lines that pass the form's rules, each with its line in the file (the header is line 1); the others'
 * problems go to `problems`. A chunk at a time, with a pause between chunks for others' requests.
 */
async function checkImportLines<I extends z.ZodType<Values>>(
  input: I,
  rows: Record<string, unknown>[],
  problems: ImportProblem[],
): Promise<{ line: number; values: z.output<I> }[]> {
  const valid: { line: number; values: z.output<I> }[] = [];
  for (let start = 0; start < rows.length; start += IMPORT_CHUNK) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    rows.slice(start, start + IMPORT_CHUNK).forEach((raw, offset) => {
      const line = start + offset + 2;
      const parsed = input.safeParse(raw);
      if (parsed.success) valid.push({ line, values: parsed.data });
      else {
        for (const issue of parsed.error.issues) {
          problems.push({ line, field: String(issue.path[0] ?? ''), message: issue.message });
        }
      }
    });
  }
  return valid;
}

type ImportKey = NonNullable<RegistryDefinition<RegistryTable, z.ZodType<Values>>['importKeys']>[number];

/** For each key that identifies a record, the line each value first appears on; a repeated value is a problem. */
function firstLinesOfKeys(keys: ImportKey[], valid: { line: number; values: Values }[], problems: ImportProblem[]) {
  return keys.map((key) => {
    const firstLine = new Map<unknown, number>();
    for (const { line, values } of valid) {
      const value = values[key.field];
      if (value === null || value === undefined) continue;
      const earlier = firstLine.get(value);
      if (earlier) problems.push({ line, field: key.field, message: `Repetido: já está na linha ${earlier}.` });
      else firstLine.set(value, line);
    }
    return { key, firstLine };
  });
}

/**
 * In the transaction: the keys already saved and what `prepare` refuses are problems too; with none, every line is
 * written, else the report of the first bad lines, sorted, and nothing is written.
 */
async function saveImport<
  T extends RegistryTable,
  I extends z.ZodType<Values>,
  E extends Record<string, SQL>,
  O extends Record<string, SQL>,
>(
  parts: RegistryParts<T, I, E, O>,
  inside: ProcedureContext,
  valid: { line: number; values: z.output<I> }[],
  firstLines: ReturnType<typeof firstLinesOfKeys>,
  problems: ImportProblem[],
) {
  const { def, table, source } = parts;
  for (const { key, firstLine } of firstLines) {
    const values = [...firstLine.keys()];
    for (let i = 0; i < values.length; i += IMPORT_CHUNK) {
      const saved = await inside.tx
        .select({ value: key.column })
        .from(source)
        .where(
          and(eq(table.organizationId, organizationOf(inside)), inArray(key.column, values.slice(i, i + IMPORT_CHUNK))),
        );
      for (const { value } of saved) {
        problems.push({ line: firstLine.get(value) ?? 0, field: key.field, message: key.message });
      }
    }
  }
  const rows: Values[] = [];
  for (const { line, values } of valid) {
    try {
      const prepared = await parts.prepare(inside, values, null);
      rows.push({ ...prepared, id: uuidv7(), organizationId: organizationOf(inside) });
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      problems.push({ line, field: '', message: error.message });
    }
  }
  if (problems.length > 0) {
    problems.sort((a, b) => a.line - b.line);
    return { imported: 0, problems: problems.slice(0, REPORT_LIMIT), problemCount: problems.length };
  }
  for (let i = 0; i < rows.length; i += IMPORT_CHUNK) {
    await parts.save(inside, {}, null, () => insertRows(inside.tx, table, rows.slice(i, i + IMPORT_CHUNK)));
  }
  await audit(inside, {
    action: `${def.entity}.import`,
    entity: def.entity,
    entityId: null,
    after: { count: rows.length },
  });
  return { imported: rows.length, problems: [] as ImportProblem[], problemCount: 0 };
}

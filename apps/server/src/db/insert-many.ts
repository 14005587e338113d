import { getTableColumns, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/** Rows per statement: one JSON parameter each, whatever the number of columns. */
const CHUNK = 5_000;

/**
 * Inserts many rows of a table in a few statements, each sending its rows as one JSON parameter read by
 * `jsonb_populate_recordset`: thousands of rows cost one parameter instead of one per value, which keeps a statement
 * within PostgreSQL's parameter limit and spares building it value by value. The columns written are those the rows
 * name (the others take their defaults); a row that leaves out a column another names stores null there. Values are
 * what JSON carries: numbers, text, booleans, null, and objects or arrays for jsonb columns.
 */
export async function insertMany<T extends PgTable>(db: DbOrTx, table: T, rows: T['$inferInsert'][]): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table);
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((key) => key in columns);
  // The database names columns as the client does (snake_case), unless a column was given its own name.
  const names = keys.map((key) => {
    const column = columns[key];
    return column && column.keyAsName ? toSnakeCase(key) : (column?.name ?? key);
  });
  const list = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  for (let start = 0; start < rows.length; start += CHUNK) {
    const json = rows.slice(start, start + CHUNK).map((row) => {
      const values = row as Record<string, unknown>;
      return Object.fromEntries(keys.map((key, k) => [names[k], values[key] ?? null]));
    });
    await db.execute(
      sql`insert into ${table} (${list}) select ${list} from jsonb_populate_recordset(null::${table}, ${JSON.stringify(json)}::jsonb)`,
    );
  }
}

import { and, asc, count, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { MAX_ATTACHMENTS } from '@financeiro/core';
import type { DbOrTx } from '../../db/client';
import { InvalidInputError } from '../../errors';

/**
 * A table of kept files (a contract's, a ledger document's, a purchase order's): each owner module keeps its own, with
 * these columns, and hands it in, so this module needs none of theirs.
 */
type FileTable = PgTable &
  Record<'id' | 'organizationId' | 'fileName' | 'contentType' | 'size' | 'createdAt', PgColumn>;

/** Whose files: the table's column naming the owner (the contract, the document, the order) and the owner's id. */
interface Owner {
  table: FileTable;
  column: PgColumn;
  id: string;
  organizationId: string;
}

const ofOwner = (owner: Owner) => and(eq(owner.table.organizationId, owner.organizationId), eq(owner.column, owner.id));

/** What a listing shows of a file: never its content. */
const listedColumns = (t: FileTable) => ({
  id: t.id,
  fileName: t.fileName,
  contentType: t.contentType,
  size: t.size,
  createdAt: t.createdAt,
});
interface Listed {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
  createdAt: Date;
}

/** An owner's files as a screen lists them, oldest first, with `extra` columns of the table (a proof's payment). */
export async function listFiles<E extends Record<string, PgColumn> = Record<never, PgColumn>>(
  tx: DbOrTx,
  owner: Owner,
  extra: E = {} as E,
): Promise<(Omit<Listed, 'createdAt'> & SelectResultFields<E> & { createdAt: string })[]> {
  // Drizzle cannot work out the rows of a selection with generic columns; the cast names them.
  const rows = (await tx
    .select({ ...listedColumns(owner.table), ...extra })
    .from(owner.table)
    .where(ofOwner(owner))
    .orderBy(asc(owner.table.createdAt))) as (Listed & SelectResultFields<E>)[];
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** Refuses a file past the MAX_ATTACHMENTS an owner keeps; `one` names the owner ("Um contrato", "Um título"). */
export async function mustHaveRoom(tx: DbOrTx, owner: Owner, one: string): Promise<void> {
  const [attached] = await tx.select({ n: count() }).from(owner.table).where(ofOwner(owner));
  if ((attached?.n ?? 0) >= MAX_ATTACHMENTS)
    throw new InvalidInputError(`${one} tem no máximo ${MAX_ATTACHMENTS} anexos.`);
}

/** A kept file as a download sends it: its name, its type and its content in base64. */
export const downloadOf = (file: { fileName: string; contentType: string; content: Buffer }) => ({
  fileName: file.fileName,
  contentType: file.contentType,
  content: file.content.toString('base64'),
});

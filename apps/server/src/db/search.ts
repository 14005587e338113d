import { or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { documentSearchTerm } from '@financeiro/core';

/**
 * The accented letters folded to plain ones for search and sort, upper-case too: `lower()` folds them only where the
 * database's character type is a UTF-8 locale, and a database created with the plain C locale leaves "Á" as it is.
 */
const ACCENTED = 'áàâãäåéèêëíìîïóòôõöúùûüýÿçñÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÝÇÑ';
const PLAIN = 'aaaaaaeeeeiiiiooooouuuuyycnaaaaaaeeeeiiiiooooouuuuycn';

/**
 * Text as a pt-BR reader compares it: case and accents aside ("Imobiliária" = "imobiliaria"), the same on PostgreSQL
 * and PGlite whatever the database collation. `translate` with written-out letters, rather than the `unaccent`
 * extension, because it needs no extension on a managed PostgreSQL and is immutable, so an index on the same
 * expression serves a sort.
 */
export function folded(value: PgColumn | SQL): SQL {
  // The letters are written into the statement, not bound, so that an index on the same expression matches.
  return sql`translate(lower(${value}), ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${PLAIN}'`)})`;
}

/** A LIKE pattern that finds the text anywhere, with the person's % and _ taken literally ("50%" finds "50%"). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A column the database keeps folded (`parties.searchText`): compared as it is, rather than folding every row. */
export interface FoldedColumn {
  folded: PgColumn;
}

/**
 * What a list's search box finds: the text anywhere in one of `columns`, accents and case aside both ways. A folded
 * column also holds the record's CPF/CNPJ without punctuation, so a document typed or pasted however punctuated
 * ("12.345.678/0001-95", "12.ABC.345") finds it too.
 */
export function searchMatches(text: string, columns: (PgColumn | SQL | FoldedColumn)[]): SQL | undefined {
  const pattern = folded(sql`${containsPattern(text)}::text`);
  const document = documentSearchTerm(text);
  return or(
    ...columns.flatMap((column) =>
      'folded' in column
        ? [
            sql`${column.folded} like ${pattern}`,
            ...(document ? [sql`${column.folded} like ${containsPattern(document.toLowerCase())}`] : []),
          ]
        : [sql`${folded(column)} like ${pattern}`],
    ),
  );
}

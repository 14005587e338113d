import { or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { documentSearchTerm } from '@financeiro/core';

/**
 * The accented letters folded to plain ones for search and sort, upper-case too: `lower()` folds them only where the
 * database's character type is a UTF-8 locale, and a database created with the plain C locale leaves "Á" as it is.
 */
export const ACCENTED = 'áàâãäåéèêëíìîïóòôõöúùûüýÿçñÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÝÇÑ';
export const PLAIN = 'aaaaaaeeeeiiiiooooouuuuyycnaaaaaaeeeeiiiiooooouuuuycn';

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

/**
 * What a list's search box finds: the text anywhere in one of `columns`, accents and case aside both ways; and, when
 * the text is a CPF or CNPJ however punctuated ("12.345.678/0001-95"), the records whose `documents` hold it,
 * compared without punctuation on both sides.
 */
export function searchMatches(text: string, columns: (PgColumn | SQL)[], documents: PgColumn[] = []): SQL | undefined {
  const pattern = folded(sql`${containsPattern(text)}::text`);
  const document = documentSearchTerm(text);
  return or(
    ...columns.map((column) => sql`${folded(column)} like ${pattern}`),
    ...(document
      ? documents.map((column) => sql`upper(translate(${column}, './- ', '')) like ${containsPattern(document)}`)
      : []),
  );
}

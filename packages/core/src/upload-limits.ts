/**
 * Every limit a file a user sends is read within, in one place. A file beyond one is refused with a pt-BR message
 * that names it, before it is read to the end; the server also reads each file in a worker of its own, with a time
 * and a memory limit (UPLOAD_TIME_LIMIT_SECONDS and UPLOAD_MEMORY_MB), so no file slows anyone else's request.
 */

/** A bank statement (OFX or CSV) or a Mercado Pago report (CSV or XLSX), as sent. */
export const STATEMENT_FILE_MAX_BYTES = 20 * 1024 * 1024;

/**
 * An XLSX workbook. The unpacked size is what the zip's directory declares for all its entries, checked before
 * anything is unpacked (a 1 MB file may unpack to hundreds of megabytes); rows and columns count by where a cell
 * with a value sits, cells by how many have one.
 */
export const XLSX_LIMITS = {
  unpackedBytes: 100 * 1024 * 1024,
  entries: 1_000,
  rows: 200_000,
  columns: 200,
  cells: 3_000_000,
};

/** NF-e files sent at once. */
export const NFE_MAX_FILES = 50;

/** One NF-e's XML, in characters: far beyond a note of a thousand items. */
export const NFE_MAX_CHARS = 5_000_000;

/** Items (det) of one NF-e: the layout numbers them 1 to 990. */
export const NFE_MAX_ITEMS = 990;

/**
 * One NF-e's XML, by its shape, counted before it is parsed. A note has at most 990 items of some forty elements
 * each, a handful of attributes per item, and nests about ten deep.
 */
export const NFE_XML_LIMITS = {
  elements: 60_000,
  attributes: 5_000,
  depth: 40,
};

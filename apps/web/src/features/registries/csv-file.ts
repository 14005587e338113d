/**
 * The text of a CSV file as a person saved it: UTF-8 (with or without a byte-order mark) when its bytes are valid
 * UTF-8, otherwise Windows-1252, what Excel in pt-BR writes for "CSV (separado por vírgulas)". Any other file that is
 * not UTF-8 has no reliable mark, and Windows-1252 decodes every byte, so it is the one fallback.
 */
export function csvText(bytes: ArrayBuffer): string {
  try {
    // `fatal` refuses the first invalid sequence instead of putting U+FFFD in its place; the BOM is dropped.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** A cell as it was before an export made it safe for spreadsheets (`'=…` back to `=…`), so an export imports again. */
export function plainCell(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

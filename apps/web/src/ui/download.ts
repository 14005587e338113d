import Papa from 'papaparse';

export type SheetCell = string | number | null;
export type SheetRow = Record<string, SheetCell>;

/** What makes Excel, LibreOffice or Google Sheets read a text cell as a formula (or run it) when the file is opened. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell as it is written to a file: text that a spreadsheet would take for a formula (a supplier named
 * `=HYPERLINK(…)`, "-5" typed as text) gets a leading apostrophe, so it is shown as the text it is. Numbers stay
 * numbers, negative ones too.
 */
export function safeCell(value: SheetCell): SheetCell {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/** The header and every row, each cell made safe: the one place exports are written from. */
function sheetOf(rows: SheetRow[]): { headers: string[]; cells: SheetCell[][] } {
  const headers = Object.keys(rows[0] ?? {});
  return {
    headers: headers.map((header) => String(safeCell(header))),
    cells: rows.map((row) => headers.map((key) => safeCell(row[key] ?? null))),
  };
}

/** Saves a file made in the browser (a report's PDF) under `filename`. */
export function save(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * Downloads rows as a CSV that Excel in pt-BR opens right: semicolons between fields and a byte-order mark so
 * accents survive.
 */
export function downloadCsv(filename: string, rows: SheetRow[]): void {
  save(csvFile(rows), filename);
}

/** The CSV file of rows, semicolon-separated with a byte-order mark. */
export function csvFile(rows: SheetRow[]): Blob {
  const { headers, cells } = sheetOf(rows);
  const text = Papa.unparse({ fields: headers, data: cells }, { delimiter: ';' });
  return new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' });
}

/** What a workbook may carry besides its rows. */
export interface XlsxOptions {
  /**
   * Lines above the header (a report's organization, title, filters and period), in bold, then a blank row. CSV
   * leaves them out: a CSV is read by systems, which expect the header on the first line.
   */
  preamble?: string[];
}

/** Downloads rows as an Excel workbook: a header row in bold, numbers as numbers. Loaded only when asked for. */
export async function downloadXlsx(filename: string, rows: SheetRow[], options: XlsxOptions = {}): Promise<void> {
  save(await xlsxFile(rows, options), filename);
}

/** The Excel workbook of rows, with the preamble's lines above the header when there are some. */
export async function xlsxFile(rows: SheetRow[], options: XlsxOptions = {}): Promise<Blob> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const { headers, cells } = sheetOf(rows);
  const preamble = (options.preamble ?? []).map((line) => [
    { value: String(safeCell(line)), fontWeight: 'bold' as const },
  ]);
  const sheet = [
    ...preamble,
    ...(preamble.length > 0 ? [[null]] : []),
    headers.map((value) => ({ value, fontWeight: 'bold' as const })),
    ...cells.map((row) => row.map((value) => ({ value: value ?? undefined }))),
  ];
  return writeXlsxFile(sheet).toBlob();
}

export type ExportFormat = 'csv' | 'xlsx';

/** Downloads rows in the chosen format; `name` is the file name without extension. */
export function downloadRows(
  format: ExportFormat,
  name: string,
  rows: SheetRow[],
  options: XlsxOptions = {},
): Promise<void> | void {
  return format === 'csv' ? downloadCsv(`${name}.csv`, rows) : downloadXlsx(`${name}.xlsx`, rows, options);
}

/** Saves a file the server sent as base64 (an attachment) under its own name. */
export function downloadBase64(file: { fileName: string; contentType: string; content: string }): void {
  const bytes = Uint8Array.from(atob(file.content), (ch) => ch.charCodeAt(0));
  save(new Blob([bytes], { type: file.contentType }), file.fileName);
}

/** A chosen file's bytes as base64, the way attachments travel to the server. */
export function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read'));
    reader.readAsDataURL(file);
  });
}

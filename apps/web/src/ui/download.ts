import Papa from 'papaparse';

export type SheetRow = Record<string, string | number | null>;

function save(blob: Blob, filename: string): void {
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
  const text = Papa.unparse(rows, { delimiter: ';' });
  save(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }), filename);
}

/** Downloads rows as an Excel workbook: a header row in bold, numbers as numbers. Loaded only when asked for. */
export async function downloadXlsx(filename: string, rows: SheetRow[]): Promise<void> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const headers = Object.keys(rows[0] ?? {});
  const sheet = [
    headers.map((value) => ({ value, fontWeight: 'bold' as const })),
    ...rows.map((row) => headers.map((key) => ({ value: row[key] ?? undefined }))),
  ];
  save(await writeXlsxFile(sheet).toBlob(), filename);
}

export type ExportFormat = 'csv' | 'xlsx';

/** Downloads rows in the chosen format; `name` is the file name without extension. */
export function downloadRows(format: ExportFormat, name: string, rows: SheetRow[]): Promise<void> | void {
  return format === 'csv' ? downloadCsv(`${name}.csv`, rows) : downloadXlsx(`${name}.xlsx`, rows);
}

import Papa from 'papaparse';

/**
 * Downloads rows as a CSV that Excel in pt-BR opens right: semicolons between fields and a byte-order mark so
 * accents survive.
 */
export function downloadCsv(filename: string, rows: Record<string, string | number | null>[]): void {
  const text = Papa.unparse(rows, { delimiter: ';' });
  const blob = new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}

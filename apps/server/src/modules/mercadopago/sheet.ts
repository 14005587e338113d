import ExcelJS from 'exceljs';
import { badRequest } from '../../trpc/init';

/** Integer parts longer than this are shown by Excel's General format in scientific notation ("2,12345E+15"). */
const GENERAL_MAX_DIGITS = 11;
/** Digits after the point of a scientific number in Excel's General format. */
const GENERAL_EXPONENT_DIGITS = 5;

/** "2.12345e+15" → "2.12345E+15", "2.00000e+15" → "2E+15", "1e+5" → "1E+05", as Excel writes exponents. */
function excelExponential(value: number, digits: number, trim: boolean): string {
  const [mantissa = '', exponent = '0'] = value.toExponential(digits).split('e');
  const shown = trim && mantissa.includes('.') ? mantissa.replace(/\.?0+$/, '') : mantissa;
  const power = Number(exponent);
  return `${shown}E${power < 0 ? '-' : '+'}${String(Math.abs(power)).padStart(2, '0')}`;
}

/**
 * A number as the sheet shows it: a format with an exponent in scientific notation, a format of digits with its
 * decimals, and the General format as Excel does (scientific beyond 11 digits, so an id Excel turned into a number
 * is still seen as mangled). Float noise beyond 15 significant digits, which Excel never shows, is dropped.
 */
export function shownNumber(value: number, format: string | undefined): string {
  const section = (format ?? '').split(';')[0] ?? '';
  const decimals = /\.([0#?]+)/.exec(section)?.[1]?.length ?? 0;
  if (/E[+-]/i.test(section)) return excelExponential(value, decimals, false);
  if (/[0#]/.test(section)) return value.toFixed(decimals);
  const exact = Number(value.toPrecision(15));
  if (Math.abs(exact) >= 10 ** GENERAL_MAX_DIGITS) return excelExponential(exact, GENERAL_EXPONENT_DIGITS, true);
  return String(exact);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The text of one cell: numbers and dates as the sheet shows them, a formula by its result. */
function cellText(value: ExcelJS.CellValue, format: string | undefined, text: () => string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return shownNumber(value, format);
  // A date cell holds the sheet's wall clock as if it were UTC; without an offset it reads as São Paulo's clock.
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`;
  }
  if (typeof value === 'object' && 'result' in value) {
    const result = value.result;
    return result === undefined || (typeof result === 'object' && !(result instanceof Date))
      ? ''
      : cellText(result, format, () => String(result));
  }
  return text();
}

/**
 * The rows of the first sheet of an XLSX file as text, row 1 first (empty rows kept, so a row's index + 1 is its
 * number in the sheet). Throws BAD_REQUEST in pt-BR for a file that is no XLSX workbook or has no sheet.
 */
export async function readFirstSheet(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw badRequest(
      'O arquivo não é uma planilha XLSX que possamos ler. Exporte o relatório de novo, em CSV ou XLSX.',
    );
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest('A planilha não tem nenhuma aba com o relatório.');
  const rows: string[][] = [];
  for (let r = 1; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c += 1) {
      const cell = row.getCell(c);
      cells.push(cellText(cell.value, cell.numFmt, () => cell.text));
    }
    rows.push(cells);
  }
  return rows;
}

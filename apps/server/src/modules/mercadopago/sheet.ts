import ExcelJS from 'exceljs';
import { XLSX_LIMITS } from '@financeiro/core';
import { InvalidInputError } from '../../errors';

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

const ZIP_END_OF_DIRECTORY = 0x06054b50;
const ZIP_DIRECTORY_ENTRY = 0x02014b50;
/** A size or count the zip's 32-bit fields cannot hold (ZIP64): more than any workbook this app reads. */
const ZIP64_MARK = 0xffffffff;

/**
 * The number of entries and their unpacked bytes, as the zip's central directory declares them; null when the
 * bytes hold no readable zip directory (the workbook reader then refuses the file as no XLSX).
 */
function declaredContents(bytes: Buffer): { entries: number; unpackedBytes: number } | null {
  const earliest = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let i = bytes.length - 22; i >= earliest && end < 0; i -= 1) {
    if (bytes.readUInt32LE(i) === ZIP_END_OF_DIRECTORY) end = i;
  }
  if (end < 0) return null;
  const entries = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  let unpackedBytes = 0;
  for (let n = 0; n < entries; n += 1) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== ZIP_DIRECTORY_ENTRY) return null;
    const size = bytes.readUInt32LE(offset + 24);
    unpackedBytes += size === ZIP64_MARK ? Number.POSITIVE_INFINITY : size;
    offset += 46 + bytes.readUInt16LE(offset + 28) + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
  }
  return { entries, unpackedBytes };
}

const count = (n: number) => n.toLocaleString('pt-BR');

/** Refuses, before it is unpacked, a workbook that declares more entries or unpacked bytes than XLSX_LIMITS. */
function refuseOversized(bytes: Buffer) {
  const declared = declaredContents(bytes);
  if (!declared) return;
  if (declared.entries > XLSX_LIMITS.entries) {
    throw new InvalidInputError(
      `A planilha tem mais de ${count(XLSX_LIMITS.entries)} partes internas: não é um relatório que possamos ler.`,
    );
  }
  if (declared.unpackedBytes > XLSX_LIMITS.unpackedBytes) {
    throw new InvalidInputError(
      `A planilha descompactada passa de ${XLSX_LIMITS.unpackedBytes / (1024 * 1024)} MB, o limite de leitura. Exporte o relatório em CSV ou por um período menor.`,
    );
  }
}

/**
 * The rows of the first sheet of an XLSX file as text, row 1 first (empty rows kept, so a row's index + 1 is its
 * number in the sheet). Only the cells that hold a value are read, wherever the sheet declares its extent to end;
 * a workbook beyond XLSX_LIMITS is refused. Throws BAD_REQUEST in pt-BR for a file that is no XLSX workbook, has no
 * sheet or passes a limit.
 */
export async function readFirstSheet(bytes: Buffer): Promise<string[][]> {
  refuseOversized(bytes);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new InvalidInputError(
      'O arquivo não é uma planilha XLSX que possamos ler. Exporte o relatório de novo, em CSV ou XLSX.',
    );
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new InvalidInputError('A planilha não tem nenhuma aba com o relatório.');
  const rows: string[][] = [];
  let cells = 0;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber > XLSX_LIMITS.rows) {
      throw new InvalidInputError(
        `A planilha passa de ${count(XLSX_LIMITS.rows)} linhas, o limite de leitura. Exporte um período menor.`,
      );
    }
    const texts: string[] = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      if (column > XLSX_LIMITS.columns) {
        throw new InvalidInputError(
          `A planilha tem valores além da coluna ${count(XLSX_LIMITS.columns)} (linha ${count(rowNumber)}): um relatório tem bem menos colunas.`,
        );
      }
      cells += 1;
      if (cells > XLSX_LIMITS.cells) {
        throw new InvalidInputError(
          `A planilha passa de ${count(XLSX_LIMITS.cells)} células preenchidas, o limite de leitura.`,
        );
      }
      texts[column - 1] = cellText(cell.value, cell.numFmt, () => cell.text);
    });
    rows[rowNumber - 1] = Array.from(texts, (text) => text ?? '');
  });
  return Array.from(rows, (row) => row ?? []);
}

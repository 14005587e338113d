import { STATEMENT_FILE_MAX_BYTES } from '../upload-limits';
/** What a bank statement file (OFX or CSV) says, read by the parsers of this folder and saved by the banking module. */

/** One statement of one account inside a file: an OFX file may hold several (`<STMTRS>` and `<CCSTMTRS>`). */
export interface ParsedStatement {
  kind: 'bank' | 'credit_card';
  /** The bank's code as the file gives it (COMPE, e.g. "341"), or null when the file does not say. */
  bankCode: string | null;
  /** Branch and account as the file gives them, digits and a check digit kept as written; null when absent. */
  branch: string | null;
  account: string | null;
  currency: string;
  /** The period the file claims (DTSTART/DTEND), or null; the lines' own dates may go outside it. */
  periodStart: string | null;
  periodEnd: string | null;
  /** Closing balance the bank states (LEDGERBAL), in centavos, and its date; null when absent. */
  closingBalance: { amount: number; date: string } | null;
  lines: ParsedStatementLine[];
}

export interface ParsedStatementLine {
  /** 1-based line of the file where the transaction starts, for messages. */
  fileLine: number;
  /** Date the money moved, YYYY-MM-DD in America/Sao_Paulo. */
  date: string;
  /** Centavos; positive is money in, negative is money out. */
  amount: number;
  /** FITID as the bank wrote it, or null when empty. */
  fitId: string | null;
  /** Memo and name joined as the bank wrote them, spaces collapsed. */
  memo: string;
  /** CHECKNUM / REFNUM when present. */
  reference: string | null;
  /** TRNTYPE (DEBIT, CREDIT, FEE, INT, PAYMENT, XFER…) or the CSV's type column; null when absent. */
  type: string | null;
  /**
   * Stable per-line key, unique within its statement: the same transaction gives the same key in every export of the
   * bank (also when the bank repeats, leaves empty or renumbers the FITID); see assignLineKeys.
   */
  key: string;
}

/** A line the parser could not read; the rest of the file may still be imported if the user accepts. */
export interface RejectedStatementLine {
  fileLine: number;
  /** pt-BR, e.g. "Linha 42: valor sem dígitos." */
  message: string;
}

export interface ParsedStatementFile {
  format: 'ofx' | 'csv';
  statements: ParsedStatement[];
  rejected: RejectedStatementLine[];
}

/** A file that cannot be read as a statement at all; the message is pt-BR and shown to the user as it is. */
export class StatementFileError extends Error {
  override name = 'StatementFileError';
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const utf16 = new TextDecoder('utf-16le');
const windows1252 = new TextDecoder('windows-1252');

/** Windows-1252 differs from Latin-1 only in 0x80–0x9F; the five bytes it leaves undefined keep their own code. */
const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/**
 * Windows-1252 text. Node's decoder reads the label as Latin-1, leaving 0x80–0x9F as C1 controls, so those are
 * mapped here (where browsers already did, nothing is left to map).
 */
function decodeWindows1252(bytes: Uint8Array): string {
  const text = windows1252.decode(bytes);
  return /[\u0080-\u009f]/.test(text)
    ? text.replace(/[\u0080-\u009f]/g, (c) => String.fromCharCode(WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80] ?? 0))
    : text;
}

/**
 * The text of a statement file, its encoding told by its bytes and not by what its header declares (banks write
 * `CHARSET:1252` over UTF-8 and the reverse): a UTF-16 byte-order mark → UTF-16; bytes that are valid UTF-8 →
 * UTF-8; anything else → Windows-1252, which reads every byte. Accented capitals in Windows-1252 ("Ç", "Ã") are
 * lead bytes in UTF-8 and are never followed by the continuation bytes UTF-8 would need, so a Windows-1252
 * statement is not taken for UTF-8. Refuses files above the size limit before reading and empty files.
 */
export function decodeStatementBytes(bytes: Uint8Array): string {
  if (bytes.length > STATEMENT_FILE_MAX_BYTES) {
    throw new StatementFileError('O arquivo passa de 20 MB, o limite para extratos.');
  }
  if (bytes.length === 0) throw new StatementFileError('O arquivo está vazio.');
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return utf16.decode(bytes);
  try {
    return utf8.decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

/**
 * CSV statements: the columns a bank's export has are told by a mapping (column numbers, separator, decimal
 * separator), which the server remembers per bank; `guessCsvStatementMapping` proposes one from the header row's
 * pt-BR names. Dates are read as the product reads typed dates (dd/mm/yyyy, dd/mm/yy, yyyy-mm-dd).
 */
import { z } from 'zod';
import { parseDateText } from '../masks';
import {
  type ParsedStatementFile,
  type ParsedStatementLine,
  type RejectedStatementLine,
  StatementFileError,
  decodeStatementBytes,
} from './statement-file';
import {
  type AmountReading,
  assignLineKeys,
  canonicalText,
  isBalanceMemo,
  quoted,
  readAmount,
} from './statement-lines';

const column = z.number().int().min(0).max(999);

export const csvStatementMappingSchema = z.object({
  separator: z.enum([';', ',']),
  decimal: z.enum([',', '.']),
  /** 1-based line of the header row; the rows after it are read. 0 when the file has no header row. */
  headerLine: z.number().int().min(0),
  /** 0-based column numbers. */
  columns: z
    .object({
      date: column,
      /** Joined in this order: a bank may split the description (histórico and complemento). */
      memo: z.array(column).max(10),
      /** One signed amount column, or a credit and a debit column (either holding a positive number). */
      amount: column.nullable(),
      credit: column.nullable(),
      debit: column.nullable(),
      reference: column.nullable(),
      type: column.nullable(),
      /** The running balance; a row with a balance and no amount states a balance and is skipped. */
      balance: column.nullable(),
    })
    .refine(
      (c) => (c.amount === null) !== (c.credit === null && c.debit === null),
      'Indique a coluna do valor ou as colunas de crédito e débito, não as duas.',
    ),
});

export type CsvStatementMapping = z.infer<typeof csvStatementMappingSchema>;

export interface CsvRecord {
  /** 1-based line where the record starts. */
  line: number;
  cells: string[];
}

/** Splits CSV text into records (RFC 4180 quotes, which may hold separators and line breaks), up to `limit`. */
export function readCsvRecords(text: string, separator: string, limit = Infinity): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quotedCell = false;
  let line = 1;
  let recordLine = 1;
  for (let i = 0; i < text.length && records.length < limit; i += 1) {
    const c = text[i] ?? '';
    if (quotedCell) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') {
        quotedCell = false;
      } else {
        if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line += 1;
        cell += c;
      }
    } else if (c === '"' && cell.trim() === '') {
      quotedCell = true;
      cell = '';
    } else if (c === separator) {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      cells.push(cell);
      records.push({ line: recordLine, cells });
      cells = [];
      cell = '';
      line += 1;
      recordLine = line;
    } else {
      cell += c;
    }
  }
  if (records.length < limit && (cell !== '' || cells.length > 0))
    records.push({ line: recordLine, cells: [...cells, cell] });
  return records;
}

/** An amount cell, also as Brazilian banks write a sign after it ("1.234,56 D", "89,90 C"). */
function readCsvAmount(text: string, decimal: ',' | '.'): AmountReading {
  const suffix = /^(.*?)\s*([CD])$/i.exec(text);
  if (!suffix) return readAmount(text, decimal);
  const reading = readAmount(suffix[1] ?? '', decimal);
  if ('problem' in reading) return reading;
  return { amount: suffix[2]?.toUpperCase() === 'D' ? -Math.abs(reading.amount) : Math.abs(reading.amount) };
}

/** Reads a CSV statement with the given mapping; throws StatementFileError (pt-BR) when nothing in it is a line. */
export function parseStatementCsv(bytes: Uint8Array, mapping: CsvStatementMapping): ParsedStatementFile {
  const checked = csvStatementMappingSchema.safeParse(mapping);
  if (!checked.success) {
    throw new StatementFileError('As colunas escolhidas para o CSV não servem; escolha-as de novo.');
  }
  const { separator, decimal, headerLine, columns } = checked.data;
  const text = decodeStatementBytes(bytes);
  const lines: ParsedStatementLine[] = [];
  const rejected: RejectedStatementLine[] = [];
  const reject = (line: number, problem: string) =>
    rejected.push({ fileLine: line, message: `Linha ${line}: ${problem}.` });
  for (const { line, cells } of readCsvRecords(text, separator)) {
    if (line <= headerLine || cells.every((c) => c.trim() === '')) continue;
    const cell = (index: number | null) => (index === null ? '' : (cells[index] ?? '').trim());
    const memoParts = columns.memo.map(cell).filter((part, i, parts) => part !== '' && parts.indexOf(part) === i);
    const memo = memoParts.join(' - ').replace(/\s+/g, ' ');
    if (isBalanceMemo(memo)) continue;
    const dateText = cell(columns.date);
    const amountTexts = columns.amount !== null ? [cell(columns.amount)] : [cell(columns.credit), cell(columns.debit)];
    if (amountTexts.every((t) => t === '')) {
      // A row with a balance and no amount states the balance; one with no date either is a title or a total.
      if (cell(columns.balance) !== '' || dateText === '') continue;
      reject(line, 'lançamento sem valor');
      continue;
    }
    if (dateText === '') {
      reject(line, 'lançamento sem data');
      continue;
    }
    const date = parseDateText(dateText.split(/\s+/)[0] ?? '');
    if (!date) {
      reject(line, `data inválida ${quoted(dateText)}`);
      continue;
    }
    let amount = 0;
    let problem: string | null = null;
    for (const [i, amountText] of amountTexts.entries()) {
      if (amountText === '') continue;
      const reading = readCsvAmount(amountText, decimal);
      if ('problem' in reading) {
        problem ??= reading.problem;
      } else if (columns.amount !== null) {
        amount = reading.amount;
      } else {
        amount += i === 0 ? Math.abs(reading.amount) : -Math.abs(reading.amount);
      }
    }
    if (problem !== null) {
      reject(line, problem);
      continue;
    }
    lines.push({
      fileLine: line,
      date,
      amount,
      fitId: null,
      memo,
      reference: cell(columns.reference) || null,
      type: cell(columns.type) || null,
      key: '',
    });
  }
  if (lines.length === 0 && rejected.length === 0) {
    throw new StatementFileError('O arquivo não tem lançamentos nas colunas escolhidas (data e valor).');
  }
  const statements = [
    {
      kind: 'bank' as const,
      bankCode: null,
      branch: null,
      account: null,
      currency: 'BRL',
      periodStart: null,
      periodEnd: null,
      closingBalance: null,
      lines,
    },
  ];
  assignLineKeys(statements);
  return { format: 'csv', statements, rejected };
}

const MEMO_NAMES = new Set([
  'HISTORICO',
  'DESCRICAO',
  'LANCAMENTO',
  'LANCAMENTOS',
  'DETALHE',
  'DETALHES',
  'COMPLEMENTO',
  'MEMO',
  'ESTABELECIMENTO',
  'TITULO',
  'FAVORECIDO',
]);
const REFERENCE_NAMES = new Set(['DOC', 'DOCUMENTO', 'REFERENCIA', 'IDENTIFICADOR', 'NSU', 'AUTENTICACAO']);

/** The columns a header row names, or null when it does not name a date and an amount. */
function headerColumns(cells: string[]): CsvStatementMapping['columns'] | null {
  const columns: CsvStatementMapping['columns'] = {
    date: -1,
    memo: [],
    amount: null,
    credit: null,
    debit: null,
    reference: null,
    type: null,
    balance: null,
  };
  cells.forEach((cell, i) => {
    const words = canonicalText(cell)
      .split(/[^A-Z0-9]+/)
      .filter(Boolean);
    const first = words[0] ?? '';
    if (first === 'DATA' || first === 'DT') {
      if (columns.date < 0) columns.date = i;
    } else if (first === 'SALDO') columns.balance ??= i;
    else if (words.includes('CREDITO') || first === 'ENTRADA' || first === 'ENTRADAS') columns.credit ??= i;
    else if (words.includes('DEBITO') || first === 'SAIDA' || first === 'SAIDAS') columns.debit ??= i;
    else if (first === 'VALOR' || first === 'MONTANTE') columns.amount ??= i;
    else if (words.some((w) => REFERENCE_NAMES.has(w))) columns.reference ??= i;
    else if (first === 'TIPO') columns.type ??= i;
    else if (MEMO_NAMES.has(first)) columns.memo.push(i);
  });
  if (columns.date < 0) return null;
  if (columns.amount !== null) return { ...columns, credit: null, debit: null };
  return columns.credit !== null || columns.debit !== null ? columns : null;
}

/**
 * Proposes a mapping for a CSV statement: the first of its first 30 rows whose cells name a date and an amount
 * (or credit and debit) columns — "Data", "Histórico", "Descrição", "Valor", "Crédito", "Débito", "Saldo",
 * "Documento", in any case and with or without accents — with ";" or ",", whichever finds it first (";" on a tie,
 * as Brazilian exports use it); the decimal separator most of the amounts below it use.
 */
export function guessCsvStatementMapping(bytes: Uint8Array): CsvStatementMapping {
  const text = decodeStatementBytes(bytes);
  let best: {
    separator: ';' | ',';
    record: number;
    records: CsvRecord[];
    columns: CsvStatementMapping['columns'];
  } | null = null;
  for (const separator of [';', ','] as const) {
    const records = readCsvRecords(text, separator, 80);
    for (const [record, { cells }] of records.slice(0, 30).entries()) {
      const columns = headerColumns(cells);
      if (!columns) continue;
      if (!best || record < best.record) best = { separator, record, records, columns };
      break;
    }
  }
  if (!best) {
    throw new StatementFileError(
      'Não encontramos a linha de títulos do CSV (Data, Histórico, Valor…) nas 30 primeiras linhas; indique as colunas.',
    );
  }
  const { separator, record, records, columns } = best;
  let commas = 0;
  let dots = 0;
  for (const { cells } of records.slice(record + 1)) {
    for (const index of [columns.amount, columns.credit, columns.debit, columns.balance]) {
      const cell = index === null ? '' : (cells[index] ?? '').trim();
      if (/\d,\d{1,2}(\s*[CD])?$/i.test(cell)) commas += 1;
      else if (/\d\.\d{1,2}(\s*[CD])?$/i.test(cell)) dots += 1;
    }
  }
  return { separator, decimal: dots > commas ? '.' : ',', headerLine: records[record]?.line ?? 0, columns };
}

/**
 * OFX statements as Brazilian banks export them (Itaú, Bradesco, Banco do Brasil, Caixa, Santander, Inter, Nubank,
 * Sicoob, Sicredi): OFX 1.x SGML with unclosed value tags, OFX 2.x XML, either header over either body or no header,
 * any case, CRLF and blank lines. The reader does not build a tree: it walks the tags once, in file order, and acts
 * on the few it knows — a statement opens at `<STMTRS>`/`<CCSTMTRS>`, a transaction at `<STMTTRN>` — so a tag the
 * bank forgot to close, or one it made up, changes nothing around it.
 */
import { todayInSaoPaulo } from '../dates';
import {
  type ParsedStatement,
  type ParsedStatementFile,
  type ParsedStatementLine,
  type RejectedStatementLine,
  StatementFileError,
  decodeStatementBytes,
} from './statement-file';
import { assignLineKeys, isBalanceMemo, quoted, readAmount } from './statement-lines';

/** The value tags read, inside a transaction and elsewhere in a statement; every other tag is passed over. */
const TRANSACTION_FIELDS = new Set([
  'TRNTYPE',
  'DTPOSTED',
  'DTUSER',
  'TRNAMT',
  'FITID',
  'NAME',
  'MEMO',
  'CHECKNUM',
  'REFNUM',
]);
const STATEMENT_FIELDS = new Set(['CURDEF', 'BANKID', 'BRANCHID', 'ACCTID', 'DTSTART', 'DTEND', 'BALAMT', 'DTASOF']);

interface Field {
  value: string;
  line: number;
}

interface OpenTransaction {
  line: number;
  fields: Map<string, Field>;
}

interface OpenStatement {
  statement: ParsedStatement;
  fields: Map<string, Field>;
  balance: Map<string, Field>;
}

/** Letters, digits, "_" and ".", the characters of an OFX tag's name. */
function isNameChar(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 || c === 46;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,5});/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** A value tag's text, from `start` to the next tag: entities decoded, spaces collapsed, trimmed. */
function valueAt(text: string, start: number): string {
  let end = text.indexOf('<', start);
  if (end < 0) end = text.length;
  while (start < end && text.charCodeAt(start) <= 32) start += 1;
  while (end > start && text.charCodeAt(end - 1) <= 32) end -= 1;
  const raw = text.slice(start, end);
  const decoded = raw.includes('&') ? decodeEntities(raw).trim() : raw;
  return /\s\s|[^\S ]/.test(decoded) ? decoded.replace(/\s+/g, ' ') : decoded;
}

const OFX_DATE =
  /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(?:(\d{2})(?:[.,]\d+)?)?)?\s*(?:\[\s*([+-]?\d{1,2}(?:[.,]\d+)?)\s*(?::[^\]]*)?\])?$/;

/**
 * An OFX date as the calendar date in São Paulo. A date without a time is that date. A time with a zone offset
 * ("[-3:BRT]", "[0:GMT]") is an instant, read in São Paulo ("20261106020000[0:GMT]" is the 5th there). A time
 * without a zone is taken as São Paulo's own clock: the OFX standard says GMT, but Brazilian banks write local
 * midnight that way, and reading it as GMT would move every such line to the day before.
 */
function ofxDate(text: string, saoPauloDate: (instant: number) => string): string | null {
  const match = OFX_DATE.exec(text);
  if (!match) return null;
  const [, y, mo, d, h, mi, s, offset] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const monthDays =
    month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  if (year < 1900 || month < 1 || month > 12 || day < 1 || day > monthDays) return null;
  const iso = `${y}-${mo}-${d}`;
  if (h === undefined || offset === undefined) return iso;
  const hours = Number(h);
  const minutes = Number(mi);
  const seconds = Number(s ?? '0');
  const offsetHours = Number(offset.replace(',', '.'));
  if (hours > 23 || minutes > 59 || seconds > 60 || Math.abs(offsetHours) > 14) return null;
  return saoPauloDate(Date.UTC(year, month - 1, day, hours, minutes, seconds) - offsetHours * 3_600_000);
}

/** São Paulo's calendar date of an instant, remembered per hour: a statement's instants fall in few hours. */
function saoPauloDates(): (instant: number) => string {
  const byHour = new Map<number, string>();
  return (instant) => {
    const hour = Math.floor(instant / 3_600_000);
    let date = byHour.get(hour);
    if (date === undefined) {
      date = todayInSaoPaulo(new Date(hour * 3_600_000));
      byHour.set(hour, date);
    }
    return date;
  };
}

/** Name and memo as one text; the same text written in both is kept once. */
function joinMemo(name: string | undefined, memo: string | undefined): string {
  const parts = [name, memo].filter((p): p is string => !!p);
  if (parts.length === 2 && parts[0]?.toUpperCase() === parts[1]?.toUpperCase()) return parts[0] ?? '';
  return parts.join(' - ');
}

/** Reads an OFX file; throws StatementFileError (pt-BR) when it is not an OFX statement at all. */
export function parseOfx(bytes: Uint8Array): ParsedStatementFile {
  const text = decodeStatementBytes(bytes);
  const start = /<\s*OFX\s*>/i.exec(text)?.index;
  if (start === undefined) {
    throw new StatementFileError('O arquivo não é um extrato OFX: não encontramos a marca <OFX>.');
  }
  const saoPauloDate = saoPauloDates();
  const statements: ParsedStatement[] = [];
  const rejected: RejectedStatementLine[] = [];
  const reject = (line: number, problem: string) =>
    rejected.push({ fileLine: line, message: `Linha ${line}: ${problem}.` });

  // Line numbers grow with the position, so they are counted once, from the last position asked. A file has
  // LF or CRLF line ends, or (old Mac exports) CR alone.
  const lineEnd = text.includes('\n') ? '\n' : '\r';
  let nextLineEnd = text.indexOf(lineEnd);
  let lineNumber = 1;
  const lineAt = (position: number): number => {
    while (nextLineEnd >= 0 && nextLineEnd < position) {
      lineNumber += 1;
      nextLineEnd = text.indexOf(lineEnd, nextLineEnd + 1);
    }
    return lineNumber;
  };

  let current: OpenStatement | null = null;
  let transaction: OpenTransaction | null = null;
  let balanceKind: 'LEDGERBAL' | 'AVAILBAL' | null = null;

  const openStatement = (kind: ParsedStatement['kind']): OpenStatement => {
    const statement: ParsedStatement = {
      kind,
      bankCode: null,
      branch: null,
      account: null,
      currency: 'BRL',
      periodStart: null,
      periodEnd: null,
      closingBalance: null,
      lines: [],
    };
    statements.push(statement);
    return { statement, fields: new Map(), balance: new Map() };
  };

  const closeTransaction = () => {
    if (!transaction) return;
    const { line, fields } = transaction;
    transaction = null;
    // A transaction outside every <STMTRS> (a bank that left it out) still belongs to a statement.
    current ??= openStatement('bank');
    const memo = joinMemo(fields.get('NAME')?.value, fields.get('MEMO')?.value);
    if (isBalanceMemo(memo)) return;
    const amountField = fields.get('TRNAMT');
    if (!amountField) return reject(line, 'lançamento sem valor (TRNAMT)');
    const amount = readAmount(amountField.value, null);
    if ('problem' in amount) return reject(amountField.line, amount.problem);
    const dateField = fields.get('DTPOSTED') ?? fields.get('DTUSER');
    if (!dateField) return reject(line, 'lançamento sem data (DTPOSTED)');
    const date = ofxDate(dateField.value, saoPauloDate);
    if (!date) return reject(dateField.line, `data inválida ${quoted(dateField.value)}`);
    const parsed: ParsedStatementLine = {
      fileLine: line,
      date,
      amount: amount.amount,
      fitId: fields.get('FITID')?.value || null,
      memo,
      reference: fields.get('CHECKNUM')?.value || fields.get('REFNUM')?.value || null,
      type: fields.get('TRNTYPE')?.value.toUpperCase() || null,
      key: '',
    };
    current.statement.lines.push(parsed);
  };

  const closeStatement = () => {
    closeTransaction();
    if (!current) return;
    const { statement, fields, balance } = current;
    current = null;
    const value = (name: string) => fields.get(name)?.value || null;
    statement.bankCode = value('BANKID');
    statement.branch = value('BRANCHID');
    statement.account = value('ACCTID');
    const currency = value('CURDEF')?.toUpperCase();
    if (currency && /^[A-Z]{3}$/.test(currency)) statement.currency = currency;
    statement.periodStart = ofxDate(value('DTSTART') ?? '', saoPauloDate);
    statement.periodEnd = ofxDate(value('DTEND') ?? '', saoPauloDate);
    const balanceAmount = balance.get('BALAMT');
    const amount = balanceAmount ? readAmount(balanceAmount.value, null) : null;
    const date = ofxDate(balance.get('DTASOF')?.value ?? '', saoPauloDate) ?? statement.periodEnd;
    if (amount && 'amount' in amount && date) statement.closingBalance = { amount: amount.amount, date };
  };

  let position = start;
  for (;;) {
    let open = text.indexOf('<', position);
    if (open < 0) break;
    const close = text.indexOf('>', open + 1);
    if (close < 0) break;
    // "<MEMO<TRNAMT>": the tag is the one nearest its ">".
    open = text.lastIndexOf('<', close);
    position = close + 1;
    const first = text.charCodeAt(open + 1);
    if (first === 63 || first === 33) continue; // <?…?> and <!…>
    const closing = first === 47;
    let nameStart = closing ? open + 2 : open + 1;
    while (nameStart < close && text.charCodeAt(nameStart) <= 32) nameStart += 1;
    let nameEnd = nameStart;
    let lowerCase = false;
    for (let c = text.charCodeAt(nameEnd); nameEnd < close && isNameChar(c); c = text.charCodeAt(++nameEnd)) {
      lowerCase ||= c >= 97;
    }
    if (nameEnd === nameStart) continue;
    const name = lowerCase ? text.slice(nameStart, nameEnd).toUpperCase() : text.slice(nameStart, nameEnd);
    if (closing) {
      if (name === 'STMTTRN' || name === 'BANKTRANLIST') closeTransaction();
      else if (name === 'STMTRS' || name === 'CCSTMTRS') closeStatement();
      else if (name === balanceKind) balanceKind = null;
      continue;
    }
    if (name === 'STMTRS' || name === 'CCSTMTRS') {
      closeStatement();
      current = openStatement(name === 'STMTRS' ? 'bank' : 'credit_card');
      continue;
    }
    if (name === 'STMTTRN') {
      closeTransaction();
      transaction = { line: lineAt(open), fields: new Map() };
      continue;
    }
    if (name === 'LEDGERBAL' || name === 'AVAILBAL') {
      closeTransaction();
      balanceKind = name;
      continue;
    }
    const target = transaction
      ? TRANSACTION_FIELDS.has(name)
        ? transaction.fields
        : null
      : current && STATEMENT_FIELDS.has(name)
        ? name === 'BALAMT' || name === 'DTASOF'
          ? balanceKind === 'LEDGERBAL'
            ? current.balance
            : null
          : current.fields
        : null;
    if (!target || target.has(name) || text.charCodeAt(close - 1) === 47) continue;
    target.set(name, { value: valueAt(text, position), line: lineAt(open) });
  }
  if (transaction) {
    reject(transaction.line, 'o arquivo termina no meio deste lançamento; confira se foi baixado inteiro');
    transaction = null;
  }
  closeStatement();
  if (statements.length === 0) {
    throw new StatementFileError('O arquivo OFX não traz extrato de conta corrente nem de cartão de crédito.');
  }
  assignLineKeys(statements);
  rejected.sort((a, b) => a.fileLine - b.fileLine);
  return { format: 'ofx', statements, rejected };
}

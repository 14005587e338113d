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

/** The walk over a file's tags: the statement and transaction open where it is, and what it has read so far. */
interface OfxWalk {
  text: string;
  saoPauloDate: (instant: number) => string;
  /** The file's line at a position; the positions asked only grow. */
  lineAt: (position: number) => number;
  statements: ParsedStatement[];
  rejected: RejectedStatementLine[];
  current: OpenStatement | null;
  transaction: OpenTransaction | null;
  balanceKind: 'LEDGERBAL' | 'AVAILBAL' | null;
}

/** Reads an OFX file; throws StatementFileError (pt-BR) when it is not an OFX statement at all. */
export function parseOfx(bytes: Uint8Array): ParsedStatementFile {
  const text = decodeStatementBytes(bytes);
  const start = /<\s*OFX\s*>/i.exec(text)?.index;
  if (start === undefined) {
    throw new StatementFileError('O arquivo não é um extrato OFX: não encontramos a marca <OFX>.');
  }
  const walk: OfxWalk = {
    text,
    saoPauloDate: saoPauloDates(),
    lineAt: lineCounter(text),
    statements: [],
    rejected: [],
    current: null,
    transaction: null,
    balanceKind: null,
  };
  walkTags(walk, start);
  if (walk.transaction) {
    reject(walk, walk.transaction.line, 'o arquivo termina no meio deste lançamento; confira se foi baixado inteiro');
    walk.transaction = null;
  }
  closeStatement(walk);
  const { statements, rejected } = walk;
  if (statements.length === 0) {
    throw new StatementFileError('O arquivo OFX não traz extrato de conta corrente nem de cartão de crédito.');
  }
  assignLineKeys(statements);
  rejected.sort((a, b) => a.fileLine - b.fileLine);
  return { format: 'ofx', statements, rejected };
}

/**
 * The line of a position in `text`. Line numbers grow with the position, so they are counted once, from the last
 * position asked. A file has LF or CRLF line ends, or (old Mac exports) CR alone.
 */
function lineCounter(text: string): (position: number) => number {
  const lineEnd = text.includes('\n') ? '\n' : '\r';
  let nextLineEnd = text.indexOf(lineEnd);
  let lineNumber = 1;
  return (position) => {
    while (nextLineEnd >= 0 && nextLineEnd < position) {
      lineNumber += 1;
      nextLineEnd = text.indexOf(lineEnd, nextLineEnd + 1);
    }
    return lineNumber;
  };
}

function reject(walk: OfxWalk, line: number, problem: string): void {
  walk.rejected.push({ fileLine: line, message: `Linha ${line}: ${problem}.` });
}

/** Each tag from `start` on, in file order, to its opening or closing step. */
function walkTags(walk: OfxWalk, start: number): void {
  const { text } = walk;
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
    const name = tagName(text, closing ? open + 2 : open + 1, close);
    if (name === null) continue;
    if (closing) closingTag(walk, name);
    else openingTag(walk, name, open, close);
  }
}

/** The upper-case name of a tag that starts at `nameStart` (spaces before it aside) and ends at `close`, if any. */
function tagName(text: string, nameStart: number, close: number): string | null {
  while (nameStart < close && text.charCodeAt(nameStart) <= 32) nameStart += 1;
  let nameEnd = nameStart;
  let lowerCase = false;
  for (let c = text.charCodeAt(nameEnd); nameEnd < close && isNameChar(c); c = text.charCodeAt(++nameEnd)) {
    lowerCase ||= c >= 97;
  }
  if (nameEnd === nameStart) return null;
  return lowerCase ? text.slice(nameStart, nameEnd).toUpperCase() : text.slice(nameStart, nameEnd);
}

function closingTag(walk: OfxWalk, name: string): void {
  if (name === 'STMTTRN' || name === 'BANKTRANLIST') closeTransaction(walk);
  else if (name === 'STMTRS' || name === 'CCSTMTRS') closeStatement(walk);
  else if (name === walk.balanceKind) walk.balanceKind = null;
}

/** A statement, a transaction or a balance begins; or a value tag's text is kept where it belongs. */
function openingTag(walk: OfxWalk, name: string, open: number, close: number): void {
  if (name === 'STMTRS' || name === 'CCSTMTRS') {
    closeStatement(walk);
    walk.current = openStatement(walk, name === 'STMTRS' ? 'bank' : 'credit_card');
    return;
  }
  if (name === 'STMTTRN') {
    closeTransaction(walk);
    walk.transaction = { line: walk.lineAt(open), fields: new Map() };
    return;
  }
  if (name === 'LEDGERBAL' || name === 'AVAILBAL') {
    closeTransaction(walk);
    walk.balanceKind = name;
    return;
  }
  const target = fieldsOf(walk, name);
  if (!target || target.has(name) || walk.text.charCodeAt(close - 1) === 47) return;
  target.set(name, { value: valueAt(walk.text, close + 1), line: walk.lineAt(open) });
}

/** Where a value tag is kept: the open transaction's fields, the statement's, its ledger balance's, or nowhere. */
function fieldsOf(walk: OfxWalk, name: string): Map<string, Field> | null {
  const { transaction, current } = walk;
  if (transaction) return TRANSACTION_FIELDS.has(name) ? transaction.fields : null;
  if (!current || !STATEMENT_FIELDS.has(name)) return null;
  if (name === 'BALAMT' || name === 'DTASOF') return walk.balanceKind === 'LEDGERBAL' ? current.balance : null;
  return current.fields;
}

function openStatement(walk: OfxWalk, kind: ParsedStatement['kind']): OpenStatement {
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
  walk.statements.push(statement);
  return { statement, fields: new Map(), balance: new Map() };
}

function closeTransaction(walk: OfxWalk): void {
  const { transaction } = walk;
  if (!transaction) return;
  walk.transaction = null;
  // A transaction outside every <STMTRS> (a bank that left it out) still belongs to a statement.
  walk.current ??= openStatement(walk, 'bank');
  const read = readTransaction(transaction, walk.saoPauloDate);
  if (read === null) return;
  if ('problem' in read) reject(walk, read.line, read.problem);
  else walk.current.statement.lines.push(read);
}

/** A transaction's statement line; or what is wrong with it, and where; null for a balance written as a transaction. */
function readTransaction(
  { line, fields }: OpenTransaction,
  saoPauloDate: (instant: number) => string,
): ParsedStatementLine | { line: number; problem: string } | null {
  const memo = joinMemo(fields.get('NAME')?.value, fields.get('MEMO')?.value);
  if (isBalanceMemo(memo)) return null;
  const amountField = fields.get('TRNAMT');
  if (!amountField) return { line, problem: 'lançamento sem valor (TRNAMT)' };
  const amount = readAmount(amountField.value, null);
  if ('problem' in amount) return { line: amountField.line, problem: amount.problem };
  const dateField = fields.get('DTPOSTED') ?? fields.get('DTUSER');
  if (!dateField) return { line, problem: 'lançamento sem data (DTPOSTED)' };
  const date = ofxDate(dateField.value, saoPauloDate);
  if (!date) return { line: dateField.line, problem: `data inválida ${quoted(dateField.value)}` };
  return {
    fileLine: line,
    date,
    amount: amount.amount,
    fitId: fields.get('FITID')?.value || null,
    memo,
    reference: fields.get('CHECKNUM')?.value || fields.get('REFNUM')?.value || null,
    type: fields.get('TRNTYPE')?.value.toUpperCase() || null,
    key: '',
  };
}

/** Ends the open statement: its account, currency, period and closing balance, from the values read in it. */
function closeStatement(walk: OfxWalk): void {
  closeTransaction(walk);
  if (!walk.current) return;
  const { statement, fields, balance } = walk.current;
  walk.current = null;
  const { saoPauloDate } = walk;
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
}

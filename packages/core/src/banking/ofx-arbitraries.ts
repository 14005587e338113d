/**
 * Generated OFX statements for the parser's property tests and its fuzz benchmark: a statement model, the many ways
 * Brazilian banks write it (SGML or XML, either header or none, case, line ends, blank lines, decimal comma,
 * encoding, date styles), and mutations of the bytes (flips, truncation, deleted and repeated slices, stray tags).
 * Not exported from the package: it needs fast-check, a development dependency.
 */
import fc from 'fast-check';
import { parseOfx } from './ofx';
import { StatementFileError } from './statement-file';

export interface GeneratedLine {
  /** The São Paulo date and clock time the bank means. */
  date: string;
  time: { hours: number; minutes: number; seconds: number };
  amount: number;
  fitId: string;
  memo: string;
  type: string;
  reference: string | null;
}

export interface GeneratedStatement {
  kind: 'bank' | 'credit_card';
  bankCode: string | null;
  branch: string | null;
  account: string;
  lines: GeneratedLine[];
}

export interface OfxStyle {
  xml: boolean;
  header: 'sgml' | 'xml' | 'none';
  lowerCase: boolean;
  lineEnd: '\n' | '\r\n';
  blankLines: boolean;
  indent: boolean;
  decimal: ',' | '.';
  thousands: boolean;
  encoding: 'utf-8' | 'windows-1252';
  dates: 'date' | 'local' | 'brt' | 'gmt';
}

const WORDS = [
  'PIX',
  'RECEBIDO',
  'ENVIADO',
  'TARIFA',
  'MANUTENÇÃO',
  'PAGAMENTO',
  'BOLETO',
  'DÉBITO',
  'CRÉDITO',
  'SÃO',
  'JOÃO',
  'CONCEIÇÃO',
  'LTDA',
  'TED',
  'ÁGUA',
  'LUZ',
  'ALUGUEL',
  'FARMÁCIA',
  'PÃO',
  'M&M',
  'Compra',
  'no',
  'débito',
  '04/11',
  'Nº',
  '123',
];

const TYPES = ['DEBIT', 'CREDIT', 'FEE', 'INT', 'XFER', 'PAYMENT', 'OTHER'];

const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^\\d{${min},${max}}$`));

/** Years after 2019, when São Paulo stopped moving its clocks, so "[-3:BRT]" is always its own time. */
const dateArbitrary = fc
  .integer({ min: Date.UTC(2020, 0, 1) / 86_400_000, max: Date.UTC(2030, 11, 31) / 86_400_000 })
  .map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10));

const lineArbitrary: fc.Arbitrary<GeneratedLine> = fc.record({
  date: dateArbitrary,
  time: fc.record({
    hours: fc.integer({ min: 0, max: 23 }),
    minutes: fc.integer({ min: 0, max: 59 }),
    seconds: fc.integer({ min: 0, max: 59 }),
  }),
  amount: fc.oneof(fc.integer({ min: -100_000, max: 100_000 }), fc.integer({ min: -1e12, max: 1e12 })),
  fitId: fc.oneof(fc.constant(''), fc.stringMatching(/^[0-9A-Za-z-]{1,12}$/), fc.constant('000000')),
  memo: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 5 }).map((words) => words.join(' ')),
  type: fc.constantFrom(...TYPES),
  reference: fc.option(digits(1, 8), { nil: null }),
});

export const statementArbitrary: fc.Arbitrary<GeneratedStatement> = fc.oneof(
  fc.record({
    kind: fc.constant('bank' as const),
    bankCode: fc.option(digits(3, 4), { nil: null }),
    branch: fc.option(digits(4, 4), { nil: null }),
    account: fc.tuple(digits(4, 10), digits(1, 1)).map(([number, check]) => `${number}-${check}`),
    lines: fc.array(lineArbitrary, { maxLength: 12 }),
  }),
  fc.record({
    kind: fc.constant('credit_card' as const),
    bankCode: fc.constant(null),
    branch: fc.constant(null),
    account: digits(4, 4).map((last) => `5555********${last}`),
    lines: fc.array(lineArbitrary, { maxLength: 12 }),
  }),
);

/** Bank statements first, then card statements, as they sit in a file. */
export const statementsArbitrary = fc
  .array(statementArbitrary, { minLength: 1, maxLength: 3 })
  .map((statements) => [
    ...statements.filter((s) => s.kind === 'bank'),
    ...statements.filter((s) => s.kind !== 'bank'),
  ]);

export const styleArbitrary: fc.Arbitrary<OfxStyle> = fc.record({
  xml: fc.boolean(),
  header: fc.constantFrom('sgml', 'xml', 'none'),
  lowerCase: fc.boolean(),
  lineEnd: fc.constantFrom('\n', '\r\n'),
  blankLines: fc.boolean(),
  indent: fc.boolean(),
  decimal: fc.constantFrom(',', '.'),
  thousands: fc.boolean(),
  encoding: fc.constantFrom('utf-8', 'windows-1252'),
  dates: fc.constantFrom('date', 'local', 'brt', 'gmt'),
});

function writeAmount(centavos: number, style: OfxStyle): string {
  const sign = centavos < 0 ? '-' : '';
  const reais = String(Math.floor(Math.abs(centavos) / 100));
  const cents = String(Math.abs(centavos) % 100).padStart(2, '0');
  if (style.decimal === '.') return `${sign}${reais}.${cents}`;
  const grouped = style.thousands ? reais.replace(/\B(?=(\d{3})+$)/g, '.') : reais;
  // A comma-decimal bank writes whole reais without the comma ("-150").
  return cents === '00' && !style.thousands ? `${sign}${grouped}` : `${sign}${grouped},${cents}`;
}

const two = (n: number) => String(n).padStart(2, '0');

function writeDate(line: GeneratedLine, style: OfxStyle): string {
  const day = line.date.replaceAll('-', '');
  const { hours, minutes, seconds } = line.time;
  if (style.dates === 'date') return day;
  if (style.dates === 'local') return `${day}${two(hours)}${two(minutes)}${two(seconds)}`;
  if (style.dates === 'brt') return `${day}${two(hours)}${two(minutes)}${two(seconds)}.000[-3:BRT]`;
  const [y, m, d] = line.date.split('-').map(Number);
  const utc = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1, hours + 3, minutes, seconds));
  const text = utc.toISOString();
  return `${text.slice(0, 10).replaceAll('-', '')}${text.slice(11, 19).replaceAll(':', '')}[0:GMT]`;
}

/** Writes the statements as an OFX file in the given style. */
export function writeOfx(statements: GeneratedStatement[], style: OfxStyle): Uint8Array {
  const out: string[] = [];
  const tag = (name: string) => (style.lowerCase ? name.toLowerCase() : name);
  let depth = 0;
  const pad = () => (style.indent ? '  '.repeat(depth) : '');
  const open = (name: string) => {
    out.push(`${pad()}<${tag(name)}>`);
    depth += 1;
  };
  const close = (name: string) => {
    depth -= 1;
    out.push(`${pad()}</${tag(name)}>`);
    if (style.blankLines) out.push('');
  };
  const value = (name: string, text: string) => {
    const escaped = style.xml ? text.replaceAll('&', '&amp;') : text;
    out.push(`${pad()}<${tag(name)}>${escaped}${style.xml ? `</${tag(name)}>` : ''}`);
  };
  if (style.header === 'sgml') {
    out.push('OFXHEADER:100', 'DATA:OFXSGML', 'VERSION:102', 'SECURITY:NONE', 'ENCODING:USASCII', 'CHARSET:1252', '');
  } else if (style.header === 'xml') {
    out.push('<?xml version="1.0" encoding="UTF-8"?>', '<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE"?>');
  }
  open('OFX');
  for (const kind of ['bank', 'credit_card'] as const) {
    const ofKind = statements.filter((s) => s.kind === kind);
    if (ofKind.length === 0) continue;
    const card = kind === 'credit_card';
    open(card ? 'CREDITCARDMSGSRSV1' : 'BANKMSGSRSV1');
    for (const statement of ofKind) {
      open(card ? 'CCSTMTTRNRS' : 'STMTTRNRS');
      open(card ? 'CCSTMTRS' : 'STMTRS');
      value('CURDEF', 'BRL');
      open(card ? 'CCACCTFROM' : 'BANKACCTFROM');
      if (statement.bankCode !== null) value('BANKID', statement.bankCode);
      if (statement.branch !== null) value('BRANCHID', statement.branch);
      value('ACCTID', statement.account);
      close(card ? 'CCACCTFROM' : 'BANKACCTFROM');
      open('BANKTRANLIST');
      for (const line of statement.lines) {
        open('STMTTRN');
        value('TRNTYPE', line.type);
        value('DTPOSTED', writeDate(line, style));
        value('TRNAMT', writeAmount(line.amount, style));
        value('FITID', line.fitId);
        if (line.reference !== null) value('CHECKNUM', line.reference);
        value('MEMO', line.memo);
        close('STMTTRN');
      }
      close('BANKTRANLIST');
      close(card ? 'CCSTMTRS' : 'STMTRS');
      close(card ? 'CCSTMTTRNRS' : 'STMTTRNRS');
    }
    close(card ? 'CREDITCARDMSGSRSV1' : 'BANKMSGSRSV1');
  }
  close('OFX');
  const text = out.join(style.lineEnd);
  if (style.encoding === 'utf-8') return new TextEncoder().encode(text);
  // Every character written is Latin-1, which Windows-1252 writes as the same single byte.
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/** What the parser should read back from a generated statement's line. */
export function expectedLine(line: GeneratedLine) {
  return {
    date: line.date,
    amount: line.amount,
    fitId: line.fitId || null,
    memo: line.memo,
    type: line.type,
    reference: line.reference,
  };
}

const FUZZ_TAGS = [
  'OFX',
  'STMTRS',
  'CCSTMTRS',
  'STMTTRN',
  'BANKTRANLIST',
  'LEDGERBAL',
  'TRNAMT',
  'DTPOSTED',
  'DTUSER',
  'DTASOF',
  'BALAMT',
  'FITID',
  'MEMO',
  'NAME',
  'CURDEF',
  'ACCTID',
];
const FUZZ_VALUES = [
  '',
  '-',
  'abc',
  '00000000',
  '1.234',
  '-1.234,56',
  '99999999999999999999',
  '20261301',
  '&amp;',
  '&#0;',
];

type Mutation =
  | { kind: 'flip'; at: number; byte: number }
  | { kind: 'truncate'; at: number }
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'duplicate'; at: number; length: number }
  | { kind: 'insert'; at: number; text: string };

// A share of the file's length, evenly spread: fast-check leans towards the ends of a range otherwise, which would
// mostly cut the file to nothing.
const position = fc.noBias(fc.integer({ min: 0, max: 999_999 })).map((n) => n / 1_000_000);
const mutationArbitrary: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at: position, byte: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at: position }),
  fc.record({ kind: fc.constant('delete' as const), at: position, length: fc.integer({ min: 1, max: 200 }) }),
  fc.record({ kind: fc.constant('duplicate' as const), at: position, length: fc.integer({ min: 1, max: 400 }) }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: position,
    text: fc.oneof(
      fc
        .tuple(fc.boolean(), fc.constantFrom(...FUZZ_TAGS), fc.constantFrom(...FUZZ_VALUES))
        .map(([closing, name, text]) => (closing ? `</${name}>` : `<${name}>${text}`)),
      fc.string({ maxLength: 20 }),
      fc.constantFrom('<', '>', '<?', '<!--', '&', '\r', '\u0000'),
    ),
  }),
);

function mutate(bytes: Uint8Array, mutation: Mutation): Uint8Array {
  const at = Math.floor(mutation.at * (bytes.length + 1));
  switch (mutation.kind) {
    case 'flip': {
      const copy = bytes.slice();
      if (at < copy.length) copy[at] = mutation.byte;
      return copy;
    }
    case 'truncate':
      return bytes.slice(0, at);
    case 'delete':
      return new Uint8Array([...bytes.subarray(0, at), ...bytes.subarray(at + mutation.length)]);
    case 'duplicate':
      return new Uint8Array([...bytes.subarray(0, at + mutation.length), ...bytes.subarray(at)]);
    case 'insert':
      return new Uint8Array([
        ...bytes.subarray(0, at),
        ...new TextEncoder().encode(mutation.text),
        ...bytes.subarray(at),
      ]);
  }
}

/** A valid file in a random style, then up to three mutations of its bytes (none, at times). */
export const mutatedOfxArbitrary: fc.Arbitrary<Uint8Array> = fc
  .tuple(statementsArbitrary, styleArbitrary, fc.array(mutationArbitrary, { maxLength: 3 }))
  .map(([statements, style, mutations]) => mutations.reduce(mutate, writeOfx(statements, style)));

const ENGLISH = /\b(the|is|not|of|and|invalid|error|undefined|null|nan|cannot|unexpected|failed|expected|read)\b/i;

/** A message as the product shows it: Portuguese, a sentence, "Linha N: " when it is about one place. */
export function isPortugueseMessage(message: string): boolean {
  const unquoted = message.replace(/"[^"]*"/g, '""');
  return /^(Linha \d+: )?[A-ZÀ-Úa-zà-ú]/.test(message) && message.endsWith('.') && !ENGLISH.test(unquoted);
}

/**
 * Parses the bytes and says what went wrong, or null: anything thrown but a StatementFileError, a message that is
 * not Portuguese, or a result a user would find broken (a date that is not a date, an amount that is not whole
 * centavos, two lines of one statement with one key, a rejected line whose message names another line).
 */
export function ofxParseProblem(bytes: Uint8Array): string | null {
  let file;
  try {
    file = parseOfx(bytes);
  } catch (error) {
    if (!(error instanceof StatementFileError)) return `lançou ${String(error)}`;
    return isPortugueseMessage(error.message) ? null : `mensagem fora do padrão: ${error.message}`;
  }
  for (const statement of file.statements) {
    const keys = new Set<string>();
    for (const line of statement.lines) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(line.date)) return `data ${line.date}`;
      if (!Number.isSafeInteger(line.amount)) return `valor ${line.amount}`;
      if (!/^[0-9a-f]{16}$/.test(line.key) || keys.has(line.key)) return `chave ${line.key}`;
      keys.add(line.key);
    }
  }
  for (const { fileLine, message } of file.rejected) {
    if (!message.startsWith(`Linha ${fileLine}: `) || !isPortugueseMessage(message)) return `rejeição: ${message}`;
  }
  return null;
}

export interface OfxFuzzResult {
  inputs: number;
  crashes: number;
  maxMs: number;
  firstCrash: string | null;
}

/** Parses `count` generated and mutated files and counts the problems; the benchmark runs it with a large count. */
export function runOfxFuzz(count: number, seed?: number): OfxFuzzResult {
  const result: OfxFuzzResult = { inputs: 0, crashes: 0, maxMs: 0, firstCrash: null };
  fc.assert(
    fc.property(mutatedOfxArbitrary, (bytes) => {
      const started = performance.now();
      const problem = ofxParseProblem(bytes);
      result.maxMs = Math.max(result.maxMs, performance.now() - started);
      result.inputs += 1;
      if (problem !== null) {
        result.crashes += 1;
        result.firstCrash ??= problem;
      }
    }),
    { numRuns: count, seed },
  );
  return result;
}

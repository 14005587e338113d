import { formatDocument } from '../brazil';
import { formatBRL } from '../money';

/**
 * Automatic matching of bank statement lines against what the app expects to move money: open installments and
 * unreconciled account movements. Pure and in memory: the server reads the rows once (one set-based query) and this
 * module proposes suggestions, each with a score from 0 to 100 and the reasons a finance person reads beside it.
 *
 * Shapes it finds: one line ↔ one candidate of the same amount (up to 60 days late when the memo names the party by
 * document or in full); one line ↔ several installments of one party that add up to it (one PIX paying three
 * invoices, a supplier batch); several lines ↔ one candidate (card acquirer credits of one day, a split settlement);
 * one line paying part of an installment when the party is named in the memo.
 * Every line and candidate is used at most once: the suggestions are taken highest score first.
 */

export interface BankLineForMatch {
  id: string;
  /** YYYY-MM-DD. */
  date: string;
  /** Centavos still unreconciled; positive is money in, negative is money out. */
  amount: number;
  memo: string;
  fitId: string | null;
  reference: string | null;
}

export interface MatchCandidate {
  id: string;
  kind: 'movement' | 'installment';
  /** The movement's date or the installment's due date, YYYY-MM-DD. */
  date: string;
  /** Signed like the bank: a payable installment's open amount is negative, a receivable's positive. */
  amount: number;
  partyName: string | null;
  /** CPF or CNPJ without mask (a CNPJ may be alphanumeric). */
  partyDocument: string | null;
  documentNumber: string | null;
  partyId: string | null;
  /** FITIDs of lines this candidate was reconciled to before (the same recurring transfer, say). */
  fitIdsSeen: string[];
}

export interface MatchOptions {
  /** How many days a line's date may be from the candidate's. */
  dateWindowDays?: number;
  /** Suggestions scoring at least this are automatic. */
  threshold?: number;
}

export type MatchReasonCode =
  | 'same_amount'
  | 'date_within'
  | 'paid_late'
  | 'document_in_memo'
  | 'name_in_memo'
  | 'acquirer_in_memo'
  | 'document_number_in_memo'
  | 'fitid_seen'
  | 'sum_of_installments'
  | 'sum_of_lines'
  | 'partial'
  | 'other_party_in_memo'
  | 'ambiguous';

export interface MatchReason {
  code: MatchReasonCode;
  /** pt-BR, for the person reconciling. */
  text: string;
}

export interface MatchAllocation {
  lineId: string;
  candidateId: string;
  /** Signed centavos, like the line. */
  amount: number;
}

export interface MatchSuggestion {
  lineIds: string[];
  candidateIds: string[];
  allocations: MatchAllocation[];
  score: number;
  /** The score reaches the threshold: the screen may reconcile it without asking. */
  automatic: boolean;
  reasons: MatchReason[];
}

export const DEFAULT_MATCH_WINDOW_DAYS = 5;
/**
 * Chosen on the labelled set in bench/data (see docs/decisions/0018): an amount and a date alone reach it only within
 * 4 days and with nothing else of that amount near; otherwise it takes a clue of who paid (the party's document or
 * name, the card acquirer, the document's number, a FITID seen before, the only party whose bills add up to it).
 */
export const DEFAULT_MATCH_THRESHOLD = 65;

const SCORE = {
  sameAmount: 55,
  sumOfParts: 45,
  /** Installments of one party add up to a line that names no one, and no other party's do. */
  onlySum: 10,
  partial: 15,
  document: 35,
  name: 25,
  /** The name's first word and initials of the next ("TRANSPORTES P L"): several parties may fit. */
  nameInitials: 15,
  /** The memo names a party, not this candidate's. */
  otherParty: -20,
  nameWithDocument: 5,
  documentNumber: 20,
  fitId: 30,
  /** A proposal is ambiguous when another sharing a line or candidate scores less than this many points below it. */
  ambiguityMargin: 15,
  ambiguity: 30,
  ambiguityEach: 5,
  /** An ambiguous proposal never scores more, below the default threshold however strong its clues. */
  ambiguousCeiling: 60,
};
/** How late an installment may be paid and still be proposed, when the memo names its party by document or in full. */
const MAX_DAYS_LATE = 60;
/** Installments one subset sum looks at, the nearest in date. */
const MAX_SUBSET_ITEMS = 12;
/**
 * Credits of one day with the same memo whose parts are added up to a candidate of the acquirer the memo names: two
 * halves of 2^12 sums at most. Past it, only all of the day's credits together.
 */
const MAX_LINES_ADDED_UP = 24;
/** Ways of adding up to one line that are worth telling apart: a third one changes nothing. */
const MAX_SUBSET_SOLUTIONS = 3;
/** Rivals counted for the ambiguity penalty: past ten, the text says "mais de 10". */
const MAX_RIVALS_COUNTED = 10;
/** A first name shared by more parties than this does not point at one of them. */
const MAX_NAME_BUCKET = 64;

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) =>
  Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS;

/** Upper case, accents removed, split on whatever is not a letter or digit. */
function words(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((w) => w.length > 0);
}

/** Words a bank leaves out or that many names share: they identify no one. */
const NAME_NOISE = new Set(['DA', 'DE', 'DO', 'DAS', 'DOS', 'E', 'LTDA', 'ME', 'EPP', 'EIRELI', 'SA', 'S', 'A', 'CIA']);

/**
 * Brazilian card acquirers: the words banks write for them in a memo, and the names they are registered under (a
 * party whose name starts with one of them is that acquirer). The first is what the reason shows when the memo has it.
 */
const ACQUIRERS: readonly string[][][] = [
  ['REDE', 'REDECARD', 'ITAU REDE'],
  ['CIELO'],
  ['GETNET', 'SANTANDER GETNET'],
  ['STONE', 'TON'],
  ['PAGSEGURO', 'PAG SEGURO', 'PAGBANK', 'PAGSEG'],
  ['SAFRAPAY', 'SAFRA PAY'],
  ['MERCADO PAGO', 'MERCADOPAGO'],
  ['SUMUP', 'SUM UP'],
  ['VERO', 'BANRISUL VERO'],
  ['SIPAG', 'SICREDI SIPAG'],
  ['BIN', 'FIRST DATA', 'FISERV'],
].map((names) => names.map((name) => name.split(' ')));

/** Whether `sequence` occurs in `text` word by word, at its start only when `atStart`. */
function hasWords(text: readonly string[], sequence: readonly string[], atStart: boolean): boolean {
  const last = atStart ? 0 : text.length - sequence.length;
  for (let i = 0; i <= last; i += 1) if (sequence.every((w, k) => text[i + k] === w)) return true;
  return false;
}

/** CPF (11 digits) and CNPJ (14 characters, the last two digits) written in a memo, masked or not. */
function documentsIn(memo: string): string[] {
  const found: string[] = [];
  for (const raw of memo.toUpperCase().split(/[\s:;,]+/)) {
    const masked = /^\*{3}\.?(\d{3})\.?(\d{3})-?\*{2}$/.exec(raw);
    if (masked) {
      found.push(`***${masked[1]}${masked[2]}`);
      continue;
    }
    const token = raw.replace(/[.\-/]/g, '');
    if (/^\d{11}$/.test(token) || (/^[0-9A-Z]{12}\d{2}$/.test(token) && /\d/.test(token.slice(0, 12)))) {
      found.push(token);
    }
  }
  return found;
}

/**
 * The number a document is known by, as digits without leading zeros: its longest run of digits that is not a year
 * ("NF-001234" → "1234", "FAT-2026/123" → "123"), since dates are everywhere in memos.
 */
function documentNumberKey(documentNumber: string): string | null {
  const runs = (documentNumber.match(/\d+/g) ?? []).filter((run) => !/^(19|20)\d\d$/.test(run));
  const longest = runs.reduce((a, b) => (b.length > a.length ? b : a), '').replace(/^0+/, '');
  return longest.length >= 3 ? longest : null;
}

type NameMatch = 'whole' | 'initials' | null;

interface Line {
  index: number;
  source: BankLineForMatch;
  day: number;
  sign: number;
  abs: number;
  words: string[];
  documents: Set<string>;
  numbers: Set<string>;
  /** Memo without its numbers: credits of one acquirer on one day share it. */
  signature: string;
  /** Acquirers the memo names (index in ACQUIRERS) and the words it names each by. */
  acquirers: Map<number, string>;
}

interface Party {
  key: string;
  name: string | null;
  nameWords: string[];
  documents: string[];
  /** Its place in the order parties were met, for counting per party in typed arrays. */
  number: number;
  /** The card acquirer the party is (index in ACQUIRERS), or -1. */
  acquirer: number;
  /** The party's installments and movements, by date. */
  candidates: Candidate[];
}

interface Candidate {
  index: number;
  source: MatchCandidate;
  day: number;
  abs: number;
  party: Party;
  /** The document's number as digits, read when first compared (undefined until then). */
  numberKey?: string | null;
}

interface Proposal {
  lines: Line[];
  candidates: Candidate[];
  /** Part of an installment: it never makes a whole match doubtful (an acquirer's credit is part of every batch). */
  partial?: true;
  /** The memo tells who paid (document, name, acquirer, document number or a FITID seen before). */
  identified: boolean;
  raw: number;
  reasons: () => MatchReason[];
}

function readLine(source: BankLineForMatch, index: number): Line {
  const memoWords = words(source.memo);
  const numbers = new Set<string>();
  for (const w of [...memoWords, ...words(source.reference ?? '')]) {
    if (/^\d+$/.test(w)) {
      const n = w.replace(/^0+/, '');
      if (n.length >= 3) numbers.add(n);
    }
  }
  return {
    index,
    source,
    day: dayNumber(source.date),
    sign: Math.sign(source.amount),
    abs: Math.abs(source.amount),
    words: memoWords,
    documents: new Set(documentsIn(source.memo)),
    numbers,
    signature: memoWords.filter((w) => !/\d/.test(w)).join(' '),
    acquirers: acquirersIn(memoWords),
  };
}

function acquirersIn(memo: readonly string[]): Map<number, string> {
  const found = new Map<number, string>();
  ACQUIRERS.forEach((names, i) => {
    // The longest of its names the memo has: "ITAU REDE" rather than "REDE".
    const name = names.filter((n) => hasWords(memo, n, false)).sort((a, b) => b.length - a.length)[0];
    if (name) found.set(i, name.join(' '));
  });
  return found;
}

const partyRole = (amount: number) => (amount > 0 ? 'cliente' : 'fornecedor');

function dateReason(days: number, kind: MatchCandidate['kind']): MatchReason {
  const what = kind === 'installment' ? 'do vencimento' : 'do lançamento';
  const n = Math.abs(days);
  return { code: 'date_within', text: n === 0 ? `Mesma data ${what}` : `Data a ${n} dia${n > 1 ? 's' : ''} ${what}` };
}

/** "Pago 23 dias após o vencimento". */
function lateReason(days: number): MatchReason {
  return { code: 'paid_late', text: `Pago ${days} dias após o vencimento` };
}

/** Up to 4 days is as good as 2: a weekend and a day of clearing lie between many due dates and their credit. */
function datePoints(days: number, window: number): number {
  const n = Math.abs(days);
  if (n === 0) return 15;
  if (n === 1) return 12;
  if (n <= 4) return 10;
  return n <= window ? 4 : 0;
}

/** First index in a day-sorted array whose day is at least `day`. */
function firstFrom(sorted: readonly Candidate[], day: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid]?.day ?? 0) < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The items of a day-sorted array within `window` days of `day`. */
function inWindow(sorted: readonly Candidate[], day: number, window: number): Candidate[] {
  const from = firstFrom(sorted, day - window);
  return sorted.slice(from, firstFrom(sorted, day + window + 1));
}

/**
 * The candidates and their parties, indexed for what each line looks up: by amount, FITID, the party's document, the
 * first word of its name and the card acquirer it is.
 */
interface CandidateIndex {
  /** How many days a line's date may be from the candidate's. */
  window: number;
  byAmount: Map<number, Candidate[]>;
  byFitId: Map<string, Candidate[]>;
  byDocument: Map<string, Party[]>;
  byFirstName: Map<string, Party[]>;
  byAcquirer: Map<number, Party[]>;
  /** Installments by due date, and their amounts, signs and parties side by side for scanning many of them. */
  installments: Candidate[];
  installmentAbs: Float64Array;
  installmentSign: Int8Array;
  installmentParty: Int32Array;
  /** By party number, while a line's installments are counted per party: the line counting, the count, the total. */
  partySeenBy: Int32Array;
  partyCount: Int32Array;
  partyTotal: Float64Array;
}

/** Points of who the candidate's party is, as the memo tells it, and the reasons saying so (written when shown). */
interface Identity {
  points: number;
  reasons: () => MatchReason[];
}

/**
 * Suggestions for a statement's lines, best first, each line and candidate in one at most; those scoring at least the
 * threshold are `automatic`, the others are hints for a person.
 */
export function matchStatement(
  lineRows: readonly BankLineForMatch[],
  candidateRows: readonly MatchCandidate[],
  options: MatchOptions = {},
): MatchSuggestion[] {
  const window = options.dateWindowDays ?? DEFAULT_MATCH_WINDOW_DAYS;
  const threshold = options.threshold ?? DEFAULT_MATCH_THRESHOLD;
  const lines = lineRows.filter((l) => l.amount !== 0).map(readLine);
  const index = indexCandidates(candidateRows, window);
  const proposals: Proposal[] = [];
  for (const line of lines) {
    const named = partiesNamed(line, index);
    const sameAmount = proposeSameAmount(line, named, index, proposals);
    proposeFromNamedParties(line, named, index, proposals);
    if (named.length === 0 && sameAmount === 0) proposeAnonymousSums(line, index, proposals);
  }
  proposeSumsOfLines(lines, index, proposals);
  return assign(proposals, threshold);
}

const byDay = (a: Candidate, b: Candidate) => a.day - b.day || a.index - b.index;

/** The candidates with an amount, each with its party; parties keyed by id, else document, else name. */
function readCandidates(candidateRows: readonly MatchCandidate[]): { candidates: Candidate[]; parties: Party[] } {
  const parties = new Map<string, Party>();
  const candidates: Candidate[] = candidateRows
    .filter((c) => c.amount !== 0)
    .map((source, index) => ({
      index,
      source,
      day: dayNumber(source.date),
      abs: Math.abs(source.amount),
      party: partyOf(parties, source),
    }));
  return { candidates, parties: [...parties.values()] };
}

/** The candidate's party, met now or before; each party's name is read once. */
function partyOf(parties: Map<string, Party>, c: MatchCandidate): Party {
  const key = c.partyId ?? c.partyDocument ?? c.partyName ?? `candidate:${c.id}`;
  let party = parties.get(key);
  if (!party) {
    const nameWords = c.partyName ? words(c.partyName).filter((w) => !NAME_NOISE.has(w)) : [];
    const acquirer = ACQUIRERS.findIndex((names) => names.some((n) => hasWords(nameWords, n, true)));
    party = { key, number: parties.size, name: c.partyName, nameWords, documents: [], acquirer, candidates: [] };
    parties.set(key, party);
  }
  if (c.partyDocument && !party.documents.includes(c.partyDocument)) party.documents.push(c.partyDocument);
  return party;
}

function indexCandidates(candidateRows: readonly MatchCandidate[], window: number): CandidateIndex {
  const { candidates, parties } = readCandidates(candidateRows);
  const byAmount = new Map<number, Candidate[]>();
  const byFitId = new Map<string, Candidate[]>();
  for (const c of candidates) {
    pushTo(byAmount, c.source.amount, c);
    c.party.candidates.push(c);
    for (const fitId of c.source.fitIdsSeen) pushTo(byFitId, fitId, c);
  }
  for (const list of byAmount.values()) list.sort(byDay);
  const installments = candidates.filter((c) => c.source.kind === 'installment').sort(byDay);

  const byDocument = new Map<string, Party[]>();
  const byFirstName = new Map<string, Party[]>();
  const byAcquirer = new Map<number, Party[]>();
  for (const party of parties) {
    if (party.acquirer >= 0) pushTo(byAcquirer, party.acquirer, party);
    party.candidates.sort(byDay);
    for (const doc of party.documents) {
      pushTo(byDocument, doc, party);
      if (doc.length === 11) pushTo(byDocument, `***${doc.slice(3, 9)}`, party);
    }
    const first = party.nameWords[0];
    if (first) pushTo(byFirstName, first, party);
  }
  return {
    window,
    byAmount,
    byFitId,
    byDocument,
    byFirstName,
    byAcquirer,
    installments,
    installmentAbs: Float64Array.from(installments, (c) => c.abs),
    installmentSign: Int8Array.from(installments, (c) => Math.sign(c.source.amount)),
    installmentParty: Int32Array.from(installments, (c) => c.party.number),
    partySeenBy: new Int32Array(parties.length).fill(-1),
    partyCount: new Int32Array(parties.length),
    partyTotal: new Float64Array(parties.length),
  };
}

/**
 * How the memo names the party: 'whole' when it has two words of the name in a row (the last may be cut short), or a
 * first word no other party has with nothing contradicting it after it; 'initials' when it has the first word and
 * then initials of the next ("TRANSPORTES P L") or leaves words out ("MARIA SILVA" for Maria Souza Silva); null when
 * it does not name it.
 */
function nameInMemo(line: Line, party: Party, byFirstName: Map<string, Party[]>): NameMatch {
  const memo = line.words;
  const name = party.nameWords;
  const first = name[0];
  if (!first) return null;
  const distinctive = (byFirstName.get(first)?.length ?? 0) === 1 && first.length >= 4;
  let best: NameMatch = null;
  for (let start = memo.indexOf(first); start >= 0; start = memo.indexOf(first, start + 1)) {
    let whole = 1;
    let initials = 0;
    let skipped = false;
    let contradicted = false;
    let j = 1;
    for (let k = start + 1; k < memo.length && j < name.length; k += 1) {
      const w = memo[k] ?? '';
      const last = k === memo.length - 1;
      if (NAME_NOISE.has(w) && w.length > 1) continue;
      // Initials of "da", "de", "dos" and "e" the bank kept.
      if ((w === 'D' || w === 'E') && !name[j]?.startsWith(w)) continue;
      // The name's next word, whole, as its initial or cut short at the memo's end; or a later one, when the bank
      // left some out. A word that is none of them ends the name: "BRUNA ALVES MAGALHAES" is not Bruna Alves Moreira.
      const at = name.findIndex(
        (part, i) => i >= j && (w === part || ((w.length === 1 || last) && part.startsWith(w))),
      );
      if (at < 0) {
        contradicted = w.length > 1 && !/\d/.test(w);
        break;
      }
      if (at > j) skipped = true;
      if ((w === name[at] && w.length >= 2) || (last && w.length >= 3)) whole += 1;
      else initials += 1;
      j = at + 1;
    }
    if (contradicted) continue;
    const alone = name.length === 1 || whole + initials >= 2 || start === memo.length - 1;
    if ((whole >= 2 && !skipped) || (distinctive && alone)) return 'whole';
    if ((skipped ? whole >= 2 : whole + initials >= 2) && first.length >= 3) best = 'initials';
  }
  return best;
}

function documentInMemo(line: Line, party: Party): string | null {
  for (const doc of party.documents) {
    if (line.documents.has(doc)) return doc;
    if (doc.length === 11 && line.documents.has(`***${doc.slice(3, 9)}`)) return doc;
  }
  return null;
}

/** The party named in the memo by document or by its name in full, as paying late or in part asks. */
const namedInFull = (line: Line, party: Party, byFirstName: Map<string, Party[]>) =>
  documentInMemo(line, party) !== null || nameInMemo(line, party, byFirstName) === 'whole';

/** Parties the memo points at, by document, by name (in full or by initials) or as the card acquirer it names. */
function partiesNamed(line: Line, index: CandidateIndex): Party[] {
  const found = new Set<Party>();
  for (const doc of line.documents) for (const p of index.byDocument.get(doc) ?? []) found.add(p);
  for (const acquirer of line.acquirers.keys()) for (const p of index.byAcquirer.get(acquirer) ?? []) found.add(p);
  for (const w of line.words) {
    const bucket = index.byFirstName.get(w);
    if (!bucket || bucket.length > MAX_NAME_BUCKET) continue;
    for (const p of bucket) if (nameInMemo(line, p, index.byFirstName) !== null) found.add(p);
  }
  return [...found];
}

/** Who the candidate's party is, as the line's memo tells it. */
function identity(line: Line, c: Candidate, byFirstName: Map<string, Party[]>): Identity {
  const doc = documentInMemo(line, c.party);
  const name = c.party.name ? nameInMemo(line, c.party, byFirstName) : null;
  // The acquirer as the bank writes it ("REDE" for Redecard), when the memo does not carry its registered name.
  const acquirer = name === null ? line.acquirers.get(c.party.acquirer) : undefined;
  c.numberKey ??= c.source.documentNumber ? documentNumberKey(c.source.documentNumber) : null;
  const number = c.numberKey !== null && line.numbers.has(c.numberKey);
  const fitId = line.source.fitId !== null && c.source.fitIdsSeen.includes(line.source.fitId);
  let points = 0;
  if (doc) points += SCORE.document;
  if (name) points += doc ? SCORE.nameWithDocument : name === 'whole' ? SCORE.name : SCORE.nameInitials;
  if (acquirer) points += doc ? SCORE.nameWithDocument : SCORE.name;
  if (number) points += SCORE.documentNumber;
  if (fitId) points += SCORE.fitId;
  const reasons = (): MatchReason[] => {
    const role = partyRole(c.source.amount);
    const out: MatchReason[] = [];
    if (doc) {
      const label = doc.length === 11 ? 'CPF' : 'CNPJ';
      const masked = !line.documents.has(doc);
      const shown = masked ? `***.${doc.slice(3, 6)}.${doc.slice(6, 9)}-**` : formatDocument(doc);
      out.push({ code: 'document_in_memo', text: `${label} ${shown} do ${role} no histórico` });
    }
    if (name) out.push({ code: 'name_in_memo', text: `Nome do ${role} no histórico: ${c.party.name}` });
    if (acquirer) {
      out.push({ code: 'acquirer_in_memo', text: `Credenciadora ${acquirer} (${c.party.name}) no histórico` });
    }
    if (number) {
      const text = `Número do documento ${c.source.documentNumber} no histórico`;
      out.push({ code: 'document_number_in_memo', text });
    }
    if (fitId) out.push({ code: 'fitid_seen', text: 'Identificador do banco já conciliado com este lançamento' });
    return out;
  };
  return { points, reasons };
}

/** One line paying several installments of one party, with what the memo tells of who paid. */
function sumOfInstallments(line: Line, party: Party, subset: Candidate[], who: Identity, window: number): Proposal {
  const farthest = subset.reduce((max, c) => Math.max(max, Math.abs(c.day - line.day)), 0);
  return {
    lines: [line],
    candidates: subset,
    identified: who.points > 0,
    raw: SCORE.sumOfParts + datePoints(farthest, window) + who.points,
    reasons: () => [
      {
        code: 'sum_of_installments',
        text: `Soma de ${subset.length} parcelas de ${party.name ?? 'um mesmo participante'}: ${formatBRL(line.abs)}`,
      },
      {
        code: 'date_within',
        text:
          farthest === 0
            ? 'Vencimentos na mesma data'
            : `Vencimentos a até ${farthest} dia${farthest === 1 ? '' : 's'} da data`,
      },
      ...who.reasons(),
    ],
  };
}

/**
 * Candidates of exactly the line's amount: within the window; reconciled to the line's FITID before, however far;
 * and paid late, installments of a party the memo names by document or in full, when the party has none of that
 * amount due within the window or after it.
 */
function sameAmountCandidates(line: Line, named: readonly Party[], index: CandidateIndex): Set<Candidate> {
  const pairs = new Set<Candidate>(inWindow(index.byAmount.get(line.source.amount) ?? [], line.day, index.window));
  if (line.source.fitId) {
    for (const c of index.byFitId.get(line.source.fitId) ?? [])
      if (c.source.amount === line.source.amount) pairs.add(c);
  }
  for (const party of named) {
    if (!namedInFull(line, party, index.byFirstName)) continue;
    const from = firstFrom(party.candidates, line.day - MAX_DAYS_LATE);
    const sameAmount = party.candidates
      .slice(from)
      .filter((c) => c.source.kind === 'installment' && c.source.amount === line.source.amount);
    if (sameAmount.some((c) => c.day >= line.day - index.window)) continue;
    for (const c of sameAmount) pairs.add(c);
  }
  return pairs;
}

/** One line, one candidate of the same amount; returns how many such proposals it made. */
function proposeSameAmount(line: Line, named: readonly Party[], index: CandidateIndex, proposals: Proposal[]): number {
  const { window } = index;
  const scored = [...sameAmountCandidates(line, named, index)].map((c) => {
    const days = c.day - line.day;
    const who = identity(line, c, index.byFirstName);
    const other = who.points === 0 ? named.find((p) => p !== c.party && p.name !== null) : undefined;
    const raw = SCORE.sameAmount + (other ? SCORE.otherParty : 0) + datePoints(days, window) + who.points;
    return { c, days, who, other, raw };
  });
  // Many candidates of this amount with nothing but the amount and date: beyond the rivals counted, the farther
  // ones change no score, so they are left out (a plan's price shared by thousands of customers).
  const plain = scored.filter((x) => x.who.points === 0);
  if (plain.length > MAX_RIVALS_COUNTED + 2) {
    plain.sort((a, b) => b.raw - a.raw || (a.c.source.id < b.c.source.id ? -1 : 1));
    const dropped = new Set(plain.slice(MAX_RIVALS_COUNTED + 2));
    scored.splice(0, scored.length, ...scored.filter((x) => !dropped.has(x)));
  }
  for (const { c, days, who, other, raw } of scored) {
    proposals.push({
      lines: [line],
      candidates: [c],
      identified: who.points > 0,
      raw,
      reasons: () => [
        { code: 'same_amount', text: `Mesmo valor: ${formatBRL(line.abs)}` },
        ...(Math.abs(days) <= window
          ? [dateReason(days, c.source.kind)]
          : c.source.kind === 'installment' && days < 0
            ? [lateReason(-days)]
            : []),
        ...who.reasons(),
        ...(other
          ? [{ code: 'other_party_in_memo' as const, text: `O histórico cita outro nome: ${other.name}` }]
          : []),
      ],
    });
  }
  return scored.length;
}

/** A party the memo names: several of its installments adding up to the line, or part of one of them. */
function proposeFromNamedParties(
  line: Line,
  named: readonly Party[],
  index: CandidateIndex,
  proposals: Proposal[],
): void {
  const { window } = index;
  for (const party of named) {
    const near: Candidate[] = [];
    // Part of an installment only for a party the memo names in full, and that has no installment of exactly the
    // line's amount, even out of the window.
    const paysPart =
      namedInFull(line, party, index.byFirstName) &&
      !party.candidates.some((c) => c.source.amount === line.source.amount);
    for (const c of inWindow(party.candidates, line.day, window)) {
      if (c.source.kind !== 'installment' || Math.sign(c.source.amount) !== line.sign) continue;
      if (c.abs > line.abs && paysPart) {
        const days = c.day - line.day;
        const who = identity(line, c, index.byFirstName);
        proposals.push({
          lines: [line],
          candidates: [c],
          partial: true,
          identified: true,
          raw: SCORE.partial + datePoints(days, window) + who.points,
          reasons: () => [
            { code: 'partial', text: `Pagamento parcial: ${formatBRL(line.abs)} de ${formatBRL(c.abs)}` },
            dateReason(days, c.source.kind),
            ...who.reasons(),
          ],
        });
      } else if (c.abs < line.abs) near.push(c);
    }
    near.sort((a, b) => Math.abs(a.day - line.day) - Math.abs(b.day - line.day) || a.index - b.index);
    for (const subset of subsetsSumming(near.slice(0, MAX_SUBSET_ITEMS), line.abs)) {
      const who = identity(line, subset[0] as Candidate, index.byFirstName);
      proposals.push(sumOfInstallments(line, party, subset, who, window));
    }
  }
}

/**
 * A memo that names no one and nothing of its amount: installments of one party falling due by the line's date (or
 * the day after) adding up to it, automatic only when no other party's add up to it too.
 */
function proposeAnonymousSums(line: Line, index: CandidateIndex, proposals: Proposal[]): void {
  const sums: Proposal[] = [];
  for (const [party, near] of installmentsAddingUpByParty(line, index)) {
    if (party.key.startsWith('candidate:')) continue;
    near.sort((a, b) => Math.abs(a.day - line.day) - Math.abs(b.day - line.day) || a.index - b.index);
    for (const subset of subsetsSumming(near.slice(0, MAX_SUBSET_ITEMS), line.abs)) {
      sums.push(sumOfInstallments(line, party, subset, { points: 0, reasons: () => [] }, index.window));
    }
  }
  const [only] = sums;
  if (only && sums.length === 1) {
    only.raw += SCORE.onlySum;
    const reasons = only.reasons;
    only.reasons = () => [
      ...reasons(),
      { code: 'sum_of_installments', text: 'Nenhum outro participante tem parcelas que somem este valor' },
    ];
  }
  proposals.push(...sums);
}

/**
 * The installments falling due from the window's start to the day after the line, smaller than it and of its sign, of
 * each party with two or more of them whose total reaches the line. Two passes over them: how many of each party and
 * what they add up to, then those of the parties that qualify.
 */
function installmentsAddingUpByParty(line: Line, index: CandidateIndex): Map<Party, Candidate[]> {
  const { installments, installmentAbs, installmentSign, installmentParty, partySeenBy, partyCount, partyTotal } =
    index;
  const [from, to] = [firstFrom(installments, line.day - index.window), firstFrom(installments, line.day + 2)];
  const fits = (i: number) => (installmentAbs[i] ?? 0) < line.abs && installmentSign[i] === line.sign;
  for (let i = from; i < to; i += 1) {
    if (!fits(i)) continue;
    const n = installmentParty[i] ?? 0;
    if (partySeenBy[n] !== line.index) {
      partySeenBy[n] = line.index;
      partyCount[n] = 0;
      partyTotal[n] = 0;
    }
    partyCount[n] = (partyCount[n] ?? 0) + 1;
    partyTotal[n] = (partyTotal[n] ?? 0) + (installmentAbs[i] ?? 0);
  }
  const byParty = new Map<Party, Candidate[]>();
  for (let i = from; i < to; i += 1) {
    const n = installmentParty[i] ?? 0;
    if (fits(i) && (partyCount[n] ?? 0) >= 2 && (partyTotal[n] ?? 0) >= line.abs) {
      const c = installments[i] as Candidate;
      pushTo(byParty, c.party, c);
    }
  }
  return byParty;
}

/** Several lines, one candidate: lines of one day with the same memo but for its numbers (an acquirer's credits). */
function proposeSumsOfLines(lines: readonly Line[], index: CandidateIndex, proposals: Proposal[]): void {
  const { window } = index;
  const groups = new Map<string, Line[]>();
  for (const line of lines) {
    pushTo(groups, `${line.sign}\u0000${line.day}\u0000${line.signature}`, line);
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const first = group[0] as Line;
    const whole = group.reduce((sum, l) => sum + l.abs, 0);
    const ofWhole = inWindow(index.byAmount.get(first.sign * whole) ?? [], first.day, window);
    proposeSumOfLines(first, group, whole, ofWhole, index, proposals);
    // Part of the day's lines only for a candidate whose party the memo names: sums of parts coincide too easily.
    if (ofWhole.length === 0 && group.length <= MAX_LINES_ADDED_UP) {
      for (const party of partiesNamed(first, index)) {
        for (const c of inWindow(party.candidates, first.day, window)) {
          if (Math.sign(c.source.amount) !== first.sign || c.abs >= whole) continue;
          for (const subset of subsetsSumming(group, c.abs)) {
            proposeSumOfLines(first, subset, c.abs, [c], index, proposals);
          }
        }
      }
    }
  }
}

/** The lines `part` of a group, adding up to `total`, paying each of `candidates`; the group's first line's memo. */
function proposeSumOfLines(
  first: Line,
  part: Line[],
  total: number,
  candidates: readonly Candidate[],
  index: CandidateIndex,
  proposals: Proposal[],
): void {
  for (const c of candidates) {
    const days = c.day - first.day;
    const who = identity(first, c, index.byFirstName);
    const kind = first.sign > 0 ? 'créditos' : 'débitos';
    proposals.push({
      lines: part,
      candidates: [c],
      identified: who.points > 0,
      raw: SCORE.sumOfParts + datePoints(days, index.window) + who.points,
      reasons: () => [
        { code: 'sum_of_lines', text: `Soma de ${part.length} ${kind} do extrato: ${formatBRL(total)}` },
        dateReason(days, c.source.kind),
        ...who.reasons(),
      ],
    });
  }
}

/**
 * Up to MAX_SUBSET_SOLUTIONS subsets of two or more items whose absolute amounts add up to `target`, exactly: the sums
 * of the first half's subsets are indexed, and each subset of the second half looks up the sum it lacks (2 × 2^12
 * sums for 24 items, where trying every subset would be 2^24).
 */
function subsetsSumming<T extends { abs: number }>(items: readonly T[], target: number): T[][] {
  // Amounts are positive: all of them is the only way to add up to their total, and none when they fall short.
  const total = items.reduce((sum, item) => sum + item.abs, 0);
  if (total <= target) return total === target && items.length >= 2 ? [[...items]] : [];
  if (items.length <= 2) return [];
  const [left, right] = [items.slice(0, items.length >> 1), items.slice(items.length >> 1)];
  const sums = (half: readonly T[]) => {
    const out = new Float64Array(1 << half.length);
    for (let mask = 1; mask < out.length; mask += 1) {
      out[mask] = (out[mask & (mask - 1)] ?? 0) + (half[31 - Math.clz32(mask & -mask)]?.abs ?? 0);
    }
    return out;
  };
  const leftByTotal = new Map<number, number[]>();
  sums(left).forEach((total, mask) => {
    if (total <= target) pushTo(leftByTotal, total, mask);
  });
  const pick = (half: readonly T[], mask: number) => half.filter((_, i) => (mask >> i) & 1);
  const found: T[][] = [];
  const rightSums = sums(right);
  for (let mask = 0; mask < rightSums.length && found.length < MAX_SUBSET_SOLUTIONS; mask += 1) {
    for (const leftMask of leftByTotal.get(target - (rightSums[mask] ?? 0)) ?? []) {
      const subset = [...pick(left, leftMask), ...pick(right, mask)];
      if (subset.length >= 2 && found.length < MAX_SUBSET_SOLUTIONS) found.push(subset);
    }
  }
  return found;
}

/**
 * What each pair moves: one line and one candidate, the line's amount (all of it, or the part it pays); one line and
 * several installments, each installment's amount; several lines and one candidate, each line's amount.
 */
function allocations(p: Proposal): MatchAllocation[] {
  const [line, candidate] = [p.lines[0] as Line, p.candidates[0] as Candidate];
  if (p.candidates.length > 1) {
    return p.candidates.map((c) => ({ lineId: line.source.id, candidateId: c.source.id, amount: c.source.amount }));
  }
  return p.lines.map((l) => ({ lineId: l.source.id, candidateId: candidate.source.id, amount: l.source.amount }));
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Lowers the score of proposals with a rival close to them on the same line or candidate, then takes them highest
 * score first (ties by their lines' and then candidates' ids), each line and candidate once.
 */
function assign(proposals: Proposal[], threshold: number): MatchSuggestion[] {
  const byLine = new Map<Line, Proposal[]>();
  const byCandidate = new Map<Candidate, Proposal[]>();
  for (const p of proposals) {
    for (const l of p.lines) pushTo(byLine, l, p);
    for (const c of p.candidates) pushTo(byCandidate, c, p);
  }
  const byRaw = (a: Proposal, b: Proposal) => b.raw - a.raw;
  for (const list of byLine.values()) list.sort(byRaw);
  for (const list of byCandidate.values()) list.sort(byRaw);

  /**
   * A party's oldest open installment is paid first: `p` is not made doubtful by `q` when both put the same line on
   * one installment of the same party and amount, and `p`'s falls due earlier.
   */
  const earlierOfSameParty = (p: Proposal, q: Proposal) => {
    const [a, b] = [p.candidates[0] as Candidate, q.candidates[0] as Candidate];
    return (
      p.candidates.length === 1 &&
      q.candidates.length === 1 &&
      q.lines.length === 1 &&
      q.lines[0] === p.lines[0] &&
      a.source.kind === 'installment' &&
      b.source.kind === 'installment' &&
      a.party === b.party &&
      a.source.amount === b.source.amount &&
      a.day < b.day
    );
  };
  /**
   * One line and one movement of the same day: a movement is booked on the day the bank moved the money (a fee, a
   * transfer between own accounts), so only another pair of the same day makes it doubtful, not the same fee on the
   * days around.
   */
  const sameDayMovement = (p: Proposal) =>
    p.lines.length === 1 &&
    p.candidates.length === 1 &&
    p.candidates[0]?.source.kind === 'movement' &&
    p.candidates[0].day === p.lines[0]?.day;
  /**
   * Rivals of `p` through its lines (they propose other candidates) or its candidates (other lines), capped. Several
   * installments of a party the memo names are not made doubtful by a proposal that only shares an amount with one of
   * them (a bare "PIX RECEBIDO" of a plan's price).
   */
  function rivals<K, T>(p: Proposal, keys: K[], index: Map<K, Proposal[]>, others: (q: Proposal) => T[], own: T[]) {
    const found: T[] = [];
    for (const key of keys) {
      for (const q of index.get(key) ?? []) {
        if (q.raw <= p.raw - SCORE.ambiguityMargin || found.length > MAX_RIVALS_COUNTED) break;
        if (
          q === p ||
          q.partial ||
          earlierOfSameParty(p, q) ||
          (sameDayMovement(p) && !sameDayMovement(q)) ||
          (p.candidates.length > 1 && p.identified && !q.identified)
        )
          continue;
        for (const item of others(q)) if (!own.includes(item) && !found.includes(item)) found.push(item);
      }
    }
    return Math.min(found.length, MAX_RIVALS_COUNTED + 1);
  }
  const scored = proposals.map((p) => {
    const candidates = rivals(p, p.lines, byLine, (q) => q.candidates, p.candidates);
    const lines = rivals(p, p.candidates, byCandidate, (q) => q.lines, p.lines);
    const others = candidates + lines;
    const score =
      others === 0
        ? p.raw
        : Math.min(SCORE.ambiguousCeiling, p.raw - SCORE.ambiguity - SCORE.ambiguityEach * (others - 1));
    const key = `${p.lines.map((l) => l.source.id).join(',')}|${p.candidates.map((c) => c.source.id).join(',')}`;
    return { p, score: Math.max(0, Math.min(100, score)), candidates, lines, key };
  });
  scored.sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

  const usedLines = new Set<Line>();
  const usedCandidates = new Set<Candidate>();
  const suggestions: MatchSuggestion[] = [];
  for (const { p, score, candidates, lines } of scored) {
    if (p.lines.some((l) => usedLines.has(l)) || p.candidates.some((c) => usedCandidates.has(c))) continue;
    for (const l of p.lines) usedLines.add(l);
    for (const c of p.candidates) usedCandidates.add(c);
    suggestions.push({
      lineIds: p.lines.map((l) => l.source.id),
      candidateIds: p.candidates.map((c) => c.source.id),
      allocations: allocations(p),
      score,
      automatic: score >= threshold,
      reasons: [...p.reasons(), ...ambiguityReason(candidates, lines)],
    });
  }
  return suggestions;
}

/** "Outros 2 lançamentos com o mesmo valor e data próxima", "Outra linha do extrato…", "Mais de 10 lançamentos…". */
function ambiguityReason(candidates: number, lines: number): MatchReason[] {
  if (candidates + lines === 0) return [];
  const count = (k: number, one: string, others: string, many: string) =>
    k === 1 ? one : k > MAX_RIVALS_COUNTED ? `mais de ${MAX_RIVALS_COUNTED} ${many}` : `${others} ${k} ${many}`;
  const parts: string[] = [];
  if (candidates > 0) parts.push(count(candidates, 'outro lançamento', 'outros', 'lançamentos'));
  if (lines > 0) parts.push(count(lines, 'outra linha do extrato', 'outras', 'linhas do extrato'));
  const text = `${parts.join(' e ')} com o mesmo valor e data próxima`;
  return [{ code: 'ambiguous', text: `${text.charAt(0).toUpperCase()}${text.slice(1)}` }];
}

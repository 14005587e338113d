import { formatDocument } from '../brazil';
import { formatBRL } from '../money';

/**
 * Automatic matching of bank statement lines against what the app expects to move money: open installments and
 * unreconciled account movements. Pure and in memory: the server reads the rows once (one set-based query) and this
 * module proposes suggestions, each with a score from 0 to 100 and the reasons a finance person reads beside it.
 *
 * Shapes it finds: one line ↔ one candidate of the same amount; one line ↔ several installments of one party that add
 * up to it (one PIX paying three invoices, a supplier batch); several lines ↔ one candidate (card acquirer credits of
 * one day, a split settlement); one line paying part of an installment when the party is named in the memo.
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
  | 'document_in_memo'
  | 'name_in_memo'
  | 'document_number_in_memo'
  | 'fitid_seen'
  | 'sum_of_installments'
  | 'sum_of_lines'
  | 'partial'
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
 * Chosen on the labelled set in bench/data (see docs/decisions/0018): an amount and a date alone never reach it, an
 * amount with the party's document, name, the document's number or a known bank identifier does.
 */
export const DEFAULT_MATCH_THRESHOLD = 70;

const SCORE = {
  sameAmount: 50,
  sumOfParts: 45,
  partial: 25,
  document: 35,
  name: 25,
  nameWithDocument: 5,
  documentNumber: 20,
  fitId: 30,
  /** Proposals within this many points of another sharing a line or candidate are ambiguous. */
  ambiguityMargin: 15,
  ambiguity: 30,
  ambiguityEach: 5,
};
/** Installments one subset sum looks at, the nearest in date: 2^12 subsets at most. */
const MAX_SUBSET_ITEMS = 12;
/** Ways of adding up to one line that are worth telling apart: a third one changes nothing. */
const MAX_SUBSET_SOLUTIONS = 3;
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

/** The number a document is known by, as digits without leading zeros ("NF-001234" → "1234"). */
function documentNumberKey(documentNumber: string): string | null {
  const runs = documentNumber.match(/\d+/g) ?? [];
  const longest = runs.reduce((a, b) => (b.length > a.length ? b : a), '').replace(/^0+/, '');
  return longest.length >= 3 ? longest : null;
}

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
}

interface Party {
  key: string;
  name: string | null;
  nameWords: string[];
  documents: string[];
  /** Installments of the party, by due date. */
  installments: Candidate[];
}

interface Candidate {
  index: number;
  source: MatchCandidate;
  day: number;
  abs: number;
  party: Party;
  numberKey: string | null;
}

interface Proposal {
  lines: Line[];
  candidates: Candidate[];
  allocations: MatchAllocation[];
  raw: number;
  reasons: MatchReason[];
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
  };
}

const partyRole = (amount: number) => (amount > 0 ? 'cliente' : 'fornecedor');

function dateReason(days: number, kind: MatchCandidate['kind']): MatchReason {
  const what = kind === 'installment' ? 'do vencimento' : 'do lançamento';
  const n = Math.abs(days);
  return { code: 'date_within', text: n === 0 ? `Mesma data ${what}` : `Data a ${n} dia${n > 1 ? 's' : ''} ${what}` };
}

function datePoints(days: number, window: number): number {
  const n = Math.abs(days);
  if (n === 0) return 15;
  if (n === 1) return 12;
  if (n <= 3) return 8;
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

function* inWindow(sorted: readonly Candidate[], day: number, window: number): Generator<Candidate> {
  for (let i = firstFrom(sorted, day - window); i < sorted.length; i += 1) {
    const c = sorted[i];
    if (!c || c.day > day + window) return;
    yield c;
  }
}

export function matchStatement(
  lineRows: readonly BankLineForMatch[],
  candidateRows: readonly MatchCandidate[],
  options: MatchOptions = {},
): MatchSuggestion[] {
  const window = options.dateWindowDays ?? DEFAULT_MATCH_WINDOW_DAYS;
  const threshold = options.threshold ?? DEFAULT_MATCH_THRESHOLD;
  const lines = lineRows.filter((l) => l.amount !== 0).map(readLine);

  // Parties, keyed by id, else document, else name; each party's name is read once.
  const parties = new Map<string, Party>();
  const partyOf = (c: MatchCandidate): Party => {
    const key = c.partyId ?? c.partyDocument ?? c.partyName ?? `candidate:${c.id}`;
    let party = parties.get(key);
    if (!party) {
      const nameWords = c.partyName ? words(c.partyName).filter((w) => !NAME_NOISE.has(w)) : [];
      party = { key, name: c.partyName, nameWords, documents: [], installments: [] };
      parties.set(key, party);
    }
    if (c.partyDocument && !party.documents.includes(c.partyDocument)) party.documents.push(c.partyDocument);
    return party;
  };
  const candidates: Candidate[] = candidateRows
    .filter((c) => c.amount !== 0)
    .map((source, index) => ({
      index,
      source,
      day: dayNumber(source.date),
      abs: Math.abs(source.amount),
      party: partyOf(source),
      numberKey: source.documentNumber ? documentNumberKey(source.documentNumber) : null,
    }));
  const byDay = (a: Candidate, b: Candidate) => a.day - b.day || a.index - b.index;

  const byAmount = new Map<number, Candidate[]>();
  const byFitId = new Map<string, Candidate[]>();
  for (const c of candidates) {
    pushTo(byAmount, c.source.amount, c);
    if (c.source.kind === 'installment') c.party.installments.push(c);
    for (const fitId of c.source.fitIdsSeen) pushTo(byFitId, fitId, c);
  }
  for (const list of byAmount.values()) list.sort(byDay);

  const byDocument = new Map<string, Party[]>();
  const byFirstName = new Map<string, Party[]>();
  for (const party of parties.values()) {
    party.installments.sort(byDay);
    for (const doc of party.documents) {
      pushTo(byDocument, doc, party);
      if (doc.length === 11) pushTo(byDocument, `***${doc.slice(3, 9)}`, party);
    }
    const first = party.nameWords[0];
    if (first) pushTo(byFirstName, first, party);
  }

  /** The memo names the party: its first word, then its other words in order, whole, cut short or as an initial. */
  const nameCache = new Map<string, boolean>();
  const nameInMemo = (line: Line, party: Party): boolean => {
    const key = `${line.index}\u0000${party.key}`;
    const cached = nameCache.get(key);
    if (cached !== undefined) return cached;
    const found = readsName(line.words, party);
    nameCache.set(key, found);
    return found;
  };
  const readsName = (memo: string[], party: Party): boolean => {
    const name = party.nameWords;
    const first = name[0];
    if (!first) return false;
    const distinctive = (byFirstName.get(first)?.length ?? 0) === 1 && first.length >= 4;
    for (let start = memo.indexOf(first); start >= 0; start = memo.indexOf(first, start + 1)) {
      let whole = 1;
      let initials = 0;
      let j = 1;
      for (let k = start + 1; k < memo.length && j < name.length; k += 1) {
        const w = memo[k] ?? '';
        if (NAME_NOISE.has(w) && w.length > 1) continue;
        // A name word the bank left out is skipped; a memo word that is none of the name's ends the name.
        let matched = false;
        while (j < name.length && !matched) {
          const part = name[j] ?? '';
          if (w === part || (k === memo.length - 1 && w.length >= 3 && part.startsWith(w))) {
            whole += 1;
            matched = true;
          } else if (w.length === 1 && part.startsWith(w)) {
            initials += 1;
            matched = true;
          }
          j += 1;
        }
        if (!matched) break;
      }
      // Two words of the name, or a first word no other party has with nothing contradicting it after it.
      const alone = name.length === 1 || whole + initials >= 2 || start === memo.length - 1;
      if (whole >= 2 || (distinctive && alone)) return true;
    }
    return false;
  };
  const documentInMemo = (line: Line, party: Party): string | null => {
    for (const doc of party.documents) {
      if (line.documents.has(doc)) return doc;
      if (doc.length === 11 && line.documents.has(`***${doc.slice(3, 9)}`)) return doc;
    }
    return null;
  };
  /** Parties the memo points at, by document or name. */
  const partiesNamed = (line: Line): Party[] => {
    const found = new Set<Party>();
    for (const doc of line.documents) for (const p of byDocument.get(doc) ?? []) found.add(p);
    for (const w of line.words) {
      const bucket = byFirstName.get(w);
      if (!bucket || bucket.length > MAX_NAME_BUCKET) continue;
      for (const p of bucket) if (nameInMemo(line, p)) found.add(p);
    }
    return [...found];
  };

  /** Points and reasons of who the candidate's party is, as the memo tells it. */
  const identity = (line: Line, c: Candidate): { points: number; reasons: MatchReason[] } => {
    const reasons: MatchReason[] = [];
    let points = 0;
    const role = partyRole(c.source.amount);
    const doc = documentInMemo(line, c.party);
    if (doc) {
      points += SCORE.document;
      const masked = !line.documents.has(doc);
      const label = doc.length === 11 ? 'CPF' : 'CNPJ';
      const shown = masked ? `***.${doc.slice(3, 6)}.${doc.slice(6, 9)}-**` : formatDocument(doc);
      reasons.push({ code: 'document_in_memo', text: `${label} ${shown} do ${role} no histórico` });
    }
    if (c.party.name && nameInMemo(line, c.party)) {
      points += doc ? SCORE.nameWithDocument : SCORE.name;
      reasons.push({ code: 'name_in_memo', text: `Nome do ${role} no histórico: ${c.party.name}` });
    }
    if (c.numberKey && line.numbers.has(c.numberKey)) {
      points += SCORE.documentNumber;
      reasons.push({
        code: 'document_number_in_memo',
        text: `Número do documento ${c.source.documentNumber} no histórico`,
      });
    }
    if (line.source.fitId && c.source.fitIdsSeen.includes(line.source.fitId)) {
      points += SCORE.fitId;
      reasons.push({ code: 'fitid_seen', text: 'Identificador do banco já conciliado com este lançamento' });
    }
    return { points, reasons };
  };

  const proposals: Proposal[] = [];
  const allocation = (line: Line, c: Candidate, amount: number): MatchAllocation => ({
    lineId: line.source.id,
    candidateId: c.source.id,
    amount,
  });

  for (const line of lines) {
    // One line, one candidate of the same amount; a known FITID also reaches past the window.
    const pairs = new Set<Candidate>(inWindow(byAmount.get(line.source.amount) ?? [], line.day, window));
    if (line.source.fitId) {
      for (const c of byFitId.get(line.source.fitId) ?? []) if (c.source.amount === line.source.amount) pairs.add(c);
    }
    for (const c of pairs) {
      const days = c.day - line.day;
      const who = identity(line, c);
      proposals.push({
        lines: [line],
        candidates: [c],
        allocations: [allocation(line, c, line.source.amount)],
        raw: SCORE.sameAmount + datePoints(days, window) + who.points,
        reasons: [
          { code: 'same_amount', text: `Mesmo valor: ${formatBRL(line.abs)}` },
          ...(Math.abs(days) <= window ? [dateReason(days, c.source.kind)] : []),
          ...who.reasons,
        ],
      });
    }

    // A party the memo names: several of its installments adding up to the line, or part of one of them.
    for (const party of partiesNamed(line)) {
      const near: Candidate[] = [];
      for (const c of inWindow(party.installments, line.day, window)) {
        if (Math.sign(c.source.amount) !== line.sign) continue;
        if (c.abs > line.abs) {
          const days = c.day - line.day;
          const who = identity(line, c);
          proposals.push({
            lines: [line],
            candidates: [c],
            allocations: [allocation(line, c, line.source.amount)],
            raw: SCORE.partial + datePoints(days, window) + who.points,
            reasons: [
              { code: 'partial', text: `Pagamento parcial: ${formatBRL(line.abs)} de ${formatBRL(c.abs)}` },
              dateReason(days, c.source.kind),
              ...who.reasons,
            ],
          });
        } else if (c.abs < line.abs) near.push(c);
      }
      near.sort((a, b) => Math.abs(a.day - line.day) - Math.abs(b.day - line.day) || a.index - b.index);
      for (const subset of subsetsSumming(near.slice(0, MAX_SUBSET_ITEMS), line.abs)) {
        const farthest = subset.reduce((max, c) => Math.max(max, Math.abs(c.day - line.day)), 0);
        const who = identity(line, subset[0] as Candidate);
        proposals.push({
          lines: [line],
          candidates: subset,
          allocations: subset.map((c) => allocation(line, c, c.source.amount)),
          raw: SCORE.sumOfParts + datePoints(farthest, window) + who.points,
          reasons: [
            {
              code: 'sum_of_installments',
              text: `Soma de ${subset.length} parcelas de ${party.name ?? 'um mesmo participante'}: ${formatBRL(line.abs)}`,
            },
            { code: 'date_within', text: `Vencimentos a até ${farthest} dia${farthest === 1 ? '' : 's'} da data` },
            ...who.reasons,
          ],
        });
      }
    }
  }

  // Several lines, one candidate: lines of one day with the same memo but for its numbers (an acquirer's credits).
  const groups = new Map<string, Line[]>();
  for (const line of lines) {
    pushTo(groups, `${line.sign}\u0000${line.day}\u0000${line.signature}`, line);
  }
  for (const group of groups.values()) {
    if (group.length < 2 || group.length > MAX_SUBSET_ITEMS) continue;
    const first = group[0] as Line;
    const whole = group.reduce((sum, l) => sum + l.abs, 0);
    const wholeFound = addSumOfLines(group, whole, false);
    // Part of the day's lines only when the candidate's party is named in them: sums of parts coincide too easily.
    if (!wholeFound) {
      for (const subset of subsetsSumming(group, null)) {
        if (subset.length < group.length)
          addSumOfLines(
            subset,
            subset.reduce((sum, l) => sum + l.abs, 0),
            true,
          );
      }
    }
    function addSumOfLines(part: Line[], total: number, needsName: boolean): boolean {
      let found = false;
      for (const c of inWindow(byAmount.get(first.sign * total) ?? [], first.day, window)) {
        const days = c.day - first.day;
        const who = identity(first, c);
        if (needsName && who.points === 0) continue;
        found = true;
        const kind = first.sign > 0 ? 'créditos' : 'débitos';
        proposals.push({
          lines: part,
          candidates: [c],
          allocations: part.map((l) => allocation(l, c, l.source.amount)),
          raw: SCORE.sumOfParts + datePoints(days, window) + who.points,
          reasons: [
            { code: 'sum_of_lines', text: `Soma de ${part.length} ${kind} do extrato: ${formatBRL(total)}` },
            dateReason(days, c.source.kind),
            ...who.reasons,
          ],
        });
      }
      return found;
    }
  }

  return assign(proposals, threshold);
}

/**
 * Subsets of two or more items whose absolute amounts add up to `target` (every subset of two or more when target is
 * null), largest amounts tried first; stops after MAX_SUBSET_SOLUTIONS when a target is given.
 */
function subsetsSumming<T extends { abs: number; index: number }>(items: readonly T[], target: number | null): T[][] {
  const sorted = [...items].sort((a, b) => b.abs - a.abs || a.index - b.index);
  const rest: number[] = [];
  for (let i = sorted.length - 1, sum = 0; i >= 0; i -= 1) rest[i] = sum += sorted[i]?.abs ?? 0;
  const found: T[][] = [];
  const chosen: T[] = [];
  const walk = (from: number, left: number) => {
    if (target !== null && found.length >= MAX_SUBSET_SOLUTIONS) return;
    if (chosen.length >= 2 && (target === null || left === 0)) found.push([...chosen]);
    if (target !== null && (left <= 0 || (rest[from] ?? 0) < left)) return;
    for (let i = from; i < sorted.length; i += 1) {
      const item = sorted[i] as T;
      if (target !== null && item.abs > left) continue;
      chosen.push(item);
      walk(i + 1, left - item.abs);
      chosen.pop();
    }
  };
  walk(0, target ?? 0);
  return found;
}

/**
 * Lowers the score of proposals with a rival close to them on the same line or candidate, then takes them highest
 * score first (ties by the first line's and candidate's ids), each line and candidate once.
 */
function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function assign(proposals: Proposal[], threshold: number): MatchSuggestion[] {
  const byLine = new Map<number, Proposal[]>();
  const byCandidate = new Map<number, Proposal[]>();
  for (const p of proposals) {
    for (const l of p.lines) pushTo(byLine, l.index, p);
    for (const c of p.candidates) pushTo(byCandidate, c.index, p);
  }
  const scored = proposals.map((p) => {
    const rivals = new Set<Proposal>();
    for (const l of p.lines) for (const q of byLine.get(l.index) ?? []) rivals.add(q);
    for (const c of p.candidates) for (const q of byCandidate.get(c.index) ?? []) rivals.add(q);
    rivals.delete(p);
    const otherCandidates = new Set<Candidate>();
    const otherLines = new Set<Line>();
    for (const q of rivals) {
      if (q.raw < p.raw - SCORE.ambiguityMargin) continue;
      for (const c of q.candidates) if (!p.candidates.includes(c)) otherCandidates.add(c);
      for (const l of q.lines) if (!p.lines.includes(l)) otherLines.add(l);
    }
    const others = otherCandidates.size + otherLines.size;
    const reasons = [...p.reasons];
    let score = p.raw;
    if (others > 0) {
      score -= SCORE.ambiguity + SCORE.ambiguityEach * (others - 1);
      const parts: string[] = [];
      const n = otherCandidates.size;
      const m = otherLines.size;
      if (n > 0) parts.push(n === 1 ? 'Outro lançamento parecido' : `Outros ${n} lançamentos parecidos`);
      if (m > 0) parts.push(m === 1 ? 'outra linha do extrato parecida' : `outras ${m} linhas do extrato parecidas`);
      const text = parts.join(' e ');
      reasons.push({
        code: 'ambiguous',
        text: `${text.charAt(0).toUpperCase()}${text.slice(1)} (mesmo valor e datas próximas)`,
      });
    }
    return { p, score: Math.max(0, Math.min(100, score)), reasons };
  });
  const firstId = (p: Proposal) => `${p.lines[0]?.source.id ?? ''}\u0000${p.candidates[0]?.source.id ?? ''}`;
  scored.sort((a, b) => b.score - a.score || (firstId(a.p) < firstId(b.p) ? -1 : firstId(a.p) > firstId(b.p) ? 1 : 0));

  const usedLines = new Set<Line>();
  const usedCandidates = new Set<Candidate>();
  const suggestions: MatchSuggestion[] = [];
  for (const { p, score, reasons } of scored) {
    if (p.lines.some((l) => usedLines.has(l)) || p.candidates.some((c) => usedCandidates.has(c))) continue;
    for (const l of p.lines) usedLines.add(l);
    for (const c of p.candidates) usedCandidates.add(c);
    suggestions.push({
      lineIds: p.lines.map((l) => l.source.id),
      candidateIds: p.candidates.map((c) => c.source.id),
      allocations: p.allocations,
      score,
      automatic: score >= threshold,
      reasons,
    });
  }
  return suggestions;
}

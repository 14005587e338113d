/** Rules every statement parser applies to its lines: amounts, balance lines and the lines' keys. */
import type { ParsedStatement } from './statement-file';

const PLAIN_AMOUNT = /^\s*(-)?(\d{1,15})(?:\.(\d\d))?\s*$/;

export type AmountReading = { amount: number } | { problem: string };

/** The text as a message quotes it: control characters shown as "?", double quotes as single ones, long text cut. */
export function quoted(text: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?').replaceAll('"', "'");
  return `"${clean.length > 30 ? `${clean.slice(0, 30)}…` : clean}"`;
}

/**
 * Reads an amount as centavos. The decimal separator is the given one (CSV mapping) or, when null (OFX), the last
 * "," or "." when both appear, the only one when it is followed by one or two digits, and none when the only one
 * repeats ("1.234.567"). One separator followed by exactly three digits ("1.234", "-10,000") is refused as
 * ambiguous rather than read a thousand times too large or too small. Spaces, "R$" and a leading "+" are ignored;
 * digits beyond the centavo must be zeros.
 */
export function readAmount(text: string, decimal: ',' | '.' | null): AmountReading {
  // Most amounts are written as the standard says ("-1234.56"): read those without the general rules below.
  const plain = decimal !== ',' ? PLAIN_AMOUNT.exec(text) : null;
  if (plain) {
    const centavos = Number(plain[2]) * 100 + Number(plain[3] ?? '0');
    if (Number.isSafeInteger(centavos)) return { amount: plain[1] && centavos !== 0 ? -centavos : centavos };
  }
  let s = text.replace(/[\s\u00a0]+/g, '').replace(/^R\$/i, '');
  let negative = false;
  if (s.startsWith('-')) {
    negative = true;
    s = s.slice(1).replace(/^R\$/i, '');
  } else if (s.startsWith('+')) {
    s = s.slice(1);
  }
  if (!/\d/.test(s)) return { problem: 'valor sem dígitos' };
  if (!/^[\d.,]+$/.test(s)) return { problem: `valor ilegível ${quoted(text.trim())}` };
  let separator = decimal;
  if (separator === null) {
    const lastDot = s.lastIndexOf('.');
    const lastComma = s.lastIndexOf(',');
    if (lastDot >= 0 && lastComma >= 0) {
      separator = lastDot > lastComma ? '.' : ',';
    } else if (lastDot >= 0 || lastComma >= 0) {
      const only = lastDot >= 0 ? '.' : ',';
      const at = Math.max(lastDot, lastComma);
      const repeats = s.indexOf(only) !== at;
      const after = s.length - at - 1;
      if (!repeats && after === 3)
        return { problem: `valor ambíguo ${quoted(text.trim())}: não se sabe se há centavos` };
      separator = repeats ? (only === '.' ? ',' : '.') : only;
    }
  }
  const thousands = separator === ',' ? '.' : ',';
  const at = separator === null ? -1 : s.lastIndexOf(separator);
  const whole = at < 0 ? s : s.slice(0, at);
  const fraction = at < 0 ? '' : s.slice(at + 1);
  const groups = whole.split(thousands);
  const wellGrouped =
    groups.every((g) => /^\d*$/.test(g)) &&
    (groups.length === 1 || (/^\d{1,3}$/.test(groups[0] ?? '') && groups.slice(1).every((g) => g.length === 3)));
  if (!wellGrouped || (at >= 0 && !/^\d+$/.test(fraction))) return { problem: `valor ilegível ${quoted(text.trim())}` };
  if (/[1-9]/.test(fraction.slice(2))) return { problem: `valor com fração de centavo ${quoted(text.trim())}` };
  const centavos = Number(groups.join('') || '0') * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  if (!Number.isSafeInteger(centavos)) return { problem: `valor grande demais ${quoted(text.trim())}` };
  return { amount: negative && centavos !== 0 ? -centavos : centavos };
}

/** Upper case, no accents, spaces collapsed: how two memos are compared. */
export function canonicalText(text: string): string {
  // eslint-disable-next-line no-control-regex
  const plain = /^[\u0000-\u007f]*$/.test(text) ? text : text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return plain.toUpperCase().replace(/\s+/g, ' ').trim();
}

const BALANCE_WORDS = new Set([
  'DO',
  'DA',
  'DE',
  'DIA',
  'EM',
  'ANTERIOR',
  'FINAL',
  'ATUAL',
  'INICIAL',
  'TOTAL',
  'DISPONIVEL',
  'PARCIAL',
  'BLOQUEADO',
  'LIQUIDO',
  'CONTA',
  'CORRENTE',
  'C',
  'CC',
  'PERIODO',
  'MES',
]);

/**
 * A line that states a balance, not a movement: "SALDO DO DIA", "SALDO ANTERIOR", "Saldo final", Banco do Brasil's
 * "S A L D O", in any case and with or without accents; digits and punctuation (a date after it) do not count. A
 * memo that only starts with "SALDO" and goes on with other words ("SALDO DEVEDOR JUROS") is a movement.
 */
export function isBalanceMemo(memo: string): boolean {
  if (!/^\s*s/i.test(memo)) return false;
  let words = canonicalText(memo)
    .split(/[^A-Z]+/)
    .filter(Boolean);
  if (words.length > 1 && words.every((w) => w.length === 1)) words = [words.join('')];
  return words[0] === 'SALDO' && words.slice(1).every((w) => BALANCE_WORDS.has(w));
}

/** FNV-1a, 64 bits, over the UTF-8 bytes of the text, in four 16-bit limbs so it needs no BigInt; 16 hex digits. */
export function fnv1a64(text: string): string {
  let h0 = 0x2325;
  let h1 = 0x8422;
  let h2 = 0x9ce4;
  let h3 = 0xcbf2;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.codePointAt(i) ?? 0;
    if (code > 0xffff) i += 1;
    // The character's UTF-8 bytes, packed first byte highest.
    let count = 1;
    let packed = code;
    if (code >= 0x10000) {
      count = 4;
      packed = ((0xf0 | (code >> 18)) << 24) | ((0x80 | ((code >> 12) & 0x3f)) << 16);
      packed |= ((0x80 | ((code >> 6) & 0x3f)) << 8) | (0x80 | (code & 0x3f));
    } else if (code >= 0x800) {
      count = 3;
      packed = ((0xe0 | (code >> 12)) << 16) | ((0x80 | ((code >> 6) & 0x3f)) << 8) | (0x80 | (code & 0x3f));
    } else if (code >= 0x80) {
      count = 2;
      packed = ((0xc0 | (code >> 6)) << 8) | (0x80 | (code & 0x3f));
    }
    for (let k = count - 1; k >= 0; k -= 1) {
      h0 ^= (packed >>> (8 * k)) & 0xff;
      // × 0x100000001b3 = × 0x1b3 plus a shift left by 40 bits (limb 2, 8 bits in); carries go up a limb.
      const t0 = h0 * 0x1b3;
      const t1 = h1 * 0x1b3 + (t0 >>> 16);
      const t2 = h2 * 0x1b3 + (h0 << 8) + (t1 >>> 16);
      const t3 = h3 * 0x1b3 + (h1 << 8) + (t2 >>> 16);
      h0 = t0 & 0xffff;
      h1 = t1 & 0xffff;
      h2 = t2 & 0xffff;
      h3 = t3 & 0xffff;
    }
  }
  return `${(h3 * 0x10000 + h2).toString(16).padStart(8, '0')}${(h1 * 0x10000 + h0).toString(16).padStart(8, '0')}`;
}

/**
 * Gives every line its key, unique within its statement; the server keeps keys unique per account. A bank's
 * FITID is no key: some banks repeat it for different transactions, leave it empty, or number it afresh in every
 * export. The key is a hash of what the bank shows of the transaction in every export — the date, the amount and
 * the memo in canonical form (case, accents and spaces do not count, so a Windows-1252 export and a UTF-8 one
 * agree) — and the occurrence of that same tuple in the statement, in file order: the first is the tuple's hash, the
 * n-th (n ≥ 1) the hash of that hash and n. Lines that agree on all of that are interchangeable, and a bank exports a
 * day's lines whole and in one order, so a file and a later one covering an overlapping period give the same day the
 * same keys, and re-importing adds nothing; two identical payments of one day still get two keys, and a day exported
 * again once a third identical payment came in adds just that one.
 */
export function assignLineKeys(statements: ParsedStatement[]): void {
  // Banks repeat a handful of memos ("TARIFA PIX", "PIX RECEBIDO") over thousands of lines.
  const canonicalMemos = new Map<string, string>();
  const canonicalMemo = (memo: string) => {
    let canonical = canonicalMemos.get(memo);
    if (canonical === undefined) {
      canonical = canonicalText(memo);
      canonicalMemos.set(memo, canonical);
    }
    return canonical;
  };
  for (const statement of statements) {
    const seen = new Map<string, number>(); // by the tuple's hash
    for (const line of statement.lines) {
      const hash = fnv1a64(`${line.date}\u001f${line.amount}\u001f${canonicalMemo(line.memo)}`);
      const occurrence = seen.get(hash) ?? 0;
      seen.set(hash, occurrence + 1);
      line.key = occurrence === 0 ? hash : fnv1a64(`${hash}\u001f${occurrence}`);
    }
  }
}

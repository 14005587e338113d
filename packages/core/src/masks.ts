import { formatBRL, parseBRL, type Centavos } from './money';

/**
 * Masks applied while a person types: each takes whatever is in the input (typed, pasted, half-erased) and returns
 * the text to show, with the punctuation a Brazilian expects ("123.456.789-09", "(11) 98765-4321", "01310-100",
 * "1.234,56", "05/12/2026"). They never refuse: checking is the schemas' work, with their pt-BR messages.
 */

const digits = (text: string) => text.replace(/\D/g, '');

/** Puts `separators[i]` before the part starting at `cuts[i]`, only once the text reaches it. */
function punctuate(text: string, cuts: readonly number[], separators: readonly string[]): string {
  let out = '';
  let from = 0;
  cuts.forEach((cut, i) => {
    if (text.length > cut) {
      out += text.slice(from, cut) + (separators[i] ?? '');
      from = cut;
    }
  });
  return out + text.slice(from);
}

/** "123.456.789-09". */
export function maskCpf(text: string): string {
  return punctuate(digits(text).slice(0, 11), [3, 6, 9], ['.', '.', '-']);
}

/**
 * "12.345.678/0001-95", or the alphanumeric "12.ABC.345/01DE-35" the Receita Federal issues from 2026: letters or
 * digits in the first 12 positions (upper-cased), the two check digits always digits.
 */
export function maskCnpj(text: string): string {
  let kept = '';
  for (const char of text.toUpperCase()) {
    if (kept.length === 14) break;
    if (kept.length < 12 ? /[0-9A-Z]/.test(char) : /\d/.test(char)) kept += char;
  }
  return punctuate(kept, [2, 5, 8, 12], ['.', '.', '/', '-']);
}

/**
 * A CPF or a CNPJ: by the person type when it is known; otherwise a CPF while it fits in 11 digits, a CNPJ beyond
 * (or as soon as a letter shows it is an alphanumeric CNPJ).
 */
export function maskDocument(text: string, personType?: 'PF' | 'PJ'): string {
  if (personType === 'PF') return maskCpf(text);
  if (personType === 'PJ') return maskCnpj(text);
  const kept = text.toUpperCase().replace(/[^0-9A-Z]/g, '');
  return kept.length <= 11 && /^\d*$/.test(kept) ? maskCpf(kept) : maskCnpj(kept);
}

/** "(11) 3456-7890" or "(11) 98765-4321"; a pasted "+55 11 …" loses its country code. */
export function maskPhone(text: string): string {
  const all = digits(text);
  const d = (all.length > 11 && all.startsWith('55') ? all.slice(2) : all).slice(0, 11);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  const number = d.slice(2);
  const split = d.length === 11 ? 5 : 4;
  return `(${d.slice(0, 2)}) ${number.length > split ? `${number.slice(0, split)}-${number.slice(split)}` : number}`;
}

/** "01310-100". */
export function maskCep(text: string): string {
  return punctuate(digits(text).slice(0, 8), [5], ['-']);
}

/** Centavos as a money input shows them, without the currency sign: "1.234,56", "-10,00". */
export function moneyText(amount: Centavos): string {
  return formatBRL(amount).replace(/R\$\s?|\u00a0/g, '');
}

/** The most a money input holds: R$ 999.999.999.999,99, far beyond any amount and well inside a safe integer. */
const MONEY_DIGITS = 14;

/**
 * As a cash register: the digits typed fill the centavos from the right ("1" → "0,01", "123456" → "1.234,56"); a
 * minus sign typed first makes the amount negative. Erasing every digit leaves the input empty.
 */
export function maskMoney(text: string): string {
  const negative = text.trim().startsWith('-');
  const amount = Number(digits(text).replace(/^0+/, '').slice(0, MONEY_DIGITS));
  if (amount === 0) return negative ? '-' : '';
  return `${negative ? '-' : ''}${moneyText(amount)}`;
}

/**
 * What a pasted amount shows: "1.234,56", "R$ 1.234" or "1234,5" read as reais and centavos (not as a cash register's
 * digits); anything else is masked as if typed.
 */
export function pastedMoney(text: string): string {
  const negative = /^\s*(R\$\s*)?-/.test(text);
  const amount = parseBRL(text.replace('-', ''));
  if (amount === null || String(amount).length > MONEY_DIGITS) return maskMoney(text);
  return `${negative && amount > 0 ? '-' : ''}${moneyText(amount)}`;
}

/** "12,5": digits and one decimal comma (a typed point becomes one), three whole digits and two decimals at most. */
export function maskPercent(text: string): string {
  const [whole = '', ...rest] = text.replace(/\./g, ',').split(',');
  const integer = digits(whole).slice(0, 3);
  if (rest.length === 0) return integer;
  return `${integer || '0'},${digits(rest.join('')).slice(0, 2)}`;
}

/**
 * "05/12/2026" as the digits are typed ("05122026"); a person who types the slashes keeps them, so "5/12/26" stays as
 * typed for `parseDateText` to read.
 */
export function maskDate(text: string): string {
  const fields = [''];
  for (const char of text) {
    const last = fields.length - 1;
    const field = fields[last] ?? '';
    if (char === '/' && field && last < 2) fields.push('');
    else if (/\d/.test(char)) {
      // A day or month of two digits is complete: the next digit opens the next part, as if the slash were typed.
      if (field.length === 2 && last < 2) fields.push(char);
      else if (field.length < (last === 2 ? 4 : 2)) fields[last] = field + char;
    }
  }
  return fields.join('/');
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TYPED_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/;
const DIGITS_DATE = /^(\d{2})(\d{2})(\d{2}|\d{4})$/;

/**
 * A calendar date as YYYY-MM-DD from what a person types: "05/12/2026", "5/12/26", "05122026", "051226" or
 * "2026-12-05". A two-digit year is in the 2000s. Null when it names no real day ("31/02/2026").
 */
export function parseDateText(text: string): string | null {
  const clean = text.trim();
  const iso = ISO_DATE.exec(clean);
  const typed = iso ? null : (TYPED_DATE.exec(clean) ?? DIGITS_DATE.exec(clean));
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : typed ? [typed[3], typed[2], typed[1]] : [];
  if (!y || !m || !d) return null;
  const year = y.length === 2 ? 2000 + Number(y) : Number(y);
  // setUTCFullYear keeps years below 100 as written (Date.UTC would read them as 19xx), so the year 0000 is read as
  // such and refused by its range, not as a malformed date; the check below catches day 31 of a 30-day month.
  const date = new Date(0);
  date.setUTCFullYear(year, Number(m) - 1, Number(d));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== Number(m) - 1 || date.getUTCDate() !== Number(d)) {
    return null;
  }
  return `${String(year).padStart(4, '0')}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
}

/**
 * What a search box's text means as a CPF or CNPJ: the characters a document is stored with (digits and, for the
 * alphanumeric CNPJ, upper-case letters) when the text is only those and punctuation, with at least 3 digits and no
 * more than a document's 14 characters, as a document pasted or typed is ("12.345.678/0001-95", "12.ABC.345");
 * null for anything else (a name).
 */
export function documentSearchTerm(text: string): string | null {
  const clean = text.trim();
  if (!/^[0-9A-Za-z.\-/\s]+$/.test(clean) || digits(clean).length < 3) return null;
  const kept = clean.replace(/[.\-/\s]/g, '').toUpperCase();
  return kept.length <= 14 ? kept : null;
}

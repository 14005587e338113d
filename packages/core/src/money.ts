/**
 * Money is an integer number of centavos; shares are basis points (1 bp = 0.01%, 10,000 bp = 100%). Every split
 * gives out exactly the amount it splits: the parts are the floors of the exact shares, and the centavos left over
 * go one each to the parts with the largest remainders (ties to the earlier part), so nothing is lost or invented.
 */
export type Centavos = number;
export type BasisPoints = number;

export const WHOLE: BasisPoints = 10_000;

function assertCentavos(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`amount must be a non-negative integer of centavos, got ${amount}`);
  }
}

/** Splits an amount in proportion to integer weights (any scale); the parts always add up to the amount. */
export function allocate(amount: Centavos, weights: readonly number[]): Centavos[] {
  assertCentavos(amount);
  if (weights.length === 0) throw new RangeError('nothing to allocate to');
  if (weights.some((w) => !Number.isSafeInteger(w) || w < 0))
    throw new RangeError('weights must be non-negative integers');
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (total === 0) throw new RangeError('weights must not all be zero');
  // BigInt keeps amount × weight exact far beyond 2^53 (a billion reais times 10,000 bp).
  const big = BigInt(amount);
  const bigTotal = BigInt(total);
  const parts = weights.map((w) => (big * BigInt(w)) / bigTotal);
  const remainders = weights.map((w, i) => ({ i, r: (big * BigInt(w)) % bigTotal }));
  let left = Number(big - parts.reduce((sum, p) => sum + p, 0n));
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0) break;
    parts[i] = (parts[i] ?? 0n) + 1n;
    left -= 1;
  }
  return parts.map(Number);
}

/** An apportionment (rateio): shares in basis points that must add up to exactly 100%. */
export function apportion(amount: Centavos, shares: readonly BasisPoints[]): Centavos[] {
  const total = shares.reduce((sum, s) => sum + s, 0);
  if (total !== WHOLE) throw new RangeError(`apportionment shares must add up to 100%, got ${total / 100}%`);
  return allocate(amount, shares);
}

/**
 * A revenue split: each partner's share in basis points (together at most 100%); what is left stays with the
 * organization. Returns the partners' parts and the organization's, which add up to the amount.
 */
export function split(amount: Centavos, shares: readonly BasisPoints[]): { partners: Centavos[]; retained: Centavos } {
  const total = shares.reduce((sum, s) => sum + s, 0);
  if (total > WHOLE) throw new RangeError(`split shares must not exceed 100%, got ${total / 100}%`);
  const parts = allocate(amount, [...shares, WHOLE - total]);
  return { partners: parts.slice(0, shares.length), retained: parts[shares.length] ?? 0 };
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** "R$ 1.234,56" (Intl puts a non-breaking space after R$). */
export function formatBRL(amount: Centavos): string {
  return brl.format(amount / 100);
}

/** Reads "1.234,56", "R$ 1.234,56" or "1234,5" as centavos; null when it is not an amount. */
export function parseBRL(text: string): Centavos | null {
  const clean = text.replace(/R\$|\s|\u00a0/g, '');
  const match = /^(\d{1,3}(?:\.\d{3})*|\d+)(?:,(\d{1,2}))?$/.exec(clean);
  if (!match?.[1]) return null;
  const reais = Number(match[1].replaceAll('.', ''));
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  const value = reais * 100 + cents;
  return Number.isSafeInteger(value) ? value : null;
}

/** Basis points as a pt-BR percentage: 1250 → "12,5%". */
export function formatPercent(bp: BasisPoints): string {
  return `${(bp / 100).toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%`;
}

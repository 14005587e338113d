import { WHOLE, type BasisPoints, type Centavos } from '../money';
import { divideHalfUp } from './rounding';

export interface WithholdingTax {
  taxTypeId: string;
  /** Basis points of the gross amount. */
  rate: BasisPoints;
}

export interface WithholdingLine {
  taxTypeId: string;
  rate: BasisPoints;
  /** The gross amount the rate applies to. */
  base: Centavos;
  amount: Centavos;
}

export interface Withholdings {
  lines: WithholdingLine[];
  withheld: Centavos;
  net: Centavos;
}

/**
 * The taxes withheld from a gross amount (IRRF, ISS, INSS, PIS/COFINS/CSLL): each one is its rate of the gross,
 * rounded half up to the centavo as the tax authorities compute it, and what is left is the net to pay or receive.
 * The rates together may not pass 100%, so the net is never negative.
 */
export function withholdings(gross: Centavos, taxes: readonly WithholdingTax[]): Withholdings {
  if (!Number.isSafeInteger(gross) || gross < 0) {
    throw new RangeError(`gross must be a non-negative integer of centavos, got ${gross}`);
  }
  if (taxes.some((t) => !Number.isSafeInteger(t.rate) || t.rate < 0 || t.rate > WHOLE)) {
    throw new RangeError('tax rates must be integers of basis points between 0 and 100%');
  }
  const totalRate = taxes.reduce((sum, t) => sum + t.rate, 0);
  if (totalRate > WHOLE) throw new RangeError('withheld taxes must not add up to more than 100%');
  const lines = taxes.map((t) => ({
    taxTypeId: t.taxTypeId,
    rate: t.rate,
    base: gross,
    amount: divideHalfUp(BigInt(gross) * BigInt(t.rate), BigInt(WHOLE)),
  }));
  // Each line rounds half up on its own, so rates adding up to exactly 100% could withhold a centavo or two more
  // than the gross; the last lines give those centavos back.
  let excess = lines.reduce((sum, l) => sum + l.amount, 0) - gross;
  for (let i = lines.length - 1; excess > 0 && i >= 0; i -= 1) {
    const line = lines[i];
    if (!line) continue;
    const back = Math.min(excess, line.amount);
    line.amount -= back;
    excess -= back;
  }
  const withheld = lines.reduce((sum, l) => sum + l.amount, 0);
  return { lines, withheld, net: gross - withheld };
}

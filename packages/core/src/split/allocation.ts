import { allocate, WHOLE, type BasisPoints, type Centavos } from '../money';

export interface SplitPartner {
  partyId: string;
  /** Basis points of the base; the partners of a setting add up to at most 10,000. */
  share: BasisPoints;
}

export interface SplitAllocation {
  /** Each partner's part, in the order the partners were given. */
  shares: (SplitPartner & { amount: Centavos })[];
  /** What stays with the organization: the base less the partners' parts. */
  retained: Centavos;
}

/**
 * Splits a base among partners by their basis points (the parts always add up; decision 0024). Each part is the floor
 * of its exact value, and the centavos left over go one each to the largest remainders; ties go to the partner whose
 * id sorts first, then to the organization's rest, so the order the partners are listed in never changes who gets
 * what. The retained rest is the base less the partners' parts, never negative.
 */
export function allocateSplit(base: Centavos, partners: readonly SplitPartner[]): SplitAllocation {
  const total = partners.reduce((sum, p) => sum + p.share, 0);
  if (partners.some((p) => !Number.isSafeInteger(p.share) || p.share < 0)) {
    throw new RangeError('split shares must be non-negative integers of basis points');
  }
  if (total > WHOLE) throw new RangeError(`split shares must not exceed 100%, got ${total / 100}%`);
  const order = partners
    .map((partner, index) => ({ partner, index }))
    .sort((a, b) => (a.partner.partyId < b.partner.partyId ? -1 : a.partner.partyId > b.partner.partyId ? 1 : 0));
  const amounts = new Array<Centavos>(partners.length).fill(0);
  if (partners.length > 0 && base > 0) {
    const parts = allocate(base, [...order.map((o) => o.partner.share), WHOLE - total]);
    order.forEach((o, i) => (amounts[o.index] = parts[i] ?? 0));
  } else if (base < 0 || !Number.isSafeInteger(base)) {
    throw new RangeError(`amount must be a non-negative integer of centavos, got ${base}`);
  }
  const given = amounts.reduce((sum, a) => sum + a, 0);
  return { shares: partners.map((p, i) => ({ ...p, amount: amounts[i] ?? 0 })), retained: base - given };
}

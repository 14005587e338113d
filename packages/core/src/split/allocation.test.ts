import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { WHOLE } from '../money';
import { allocateSplit, type SplitPartner } from './allocation';
import { monthPeriod, periodLabel, splitPeriodInput } from './inputs';

/** Partners with distinct ids whose shares add up to at most 100%. */
const partnersArb = fc.uniqueArray(fc.uuid(), { minLength: 1, maxLength: 12 }).chain((ids) =>
  fc
    .array(fc.integer({ min: 0, max: WHOLE }), { minLength: ids.length + 1, maxLength: ids.length + 1 })
    .map((weights) => {
      // Scaled so that together they stay within 100% (the last weight is the organization's own rest).
      const sum = weights.reduce((s, w) => s + w, 0) || 1;
      return ids.map((partyId, i): SplitPartner => ({ partyId, share: Math.floor(((weights[i] ?? 0) * WHOLE) / sum) }));
    }),
);
const baseArb = fc.oneof(fc.integer({ min: 0, max: 1_000 }), fc.integer({ min: 0, max: 99_999_999_999 }));

describe('split allocation', () => {
  it('gives out exactly the base: the shares and the retained rest add up to it, none negative', () => {
    fc.assert(
      fc.property(baseArb, partnersArb, (base, partners) => {
        const { shares, retained } = allocateSplit(base, partners);
        expect(shares.reduce((sum, s) => sum + s.amount, 0) + retained).toBe(base);
        expect(retained).toBeGreaterThanOrEqual(0);
        for (const share of shares) expect(share.amount).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('keeps every share within one centavo of its exact value', () => {
    fc.assert(
      fc.property(baseArb, partnersArb, (base, partners) => {
        const { shares } = allocateSplit(base, partners);
        for (const share of shares) {
          // Compared in BigInt: base × bp can pass 2^53.
          const exactTimesWhole = BigInt(base) * BigInt(share.share);
          const diff = BigInt(share.amount) * BigInt(WHOLE) - exactTimesWhole;
          expect(diff < 0n ? -diff : diff).toBeLessThan(BigInt(WHOLE));
        }
      }),
    );
  });

  it('gives each partner the same amount whatever order the partners are listed in', () => {
    fc.assert(
      fc.property(
        baseArb,
        partnersArb.chain((p) => fc.tuple(fc.constant(p), fc.shuffledSubarray(p, { minLength: p.length }))),
        (base, [partners, shuffled]) => {
          const byParty = (list: SplitPartner[]) =>
            new Map(allocateSplit(base, list).shares.map((s) => [s.partyId, s.amount]));
          expect(byParty(shuffled)).toEqual(byParty(partners));
          expect(allocateSplit(base, shuffled).retained).toBe(allocateSplit(base, partners).retained);
        },
      ),
    );
  });

  it('gives the odd centavo of a tie to the partner whose id sorts first, however they are listed', () => {
    const a = { partyId: '0000000a-0000-4000-8000-000000000000', share: 5_000 };
    const b = { partyId: '0000000b-0000-4000-8000-000000000000', share: 5_000 };
    expect(allocateSplit(101, [b, a]).shares.map((s) => s.amount)).toEqual([50, 51]);
    expect(allocateSplit(101, [a, b]).shares.map((s) => s.amount)).toEqual([51, 50]);
    // R$ 1.000,01 in thirds: the largest remainder (33,3334 of c) takes the centavo left over.
    const thirds = [
      { ...a, share: 3_333 },
      { ...b, share: 3_333 },
      { partyId: '0000000c-0000-4000-8000-000000000000', share: 3_334 },
    ];
    expect(allocateSplit(100_001, thirds)).toMatchObject({ retained: 0 });
    expect(allocateSplit(100_001, thirds).shares.map((s) => s.amount)).toEqual([33_330, 33_330, 33_341]);
  });

  it('keeps the rest when the partners take less than 100%, and nothing to share gives zeros', () => {
    expect(allocateSplit(1_000, [{ partyId: 'p', share: 1_500 }])).toEqual({
      shares: [{ partyId: 'p', share: 1_500, amount: 150 }],
      retained: 850,
    });
    expect(allocateSplit(0, [{ partyId: 'p', share: 5_000 }]).shares[0]?.amount).toBe(0);
  });

  it('refuses shares above 100%, negative shares and bases that are not centavos', () => {
    expect(() => allocateSplit(100, [{ partyId: 'p', share: 10_001 }])).toThrow('must not exceed 100%');
    expect(() => allocateSplit(100, [{ partyId: 'p', share: -1 }])).toThrow('non-negative');
    expect(() => allocateSplit(-1, [{ partyId: 'p', share: 1 }])).toThrow('non-negative');
    expect(() => allocateSplit(1.5, [{ partyId: 'p', share: 1 }])).toThrow('non-negative');
  });
});

describe('split periods', () => {
  it('names a whole month by its name and another range by its dates', () => {
    expect(monthPeriod('2026-02-14')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthPeriod('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodLabel('2026-03-01', '2026-03-31')).toBe('março de 2026');
    expect(periodLabel('2026-03-01', '2026-03-15')).toBe('01/03/2026 a 15/03/2026');
  });

  it('refuses a period that ends before it starts or passes a year, in pt-BR', () => {
    const id = '0000000a-0000-4000-8000-000000000000';
    const messages = (from: string, to: string) => {
      const parsed = splitPeriodInput.safeParse({ configId: id, from, to });
      return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
    };
    expect(messages('2026-03-01', '2026-03-31')).toEqual([]);
    expect(messages('2026-03-31', '2026-03-01')).toEqual(['O fim do período vem antes do início.']);
    expect(messages('2025-01-01', '2026-03-01')).toEqual(['Escolha um período de até um ano.']);
  });
});

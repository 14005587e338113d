import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allocate, apportion, formatBRL, formatPercent, parseBRL, split, WHOLE } from './money';

const amount = fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }));

/** Basis-point shares that add up to exactly 100%. */
const fullShares = fc
  .array(fc.integer({ min: 0, max: WHOLE }), { minLength: 1, maxLength: 12 })
  .filter((cuts) => cuts.length > 0)
  .map((cuts) => {
    const points = [...new Set(cuts.map((c) => c % WHOLE))].sort((a, b) => a - b);
    const bounds = [0, ...points.filter((p) => p > 0), WHOLE];
    return bounds.slice(1).map((b, i) => b - (bounds[i] ?? 0));
  });

describe('money', () => {
  it('apportions any amount to the centavo, each part within one centavo of its exact share', () => {
    fc.assert(
      fc.property(amount, fullShares, (total, shares) => {
        const parts = apportion(total, shares);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        parts.forEach((part, i) => {
          const exact = (total * (shares[i] ?? 0)) / WHOLE;
          expect(Math.abs(part - exact)).toBeLessThanOrEqual(1 + Math.abs(exact) * Number.EPSILON * 4);
          expect(part).toBeGreaterThanOrEqual(0);
        });
      }),
    );
  });

  it('splits any amount among partners, never above 100%, keeping the rest, to the centavo', () => {
    const partnerShares = fc
      .array(fc.integer({ min: 0, max: 2_500 }), { maxLength: 4 })
      .filter((s) => s.reduce((a, b) => a + b, 0) <= WHOLE);
    fc.assert(
      fc.property(amount, partnerShares, (total, shares) => {
        const { partners, retained } = split(total, shares);
        expect(partners).toHaveLength(shares.length);
        expect(partners.reduce((a, b) => a + b, 0) + retained).toBe(total);
        expect(retained).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('gives leftover centavos to the largest remainders, ties to the earlier part', () => {
    expect(apportion(100, [3_333, 3_333, 3_334])).toEqual([33, 33, 34]);
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(1, [1, 1])).toEqual([1, 0]);
    expect(split(1_000, [1_500, 2_500])).toEqual({ partners: [150, 250], retained: 600 });
  });

  it('refuses shares that do not add up, splits above 100% and amounts that are not centavos', () => {
    expect(() => apportion(100, [5_000, 4_999])).toThrow('must add up to 100%, got 99.99%');
    expect(() => split(100, [6_000, 4_001])).toThrow('must not exceed 100%');
    expect(() => allocate(10.5, [1])).toThrow(RangeError);
    expect(() => allocate(-1, [1])).toThrow(RangeError);
    expect(() => allocate(10, [0, 0])).toThrow(RangeError);
  });

  it('reads and writes amounts and percentages the Brazilian way', () => {
    expect(formatBRL(123_456)).toBe('R$\u00a01.234,56');
    expect(parseBRL('R$ 1.234,56')).toBe(123_456);
    expect(parseBRL('1234,5')).toBe(123_450);
    expect(parseBRL('12')).toBe(1_200);
    expect(parseBRL('1,234.56')).toBeNull();
    expect(parseBRL('abc')).toBeNull();
    expect(formatPercent(1_250)).toBe('12,5%');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 13 }), (c) => {
        expect(parseBRL(formatBRL(c))).toBe(c);
      }),
    );
  });
});

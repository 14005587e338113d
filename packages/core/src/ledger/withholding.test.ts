import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { WHOLE } from '../money';
import { withholdings } from './withholding';

const gross = fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 99_999_999_999 }));
const rates = fc
  .array(fc.integer({ min: 0, max: 3_000 }), { maxLength: 6 })
  .filter((r) => r.reduce((a, b) => a + b, 0) <= WHOLE);

describe('withholdings', () => {
  it('keeps withheld + net = gross, each tax its exact share rounded half up unless that would withhold more than the gross', () => {
    fc.assert(
      fc.property(gross, rates, (g, rs) => {
        const result = withholdings(
          g,
          rs.map((rate, i) => ({ taxTypeId: `t${i}`, rate })),
        );
        expect(result.withheld + result.net).toBe(g);
        expect(result.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(result.withheld);
        expect(result.net).toBeGreaterThanOrEqual(0);
        // The exact share rounded half up, in integers: floor((2 × gross × rate + 100%) / (2 × 100%)).
        const rounded = rs.map((rate) =>
          Number((2n * BigInt(g) * BigInt(rate) + BigInt(WHOLE)) / (2n * BigInt(WHOLE))),
        );
        const fits = rounded.reduce((sum, r) => sum + r, 0) <= g;
        result.lines.forEach((line, i) => {
          expect(line.base).toBe(g);
          // Rounded shares that would add up to more than the gross give centavos back, and then all of it is withheld.
          if (fits) expect(line.amount).toBe(rounded[i]);
          else expect(line.amount).toBeLessThanOrEqual(rounded[i] ?? 0);
        });
        if (!fits) expect(result.withheld).toBe(g);
      }),
    );
  });

  it('gives back the centavo that rounding each of four quarters of R$ 0,03 up would withhold beyond the gross', () => {
    const result = withholdings(
      3,
      [2_500, 2_500, 2_500, 2_500].map((rate, i) => ({ taxTypeId: `t${i}`, rate })),
    );
    expect(result.lines.map((l) => l.amount)).toEqual([1, 1, 1, 0]);
    expect(result.net).toBe(0);
  });

  it('rounds each tax half up to the centavo', () => {
    // 1,5% of R$ 1.234,56 = 18,5184 → 18,52; 5% of R$ 0,10 = 0,005 → 0,01.
    expect(withholdings(123_456, [{ taxTypeId: 'irrf', rate: 150 }])).toEqual({
      lines: [{ taxTypeId: 'irrf', rate: 150, base: 123_456, amount: 1_852 }],
      withheld: 1_852,
      net: 121_604,
    });
    expect(withholdings(10, [{ taxTypeId: 'iss', rate: 500 }]).withheld).toBe(1);
    expect(withholdings(10, [{ taxTypeId: 'iss', rate: 499 }]).withheld).toBe(0);
  });

  it('withholds nothing without taxes', () => {
    expect(withholdings(5_000, [])).toEqual({ lines: [], withheld: 0, net: 5_000 });
  });

  it('never withholds more than the gross, even when the rates add up to 100%', () => {
    const result = withholdings(1, [
      { taxTypeId: 'a', rate: 5_000 },
      { taxTypeId: 'b', rate: 5_000 },
    ]);
    expect(result.withheld).toBe(1);
    expect(result.net).toBe(0);
  });

  it('refuses rates above 100% and amounts that are not centavos', () => {
    expect(() => withholdings(100, [{ taxTypeId: 'a', rate: 10_001 }])).toThrow(RangeError);
    expect(() =>
      withholdings(100, [
        { taxTypeId: 'a', rate: 6_000 },
        { taxTypeId: 'b', rate: 6_000 },
      ]),
    ).toThrow(RangeError);
    expect(() => withholdings(1.5, [])).toThrow(RangeError);
    expect(() => withholdings(-1, [])).toThrow(RangeError);
  });
});

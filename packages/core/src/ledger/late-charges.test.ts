import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays } from '../dates';
import { lateCharges } from './late-charges';

const isoDate = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const amount = fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 99_999_999_999 }));
const rate = fc.integer({ min: 0, max: 2_000 });

/** The exact rational value, rounded half up, computed apart from the implementation. */
function halfUp(numerator: bigint, denominator: bigint): number {
  const whole = numerator / denominator;
  return Number(2n * (numerator % denominator) >= denominator ? whole + 1n : whole);
}

describe('lateCharges', () => {
  it('charges nothing when paid on or before the due date', () => {
    fc.assert(
      fc.property(amount, isoDate, fc.integer({ min: 0, max: 400 }), rate, rate, (a, due, early, i, f) => {
        expect(
          lateCharges({ amount: a, dueDate: due, paidDate: addDays(due, -early), interestRate: i, fineRate: f }),
        ).toEqual({ interest: 0, fine: 0, days: 0 });
      }),
    );
  });

  it('charges interest pro rata die and the fine once, to the exact centavo, when late', () => {
    fc.assert(
      fc.property(amount, isoDate, fc.integer({ min: 1, max: 2_000 }), rate, rate, (a, due, late, i, f) => {
        const result = lateCharges({
          amount: a,
          dueDate: due,
          paidDate: addDays(due, late),
          interestRate: i,
          fineRate: f,
        });
        expect(result.days).toBe(late);
        expect(result.interest).toBe(halfUp(BigInt(a) * BigInt(i) * BigInt(late), 300_000n));
        expect(result.fine).toBe(halfUp(BigInt(a) * BigInt(f), 10_000n));
        expect(Number.isSafeInteger(result.interest) && Number.isSafeInteger(result.fine)).toBe(true);
      }),
    );
  });

  it('grows the interest with the days late, while the fine stays the same', () => {
    fc.assert(
      fc.property(amount, isoDate, fc.integer({ min: 1, max: 1_000 }), rate, rate, (a, due, late, i, f) => {
        const base = { amount: a, dueDate: due, interestRate: i, fineRate: f };
        const sooner = lateCharges({ ...base, paidDate: addDays(due, late) });
        const later = lateCharges({ ...base, paidDate: addDays(due, late + 1) });
        expect(later.interest).toBeGreaterThanOrEqual(sooner.interest);
        expect(later.fine).toBe(sooner.fine);
      }),
    );
  });

  it('computes a worked example', () => {
    // R$ 1.000,00 at 1% a month, 15 days late: 1.000 × 1% × 15 / 30 = R$ 5,00; 2% fine = R$ 20,00.
    expect(
      lateCharges({ amount: 100_000, dueDate: '2026-01-10', paidDate: '2026-01-25', interestRate: 100, fineRate: 200 }),
    ).toEqual({ interest: 500, fine: 2_000, days: 15 });
    // R$ 1.234,56 at 1% a month, 1 day: 0,41152 → R$ 0,41; with a 0,15% fine: 1,85184 → R$ 1,85.
    expect(
      lateCharges({ amount: 123_456, dueDate: '2026-02-28', paidDate: '2026-03-01', interestRate: 100, fineRate: 15 }),
    ).toEqual({ interest: 41, fine: 185, days: 1 });
    // Exactly half a centavo rounds up: R$ 1.500,00 × 0,01% × 1 / 30 = 0,5 centavo; R$ 0,05 × 10% = 0,5 centavo.
    expect(
      lateCharges({ amount: 150_000, dueDate: '2026-01-01', paidDate: '2026-01-02', interestRate: 1, fineRate: 0 }),
    ).toEqual({ interest: 1, fine: 0, days: 1 });
    expect(
      lateCharges({ amount: 5, dueDate: '2026-01-01', paidDate: '2026-01-02', interestRate: 0, fineRate: 1_000 }),
    ).toEqual({ interest: 0, fine: 1, days: 1 });
  });

  it('refuses negative or fractional amounts and rates', () => {
    const base = { amount: 100, dueDate: '2026-01-01', paidDate: '2026-01-05', interestRate: 100, fineRate: 200 };
    expect(() => lateCharges({ ...base, amount: -1 })).toThrow(RangeError);
    expect(() => lateCharges({ ...base, amount: 1.5 })).toThrow(RangeError);
    expect(() => lateCharges({ ...base, interestRate: -1 })).toThrow(RangeError);
    expect(() => lateCharges({ ...base, fineRate: 0.5 })).toThrow(RangeError);
  });
});

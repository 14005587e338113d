import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays } from '../dates';
import { contractPeriods, periodsBetween } from './periods';

const isoDate = fc.integer({ min: 0, max: 20_000 }).map((n) => addDays('2000-01-01', n));

describe('periodsBetween', () => {
  it('gives monthly periods on the due day, clamped, within the range', () => {
    expect(
      periodsBetween({ startDate: '2026-01-31', endDate: null, months: 1, dueDay: 31 }, '2026-01-01', '2026-04-30'),
    ).toEqual([
      { period: '2026-01-01', dueDate: '2026-01-31' },
      { period: '2026-02-01', dueDate: '2026-02-28' },
      { period: '2026-03-01', dueDate: '2026-03-31' },
      { period: '2026-04-01', dueDate: '2026-04-30' },
    ]);
  });

  it('starts on the first due date on or after the start date and stops at the end date', () => {
    expect(
      periodsBetween(
        { startDate: '2026-03-20', endDate: '2026-06-10', months: 1, dueDay: 10 },
        '2026-01-01',
        '2026-12-31',
      ),
    ).toEqual([
      { period: '2026-04-01', dueDate: '2026-04-10' },
      { period: '2026-05-01', dueDate: '2026-05-10' },
      { period: '2026-06-01', dueDate: '2026-06-10' },
    ]);
  });

  it('steps quarterly from the start month and gives a single period once', () => {
    expect(
      periodsBetween({ startDate: '2025-02-05', endDate: null, months: 3, dueDay: 5 }, '2026-01-01', '2026-12-31').map(
        (p) => p.dueDate,
      ),
    ).toEqual(['2026-02-05', '2026-05-05', '2026-08-05', '2026-11-05']);
    expect(
      periodsBetween({ startDate: '2026-05-05', endDate: null, months: 0, dueDay: 5 }, '2026-01-01', '2026-12-31'),
    ).toEqual([{ period: '2026-05-01', dueDate: '2026-05-05' }]);
    expect(
      periodsBetween({ startDate: '2027-05-05', endDate: null, months: 0, dueDay: 5 }, '2026-01-01', '2026-12-31'),
    ).toEqual([]);
  });

  it('gives increasing periods, one per month at most, all inside the range and the rule, and splits like the whole', () => {
    fc.assert(
      fc.property(
        isoDate,
        fc.option(fc.integer({ min: 0, max: 3_000 }), { nil: null }),
        fc.constantFrom(1, 2, 3, 6, 12),
        fc.integer({ min: 1, max: 31 }),
        isoDate,
        fc.integer({ min: 0, max: 1_500 }),
        fc.integer({ min: 0, max: 1_500 }),
        (startDate, length, months, dueDay, from, cut, span) => {
          const rule = { startDate, endDate: length === null ? null : addDays(startDate, length), months, dueDay };
          const to = addDays(from, span);
          const periods = periodsBetween(rule, from, to);
          periods.forEach((p, i) => {
            expect(p.dueDate >= from && p.dueDate <= to && p.dueDate >= startDate).toBe(true);
            if (rule.endDate) expect(p.dueDate <= rule.endDate).toBe(true);
            expect(p.dueDate.slice(0, 7)).toBe(p.period.slice(0, 7));
            const previous = periods[i - 1];
            if (previous) expect(p.period > previous.period).toBe(true);
          });
          // Generating a range in two pieces gives exactly what generating it at once does.
          const middle = addDays(from, Math.min(cut, span));
          const joined = [...periodsBetween(rule, from, middle), ...periodsBetween(rule, addDays(middle, 1), to)];
          expect(joined).toEqual(periods);
        },
      ),
    );
  });
});

describe('contractPeriods', () => {
  it("falls due on the start date's day, every periodicity, up to the contract's end", () => {
    const contract = { startDate: '2026-01-31', endDate: '2026-07-15', periodicity: 'quarterly' as const };
    expect(contractPeriods(contract, '2026-01-01', '2026-12-31')).toEqual([
      { period: '2026-01-01', dueDate: '2026-01-31' },
      { period: '2026-04-01', dueDate: '2026-04-30' },
    ]);
    expect(contractPeriods({ ...contract, periodicity: 'once' }, '2026-01-01', '2026-12-31')).toEqual([
      { period: '2026-01-01', dueDate: '2026-01-31' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, daysBetween } from '../dates';
import { customDueDateProblems, MAX_SCHEDULE_COUNT, schedule, splitEvenly } from './schedule';

const isoDate = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const periodicity = fc.constantFrom('monthly' as const, 'biweekly' as const, 'weekly' as const);
const request = fc
  .record({
    count: fc.integer({ min: 1, max: MAX_SCHEDULE_COUNT }),
    extra: fc.oneof(fc.integer({ min: 0, max: 1_000 }), fc.integer({ min: 0, max: 99_999_999_000 })),
    firstDueDate: isoDate,
    periodicity,
  })
  .map(({ count, extra, ...rest }) => ({ ...rest, count, total: count + extra }));

describe('schedule', () => {
  it('sums to the total, numbers 1..n, parts within a centavo of each other, dates strictly increasing', () => {
    fc.assert(
      fc.property(request, (r) => {
        const rows = schedule(r);
        expect(rows).toHaveLength(r.count);
        expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(r.total);
        const amounts = rows.map((row) => row.amount);
        expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
        expect(Math.min(...amounts)).toBeGreaterThanOrEqual(1);
        rows.forEach((row, i) => {
          expect(row.number).toBe(i + 1);
          const previous = rows[i - 1];
          if (previous) expect(row.dueDate > previous.dueDate).toBe(true);
        });
        expect(rows[0]?.dueDate).toBe(r.firstDueDate);
      }),
    );
  });

  it('keeps the day of month in monthly schedules, clamped to the end of shorter months', () => {
    fc.assert(
      fc.property(isoDate, fc.integer({ min: 1, max: 48 }), (first, count) => {
        const day = Number(first.slice(8, 10));
        for (const row of schedule({ total: 100_000, count, firstDueDate: first, periodicity: 'monthly' })) {
          const [year, month] = row.dueDate.split('-').map(Number);
          const lastDay = new Date(Date.UTC(year ?? 0, month ?? 0, 0)).getUTCDate();
          expect(Number(row.dueDate.slice(8, 10))).toBe(Math.min(day, lastDay));
        }
      }),
    );
    const dates = (first: string) =>
      schedule({ total: 300, count: 3, firstDueDate: first, periodicity: 'monthly' }).map((r) => r.dueDate);
    expect(dates('2025-01-31')).toEqual(['2025-01-31', '2025-02-28', '2025-03-31']);
    expect(dates('2024-01-31')).toEqual(['2024-01-31', '2024-02-29', '2024-03-31']);
  });

  it('steps weekly and biweekly schedules by 7 and 14 days', () => {
    const weekly = schedule({ total: 1_000, count: 4, firstDueDate: '2025-12-24', periodicity: 'weekly' });
    expect(weekly.map((r) => r.dueDate)).toEqual(['2025-12-24', '2025-12-31', '2026-01-07', '2026-01-14']);
    const biweekly = schedule({ total: 1_000, count: 3, firstDueDate: '2026-02-20', periodicity: 'biweekly' });
    expect(biweekly.map((r) => daysBetween('2026-02-20', r.dueDate))).toEqual([0, 14, 28]);
  });

  it('gives the odd centavos to the first installments', () => {
    expect(
      schedule({ total: 123_456, count: 3, firstDueDate: '2026-01-10', periodicity: 'monthly' }).map((r) => r.amount),
    ).toEqual([41_152, 41_152, 41_152]);
    expect(
      schedule({ total: 100, count: 3, firstDueDate: '2026-01-10', periodicity: 'monthly' }).map((r) => r.amount),
    ).toEqual([34, 33, 33]);
  });

  it('takes custom dates as given when they increase', () => {
    const dates = ['2026-01-05', '2026-01-20', '2026-03-01'];
    const rows = schedule({ total: 1_000, count: 3, firstDueDate: '', periodicity: 'custom', dates });
    expect(rows.map((r) => r.dueDate)).toEqual(dates);
    expect(() =>
      schedule({
        total: 1_000,
        count: 2,
        firstDueDate: '',
        periodicity: 'custom',
        dates: ['2026-01-05', '2026-01-05'],
      }),
    ).toThrow(RangeError);
    expect(() =>
      schedule({ total: 1_000, count: 3, firstDueDate: '', periodicity: 'custom', dates: [addDays('2026-01-05', 1)] }),
    ).toThrow(RangeError);
  });

  it('refuses 0 or more than 360 installments and totals smaller than the count', () => {
    const base = { total: 1_000, firstDueDate: '2026-01-10', periodicity: 'monthly' as const };
    expect(() => schedule({ ...base, count: 0 })).toThrow(RangeError);
    expect(() => schedule({ ...base, count: 361 })).toThrow(RangeError);
    expect(() => schedule({ ...base, count: 2.5 })).toThrow(RangeError);
    expect(() => schedule({ ...base, total: 2, count: 3 })).toThrow(RangeError);
    expect(schedule({ ...base, count: 360 })).toHaveLength(360);
  });

  it('splits a total evenly without dates, as a custom schedule does while its dates are being typed', () => {
    expect(splitEvenly(100, 3)).toEqual([34, 33, 33]);
    expect(splitEvenly(123_456, 1)).toEqual([123_456]);
    expect(() => splitEvenly(2, 3)).toThrow(RangeError);
  });
});

describe('custom due dates', () => {
  it('names each installment whose date repeats an earlier one or comes before the one above it', () => {
    expect(customDueDateProblems(['2026-01-05', '2026-02-05', '2026-03-05'])).toEqual([]);
    expect(customDueDateProblems(['2026-01-05', '2026-01-05', '2026-03-05'])).toEqual([
      { index: 1, message: 'O vencimento da parcela 2 repete o da parcela 1.' },
    ]);
    expect(customDueDateProblems(['2026-03-05', '2026-02-05', '2026-04-05', '2026-03-20'])).toEqual([
      { index: 1, message: 'O vencimento da parcela 2 deve ser depois do da parcela 1.' },
      { index: 3, message: 'O vencimento da parcela 4 deve ser depois do da parcela 3.' },
    ]);
  });

  it('passes over dates not typed yet, comparing with the last one typed above', () => {
    expect(customDueDateProblems([null, '2026-02-05', null, '2026-01-10', '2026-02-05'])).toEqual([
      { index: 3, message: 'O vencimento da parcela 4 deve ser depois do da parcela 2.' },
      { index: 4, message: 'O vencimento da parcela 5 repete o da parcela 2.' },
    ]);
    expect(customDueDateProblems([null, null])).toEqual([]);
  });
});

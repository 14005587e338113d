import { describe, expect, it } from 'vitest';
import { monthOfTyped, monthsOfTyped } from './closed-month';

describe('the month of a date as a form holds it', () => {
  it('reads a typed date, a stored date and a competence', () => {
    expect(monthOfTyped('15/03/2026')).toBe('2026-03-01');
    expect(monthOfTyped('2026-03-15')).toBe('2026-03-01');
    expect(monthOfTyped('03/2026')).toBe('2026-03-01');
    expect(monthOfTyped('3/2026')).toBe('2026-03-01');
  });

  it('reads nothing from what is not yet a date', () => {
    expect(monthOfTyped('')).toBeNull();
    expect(monthOfTyped('15/03')).toBeNull();
    expect(monthOfTyped('13/2026')).toBeNull();
    expect(monthOfTyped('31/02/2026')).toBeNull();
  });

  it('names each month and year once', () => {
    expect(monthsOfTyped(['15/03/2026', '03/2026', '02/01/2027', ''])).toEqual({
      months: ['2026-03-01', '2027-01-01'],
      years: [2026, 2027],
    });
  });
});

import { describe, expect, it } from 'vitest';
import { monthLabel, monthOf, monthPeriod, shiftMonth, shortDay } from './period';

describe('the month the screen shows', () => {
  it('runs from its first to its last day, February and leap years included', () => {
    expect(monthPeriod('2026-11')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthPeriod('2026-02')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthPeriod('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthPeriod('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('moves across years with the arrows', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
    expect(monthOf('2026-03-31')).toBe('2026-03');
  });

  it('reads in pt-BR', () => {
    expect(monthLabel('2026-10')).toBe('outubro de 2026');
    expect(shortDay('2026-10-03')).toBe('03/10');
  });
});

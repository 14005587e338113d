import { describe, expect, it } from 'vitest';
import { periodRange } from './due-periods';

describe('the due-date quick choices', () => {
  it('reads today, a Monday-to-Sunday week and a whole month, across year ends and leap years', () => {
    expect(periodRange('today', '2026-11-24', { from: '', to: '' })).toEqual({
      dueFrom: '2026-11-24',
      dueTo: '2026-11-24',
    });
    // A Tuesday, a Sunday (the week's last day) and a week that crosses the year.
    expect(periodRange('week', '2026-11-24', { from: '', to: '' })).toEqual({
      dueFrom: '2026-11-23',
      dueTo: '2026-11-29',
    });
    expect(periodRange('week', '2026-11-29', { from: '', to: '' })).toEqual({
      dueFrom: '2026-11-23',
      dueTo: '2026-11-29',
    });
    expect(periodRange('week', '2027-01-01', { from: '', to: '' })).toEqual({
      dueFrom: '2026-12-28',
      dueTo: '2027-01-03',
    });
    expect(periodRange('month', '2028-02-10', { from: '', to: '' })).toEqual({
      dueFrom: '2028-02-01',
      dueTo: '2028-02-29',
    });
    expect(periodRange('month', '2026-12-31', { from: '', to: '' })).toEqual({
      dueFrom: '2026-12-01',
      dueTo: '2026-12-31',
    });
  });

  it('keeps a custom range as chosen, and leaves the dates open for all and for overdue', () => {
    const custom = { from: '2026-01-01', to: '2026-03-31' };
    expect(periodRange('custom', '2026-11-24', custom)).toEqual({ dueFrom: '2026-01-01', dueTo: '2026-03-31' });
    expect(periodRange('all', '2026-11-24', custom)).toEqual({ dueFrom: '', dueTo: '' });
    expect(periodRange('overdue', '2026-11-24', custom)).toEqual({ dueFrom: '', dueTo: '' });
  });
});

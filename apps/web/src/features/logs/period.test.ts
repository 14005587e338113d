import { describe, expect, it } from 'vitest';
import { dayEnd, dayStart, everyDay } from './period';

describe('periods in São Paulo days', () => {
  it('turns a calendar day into its first and last instant in São Paulo', () => {
    expect(dayStart('2026-11-01')).toBe('2026-11-01T03:00:00.000Z');
    expect(dayEnd('2026-11-30')).toBe('2026-12-01T02:59:59.999Z');
  });

  it('lists every day of a period, across a month end, with zero where nothing happened', () => {
    expect(everyDay('2026-10-30', '2026-11-02', [{ day: '2026-10-31', events: 4 }])).toEqual([
      { day: '2026-10-30', events: 0 },
      { day: '2026-10-31', events: 4 },
      { day: '2026-11-01', events: 0 },
      { day: '2026-11-02', events: 0 },
    ]);
  });
});

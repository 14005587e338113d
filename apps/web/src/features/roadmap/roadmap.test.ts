import { describe, expect, it } from 'vitest';
import { PERIOD_FORMAT, periodLabel, ROADMAP, ROADMAP_STATUSES } from './roadmap';

describe('roadmap data', () => {
  it('has unique kebab-case ids, known statuses and quarters that read in pt-BR, in time order', () => {
    expect(new Set(ROADMAP.map((i) => i.id)).size).toBe(ROADMAP.length);
    for (const item of ROADMAP) {
      expect(item.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(ROADMAP_STATUSES).toContain(item.status);
      expect(item.period).toMatch(PERIOD_FORMAT);
      expect(periodLabel(item.period)).toMatch(/^[1-4]º trimestre de 20\d\d$/);
      expect(item.areas.length).toBeGreaterThan(0);
    }
    const periods = ROADMAP.map((i) => i.period);
    expect(periods).toEqual([...periods].sort());
  });

  it('lists what shipped before what is in progress, and that before what is planned', () => {
    const order = { shipped: 0, in_progress: 1, planned: 2 };
    const ranks = ROADMAP.map((i) => order[i.status]);
    expect(ranks).toEqual([...ranks].sort());
  });

  it('reads a quarter in pt-BR and leaves an unknown period as it is', () => {
    expect(periodLabel('2026-Q4')).toBe('4º trimestre de 2026');
    expect(periodLabel('2027-Q1')).toBe('1º trimestre de 2027');
    expect(periodLabel('2026-11')).toBe('2026-11');
  });
});

import { describe, expect, it } from 'vitest';
import { periodLabel, ROADMAP } from './roadmap';

describe('roadmap data', () => {
  it('has unique ids, quarters that read in pt-BR, and runs in time order', () => {
    expect(new Set(ROADMAP.map((i) => i.id)).size).toBe(ROADMAP.length);
    for (const item of ROADMAP) expect(periodLabel(item.period)).toMatch(/^[1-4]º trimestre de 20\d\d$/);
    const periods = ROADMAP.map((i) => i.period);
    expect(periods).toEqual([...periods].sort());
  });

  it('lists what shipped before what is in progress, and that before what is planned', () => {
    const order = { shipped: 0, in_progress: 1, planned: 2 };
    const ranks = ROADMAP.map((i) => order[i.status]);
    expect(ranks).toEqual([...ranks].sort());
    expect(periodLabel('2026-Q4')).toBe('4º trimestre de 2026');
  });
});

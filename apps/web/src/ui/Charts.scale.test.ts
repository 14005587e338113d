import { describe, expect, it } from 'vitest';
import {
  barExtent,
  barLayout,
  donutDashes,
  fitLine,
  labelLines,
  linearScale,
  niceTicks,
  shownLabels,
  textWidth,
} from './Charts.scale';

const steps = (ticks: number[]) => ticks.slice(1).map((tick, i) => tick - (ticks[i] ?? 0));
/** 1, 2 or 5 times a power of ten. */
const round = (step: number) => [1, 2, 5].some((f) => Number.isInteger(Math.log10(step / f)));

describe("a chart's value axis", () => {
  it('covers the data from zero in round, even steps: twelve months of up to R$ 118.400,00', () => {
    const ticks = niceTicks(0, 11_840_000, 6);
    expect(ticks[0]).toBe(0);
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(11_840_000);
    expect(new Set(steps(ticks)).size).toBe(1);
    expect(round(steps(ticks)[0] ?? 0)).toBe(true);
    expect(ticks.length - 1).toBeLessThanOrEqual(6);
    expect(ticks).toEqual([0, 2_000_000, 4_000_000, 6_000_000, 8_000_000, 10_000_000, 12_000_000]);
  });

  it('reaches below zero when a balance goes negative, with zero itself a tick', () => {
    const ticks = niceTicks(-1_234_567, 4_500_000, 5);
    expect(ticks[0]).toBeLessThanOrEqual(-1_234_567);
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(4_500_000);
    expect(ticks).toContain(0);
    expect(round(steps(ticks)[0] ?? 0)).toBe(true);
  });

  it('hugs a balance far from zero, so that a dip of a few thousand reais shows', () => {
    const ticks = niceTicks(153_000_000, 164_000_000, 5);
    expect(ticks[0]).toBeGreaterThan(100_000_000);
    expect(ticks[0]).toBeLessThanOrEqual(153_000_000);
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(164_000_000);
    expect(ticks.length - 1).toBeLessThanOrEqual(5);
  });

  it('counts in whole steps: three events never show a tick of 1.5', () => {
    const ticks = niceTicks(0, 3, 6);
    expect(ticks.every(Number.isInteger)).toBe(true);
    expect(ticks).toEqual([0, 1, 2, 3]);
  });

  it('still has an axis when every value is zero, or the room is for less than one step', () => {
    expect(niceTicks(0, 0, 5)).toEqual([0, 1]);
    expect(niceTicks(0, 900, 0.4)).toEqual([0, 1000]);
  });

  it('maps the lowest tick to the bottom of the plot and the highest to its top', () => {
    const y = linearScale([-100, 0, 100, 200], 200, 20);
    expect(y(-100)).toBe(200);
    expect(y(200)).toBe(20);
    expect(y(0)).toBe(140);
  });
});

describe("a chart's category labels", () => {
  const months = ['dez/25', 'jan/26', 'fev/26', 'mar/26', 'abr/26', 'mai/26', 'jun/26', 'jul/26', 'ago/26'];

  const widths = months.map(textWidth);

  it('are all drawn when there is room', () => {
    expect(shownLabels(widths, 80).every(Boolean)).toBe(true);
  });

  it('are thinned on a phone so that none overlaps the next, the newest always named', () => {
    const shown = shownLabels(widths, 20);
    expect(shown.at(-1)).toBe(true);
    const positions = shown.flatMap((on, i) => (on ? [i * 20] : []));
    for (let i = 1; i < positions.length; i++)
      expect((positions[i] ?? 0) - (positions[i - 1] ?? 0)).toBeGreaterThan(Math.max(...widths));
    expect(shown.filter(Boolean).length).toBeGreaterThan(1);
  });

  it('of words take two lines rather than be left off: every ageing column is named on a laptop', () => {
    const columns = ['A vencer', 'Parcialmente pago', 'Vencido 1–30 dias', 'Vencido há mais de 90 dias'];
    const lines = columns.map((label) => labelLines(label, 140));
    expect(lines[0]).toEqual(['A vencer']);
    expect(lines[3]).toEqual(['Vencido há mais', 'de 90 dias']);
    expect(lines.every((label) => label.every((line) => textWidth(line) <= 140))).toBe(true);
    expect(
      shownLabels(
        lines.map((label) => Math.max(...label.map(textWidth))),
        150,
      ).every(Boolean),
    ).toBe(true);
  });

  it('without spaces stay whole, to be thinned instead', () => {
    expect(labelLines('27/11', 10)).toEqual(['27/11']);
  });

  it('beside lying bars are cut short with an ellipsis when a line is still too wide', () => {
    expect(fitLine('Colaboradores', 60)).toBe('Colaboradores'.slice(0, 7) + '…');
    expect(textWidth(fitLine('Colaboradores', 60))).toBeLessThanOrEqual(60);
    expect(fitLine('Rota Sul', 60)).toBe('Rota Sul');
  });
});

describe("a chart's bars", () => {
  const plot = { start: 100, end: 700, top: 10, bottom: 230 };
  const values = [
    [11_840_000, 8_000_000],
    [0, 7_000_000],
    [4_700_000, 12_000],
  ];

  const layout = (stacked: boolean, data: number[][] = values) => {
    const ticks = niceTicks(...barExtent(data, stacked), 5);
    const scale = linearScale(ticks, plot.bottom, plot.top);
    return { bars: barLayout(data, { ...plot, scale, stacked, maxThickness: 22 }), scale };
  };

  it('side by side stay inside the plot and their own category, apart, at most the widest allowed', () => {
    const { bars } = layout(false);
    const band = (plot.end - plot.start) / values.length;
    for (const bar of bars) {
      expect(bar.offset).toBeGreaterThanOrEqual(plot.start + band * bar.index);
      expect(bar.offset + bar.thickness).toBeLessThanOrEqual(plot.start + band * (bar.index + 1));
      expect(bar.thickness).toBeLessThanOrEqual(22);
      for (const end of [bar.from, bar.to]) {
        expect(end).toBeGreaterThanOrEqual(plot.top);
        expect(end).toBeLessThanOrEqual(plot.bottom);
      }
    }
    const [inflows, outflows] = bars.filter((bar) => bar.index === 0);
    expect((outflows?.offset ?? 0) - (inflows?.offset ?? 0)).toBeGreaterThan(inflows?.thickness ?? 0);
  });

  it('stand on zero, the taller value the taller bar', () => {
    const { bars, scale } = layout(false);
    for (const bar of bars) expect(bar.from).toBe(scale(0));
    const [big, small] = [bars[0], bars[1]];
    expect(Math.abs((big?.to ?? 0) - (big?.from ?? 0))).toBeGreaterThan(
      Math.abs((small?.to ?? 0) - (small?.from ?? 0)),
    );
  });

  it('stacked sit one on the other up to their sum, inside the plot', () => {
    const { bars, scale } = layout(true);
    const first = bars.filter((bar) => bar.index === 0);
    expect(first[0]?.from).toBe(scale(0));
    expect(first[1]?.from).toBe(first[0]?.to);
    expect(first[1]?.to).toBeCloseTo(scale(19_840_000));
    for (const bar of bars) expect(Math.min(bar.from, bar.to)).toBeGreaterThanOrEqual(plot.top);
  });

  it('hang below zero for a negative value, the axis reaching down to it', () => {
    const data = [[500_000, -200_000]];
    expect(barExtent(data, true)).toEqual([-200_000, 500_000]);
    const { bars, scale } = layout(true, data);
    expect(bars[1]?.from).toBe(scale(0));
    expect(bars[1]?.to).toBeGreaterThan(scale(0));
    expect(bars[1]?.to).toBeLessThanOrEqual(plot.bottom);
  });
});

describe("a donut's segments", () => {
  it('share the ring by value, one after the other with a gap between them', () => {
    const dashes = donutDashes([271, 263, 0, 226], 600, 2);
    expect(dashes[0]?.start).toBe(0);
    expect(dashes[1]?.start).toBeCloseTo((271 / 760) * 600);
    expect(dashes[2]?.length).toBe(0);
    expect(dashes[0]?.length).toBeCloseTo((271 / 760) * 600 - 2);
    const end = (dashes[3]?.start ?? 0) + (dashes[3]?.length ?? 0);
    expect(end).toBeCloseTo(598);
  });

  it('close the ring when one action is all there is', () => {
    expect(donutDashes([15], 600, 2)).toEqual([{ start: 0, length: 600 }]);
  });
});

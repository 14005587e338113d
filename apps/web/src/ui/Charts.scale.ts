/** The font size of the axes' labels, in px. */
export const TICK_FONT = 12;

/** A label's width in px, estimated from its length (the axes' digits and letters are about 0.6 em wide). */
export const textWidth = (text: string) => Math.ceil(text.length * TICK_FONT * 0.6);

/**
 * The value axis' ticks: round steps (1, 2 or 5 times a power of ten, never below 1 as the values are whole centavos
 * or counts) from a multiple of the step at or below `low` to one at or above `high`, in at most `intervals` steps.
 */
export function niceTicks(low: number, high: number, intervals: number): number[] {
  const top = high > low ? high : low + 1;
  const most = Math.max(1, Math.floor(intervals));
  for (let power = 1; ; power *= 10)
    for (const factor of [1, 2, 5]) {
      const step = factor * power;
      const first = Math.floor(low / step);
      const last = Math.ceil(top / step);
      if (last - first <= most) return Array.from({ length: last - first + 1 }, (_, i) => (first + i) * step);
    }
}

/** A linear map from the ticks' span onto the pixels from `start` to `end`. */
export function linearScale(ticks: readonly number[], start: number, end: number): (value: number) => number {
  const low = ticks[0] ?? 0;
  const high = ticks.at(-1) ?? 1;
  const span = high - low || 1;
  return (value) => start + ((value - low) / span) * (end - start);
}

/**
 * A category's label in one line, or in two when it is wider than `room` px and has spaces: split where the longer
 * line is shortest, the first line the longer on a tie ("Vencido há mais de 90 dias" as "Vencido há mais" over
 * "de 90 dias").
 */
export function labelLines(label: string, room: number): string[] {
  const words = label.split(' ');
  if (textWidth(label) <= room || words.length < 2) return [label];
  const splits = words.slice(1).map((_, i) => [words.slice(0, i + 1).join(' '), words.slice(i + 1).join(' ')]);
  const widest = (lines: string[]) => Math.max(...lines.map(textWidth));
  return splits.reduce((best, lines) => (widest(lines) <= widest(best) ? lines : best));
}

/** A line cut short with an ellipsis where it is wider than `room` px. */
export function fitLine(line: string, room: number): string {
  const fits = Math.floor(room / (TICK_FONT * 0.6));
  return line.length > fits ? `${line.slice(0, Math.max(fits - 1, 1))}…` : line;
}

/**
 * Which of the evenly spaced labels of these widths, `space` px apart, are drawn so that none overlaps the next:
 * every nth, counted back from the last (the newest month or day of a series is always named).
 */
export function shownLabels(widths: readonly number[], space: number): boolean[] {
  const widest = Math.max(0, ...widths) + 8;
  const every = Math.max(1, Math.ceil(widest / Math.max(space, 1)));
  return widths.map((_, index) => (widths.length - 1 - index) % every === 0);
}

/** One bar: across the category axis from `offset` for `thickness` px, along the value axis between two pixels. */
export interface Bar {
  index: number;
  series: number;
  offset: number;
  thickness: number;
  from: number;
  to: number;
}

/**
 * The bars of each category: side by side, or stacked (the positive values upwards from zero, the negative ones
 * downwards). Each category gets an equal band from `start` to `end`; the bars fill 80% of it, at most `maxThickness`
 * px each, centred in the band.
 */
export function barLayout(
  values: readonly (readonly number[])[],
  options: { start: number; end: number; scale: (value: number) => number; stacked: boolean; maxThickness: number },
): Bar[] {
  const { start, end, scale, stacked, maxThickness } = options;
  const band = (end - start) / Math.max(values.length, 1);
  const series = Math.max(0, ...values.map((v) => v.length));
  const gap = stacked || series < 2 ? 0 : Math.min(4, (band * 0.8) / series / 4);
  const thickness = Math.min(
    maxThickness,
    stacked ? band * 0.8 : (band * 0.8 - gap * (series - 1)) / Math.max(series, 1),
  );
  const group = stacked ? thickness : thickness * series + gap * (series - 1);
  return values.flatMap((row, index) => {
    const left = start + band * index + (band - group) / 2;
    let up = 0;
    let down = 0;
    return row.map((value, s) => {
      let base = 0;
      if (stacked && value >= 0) [base, up] = [up, up + value];
      else if (stacked) [base, down] = [down, down + value];
      return {
        index,
        series: s,
        offset: stacked ? left : left + s * (thickness + gap),
        thickness,
        from: scale(base),
        to: scale(base + value),
      };
    });
  });
}

/** The value axis' extent for bars: zero and every bar's end (a stacked bar's ends are its sums by sign). */
export function barExtent(values: readonly (readonly number[])[], stacked: boolean): [number, number] {
  const ends = values.flatMap((row) =>
    stacked
      ? [row.filter((v) => v > 0).reduce((n, v) => n + v, 0), row.filter((v) => v < 0).reduce((n, v) => n + v, 0)]
      : row,
  );
  return [Math.min(0, ...ends), Math.max(0, ...ends)];
}

/** A donut's segments as dashes along its circle: each one's share of the circumference, less a gap between them. */
export function donutDashes(values: readonly number[], circumference: number, gap: number) {
  const total = values.reduce((n, v) => n + Math.max(v, 0), 0) || 1;
  const shown = values.filter((v) => v > 0).length;
  let start = 0;
  return values.map((value) => {
    const share = (Math.max(value, 0) / total) * circumference;
    const dash = { start, length: shown > 1 ? Math.max(share - gap, 0) : share };
    start += share;
    return dash;
  });
}

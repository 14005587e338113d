import { useElementSize } from '@mantine/hooks';
import type { ReactNode } from 'react';
import classes from './Charts.module.css';
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
  TICK_FONT,
} from './Charts.scale';

/** A colour of the theme as Mantine names it ('teal.8') as its CSS variable, which follows the colour scheme. */
export const themeColor = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;

/** How a value reads: on an axis' tick or in a hover text. */
type Format = (value: number) => string;

export interface ChartSeries {
  name: string;
  /** A colour of the theme: 'teal.8'. */
  color: string;
}

/** Room above the plot for its top tick's label, and below it for the category labels. */
const TOP = 8;
const BOTTOM = 24;
/** The height of a label's line, in px. */
const LINE = 14;
/** The value axis' ticks are at least this far apart up the plot, in px. */
const TICK_SPACE = 32;

/**
 * A chart as one image for assistive technology, named by `label`; the drawing inside is hidden from it. The plot is
 * drawn once its width is known, at that width.
 */
function Frame(props: {
  label: string;
  height: number;
  legend?: readonly ChartSeries[];
  children: (width: number) => ReactNode;
}) {
  const { ref, width } = useElementSize();
  return (
    <div role="img" aria-label={props.label}>
      <div ref={ref} className={classes.plot} style={{ height: props.height }}>
        {width > 0 && (
          <svg width={width} height={props.height} aria-hidden="true" focusable="false">
            {props.children(width)}
          </svg>
        )}
      </div>
      {props.legend && (
        <div className={classes.legend}>
          {props.legend.map((series, index) => (
            <span key={index} className={classes.legendItem}>
              <span className={classes.swatch} style={{ background: themeColor(series.color) }} />
              {series.name}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}

/** Dashed lines across the plot at each tick, with the tick's label beside or under the axis. */
function ValueGrid(props: {
  ticks: readonly number[];
  at: (value: number) => number;
  format: Format;
  across: [number, number];
  horizontal?: boolean;
}) {
  const [from, to] = props.across;
  return props.ticks.map((tick) => {
    const p = props.at(tick);
    const line = tick === 0 && props.ticks[0] !== 0 ? classes.zero : classes.grid;
    return props.horizontal ? (
      <g key={tick}>
        <line x1={p} x2={p} y1={from} y2={to} className={line} />
        <text x={p} y={to + 16} textAnchor="middle" className={classes.tick}>
          {props.format(tick)}
        </text>
      </g>
    ) : (
      <g key={tick}>
        <line x1={from} x2={to} y1={p} y2={p} className={line} />
        <text x={from - 8} y={p} dy="0.32em" textAnchor="end" className={classes.tick}>
          {props.format(tick)}
        </text>
      </g>
    );
  });
}

/** A category's name, in one line or two. */
function CategoryLabel(props: { x: number; y: number; lines: readonly string[]; anchor: 'middle' | 'end' }) {
  return (
    <text y={props.y} textAnchor={props.anchor} className={classes.tick}>
      {props.lines.map((line, n) => (
        <tspan key={n} x={props.x} dy={n === 0 ? 0 : LINE}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

/** The hover text of a category: its label, then each series' value. */
const columnTitle = (label: string, series: readonly ChartSeries[], values: readonly number[], format: Format) =>
  [label, ...series.map((s, i) => `${s.name}: ${format(values[i] ?? 0)}`)].join('\n');

/** The value axis' ticks over the extent given, at least `gap` px apart along its `length` px. */
const ticksFor = ([low, high]: [number, number], length: number, gap = TICK_SPACE) =>
  niceTicks(low, high, length / gap);

/**
 * Bars per category, side by side or stacked, upright or lying (`horizontal`: the categories down the left, as for
 * names). Hovering a category names its values; `outline` gives each bar an edge that a light colour keeps in print.
 */
export function BarChart(props: {
  label: string;
  height: number;
  data: readonly { label: string; values: readonly number[] }[];
  series: readonly ChartSeries[];
  /** A value as the hover text shows it; the axis' ticks too unless `axisFormat` is given. */
  format: Format;
  axisFormat?: Format;
  stacked?: boolean;
  horizontal?: boolean;
  maxBarWidth: number;
  legend?: boolean;
  outline?: boolean;
}) {
  const { data, series, format, stacked = false } = props;
  const axisFormat = props.axisFormat ?? format;
  const values = data.map((d) => d.values);
  const labels = data.map((d) => d.label);
  const extent = barExtent(values, stacked);
  const draw = (width: number) => {
    let categoryStart: number;
    let categoryEnd: number;
    let grid: ReactNode;
    let ticks: number[];
    let scale: (value: number) => number;
    let categoryLabels: ReactNode;
    if (props.horizontal) {
      // The names down the left in at most two lines within 40% of the width, cut short past it; the values along
      // the bottom.
      const room = Math.min(Math.max(0, ...labels.map(textWidth)), width * 0.4);
      const left = room + 8;
      const right = width - textWidth(axisFormat(extent[1])) / 2 - 4;
      categoryStart = 4;
      categoryEnd = props.height - BOTTOM;
      // Lying side by side, the ticks' labels need their width apart.
      ticks = ticksFor(extent, right - left, textWidth(axisFormat(extent[1])) + 24);
      scale = linearScale(ticks, left, right);
      grid = (
        <ValueGrid ticks={ticks} at={scale} format={axisFormat} across={[categoryStart, categoryEnd]} horizontal />
      );
      const band = (categoryEnd - categoryStart) / Math.max(data.length, 1);
      categoryLabels = labels.map((label, i) => {
        const lines = labelLines(label, room).map((line) => fitLine(line, room));
        const y = categoryStart + band * (i + 0.5) - ((lines.length - 1) * LINE) / 2 + TICK_FONT * 0.32;
        return <CategoryLabel key={i} x={left - 8} y={y} lines={lines} anchor="end" />;
      });
    } else {
      const top = TOP;
      // Labels of words may take two lines.
      const bottom = props.height - BOTTOM - (labels.some((label) => label.includes(' ')) ? LINE : 0);
      ticks = ticksFor(extent, bottom - top);
      const left = Math.max(...ticks.map((tick) => textWidth(axisFormat(tick)))) + 12;
      categoryStart = left;
      categoryEnd = width - 8;
      scale = linearScale(ticks, bottom, top);
      grid = <ValueGrid ticks={ticks} at={scale} format={axisFormat} across={[left, categoryEnd]} />;
      const band = (categoryEnd - categoryStart) / Math.max(data.length, 1);
      const lines = labels.map((label) => labelLines(label, band - 8));
      const widths = lines.map((label) => Math.max(...label.map(textWidth)));
      const shown = shownLabels(widths, band);
      // Each label centred under its bar, the last one moved in as far as it would run off the side.
      categoryLabels = lines.map(
        (label, i) =>
          shown[i] && (
            <CategoryLabel
              key={i}
              x={Math.min(left + band * (i + 0.5), width - (widths[i] ?? 0) / 2)}
              y={bottom + 16}
              lines={label}
              anchor="middle"
            />
          ),
      );
    }
    const band = (categoryEnd - categoryStart) / Math.max(data.length, 1);
    const bars = barLayout(values, {
      start: categoryStart,
      end: categoryEnd,
      scale,
      stacked,
      maxThickness: props.maxBarWidth,
    });
    // A category's column spans the plot along the value axis.
    const ends = [scale(ticks[0] ?? 0), scale(ticks.at(-1) ?? 0)];
    const [valueStart, valueEnd] = [Math.min(...ends), Math.max(...ends)];
    return (
      <>
        {data.map((d, i) => {
          const [x, y, w, h] = props.horizontal
            ? [valueStart, categoryStart + band * i, valueEnd - valueStart, band]
            : [categoryStart + band * i, valueStart, band, valueEnd - valueStart];
          return (
            <rect key={i} x={x} y={y} width={w} height={h} className={classes.column}>
              <title>{columnTitle(d.label, series, d.values, format)}</title>
            </rect>
          );
        })}
        {grid}
        {bars.map((bar) => {
          const low = Math.min(bar.from, bar.to);
          const length = Math.abs(bar.to - bar.from);
          const [x, y, w, h] = props.horizontal
            ? [low, bar.offset, length, bar.thickness]
            : [bar.offset, low, bar.thickness, length];
          return (
            <rect
              key={`${bar.index}-${bar.series}`}
              x={x}
              y={y}
              width={w}
              height={h}
              fill={themeColor(series[bar.series]?.color ?? 'gray.6')}
              stroke={props.outline ? themeColor('gray.8') : undefined}
              strokeWidth={props.outline ? 0.5 : undefined}
              className={classes.mark}
            />
          );
        })}
        {categoryLabels}
      </>
    );
  };
  return (
    <Frame label={props.label} height={props.height} legend={props.legend ? series : undefined}>
      {draw}
    </Frame>
  );
}

/**
 * One series over time as a line with the area under it filled (down to zero when the axis crosses it), the axis
 * covering the data and `domain` (zero unless told). `marker` points at one day with a dashed line, a dot and an
 * optional label above the plot.
 */
export function AreaChart(props: {
  label: string;
  height: number;
  data: readonly { label: string; value: number }[];
  series: ChartSeries;
  format: Format;
  axisFormat?: Format;
  domain?: [number, number];
  marker?: { index: number; color: string; label?: string };
}) {
  const { data, series, format, marker } = props;
  const axisFormat = props.axisFormat ?? format;
  const values = data.map((d) => d.value);
  const [low, high] = props.domain ?? [0, 0];
  const extent: [number, number] = [Math.min(low, ...values), Math.max(high, ...values)];
  const labels = data.map((d) => d.label);
  const draw = (width: number) => {
    const top = marker?.label ? TOP + 20 : TOP;
    const bottom = props.height - BOTTOM;
    const ticks = ticksFor(extent, bottom - top);
    const left = Math.max(...ticks.map((tick) => textWidth(axisFormat(tick)))) + 12;
    const right = width - textWidth(labels.at(-1) ?? '') / 2 - 4;
    const y = linearScale(ticks, bottom, top);
    const step = data.length > 1 ? (right - left) / (data.length - 1) : 0;
    const x = (i: number) => (data.length > 1 ? left + step * i : (left + right) / 2);
    const shown = shownLabels(labels.map(textWidth), step || right - left);
    const line = values.map((v, i) => `${i === 0 ? 'M' : 'L'}${x(i)},${y(v)}`).join('');
    const base = y(Math.min(Math.max(0, ticks[0] ?? 0), ticks.at(-1) ?? 0));
    const color = themeColor(series.color);
    const marked = marker && data[marker.index];
    const markerLabelWidth = textWidth(marker?.label ?? '');
    return (
      <>
        {data.map((d, i) => (
          <rect
            key={i}
            x={x(i) - (step || right - left) / 2}
            y={top}
            width={step || right - left}
            height={bottom - top}
            className={classes.column}
          >
            <title>{columnTitle(d.label, [series], [d.value], format)}</title>
          </rect>
        ))}
        <ValueGrid ticks={ticks} at={y} format={axisFormat} across={[left, right]} />
        {data.length > 0 && (
          <g className={classes.mark}>
            <path d={`${line}L${x(data.length - 1)},${base}L${x(0)},${base}Z`} fill={color} fillOpacity={0.2} />
            <path d={line} fill="none" stroke={color} strokeWidth={2} strokeLinejoin="round" />
          </g>
        )}
        {marker && marked && (
          <g className={classes.mark}>
            <line
              x1={x(marker.index)}
              x2={x(marker.index)}
              y1={top}
              y2={bottom}
              stroke={themeColor(marker.color)}
              strokeDasharray="4 3"
            />
            <circle
              cx={x(marker.index)}
              cy={y(marked.value)}
              r={5}
              fill={themeColor(marker.color)}
              stroke="var(--mantine-color-body)"
              strokeWidth={2}
            />
            {marker.label && (
              <text
                x={Math.min(Math.max(x(marker.index), markerLabelWidth / 2), width - markerLabelWidth / 2)}
                y={TOP + 6}
                textAnchor="middle"
                fontSize={TICK_FONT}
                fontWeight={600}
                fill={themeColor(marker.color)}
              >
                {marker.label}
              </text>
            )}
          </g>
        )}
        {labels.map(
          (label, i) =>
            shown[i] && (
              <text key={i} x={x(i)} y={bottom + 16} textAnchor="middle" className={classes.tick}>
                {label}
              </text>
            ),
        )}
      </>
    );
  };
  return (
    <Frame label={props.label} height={props.height}>
      {draw}
    </Frame>
  );
}

/** Parts of a whole as a ring, each segment naming its value on hover. */
export function DonutChart(props: {
  label: string;
  size: number;
  thickness: number;
  data: readonly { name: string; value: number; color: string }[];
  format: Format;
}) {
  const { size, thickness } = props;
  const radius = (size - thickness) / 2;
  const circumference = 2 * Math.PI * radius;
  const dashes = donutDashes(
    props.data.map((d) => d.value),
    circumference,
    2,
  );
  return (
    <div role="img" aria-label={props.label} className={classes.donut}>
      <svg width={size} height={size} aria-hidden="true" focusable="false">
        <g transform={`rotate(-90 ${size / 2} ${size / 2})`}>
          {props.data.map((d, i) => (
            <circle
              key={i}
              cx={size / 2}
              cy={size / 2}
              r={radius}
              fill="none"
              stroke={themeColor(d.color)}
              strokeWidth={thickness}
              strokeDasharray={`${dashes[i]?.length ?? 0} ${circumference}`}
              strokeDashoffset={-(dashes[i]?.start ?? 0)}
            >
              <title>{`${d.name}: ${props.format(d.value)}`}</title>
            </circle>
          ))}
        </g>
      </svg>
    </div>
  );
}

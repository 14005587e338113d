import { Text } from '@mantine/core';
import { formatBRL, formatCalendarDate, type Dashboard } from '@financeiro/core';
import { dashboardMessages } from '../../i18n/dashboard';
import { AreaChart, BarChart } from '../../ui/Charts';

const t = dashboardMessages;

const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
/** "2026-03-01" as "mar/26". */
const shortMonth = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1] ?? ''}/${month.slice(2, 4)}`;
/** "2026-03-09" as "09/03". */
const shortDay = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;
/** An axis tick: whole reais without centavos, thousands and millions shortened (millions to two places). */
const axisBRL = (value: number) => {
  const reais = value / 100;
  const abs = Math.abs(reais);
  if (abs >= 1_000_000) return `R$ ${(reais / 1_000_000).toLocaleString('pt-BR', { maximumFractionDigits: 2 })} mi`;
  if (abs >= 1_000) return `R$ ${(reais / 1_000).toLocaleString('pt-BR', { maximumFractionDigits: 0 })} mil`;
  return `R$ ${reais.toLocaleString('pt-BR', { maximumFractionDigits: 0 })}`;
};

/*
 * Colours that read on paper and in greyscale: a dark teal and a light orange differ in lightness as well as hue;
 * the bars also carry a border so that a light bar keeps its edge when printed.
 */
const INFLOWS = 'teal.8';
const OUTFLOWS = 'orange.4';

/** Twelve months of cash-basis inflows and outflows, side by side. */
export function MonthlyChart({ monthly }: { monthly: NonNullable<Dashboard['monthly']> }) {
  if (monthly.every((m) => m.inflows === 0 && m.outflows === 0))
    return (
      <Text size="sm" c="dimmed">
        {t.monthly.none}
      </Text>
    );
  return (
    <BarChart
      label={t.monthly.label}
      height={260}
      data={monthly.map((m) => ({ label: shortMonth(m.month), values: [m.inflows, m.outflows] }))}
      series={[
        { name: t.monthly.inflows, color: INFLOWS },
        { name: t.monthly.outflows, color: OUTFLOWS },
      ]}
      legend
      outline
      maxBarWidth={22}
      format={formatBRL}
      axisFormat={axisBRL}
    />
  );
}

/** The balance day by day over the next 30 days, the lowest day marked with a line and its label. */
export function ProjectionChart({ projection }: { projection: NonNullable<Dashboard['projection']> }) {
  const lowest = projection.lowest;
  const balances = projection.points.map((p) => p.balance);
  const negative = balances.some((b) => b < 0);
  // The axis hugs the balances (and zero when they cross it), so that a dip of a few thousand reais shows.
  const low = Math.min(...balances, ...(negative ? [0] : []));
  const high = Math.max(...balances, ...(negative ? [0] : []));
  const pad = Math.max((high - low) * 0.15, Math.abs(high) * 0.01, 100);
  return (
    <AreaChart
      label={t.projection.label(formatBRL(lowest.balance), formatCalendarDate(lowest.date))}
      height={240}
      data={projection.points.map((p) => ({ label: shortDay(p.date), value: p.balance }))}
      series={{ name: t.projection.balance, color: lowest.balance < 0 ? 'red.8' : 'indigo.8' }}
      format={formatBRL}
      axisFormat={axisBRL}
      domain={[Math.floor(low - pad), Math.ceil(high + pad)]}
      marker={{ index: projection.points.findIndex((p) => p.date === lowest.date), color: 'red.9' }}
    />
  );
}

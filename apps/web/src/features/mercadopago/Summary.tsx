import { BarChart } from '@mantine/charts';
import { Paper, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { formatBRL } from '@financeiro/core';
import type { DayRow, DayTotals } from './api';
import { mercadoPagoMessages } from './messages';
import { shortDay } from './period';

const t = mercadoPagoMessages;

function Figure(props: { label: string; amount: number | undefined; sub?: string; tone?: 'red' | 'green' }) {
  return (
    <Paper withBorder p="sm" bg={props.tone === 'red' ? 'red.0' : undefined}>
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      {props.amount === undefined ? (
        <Skeleton h={24} mt={4} />
      ) : (
        <Text
          fw={700}
          size="lg"
          c={props.tone === 'red' ? 'red.9' : props.tone === 'green' ? 'teal.9' : undefined}
          style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        >
          {formatBRL(props.amount)}
        </Text>
      )}
      {props.sub && (
        <Text size="xs" c="dimmed">
          {props.sub}
        </Text>
      )}
    </Paper>
  );
}

const percent = (part: number, whole: number) =>
  whole === 0 ? '0%' : `${((part / whole) * 100).toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%`;

/** The month in six figures: gross sales, fees, net, released, to release, and what is not reconciled. */
export function Figures(props: { totals: DayTotals | undefined; busy: boolean }) {
  const s = props.totals;
  const f = t.figures;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" role="region" aria-label={f.label} aria-busy={props.busy}>
      <Figure label={f.gross} amount={s?.gross} sub={s ? f.sales(s.sales) : undefined} />
      <Figure label={f.fees} amount={s?.feesTotal} sub={s ? f.feeShare(percent(s.feesTotal, s.gross)) : undefined} />
      <Figure label={f.net} amount={s?.net} sub={s && s.refunds !== 0 ? f.refunds(s.refunds) : undefined} />
      <Figure label={f.released} amount={s?.released} />
      <Figure label={f.toRelease} amount={s?.toRelease} />
      <Figure
        label={f.difference}
        amount={s?.difference}
        tone={s ? (s.difference === 0 ? 'green' : 'red') : undefined}
        sub={s ? (s.difference === 0 ? f.allReconciled : f.open(s.unmatchedPayments)) : undefined}
      />
    </SimpleGrid>
  );
}

/**
 * The month per approval day as stacked bars: each bar is the day's gross, split into the fees, the net already
 * released and the net still to release.
 */
export function DayChart(props: { days: DayRow[] }) {
  const c = t.chart;
  const data = props.days.map((d) => ({
    day: shortDay(d.day),
    [c.fees]: d.feesTotal,
    [c.released]: d.released,
    [c.toRelease]: d.toRelease,
  }));
  return (
    <Paper withBorder p="sm">
      <Title order={3} size="h5" mb="xs">
        {c.title}
      </Title>
      {data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {c.none}
        </Text>
      ) : (
        <div role="img" aria-label={c.label}>
          <BarChart
            h={220}
            data={data}
            dataKey="day"
            type="stacked"
            series={[
              { name: c.fees, color: 'red.5' },
              { name: c.released, color: 'teal.6' },
              { name: c.toRelease, color: 'yellow.5' },
            ]}
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            tickLine="y"
            maxBarWidth={28}
            valueFormatter={(value) => formatBRL(value)}
            yAxisProps={{ width: 96, tickFormatter: (value: number) => formatBRL(value).replace(/,00$/, '') }}
          />
        </div>
      )}
    </Paper>
  );
}

import { Paper, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { formatBRL } from '@financeiro/core';
import { BarChart } from '../../ui/Charts';
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
  return (
    <Paper withBorder p="sm">
      <Title order={3} size="h5" mb="xs">
        {c.title}
      </Title>
      {props.days.length === 0 ? (
        <Text size="sm" c="dimmed">
          {c.none}
        </Text>
      ) : (
        <BarChart
          label={c.label}
          height={220}
          data={props.days.map((d) => ({ label: shortDay(d.day), values: [d.feesTotal, d.released, d.toRelease] }))}
          stacked
          series={[
            { name: c.fees, color: 'red.5' },
            { name: c.released, color: 'teal.6' },
            { name: c.toRelease, color: 'yellow.5' },
          ]}
          legend
          maxBarWidth={28}
          format={formatBRL}
          axisFormat={(value) => formatBRL(value).replace(/,00$/, '')}
        />
      )}
    </Paper>
  );
}

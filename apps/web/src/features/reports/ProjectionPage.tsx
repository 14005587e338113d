import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  formatBRL,
  formatCalendarDate,
  PROJECTION_DAYS,
  PROJECTION_STEPS,
  type Projection,
  type ProjectionPoint,
  type ProjectionStep,
} from '@financeiro/core';
import { AreaChart } from '../../ui/Charts';
import { useUrlState } from '../../ui/use-url-state';
import { trpc } from '../../api/trpc';
import { Choice, UnitChoice } from './controls';
import { reportsMessages } from './messages';
import { monthLabel } from './period';
import { ReportFrame, useOrganizationName, useOrganizationUnits } from './ReportFrame';
import type { ReportDocument, ReportLine } from './report-document';
import { ReportTable } from './ReportTable';

const t = reportsMessages;
const p = t.projection;

/** A step's first day as its row reads: the day, the week's Monday, or the month. */
const stepLabel = (step: ProjectionStep, date: string) =>
  step === 'month' ? monthLabel(date) : step === 'week' ? p.week(formatCalendarDate(date)) : formatCalendarDate(date);
/** "dd/mm" on the chart's axis and in the lowest point's label. */
const shortDate = (date: string) => formatCalendarDate(date).slice(0, 5);

export const lowestText = (lowest: ProjectionPoint) => p.lowest(formatBRL(lowest.balance), shortDate(lowest.date));

function projectionDocument(
  step: ProjectionStep,
  projection: Projection,
  organization: string,
  unitName: string | undefined,
): ReportDocument {
  const lines: ReportLine[] = projection.points.map((point) => ({
    key: point.date,
    parentKey: null,
    level: 0,
    label: stepLabel(step, point.date),
    strong: point.date === projection.lowest.date,
    values: [
      { kind: 'money', amount: point.inflows },
      { kind: 'money', amount: point.outflows },
      { kind: 'money', amount: point.balance },
    ],
  }));
  const sum = (of: (point: ProjectionPoint) => number) => projection.points.reduce((n, point) => n + of(point), 0);
  return {
    title: p.title,
    organization,
    details: [
      `${p.step}: ${p.steps[step]}`,
      `${t.unit}: ${unitName ?? t.allUnits}`,
      `${p.horizon(PROJECTION_DAYS)} (${formatCalendarDate(projection.today)})`,
      `${p.opening}: ${formatBRL(projection.opening)}`,
      `${p.investments} (${p.apartHint.toLowerCase()}): ${formatBRL(projection.balances.investments)}`,
      `${p.providers} (${p.apartHint.toLowerCase()}): ${formatBRL(projection.balances.providers)}`,
      lowestText(projection.lowest),
      t.valuesInReais,
    ],
    labelHeader: p.date,
    columns: [p.inflows, p.outflows, p.balance],
    lines,
    totals: {
      key: 'totals',
      parentKey: null,
      level: 0,
      label: t.total,
      strong: true,
      values: [
        { kind: 'money', amount: sum((point) => point.inflows) },
        { kind: 'money', amount: sum((point) => point.outflows) },
        { kind: 'money', amount: projection.points.at(-1)?.balance ?? projection.opening },
      ],
    },
    fileName: `fluxo-de-caixa-projetado-${projection.today}`,
  };
}

function Figure(props: { label: string; amount: number; hint?: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      <Text fw={700} size="lg" c={props.amount < 0 ? 'red.9' : undefined} style={{ overflowWrap: 'anywhere' }}>
        {formatBRL(props.amount)}
      </Text>
      {props.hint && (
        <Text size="xs" c="dimmed">
          {props.hint}
        </Text>
      )}
    </Paper>
  );
}

/** The balance step by step as an area, the lowest point marked with its amount and day. */
function BalanceChart(props: { projection: Projection }) {
  const { projection } = props;
  return (
    <Paper withBorder p="sm">
      <Title order={2} size="h5" mb="xs">
        {lowestText(projection.lowest)}
      </Title>
      <AreaChart
        label={p.chartLabel}
        height={260}
        data={projection.points.map((point) => ({ label: shortDate(point.date), value: point.balance }))}
        series={{ name: p.balance, color: 'blue.7' }}
        format={formatBRL}
        axisFormat={(value) => formatBRL(value).replace(/,00$/, '')}
        marker={{
          index: projection.points.findIndex((point) => point.date === projection.lowest.date),
          color: 'red.8',
          label: lowestText(projection.lowest),
        }}
      />
    </Paper>
  );
}

/**
 * relatorios_contabeis/fluxo_caixa: today's available cash (investments and Mercado Pago's unreleased money shown
 * apart, decision 0035) plus what falls due (open installments and recurrences) for the
 * next 90 days, by day, week or month, with the lowest balance marked.
 */
export function ProjectionPage() {
  const [filters, setFilters] = useUrlState({ step: 'day', unit: '' });
  const step = (PROJECTION_STEPS as readonly string[]).includes(filters.step)
    ? (filters.step as ProjectionStep)
    : 'day';
  const organization = useOrganizationName();
  const units = useOrganizationUnits();
  const input = { step, days: PROJECTION_DAYS, unitId: filters.unit || undefined };
  const query = useQuery(trpc.reports.projection.queryOptions(input, { placeholderData: keepPreviousData }));
  const projection = query.data;
  const unitName = units.find((unit) => unit.value === filters.unit)?.label;
  const doc = projection ? projectionDocument(step, projection, organization, unitName) : undefined;
  return (
    <ReportFrame
      controls={
        <>
          <Choice
            label={p.step}
            value={step}
            options={PROJECTION_STEPS.map((value) => ({ value, label: p.steps[value] }))}
            onChange={(value) => setFilters({ step: value })}
          />
          <UnitChoice value={filters.unit} onChange={(unit) => setFilters({ unit })} />
        </>
      }
      query={query}
      doc={doc}
      empty={projection !== undefined && projection.points.length === 0}
      note={`${p.horizon(PROJECTION_DAYS)}. ${p.note}`}
      summary={
        projection && (
          <SimpleGrid cols={{ base: 2, sm: 3, xl: 6 }} spacing="sm" role="region" aria-label={p.figures}>
            <Figure label={p.opening} amount={projection.opening} hint={p.openingHint} />
            <Figure label={p.investments} amount={projection.balances.investments} hint={p.apartHint} />
            <Figure label={p.providers} amount={projection.balances.providers} hint={p.apartHint} />
            <Figure label={p.overdueIn} amount={projection.overdueIn} />
            <Figure label={p.overdueOut} amount={projection.overdueOut} />
            <Figure label={p.lowestLabel} amount={projection.lowest.balance} />
          </SimpleGrid>
        )
      }
      chart={projection && <BalanceChart projection={projection} />}
    >
      {doc && <ReportTable doc={doc} />}
    </ReportFrame>
  );
}

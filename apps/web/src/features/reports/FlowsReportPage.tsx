import { Paper, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  FLOW_DIMENSIONS,
  formatBRL,
  REPORT_BASES,
  type FlowDimension,
  type FlowDirection,
  type FlowsReport,
  type ReportBasis,
} from '@financeiro/core';
import { BarChart } from '../../ui/Charts';
import { useUrlState } from '../../ui/use-url-state';
import { trpc } from '../../api/trpc';
import { BasisChoice, Choice, MonthsChoice, UnitChoice } from './controls';
import { reportsMessages } from './messages';
import { monthLabel, monthRange, monthShort } from './period';
import { useClosedReportMonths } from './closed-months';
import { ReportFrame, useOrganizationName, useOrganizationUnits } from './ReportFrame';
import { variation, type ReportDocument, type ReportLine } from './report-document';
import { ReportTable } from './ReportTable';

const t = reportsMessages;
const f = t.flows;

const pick = <T extends string>(values: readonly T[], raw: string, fallback: T): T =>
  (values as readonly string[]).includes(raw) ? (raw as T) : fallback;

function flowsDocument(
  direction: FlowDirection,
  dimension: FlowDimension,
  report: FlowsReport,
  organization: string,
  unitName: string | undefined,
): ReportDocument {
  const levels = new Map<string, number>();
  const lines: ReportLine[] = report.nodes.map((node) => {
    const key = node.id ?? 'none';
    const parentKey = node.parentId;
    const level = parentKey === null ? 0 : (levels.get(parentKey) ?? 0) + 1;
    levels.set(key, level);
    return {
      key,
      parentKey,
      level,
      label: node.id === null ? f.noClassification : node.code ? `${node.code} ${node.name}` : node.name,
      values: [
        ...node.months.map((amount) => ({ kind: 'money' as const, amount })),
        { kind: 'money' as const, amount: node.total },
        { kind: 'money' as const, amount: node.previousTotal },
        { kind: 'percent' as const, value: variation(node.total, node.previousTotal) },
      ],
    };
  });
  const from = report.months[0] ?? '';
  const to = report.months.at(-1) ?? '';
  return {
    title: f.title[direction],
    organization,
    details: [
      t.basis[report.basis],
      `${f.dimension}: ${f.dimensions[dimension]}`,
      `${t.unit}: ${unitName ?? t.allUnits}`,
      t.period(monthLabel(from), monthLabel(to)),
      f.previousPeriod(monthLabel(report.previous.from), monthLabel(report.previous.to)),
      t.valuesInReais,
    ],
    labelHeader: f.dimensions[dimension],
    columns: [...report.months.map(monthLabel), t.total, t.previous, t.variation],
    lines,
    totals: {
      key: 'totals',
      parentKey: null,
      level: 0,
      label: t.total,
      strong: true,
      values: [
        ...report.totals.months.map((amount) => ({ kind: 'money' as const, amount })),
        { kind: 'money' as const, amount: report.totals.total },
        { kind: 'money' as const, amount: report.totals.previousTotal },
        { kind: 'percent' as const, value: variation(report.totals.total, report.totals.previousTotal) },
      ],
    },
    fileName: `${direction === 'in' ? 'entradas' : 'saidas'}-${from.slice(0, 7)}-a-${to.slice(0, 7)}`,
  };
}

function MonthsChart(props: { report: FlowsReport; direction: FlowDirection }) {
  return (
    <Paper withBorder p="sm">
      <Title order={2} size="h5" mb="xs">
        {f.chart}
      </Title>
      <BarChart
        label={f.chartLabel}
        height={220}
        data={props.report.months.map((month, index) => ({
          label: monthShort(month),
          values: [props.report.totals.months[index] ?? 0],
        }))}
        series={[{ name: f.title[props.direction], color: props.direction === 'in' ? 'teal.7' : 'red.8' }]}
        maxBarWidth={36}
        format={formatBRL}
        axisFormat={(value) => formatBRL(value).replace(/,00$/, '')}
      />
    </Paper>
  );
}

/**
 * relatorios_contabeis/entradas and saidas: the classification (or cost-centre) tree × month, on the cash or the
 * accrual basis, with the total, the previous period of the same length and the change.
 */
export function FlowsReportPage({ direction }: { direction: FlowDirection }) {
  const [filters, setFilters] = useUrlState({ basis: 'cash', dimension: 'classification', from: '', to: '', unit: '' });
  const basis = pick<ReportBasis>(REPORT_BASES, filters.basis, 'cash');
  const dimension = pick<FlowDimension>(FLOW_DIMENSIONS, filters.dimension, 'classification');
  const { from, to, problem } = monthRange(filters);
  const organization = useOrganizationName();
  const units = useOrganizationUnits();
  const input = { direction, basis, dimension, from, to, unitId: filters.unit || undefined };
  const query = useQuery(
    trpc.reports.flows.queryOptions(input, { enabled: problem === null, placeholderData: keepPreviousData }),
  );
  const report = query.data;
  const unitName = units.find((unit) => unit.value === filters.unit)?.label;
  const doc = useClosedReportMonths(
    report && flowsDocument(direction, dimension, report, organization, unitName),
    report?.months ?? [],
    filters.unit,
  );
  return (
    <ReportFrame
      controls={
        <>
          <BasisChoice value={basis} onChange={(value) => setFilters({ basis: value })} />
          <Choice
            label={f.dimension}
            value={dimension}
            options={FLOW_DIMENSIONS.map((value) => ({ value, label: f.dimensions[value] }))}
            onChange={(value) => setFilters({ dimension: value })}
          />
          <MonthsChoice from={from} to={to} onChange={(change) => setFilters(change)} />
          <UnitChoice value={filters.unit} onChange={(unit) => setFilters({ unit })} />
        </>
      }
      query={query}
      doc={doc}
      problem={problem}
      empty={report !== undefined && report.nodes.length === 0}
      note={`${t.basisNote[basis]} ${t.period(monthLabel(from), monthLabel(to))}.`}
      chart={report && <MonthsChart report={report} direction={direction} />}
    >
      {doc && <ReportTable doc={doc} openLevels={1} />}
    </ReportFrame>
  );
}

export const InflowsPage = () => <FlowsReportPage direction="in" />;
export const OutflowsPage = () => <FlowsReportPage direction="out" />;

import { Paper, SegmentedControl, Select, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  addDays,
  formatBRL,
  formatCalendarDate,
  STATUS_COLUMNS,
  STATUS_GROUPINGS,
  type DocumentKind,
  type StatusColumn,
  type StatusGrouping,
  type StatusReport,
  type StatusReportRow,
} from '@financeiro/core';
import { BarChart } from '../../ui/Charts';
import { CARDS_MEDIA_QUERY } from '../../ui/DataTable.cards';
import { useUrlState } from '../../ui/use-url-state';
import { trpc } from '../../api/trpc';
import { reportsMessages } from './messages';
import { ReportFrame, useOrganizationName } from './ReportFrame';
import type { ReportDocument, ReportLine, ReportLink } from './report-document';
import { ReportTable } from './ReportTable';

const t = reportsMessages;
const s = t.status;
const LIST_PATH: Record<DocumentKind, string> = { payable: '/contas/pagar', receivable: '/contas/receber' };
/** The columns of the ageing chart: what is still to pay or receive, by how late it is. */
const AGEING: readonly StatusColumn[] = STATUS_COLUMNS.filter((column) => column !== 'paid' && column !== 'cancelled');
/** How many groups the chart stacks by name; the rest are one "Outros" band. */
const CHART_GROUPS = 6;
const CHART_COLORS = ['blue.7', 'teal.7', 'orange.7', 'grape.7', 'cyan.8', 'red.8', 'gray.6'];

/**
 * The installments list's filters that select what a cell counts: the column as status and due-date range (from the
 * report's today), the row's group as a filter of its own. Null when the list cannot select the row (a group
 * without a record, such as "sem classificação").
 */
export function cellLink(
  kind: DocumentKind,
  column: StatusColumn,
  today: string,
  grouping: StatusGrouping,
  id: string | null,
): ReportLink | null {
  const search: Record<string, string> = {};
  const range = (from: string, to: string) => {
    search.period = 'custom';
    if (from) search.from = from;
    if (to) search.to = to;
  };
  switch (column) {
    case 'due':
      search.status = 'open';
      range(today, '');
      break;
    case 'partial':
      search.status = 'partial';
      range(today, '');
      break;
    case 'overdue_1_30':
      search.status = 'overdue';
      range(addDays(today, -30), addDays(today, -1));
      break;
    case 'overdue_31_60':
      search.status = 'overdue';
      range(addDays(today, -60), addDays(today, -31));
      break;
    case 'overdue_61_90':
      search.status = 'overdue';
      range(addDays(today, -90), addDays(today, -61));
      break;
    case 'overdue_90':
      search.status = 'overdue';
      range('', addDays(today, -91));
      break;
    case 'paid':
    case 'cancelled':
      search.status = column;
      search.period = 'all';
      break;
  }
  if (grouping === 'none') return { to: LIST_PATH[kind], search };
  if (id === null) return null;
  if (grouping === 'unit') return { to: LIST_PATH[kind], search, unitId: id };
  const key = grouping === 'party' ? 'partyId' : grouping === 'classification' ? 'classificationId' : 'costCentreId';
  return { to: LIST_PATH[kind], search: { ...search, [key]: id } };
}

const columnLabel = (kind: DocumentKind, column: StatusColumn) =>
  column === 'paid' && kind === 'receivable' ? s.paidReceivable : s.columns[column];

function statusDocument(
  kind: DocumentKind,
  grouping: StatusGrouping,
  report: StatusReport,
  organization: string,
): ReportDocument {
  const columns = [...STATUS_COLUMNS.map((column) => columnLabel(kind, column)), t.total];
  // The totals row counts every group: its figures open the list without a group's filter.
  const line = (row: StatusReportRow, key: string, by: StatusGrouping): ReportLine => ({
    key,
    parentKey: null,
    level: 0,
    label: row.label,
    values: [
      ...STATUS_COLUMNS.map((column) => {
        const cell = row.cells[column];
        const link = cellLink(kind, column, report.today, by, row.id);
        return {
          kind: 'money' as const,
          amount: cell.amount,
          count: cell.count,
          link: link ?? undefined,
          label: s.open(row.label, columnLabel(kind, column)),
        };
      }),
      { kind: 'money' as const, amount: row.total.amount, count: row.total.count },
    ],
  });
  const grouped = grouping !== 'none';
  return {
    title: s.title[kind],
    organization,
    details: [
      `${s.grouping}: ${s.groupings[kind][grouping]}`,
      s.asOf(formatCalendarDate(report.today)),
      t.valuesInReais,
    ],
    labelHeader: grouped ? s.groupings[kind][grouping] : s.group,
    columns,
    lines: grouped ? report.rows.map((row, index) => line(row, `${row.id ?? 'none'}-${index}`, grouping)) : [],
    totals: { ...line({ ...report.totals, label: grouped ? s.totals : s.all }, 'totals', 'none'), strong: true },
    fileName: kind === 'payable' ? 'contas-a-pagar-por-status' : 'contas-a-receber-por-status',
  };
}

/**
 * The ageing as stacked bars: one bar per column still to settle, one band per group (the largest by name). On a phone
 * the bars lie, so that each column's name fits beside its bar.
 */
function AgeingChart(props: { kind: DocumentKind; report: StatusReport; grouped: boolean; phone: boolean }) {
  const rows = props.grouped
    ? [...props.report.rows].sort(
        (a, b) => AGEING.reduce((n, c) => n + b.cells[c].amount, 0) - AGEING.reduce((n, c) => n + a.cells[c].amount, 0),
      )
    : [{ ...props.report.totals, label: t.total }];
  // One band per name (groups of the same name add up), the rest as one "Outros" band.
  const bands = new Map<string, StatusReportRow[]>();
  rows.slice(0, CHART_GROUPS).forEach((row) => bands.set(row.label, [...(bands.get(row.label) ?? []), row]));
  const rest = rows.slice(CHART_GROUPS);
  if (rest.length > 0) bands.set(s.others, rest);
  return (
    <Paper withBorder p="sm">
      <Title order={2} size="h5" mb="xs">
        {s.chart}
      </Title>
      <BarChart
        label={s.chartLabel}
        height={240}
        data={AGEING.map((column) => ({
          label: columnLabel(props.kind, column),
          values: [...bands.values()].map((band) => band.reduce((n, row) => n + row.cells[column].amount, 0)),
        }))}
        stacked
        horizontal={props.phone}
        series={[...bands.keys()].map((name, index) => ({
          name,
          color: CHART_COLORS[index % CHART_COLORS.length] ?? 'gray.6',
        }))}
        legend={props.grouped}
        maxBarWidth={48}
        format={formatBRL}
        axisFormat={(value) => formatBRL(value).replace(/,00$/, '')}
      />
    </Paper>
  );
}

/** relatorios/cp_status and cr_status: the installments by status and ageing, grouped, each figure a link to its list. */
export function StatusReportPage({ kind }: { kind: DocumentKind }) {
  const [filters, setFilters] = useUrlState({ groupBy: 'none' });
  const grouping = (STATUS_GROUPINGS as readonly string[]).includes(filters.groupBy)
    ? (filters.groupBy as StatusGrouping)
    : 'none';
  const organization = useOrganizationName();
  const phone = useMediaQuery(CARDS_MEDIA_QUERY, false, { getInitialValueInEffect: false });
  const query = useQuery(
    trpc.reports.status.queryOptions({ kind, groupBy: grouping }, { placeholderData: keepPreviousData }),
  );
  const report = query.data;
  const doc = report ? statusDocument(kind, grouping, report, organization) : undefined;
  const options = STATUS_GROUPINGS.map((value) => ({ value, label: s.groupings[kind][value] }));
  const controls = phone ? (
    <Select
      label={s.grouping}
      data={options}
      value={grouping}
      onChange={(value) => value && setFilters({ groupBy: value })}
      allowDeselect={false}
      w="100%"
    />
  ) : (
    <SegmentedControl
      aria-label={s.grouping}
      data={options}
      value={grouping}
      onChange={(value) => setFilters({ groupBy: value })}
    />
  );
  return (
    <ReportFrame
      controls={controls}
      query={query}
      doc={doc}
      empty={report !== undefined && report.totals.total.count === 0}
      note={
        report
          ? [
              s.asOf(formatCalendarDate(report.today)),
              grouping === 'classification' || grouping === 'costCentre' ? s.apportioned : '',
            ]
              .filter(Boolean)
              .join('. ')
          : undefined
      }
      chart={report && <AgeingChart kind={kind} report={report} grouped={grouping !== 'none'} phone={phone} />}
    >
      {doc && <ReportTable doc={doc} />}
    </ReportFrame>
  );
}

export const PayablesStatusPage = () => <StatusReportPage kind="payable" />;
export const ReceivablesStatusPage = () => <StatusReportPage kind="receivable" />;

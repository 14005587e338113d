import { Box } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { REPORT_BASES, type DreLine, type DreReport, type ReportBasis } from '@financeiro/core';
import { trpc } from '../../api/trpc';
import { useUrlState } from '../../ui/use-url-state';
import { ReferenceSelect } from '../registries/fields';
import { ledgerSources } from '../ledger/sources';
import { BasisChoice, MonthsChoice, UnitChoice } from './controls';
import { reportsMessages } from './messages';
import { monthLabel, monthRange } from './period';
import { ReportFrame, useOrganizationName, useOrganizationUnits } from './ReportFrame';
import type { ReportDocument, ReportLine } from './report-document';
import { ReportTable } from './ReportTable';
import { useClosedReportMonths } from './closed-months';

const t = reportsMessages;
const d = t.dre;
/** The lines that sum the ones above them, in bold. */
const SUBTOTALS: ReadonlySet<DreLine> = new Set([
  'net_revenue',
  'margin',
  'operating_result',
  'financial_result',
  'result',
]);

function dreDocument(
  report: DreReport,
  organization: string,
  filters: { unit?: string; costCentre?: string },
): ReportDocument {
  const lines: ReportLine[] = report.rows.flatMap((row) => {
    const money = (months: number[], total: number) => [
      ...months.map((amount) => ({ kind: 'money' as const, amount })),
      { kind: 'money' as const, amount: total },
    ];
    const line: ReportLine = {
      key: row.line,
      parentKey: null,
      level: 0,
      label: d.lines[row.line],
      strong: SUBTOTALS.has(row.line),
      values: money(row.months, row.total),
    };
    return [
      line,
      ...row.classifications.map((c) => ({
        key: `${row.line}:${c.id}`,
        parentKey: row.line,
        level: 1,
        label: c.code ? `${c.code} ${c.name}` : c.name,
        values: money(c.months, c.total),
      })),
    ];
  });
  const from = report.months[0] ?? '';
  const to = report.months.at(-1) ?? '';
  return {
    title: d.title,
    organization,
    details: [
      t.basis[report.basis],
      `${t.unit}: ${filters.unit ?? t.allUnits}`,
      `${t.costCentre}: ${filters.costCentre ?? t.allCostCentres}`,
      t.period(monthLabel(from), monthLabel(to)),
      t.valuesInReais,
    ],
    labelHeader: d.line,
    columns: [...report.months.map(monthLabel), t.total],
    lines,
    fileName: `dre-gerencial-${from.slice(0, 7)}-a-${to.slice(0, 7)}`,
  };
}

/**
 * relatorios_contabeis/dre: the management income statement by month, revenues down to the result, each group
 * opening to its classifications; accrual basis unless cash is chosen; by unit or cost centre.
 */
export function DreReportPage() {
  const [filters, setFilters] = useUrlState({ basis: 'accrual', from: '', to: '', unit: '', costCentre: '' });
  const basis = (REPORT_BASES as readonly string[]).includes(filters.basis)
    ? (filters.basis as ReportBasis)
    : 'accrual';
  const { from, to, problem } = monthRange(filters);
  const organization = useOrganizationName();
  const units = useOrganizationUnits();
  const input = {
    basis,
    from,
    to,
    unitId: filters.unit || undefined,
    costCentreId: filters.costCentre || undefined,
  };
  const query = useQuery(
    trpc.reports.dre.queryOptions(input, { enabled: problem === null, placeholderData: keepPreviousData }),
  );
  const costCentre = useQuery(
    trpc.registries.costCentres.options.queryOptions(
      { search: '', ids: [filters.costCentre] },
      { enabled: filters.costCentre !== '' },
    ),
  );
  const report = query.data;
  const doc = useClosedReportMonths(
    report &&
      dreDocument(report, organization, {
        unit: units.find((unit) => unit.value === filters.unit)?.label,
        costCentre: costCentre.data?.find((c) => c.id === filters.costCentre)?.label,
      }),
    report?.months ?? [],
    filters.unit,
  );
  return (
    <ReportFrame
      controls={
        <>
          <BasisChoice value={basis} onChange={(value) => setFilters({ basis: value })} />
          <MonthsChoice from={from} to={to} onChange={(change) => setFilters(change)} />
          <UnitChoice value={filters.unit} onChange={(unit) => setFilters({ unit })} />
          <Box w={{ base: '100%', xs: 220 }}>
            <ReferenceSelect
              label={t.costCentre}
              source={ledgerSources.costCentres}
              value={filters.costCentre || null}
              onChange={(value) => setFilters({ costCentre: value ?? '' })}
            />
          </Box>
        </>
      }
      query={query}
      doc={doc}
      problem={problem}
      empty={report !== undefined && report.rows.every((row) => row.months.every((amount) => amount === 0))}
      note={`${t.basisNote[basis]} ${t.period(monthLabel(from), monthLabel(to))}.`}
    >
      {doc && <ReportTable doc={doc} openLevels={0} />}
    </ReportFrame>
  );
}

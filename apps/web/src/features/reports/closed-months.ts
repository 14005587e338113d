import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../api/trpc';
import { reportsMessages as t } from './messages';
import { withClosedMonths, type ReportDocument } from './report-document';

/**
 * A monthly report with its closed months marked: those closed in every unit it covers (the chosen unit, or all of
 * the organization's), as `reports.closedMonths` answers. Unmarked while they cannot be read.
 */
export function useClosedReportMonths(
  doc: ReportDocument | undefined,
  months: readonly string[],
  unitFilter: string,
): ReportDocument | undefined {
  const from = months[0] ?? '';
  const to = months.at(-1) ?? '';
  const closed = useQuery(
    trpc.reports.closedMonths.queryOptions(
      { from, to, unitId: unitFilter || undefined },
      { enabled: months.length > 0, staleTime: 60_000, retry: false },
    ),
  );
  return doc && withClosedMonths(doc, months, new Set(closed.data ?? []), t.closedMonths);
}

import { useTenantStore } from '../../stores/tenant';
import { useClosedMonths } from '../closing/use-closed-months';
import { reportsMessages as t } from './messages';
import { withClosedMonths, type ReportDocument } from './report-document';
import { useOrganizationUnits } from './ReportFrame';

/**
 * A monthly report with the months closed in its unit marked, as `ledger.closing.list` reads them for the selected
 * unit. Closing is per unit: the marks show when the report covers the selected unit alone (that unit chosen, or
 * "all units" of an organization with one). A report of another unit, or of several, is left unmarked.
 */
export function useClosedReportMonths(
  doc: ReportDocument | undefined,
  months: readonly string[],
  unitFilter: string,
): ReportDocument | undefined {
  const selectedUnit = useTenantStore((s) => s.selectedUnit);
  const units = useOrganizationUnits();
  const reportUnits = unitFilter ? [unitFilter] : units.map((unit) => unit.value);
  const covered = reportUnits.length === 1 && reportUnits[0] === selectedUnit;
  const closed = new Set(useClosedMonths(covered ? months : []).map((m) => m.month));
  return doc && withClosedMonths(doc, months, closed, t.closedMonths);
}

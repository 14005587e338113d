import type { SheetRow } from '../../ui/download';

/** Where a figure leads: a screen's path and its search parameters, in the selected unit or in another one. */
export interface ReportLink {
  to: string;
  search: Record<string, string>;
  /** The unit to select before opening, when the figure belongs to another unit than the selected one. */
  unitId?: string;
}

/** One cell of a report: an amount (with how many items make it up), a percentage or a text; null is blank. */
export type ReportValue =
  | { kind: 'money'; amount: number; count?: number; link?: ReportLink; label?: string }
  | { kind: 'percent'; value: number | null }
  | { kind: 'text'; text: string }
  | null;

export interface ReportLine {
  key: string;
  /** The line this one sits under in the tree; null at the top. */
  parentKey: string | null;
  level: number;
  label: string;
  values: ReportValue[];
  /** Subtotals and totals, in bold. */
  strong?: boolean;
}

/**
 * A report as the screen's table, the spreadsheet and the PDF all show it: one model, three renderings, so that
 * what is exported is what is seen.
 */
export interface ReportDocument {
  title: string;
  organization: string;
  /** The filters, basis and period, one line each. */
  details: string[];
  labelHeader: string;
  columns: string[];
  lines: ReportLine[];
  totals?: ReportLine;
  /** The file name without extension. */
  fileName: string;
  /** The indexes of the columns of months closed in every unit the report covers (decision 0036): a lock marks them. */
  closedColumns?: number[];
}

/**
 * The report with its closed months marked: their columns (the first `months.length` columns are the
 * months, in order) and one heading line naming them, which the spreadsheet and the PDF carry too.
 */
export function withClosedMonths(
  doc: ReportDocument,
  months: readonly string[],
  closed: ReadonlySet<string>,
  line: (labels: string[]) => string,
): ReportDocument {
  const closedColumns = months.flatMap((month, index) => (closed.has(month) ? [index] : []));
  if (closedColumns.length === 0) return doc;
  return {
    ...doc,
    details: [...doc.details, line(closedColumns.map((index) => doc.columns[index] ?? ''))],
    closedColumns,
  };
}

/** Centavos without the currency sign, "1.234,56", where the heading already says the values are in reais. */
export const bareAmount = (centavos: number) =>
  (centavos / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A ratio as "12,3%"; "—" when there is nothing to compare with. */
export const percentText = (value: number | null) =>
  value === null ? '—' : `${(value * 100).toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%`;

/** The change from `previous` to `current`, as a ratio; null when the previous period had nothing. */
export const variation = (current: number, previous: number): number | null =>
  previous === 0 ? null : (current - previous) / Math.abs(previous);

/** A cell's text in the PDF and the printed table. */
export function valueText(value: ReportValue): string {
  if (value === null) return '';
  if (value.kind === 'money') return bareAmount(value.amount);
  if (value.kind === 'percent') return percentText(value.value);
  return value.text;
}

/** Whether the report has columns of counts (the status report), which the spreadsheet puts in columns of their own. */
const withCounts = (doc: ReportDocument) =>
  doc.lines.some((line) => line.values.some((value) => value?.kind === 'money' && value.count !== undefined));

/**
 * The spreadsheet's rows: the label (indented by its level), then each column; amounts in reais as numbers, counts
 * in a column of their own beside their amount.
 */
export function sheetRows(doc: ReportDocument): SheetRow[] {
  const counts = withCounts(doc);
  const all = doc.totals ? [...doc.lines, doc.totals] : doc.lines;
  return all.map((line) => {
    const row: SheetRow = { [doc.labelHeader]: `${'    '.repeat(line.level)}${line.label}` };
    doc.columns.forEach((column, index) => {
      const value = line.values[index] ?? null;
      if (value?.kind === 'money') {
        row[column] = value.amount / 100;
        if (counts) row[`${column} (qtd.)`] = value.count ?? null;
      } else {
        row[column] = value === null ? null : valueText(value);
      }
    });
    return row;
  });
}

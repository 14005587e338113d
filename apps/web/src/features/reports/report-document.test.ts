import { describe, expect, it } from 'vitest';
import { reportsMessages as t } from './messages';
import { withClosedMonths, type ReportDocument } from './report-document';

describe("a monthly report's closed months", () => {
  const doc: ReportDocument = {
    title: 'DRE gerencial',
    organization: 'Demo',
    details: ['Regime de competência'],
    labelHeader: 'Linha',
    columns: ['jan/2026', 'fev/2026', 'mar/2026', 'Total'],
    lines: [],
    fileName: 'dre',
  };
  const months = ['2026-01-01', '2026-02-01', '2026-03-01'];

  it('marks the columns of the closed months and names them in a heading line the exports carry', () => {
    const marked = withClosedMonths(doc, months, new Set(['2026-01-01', '2026-02-01']), t.closedMonths);
    expect(marked.closedColumns).toEqual([0, 1]);
    expect(marked.details).toEqual(['Regime de competência', 'Meses fechados: jan/2026, fev/2026']);
    expect(marked.columns).toEqual(doc.columns);
  });

  it('leaves a report without closed months as it was, and never marks the total', () => {
    expect(withClosedMonths(doc, months, new Set(), t.closedMonths)).toBe(doc);
    expect(withClosedMonths(doc, months, new Set(['2025-12-01']), t.closedMonths)).toBe(doc);
  });
});

import { formatDateTime } from '@financeiro/core';
import { reportsMessages } from './messages';
import { valueText, type ReportDocument, type ReportLine } from './report-document';

const t = reportsMessages;

/** Colours that read on paper, in grey and red rather than the screen's tints. */
const INK = '#212529';
const RED = '#b02a37';
const RULE = '#adb5bd';
const HEADING_FILL = '#dee2e6';
const STRONG_FILL = '#f1f3f5';
const MARGIN = 28;

/** Above this many value columns the page turns to landscape; the font shrinks as columns grow. */
const PORTRAIT_COLUMNS = 6;
const fontSize = (columns: number) => (columns <= 6 ? 9 : columns <= 10 ? 8 : columns <= 15 ? 6.5 : 5.5);

type Cell = Record<string, unknown>;

function lineCells(line: ReportLine, columns: number): Cell[] {
  const fill = line.strong ? STRONG_FILL : undefined;
  const label: Cell = {
    text: line.label,
    bold: Boolean(line.strong),
    margin: [line.level * 8, 0, 0, 0],
    fillColor: fill,
  };
  const values = Array.from({ length: columns }, (_, index): Cell => {
    const value = line.values[index] ?? null;
    const negative =
      (value?.kind === 'money' && value.amount < 0) || (value?.kind === 'percent' && (value.value ?? 0) < 0);
    const count = value?.kind === 'money' && value.count !== undefined ? `\n(${value.count})` : '';
    return {
      text: `${valueText(value)}${count}`,
      alignment: 'right',
      bold: Boolean(line.strong),
      color: negative ? RED : INK,
      noWrap: true,
      fillColor: fill,
    };
  });
  return [label, ...values];
}

/**
 * The report as an A4 PDF: the organization, the title, the filters with the basis and the period and when it was
 * generated; the table with its header repeated on every page, landscape when the months need it; page numbers in
 * the footer. pdfmake and its fonts load only when a PDF is asked for.
 */
export async function reportPdf(doc: ReportDocument, now = new Date()): Promise<Blob> {
  const [{ default: pdfMake }, { default: vfs }] = await Promise.all([
    import('pdfmake/build/pdfmake'),
    import('pdfmake/build/vfs_fonts'),
  ]);
  pdfMake.addVirtualFileSystem(vfs);
  const columns = doc.columns.length;
  const generated = t.generatedAt(formatDateTime(now));
  const heading: Cell[] = [
    { text: doc.labelHeader, bold: true, fillColor: HEADING_FILL },
    ...doc.columns.map((column) => ({ text: column, bold: true, alignment: 'right', fillColor: HEADING_FILL })),
  ];
  const body = [heading, ...doc.lines.map((line) => lineCells(line, columns))];
  if (doc.totals) body.push(lineCells({ ...doc.totals, strong: true }, columns));
  const definition = {
    pageSize: 'A4',
    pageOrientation: columns > PORTRAIT_COLUMNS ? 'landscape' : 'portrait',
    pageMargins: [MARGIN, 48, MARGIN, 40],
    info: { title: doc.title, author: doc.organization, subject: doc.details.join(' · '), creator: 'Financeiro' },
    defaultStyle: { font: 'Roboto', fontSize: fontSize(columns), color: INK },
    header: () => ({
      columns: [
        { text: doc.organization, bold: true },
        { text: doc.title, alignment: 'right' },
      ],
      margin: [MARGIN, 20, MARGIN, 0],
      fontSize: 9,
    }),
    footer: (page: number, pages: number) => ({
      columns: [
        { text: generated, fontSize: 8 },
        { text: t.page(page, pages), alignment: 'right', fontSize: 8 },
      ],
      margin: [MARGIN, 12, MARGIN, 0],
    }),
    content: [
      { text: doc.organization, fontSize: 10, color: '#495057' },
      { text: doc.title, fontSize: 16, bold: true, margin: [0, 2, 0, 4] },
      ...doc.details.map((line) => ({ text: line, fontSize: 9 })),
      { text: generated, fontSize: 9, margin: [0, 0, 0, 10] },
      {
        table: {
          headerRows: 1,
          dontBreakRows: true,
          widths: ['*', ...doc.columns.map(() => 'auto')],
          body,
        },
        layout: {
          hLineWidth: (i: number) => (i <= 1 ? 1 : 0.5),
          vLineWidth: () => 0,
          hLineColor: () => RULE,
          paddingLeft: () => 3,
          paddingRight: () => 3,
          paddingTop: () => 2,
          paddingBottom: () => 2,
        },
      },
    ],
  };
  return pdfMake.createPdf(definition).getBlob();
}

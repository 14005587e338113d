import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { strFromU8, unzipSync } from 'fflate';
import { csvFile, safeCell, xlsxFile, type SheetCell, type SheetRow } from './download';

/** The cells of the first sheet of a workbook, row by row: shared strings as text, the rest as numbers. */
async function readXlsx(file: Blob): Promise<SheetCell[][]> {
  const parts = unzipSync(new Uint8Array(await file.arrayBuffer()));
  const xml = (name: string) => strFromU8(parts[name] ?? new Uint8Array());
  const unescape = (text: string) =>
    text.replace(/&(lt|gt|quot|apos|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'" })[e] ?? '&');
  const strings = [...xml('xl/sharedStrings.xml').matchAll(/<t[^>]*>(.*?)<\/t>/gs)].map((m) => unescape(m[1] ?? ''));
  return [...xml('xl/worksheets/sheet1.xml').matchAll(/<row[^>]*>(.*?)<\/row>/gs)].map((row) =>
    [...(row[1] ?? '').matchAll(/<c ([^>]*)><v>(.*?)<\/v><\/c>/g)].map(([, attributes = '', value = '']) =>
      attributes.includes('t="s"') ? (strings[Number(value)] ?? null) : Number(value),
    ),
  );
}

const SUPPLIERS: SheetRow[] = [
  { Nome: '=HYPERLINK("http://x","y")', Documento: '11222333000181', Saldo: -5 },
  { Nome: '@SUM(A1)', Documento: '-5', Saldo: 10.5 },
  { Nome: 'Acme Ltda', Documento: '+55 11 3333-4444', Saldo: null },
];

describe('exports are safe to open in a spreadsheet', () => {
  it('prefixes an apostrophe to text that starts like a formula, and leaves numbers alone', () => {
    expect(['=1+1', '+1', '-5', '@SUM(A1)', '\tx', '\rx'].map(safeCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-5",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
    ]);
    expect(['Acme', 'a=b', ' =1', '', null, -5, 0].map(safeCell)).toEqual(['Acme', 'a=b', ' =1', '', null, -5, 0]);
  });

  it('writes the prefixed text into the CSV', async () => {
    const text = await csvFile(SUPPLIERS).text();
    const { data } = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter: ';' });
    expect(data).toEqual([
      ['Nome', 'Documento', 'Saldo'],
      ['\'=HYPERLINK("http://x","y")', '11222333000181', '-5'],
      ["'@SUM(A1)", "'-5", '10.5'],
      ['Acme Ltda', "'+55 11 3333-4444", ''],
    ]);
  });

  it('writes the prefixed text into the workbook, a negative amount still a number', async () => {
    expect(await readXlsx(await xlsxFile(SUPPLIERS))).toEqual([
      ['Nome', 'Documento', 'Saldo'],
      ['\'=HYPERLINK("http://x","y")', '11222333000181', -5],
      ["'@SUM(A1)", "'-5", 10.5],
      ['Acme Ltda', "'+55 11 3333-4444"],
    ]);
  });
});

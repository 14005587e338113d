import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { parseBRL } from '@financeiro/core';
import { chromiumAvailable, screenshot, signInToMatriz } from './support/browser';
import { useHarness } from './support/harness';

/** Text as Intl writes it (a non-breaking space after "R$"), made plain. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');
/** Every "R$ 1.234,56" (or "-R$ 10,00") of a text, as centavos. */
const amounts = (text: string) =>
  [...plain(text).matchAll(/(-?)\s*R\$\s*([\d.]+,\d{2})/g)].map(
    (m) => (m[1] ? -1 : 1) * (parseBRL(m[2] ?? '') ?? Number.NaN),
  );

/** A PDF opened as a reader opens it: its document information, each page's size and its text. */
async function openPdf(bytes: Buffer) {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true }).promise;
  const info = (await doc.getMetadata()).info as Record<string, string>;
  const pages: { view: number[]; text: string }[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    pages.push({ view: page.view, text: content.items.map((item) => ('str' in item ? item.str : '')).join(' ') });
  }
  await doc.destroy();
  return { info, pages, text: plain(pages.map((p) => p.text).join('\n')) };
}

/** Chooses an item of the report's "Exportar" menu and waits for the file. */
async function exportAs(page: Page, item: string): Promise<Download> {
  await page.getByRole('button', { name: 'Exportar' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: item }).click(),
  ]);
  return download;
}

async function fileOf(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFile(path);
}

// Reason for skipIf: these journeys need Debian's Chromium at /usr/bin/chromium; CI installs it, a laptop may not.
describe.skipIf(!chromiumAvailable)('the reports in Chromium', () => {
  const h = useHarness();

  it('the DRE of the last 12 months changes from accrual to cash, and goes out as XLSX and PDF with its figures', async () => {
    const page = await h.newPage(1366, 900);
    // The accounting reports are the organization's: the administrator reads them (decisions 0006 and 0025).
    await signInToMatriz(page, h.app.url, 'admin');
    await page.goto(`${h.app.url}/relatorios_contabeis/dre`);
    const table = page.getByRole('region', { name: 'DRE gerencial' });
    await table.waitFor({ timeout: 30_000 });
    // Twelve month columns, the line's and the total's.
    await expect.poll(() => table.locator('thead th').count()).toBe(14);
    await page.getByText('Regime de competência: valores pelo mês de competência dos documentos.').waitFor();
    const revenue = table.getByRole('row', { name: /Receita bruta/ });
    const accrual = amounts(await revenue.innerText());
    expect(accrual).toHaveLength(13);
    expect(accrual.at(-1), 'the demo sells every month').toBeGreaterThan(0);
    // A group opens to its classifications, with the keyboard.
    await table.getByRole('button', { name: 'Abrir Receita bruta' }).focus();
    await page.keyboard.press('Enter');
    await table.getByRole('button', { name: 'Fechar Receita bruta' }).waitFor();
    await screenshot(page, 'reports-dre-accrual-1366');

    await page.getByText('Regime de caixa', { exact: true }).click();
    await page.waitForURL(/basis=cash/);
    await page.getByText('Regime de caixa: valores pela data de pagamento das baixas.').waitFor();
    await expect
      .poll(async () => amounts(await revenue.innerText()).join(), { timeout: 20_000 })
      .not.toBe(accrual.join());
    const cash = amounts(await revenue.innerText());
    const result = amounts(await table.getByRole('row', { name: /Resultado do período/ }).innerText());
    await screenshot(page, 'reports-dre-cash-1366');

    // The spreadsheet: the organization, the title, the basis, then the table with amounts as numbers (in reais).
    const xlsx = await exportAs(page, 'Excel (XLSX)');
    expect(xlsx.suggestedFilename()).toMatch(/^dre-gerencial-\d{4}-\d{2}-a-\d{4}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await fileOf(xlsx)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('the workbook has no sheet');
    const text = (row: number, column: number) => String(sheet.getRow(row).getCell(column).value ?? '');
    expect(text(1, 1)).toBe('Demo');
    expect(text(2, 1)).toBe('DRE gerencial');
    expect(text(3, 1)).toBe('Regime de caixa');
    const rowOf = (label: string) => {
      let found: ExcelJS.Row | undefined;
      sheet.eachRow((row) => {
        if (String(row.getCell(1).value ?? '').trim() === label) found = row;
      });
      if (!found) throw new Error(`no row "${label}" in the sheet`);
      return found;
    };
    const figures = (row: ExcelJS.Row) =>
      Array.from({ length: 13 }, (_, i) => Math.round(Number(row.getCell(i + 2).value) * 100));
    expect(figures(rowOf('Receita bruta'))).toEqual(cash);
    expect(figures(rowOf('(=) Resultado do período'))).toEqual(result);

    // The PDF: a real one, its document information naming the report and the organization.
    const pdf = await exportAs(page, 'PDF (A4)');
    expect(pdf.suggestedFilename()).toMatch(/^dre-gerencial-.*\.pdf$/);
    const bytes = await fileOf(pdf);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const opened = await openPdf(bytes);
    expect(opened.info.Title).toBe('DRE gerencial');
    expect(opened.info.Author).toBe('Demo');
    expect(opened.info.Subject).toContain('Regime de caixa');
    // Twelve months and the total: landscape A4 (842 × 595 points), the heading and the figures on the page.
    expect(opened.pages[0]?.view.map(Math.round)).toEqual([0, 0, 842, 595]);
    expect(opened.text).toContain('DRE gerencial');
    expect(opened.text).toContain('Regime de caixa');
    expect(opened.text).toContain('Receita bruta');
    // The PDF's cells are bare amounts ("47.602,28", the heading says they are in reais).
    const bare = [...opened.text.matchAll(/(-?)([\d.]+,\d{2})/g)].map(
      (m) => (m[1] ? -1 : 1) * (parseBRL(m[2] ?? '') ?? 0),
    );
    expect(bare).toEqual(expect.arrayContaining([...cash, ...result]));
  });

  it('payables by status: a figure opens the list of the same installments, with the same total', async () => {
    const page = await h.newPage(1366, 900);
    await signInToMatriz(page, h.app.url, 'financeiro');
    await page.goto(`${h.app.url}/relatorios/cp_status`);
    const table = page.getByRole('region', { name: 'Contas a pagar por status' });
    await table.waitFor({ timeout: 30_000 });
    await page.getByRole('img', { name: 'Gráfico de barras do valor em aberto por faixa de vencimento' }).waitFor();
    await screenshot(page, 'reports-cp-status-1366');
    const due = table.getByRole('link', { name: /Ver as parcelas de Todas as contas: A vencer$/ });
    const cell = due.locator('xpath=ancestor::td');
    const amount = amounts(await due.innerText())[0];
    const count = Number(/(\d+) parcelas?/.exec(await cell.innerText())?.[1] ?? -1);
    expect(amount).toBeGreaterThan(0);
    await due.click();
    await page.waitForURL(/\/contas\/pagar\?/);
    expect(page.url()).toContain('status=open');
    const totals = page.locator('[aria-label="Totais do filtro"][aria-busy="false"]');
    await totals.waitFor();
    const listed = plain(await totals.innerText());
    expect(amounts(/Em aberto:\s*(.+)/.exec(listed)?.[1] ?? '')[0]).toBe(amount);
    expect(listed).toContain(`${count.toLocaleString('pt-BR')} ${count === 1 ? 'parcela' : 'parcelas'}`);

    // Grouped by supplier, in the address; the totals row keeps the same figure.
    await page.goBack();
    await page.getByText('Fornecedor', { exact: true }).click();
    await page.waitForURL(/groupBy=party/);
    await expect
      .poll(async () =>
        amounts(await table.getByRole('link', { name: /Ver as parcelas de Total: A vencer$/ }).innerText()),
      )
      .toEqual([amount]);
  });

  it('the projection marks its lowest balance, and the reports fit a 390 px phone', async () => {
    const page = await h.newPage(390, 844);
    await signInToMatriz(page, h.app.url, 'admin');
    await page.goto(`${h.app.url}/relatorios_contabeis/fluxo_caixa`);
    await page.getByRole('heading', { name: /^Menor saldo: -?R\$/ }).waitFor({ timeout: 30_000 });
    await page.getByRole('region', { name: 'Resumo da projeção' }).getByText('Aplicações').waitFor();
    await screenshot(page, 'reports-projection-390');
    // The table scrolls inside its card; the page itself does not scroll sideways.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.goto(`${h.app.url}/relatorios_contabeis/entradas`);
    await page.getByRole('region', { name: 'Entradas' }).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'reports-inflows-390');
  });
});

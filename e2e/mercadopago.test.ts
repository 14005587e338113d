import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { addDays, formatCalendarDate, todayInSaoPaulo } from '@financeiro/core';
import {
  demoMercadoPagoSales,
  settlementReportCsv,
  DEMO_MERCADOPAGO_NOT_IMPORTED_DAYS,
} from '../apps/server/src/modules/demo';
import { chromiumAvailable, screenshot, signInToMatriz } from './support/browser';
import { useHarness } from './support/harness';

/** Text as shown, with the non-breaking space Intl puts after "R$" made plain and blank lines dropped. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ').replace(/\n+/g, '\n');
/** Centavos as the day table writes them, without "R$": "1.234,56". */
const bare = (centavos: number) =>
  (centavos / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const brl = (centavos: number) => `R$ ${bare(centavos)}`;

/** The cells of the day table's row of `day`, as shown. */
async function dayCells(page: Page, day: string): Promise<string[]> {
  const row = page
    .getByRole('region', { name: 'Vendas por dia de aprovação' })
    .locator('tbody tr')
    .filter({ has: page.getByRole('button', { name: `Ver as vendas de ${formatCalendarDate(day)}` }) });
  return (await row.locator('td').allInnerTexts()).map((text) => plain(text).trim());
}

/** The payment's row (or card) in the drill-down. */
const paymentRow = (payments: Locator, sourceId: string) => payments.locator('tbody tr').filter({ hasText: sourceId });

// Reason for skipIf: this journey needs Debian's Chromium at /usr/bin/chromium; CI installs it, a laptop may not.
describe.skipIf(!chromiumAvailable)('the Mercado Pago reconciliation in Chromium', () => {
  const h = useHarness();

  it("imports the last days' settlement report, matches the sales to the shop's receivables by approval date, accepts them, and books the fees with the net waiting for release", async () => {
    // The demo imported its shop's reports up to a few days ago; the last days' report is the one a person would
    // download now from Mercado Pago's panel.
    const today = todayInSaoPaulo();
    const sales = demoMercadoPagoSales(today);
    const from = addDays(today, -(DEMO_MERCADOPAGO_NOT_IMPORTED_DAYS - 1));
    const csv = settlementReportCsv(sales, from, today);
    const rows = csv.trim().split('\n').length - 1;
    // The newest shop order of those days: a receivable due on the day its buyer paid.
    const target = sales.filter((s) => s.day >= from && s.hasReceivable && !s.refund).at(-1);
    expect(target, 'the demo sells on most days').toBeDefined();
    if (!target) return;
    const day = formatCalendarDate(target.day);
    const sameDay = sales.filter((s) => s.day === target.day);

    const page = await h.newPage(1366, 768);
    await signInToMatriz(page, h.app.url, 'financeiro');
    await page.goto(`${h.app.url}/gestao_contas/conciliacao_mercado_pago?month=${target.day.slice(0, 7)}`);
    // The demo's Mercado Pago account opens, already configured (no setup panel).
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Conta do Mercado Pago' }).inputValue())
      .toBe('Mercado Pago vendas');
    await page
      .getByText(/Total do mês|Nenhum relatório importado neste mês/)
      .first()
      .waitFor();
    expect(await page.getByText('Configure a conciliação desta conta').count()).toBe(0);
    expect(await page.getByRole('button', { name: `Ver as vendas de ${day}` }).count()).toBe(0);

    // The report: its preview counts its rows, all new, then it is imported.
    await page.getByRole('button', { name: 'Importar relatório' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Importar relatório do Mercado Pago' });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'liquidacoes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    const preview = dialog.getByRole('group', { name: 'Relatório de liquidações (todas as transações)' });
    await expect.poll(async () => plain(await preview.innerText())).toContain(`Novas\n${rows}`);
    expect(plain(await preview.innerText())).toContain(`${formatCalendarDate(from)} a `);
    await screenshot(page, 'mercadopago-import-preview-1366');
    await dialog.getByRole('button', { name: 'Importar', exact: true }).click();
    await dialog
      .getByText(rows === 1 ? '1 linha nova importada.' : `${rows} linhas novas importadas.`)
      .waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Fechar' }).last().click();

    // The day is in the table, by approval date, with its sales' gross; none reconciled yet.
    const dayButton = page.getByRole('button', { name: `Ver as vendas de ${day}` });
    await dayButton.waitFor();
    const gross = sameDay.reduce((s, x) => s + x.gross, 0);
    let cells = await dayCells(page, target.day);
    expect(cells[1]).toBe(String(sameDay.length));
    expect(cells[2]).toBe(bare(gross));
    expect(cells[9]).toBe(bare(gross));
    await screenshot(page, 'mercadopago-month-1366');

    // Its sales: the shop's order is suggested with its receivable, by reference and approval on the due date.
    await dayButton.click();
    const payments = page.getByRole('region', { name: `Vendas aprovadas em ${day}` });
    await payments.getByRole('tab', { name: 'Sugeridos' }).click();
    const suggested = paymentRow(payments, target.sourceId);
    await suggested.waitFor();
    const suggestion = plain(await suggested.innerText());
    expect(suggestion).toContain(`Doc. ${target.externalReference}`);
    expect(suggestion).toContain('Aprovado no dia do vencimento');
    expect(suggestion).toContain(brl(target.price));
    await screenshot(page, 'mercadopago-suggestions-1366');

    // Every suggestion of the month above 65%, after a confirmation saying how many.
    await page.getByRole('button', { name: 'Conciliar sugestões' }).click();
    const confirm = page.getByRole('dialog', { name: 'Conciliar sugestões' });
    await expect.poll(() => confirm.getByLabel('Pontuação mínima (%)').inputValue()).toBe('65');
    await expect
      .poll(async () => plain(await confirm.innerText()))
      .toMatch(/(\d+) vendas? de .+ (será|serão) conciliad/);
    const count = Number(/(\d+) vendas? de/.exec(plain(await confirm.innerText()))?.[1]);
    expect(count).toBeGreaterThanOrEqual(1);
    await confirm.getByRole('button', { name: 'Conciliar' }).click();
    await page
      .getByText(new RegExp(`^${count} vendas? conciliadas?`))
      .first()
      .waitFor({ timeout: 30_000 });

    // Reconciled: the receivable is linked, the day's reconciled gross covers the shop's orders, and the net waits
    // for release (the release report of these days is not in yet).
    await payments.getByRole('tab', { name: 'Conciliados' }).click();
    const reconciled = paymentRow(payments, target.sourceId);
    await reconciled.getByRole('link', { name: new RegExp(`Doc\\. ${target.externalReference}`) }).waitFor();
    const shopGross = sameDay.filter((s) => s.hasReceivable).reduce((s, x) => s + x.gross, 0);
    const net = sameDay.reduce((s, x) => s + x.net, 0);
    await expect.poll(async () => (await dayCells(page, target.day))[9]).toBe(bare(gross - shopGross));
    cells = await dayCells(page, target.day);
    expect(cells[4]).toBe(bare(net));
    expect(cells[5]).toBe('0,00');
    expect(cells[6]).toBe(bare(net));
    await screenshot(page, 'mercadopago-reconciled-1366');

    // The receivable opens in contas a receber, received.
    await reconciled.getByRole('link', { name: new RegExp(`Doc\\. ${target.externalReference}`) }).click();
    await page.waitForURL(/\/contas\/receber\?doc=/);
    const drawer = page.getByRole('dialog');
    await drawer.getByText(target.externalReference).first().waitFor();
    await drawer.getByText('Quitada').first().waitFor();

    // The fees are booked in "saldo a liberar" on the approval day, beside the receipt of the gross.
    await page.goto(`${h.app.url}/contas/extrato?from=${target.day}&to=${target.day}`);
    await page.getByRole('combobox', { name: 'Conta', exact: true }).click();
    await page.getByRole('option', { name: 'Mercado Pago a liberar' }).click();
    await page.waitForURL(/account=/);
    const fee = page.getByRole('row').filter({ hasText: `tarifa de processamento — pagamento ${target.sourceId}` });
    await fee.waitFor();
    expect(plain(await fee.innerText())).toContain(`-${brl(target.processingFee)}`);
    await screenshot(page, 'mercadopago-fees-in-statement-1366');
  });
});

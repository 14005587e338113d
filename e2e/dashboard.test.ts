import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parseBRL } from '@financeiro/core';
import { chromiumAvailable, screenshot, signInToMatriz } from './support/browser';
import { useHarness } from './support/harness';

/** Text as Intl writes it (a non-breaking space after "R$"), made plain. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');
/** "R$ 1.234,56" (or "-R$ 10,00") as centavos. */
const centavos = (text: string) => {
  const match = /(-?)\s*R\$\s*([\d.]+,\d{2})/.exec(plain(text));
  if (!match) throw new Error(`no amount in "${text}"`);
  return (match[1] ? -1 : 1) * (parseBRL(match[2] ?? '') ?? Number.NaN);
};

const card = (page: Page, label: string) => page.getByRole('link', { name: new RegExp(`^${label}\\b`) });

/** A card's amount and how many installments it counts ("R$ 1.234,56", "3 parcelas"). */
async function cardFigures(page: Page, label: string): Promise<{ amount: number; count: number }> {
  const text = await card(page, label).innerText();
  return { amount: centavos(text), count: Number(/(\d+) parcelas?/.exec(text)?.[1] ?? -1) };
}

/** The list's totals once the rows of its filters arrived: how many installments and what is still open. */
async function listTotals(page: Page): Promise<{ amount: number; count: number }> {
  const totals = page.locator('[aria-label="Totais do filtro"][aria-busy="false"]');
  await totals.waitFor();
  const text = await totals.innerText();
  return {
    amount: centavos(/Em aberto:\s*(.+)/.exec(plain(text))?.[1] ?? ''),
    count: Number(/(\d+) parcelas?/.exec(text)?.[1] ?? -1),
  };
}

// Reason for skipIf: these journeys need Debian's Chromium at /usr/bin/chromium; CI installs it, a laptop may not.
describe.skipIf(!chromiumAvailable)('the dashboard in Chromium', () => {
  const h = useHarness();

  it('shows the demo’s money today, and each card leads to a list whose total is the card’s', async () => {
    const page = await h.newPage(1366, 900);
    const calls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/^\/v1\/(reports|ledger|banking)\//.test(path)) calls.push(path);
    });
    await signInToMatriz(page, h.app.url, 'financeiro');
    await card(page, 'Vencidos a pagar').waitFor();

    // Today's figures are not zero on the demo's books.
    for (const label of [
      'A pagar hoje',
      'A receber hoje',
      'A pagar esta semana',
      'A receber esta semana',
      'Vencidos a pagar',
      'Vencidos a receber',
    ]) {
      const figures = await cardFigures(page, label);
      expect(figures.amount, label).toBeGreaterThan(0);
      expect(figures.count, label).toBeGreaterThan(0);
    }
    // The cash available today, with the automatic investment and Mercado Pago's unreleased money apart.
    const balances = plain(await card(page, 'Saldo disponível').innerText());
    expect(centavos(balances)).not.toBe(0);
    expect(centavos(/Aplicações: (.+)/.exec(balances)?.[1] ?? '')).toBeGreaterThan(0);
    expect(centavos(/A liberar no Mercado Pago: (.+)/.exec(balances)?.[1] ?? '')).toBeGreaterThanOrEqual(0);
    await card(page, 'Linhas a conciliar').waitFor();
    // The charts load after the figures, then the next bills, each a link to its document.
    await page
      .getByRole('img', { name: /Gráfico de barras das entradas e saídas/ })
      .locator('svg rect')
      .first()
      .waitFor();
    await page.getByRole('img', { name: /Gráfico de área do saldo projetado/ }).waitFor();
    await page.getByRole('link', { name: 'Ver o fluxo de caixa completo' }).waitFor();
    const bills = page.getByRole('table', { name: 'Próximas contas a pagar' });
    await bills.getByRole('link').first().waitFor();
    await screenshot(page, 'dashboard-1366');
    // Every figure came in one request: no list, statement or second report was asked.
    expect(calls).toEqual(['/v1/reports/dashboard']);

    // Overdue payables: the card opens the payables list on the overdue chip, with the same total.
    const overduePayables = await cardFigures(page, 'Vencidos a pagar');
    await card(page, 'Vencidos a pagar').click();
    await page.waitForURL(/\/contas\/pagar\?.*status=overdue/);
    expect(await listTotals(page)).toEqual(overduePayables);
    await page.goBack();

    // Receivables due today: the card is a link the keyboard reaches and follows.
    const dueToday = await cardFigures(page, 'A receber hoje');
    await card(page, 'A receber hoje').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/contas\/receber\?period=today/);
    expect(await listTotals(page)).toEqual(dueToday);
    await page.goBack();

    // This week, Monday to Sunday: each card opens its list on "Esta semana", with the same total.
    const payWeek = await cardFigures(page, 'A pagar esta semana');
    await card(page, 'A pagar esta semana').click();
    await page.waitForURL(/\/contas\/pagar\?period=week/);
    expect(await listTotals(page)).toEqual(payWeek);
    await page.goBack();
    const receiveWeek = await cardFigures(page, 'A receber esta semana');
    await card(page, 'A receber esta semana').click();
    await page.waitForURL(/\/contas\/receber\?period=week/);
    expect(await listTotals(page)).toEqual(receiveWeek);
    await page.goBack();

    const overdueReceivables = await cardFigures(page, 'Vencidos a receber');
    await card(page, 'Vencidos a receber').click();
    await page.waitForURL(/\/contas\/receber\?.*status=overdue/);
    expect(await listTotals(page)).toEqual(overdueReceivables);
    await page.goBack();

    // A next bill opens its document in the payables list's drawer.
    const first = bills.getByRole('link').first();
    const party = await first.innerText();
    await first.click();
    await page.waitForURL(/\/contas\/pagar\?doc=/);
    await page.getByRole('dialog').getByText(party, { exact: false }).first().waitFor();
    await page.goBack();

    // The full projection starts from the cash available today and shows the rest apart.
    await page.getByRole('link', { name: 'Ver o fluxo de caixa completo' }).click();
    const figures = page.getByRole('region', { name: 'Resumo da projeção' });
    await figures.getByText('Aplicações').waitFor({ timeout: 30_000 });
    await figures.getByText('A liberar no Mercado Pago').waitFor();
    await page.getByRole('heading', { name: /^Menor saldo: -?R\$/ }).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
    await screenshot(page, 'projection-1366');
    await page.context().close();
  });

  it('fits a phone: the cards stack and nothing runs off the side', async () => {
    const page = await h.newPage(390, 844);
    await signInToMatriz(page, h.app.url, 'financeiro');
    await card(page, 'Vencidos a pagar').waitFor();
    await page
      .getByRole('img', { name: /Gráfico de barras das entradas e saídas/ })
      .locator('svg rect')
      .first()
      .waitFor();
    await page.getByRole('img', { name: /Gráfico de área do saldo projetado/ }).waitFor();
    const [a, b] = await Promise.all([
      card(page, 'A pagar hoje').boundingBox(),
      card(page, 'A receber hoje').boundingBox(),
    ]);
    // One card a row: the second sits below the first, each as wide as the screen allows.
    expect(b && a && b.y).toBeGreaterThanOrEqual((a?.y ?? 0) + (a?.height ?? 0));
    expect(a?.width).toBeGreaterThan(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'dashboard-390');
    await page.context().close();
  });
});

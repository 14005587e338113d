import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  addDays,
  addMonths,
  formatCalendarDate,
  periodsBetween,
  RECURRENCE_HORIZON_DAYS,
  todayInSaoPaulo,
} from '@financeiro/core';
import { chromiumAvailable, screenshot, signInToMatriz } from './support/browser';
import { useHarness } from './support/harness';

/** What a phone shows (a drawer scrolls inside the window, so the full page would show the list behind it). */

/** How much wider than the window the page is: a phone must never scroll sideways. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

// Reason for skipIf: these journeys need Debian's Chromium at /usr/bin/chromium; CI installs it, a laptop may not.
describe.skipIf(!chromiumAvailable)('recurrences and documents generated from contracts, in Chromium', () => {
  const h = useHarness();

  async function choose(page: Page, label: string, option: RegExp, nth = 0) {
    await page.getByRole('dialog').getByLabel(label).nth(nth).click();
    await page.getByRole('option', { name: option }).first().click();
  }

  /** The list's rows whose text has `text`, found by searching for it. */
  const rowsWith = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

  it('a monthly recurrence generates its documents at once: they are in the list, and ending it cancels the later ones', async () => {
    const page = await h.newPage(1366, 900);
    await signInToMatriz(page, h.app.url);
    await page.goto(`${h.app.url}/contas/pagar`);
    await page.getByRole('button', { name: 'Recorrências' }).click();
    const drawer = page.getByRole('dialog', { name: 'Recorrências de contas a pagar' });
    await drawer.getByText('Nenhuma recorrência a pagar.', { exact: false }).waitFor();
    await drawer.getByRole('button', { name: 'Nova recorrência' }).click();

    const today = todayInSaoPaulo();
    const start = addMonths(`${today.slice(0, 7)}-01`, -2, 1);
    const form = page.getByRole('dialog', { name: 'Nova recorrência a pagar' });
    await choose(page, 'Fornecedor', /Papelaria Central/);
    await form.getByLabel('Descrição').fill('Internet da Matriz');
    await form.getByLabel('Valor de cada conta').fill('19990');
    await choose(page, 'Aplicar rateio padrão', /Aluguel compartilhado/);
    // The template's three lines replace the one blank line, adding up to 100%.
    await expect.poll(() => form.getByLabel('Percentual').count()).toBe(3);
    await form.getByText('Total: 100%').waitFor();
    await choose(page, 'Conta prevista', /Itaú movimento/);
    await form.getByLabel('Dia do vencimento').fill('5');
    await form.getByLabel('Início').fill(formatCalendarDate(start));
    await form.getByText(/^Próximos vencimentos: /).waitFor();
    await screenshot(page, 'recurrence-form-1366');
    await form.getByRole('button', { name: 'Criar' }).click();
    await page.getByText('Recorrência criada', { exact: false }).waitFor();

    // Back on the list: the recurrence, open-ended, due next on the 5th.
    const row = drawer.getByRole('row').filter({ hasText: 'Internet da Matriz' });
    await row.getByText('R$ 199,90').waitFor();
    await row.getByText('sem fim').waitFor();
    await row.getByText('Ativa').waitFor();
    await screenshot(page, 'recurrences-list-1366');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // Every period from the start up to the horizon is a document in the list, once.
    const periods = periodsBetween(
      { startDate: start, endDate: null, months: 1, dueDay: 5 },
      start,
      addDays(today, RECURRENCE_HORIZON_DAYS),
    );
    await page.getByLabel('Buscar parte, descrição ou número').fill('Internet da Matriz');
    await page.getByLabel('Buscar parte, descrição ou número').press('Enter');
    await page.waitForURL(/search=Internet/);
    for (const p of periods) {
      const label = `Internet da Matriz (${formatCalendarDate(p.period).slice(3)})`;
      await expect.poll(() => rowsWith(page, label).count(), { message: label }).toBe(1);
    }
    await page.getByText(`${periods.length} parcelas`).waitFor();
    await screenshot(page, 'recurrence-documents-1366');

    // Ending it today: nothing falls due after, and the later open documents are cancelled.
    const later = periods.filter((p) => p.dueDate > today);
    await page.getByRole('button', { name: 'Recorrências' }).click();
    await drawer.getByRole('button', { name: 'Ações: Internet da Matriz' }).click();
    await page.getByRole('menuitem', { name: 'Encerrar' }).click();
    const end = page.getByRole('dialog', { name: 'Encerrar a recorrência "Internet da Matriz"?' });
    await end.getByText('serão canceladas', { exact: false }).waitFor();
    await screenshot(page, 'recurrence-end-1366');
    await end.getByRole('button', { name: 'Encerrar' }).click();
    await page
      .getByText(
        later.length === 0
          ? 'Recorrência encerrada.'
          : `Recorrência encerrada; ${later.length} ${later.length === 1 ? 'conta cancelada' : 'contas canceladas'}.`,
      )
      .waitFor();
    await row.getByText(formatCalendarDate(today)).waitFor();
    await row.getByText('Encerrada').waitFor();
  });

  it("generates a contract's months once: a second, longer range generates only the new ones", async () => {
    const page = await h.newPage(1366, 900);
    await signInToMatriz(page, h.app.url);
    await page.goto(`${h.app.url}/contas/contratos`);
    await page.getByRole('row').filter({ hasText: 'Locação do escritório da Matriz' }).click();
    await page.getByRole('button', { name: 'Gerar contas' }).click();
    let modal = page.getByRole('dialog', { name: 'Gerar contas: Locação do escritório da Matriz' });
    // The demo already booked the lease up to next month: these months are still to generate.
    await modal.getByLabel('De').fill('01/03/2027');
    await modal.getByLabel('Até').fill('31/05/2027');
    await modal.getByText('3 contas a gerar, R$ 37.500,00').waitFor();
    expect(await modal.getByText('Será gerada').count()).toBe(3);
    await modal.getByRole('button', { name: 'Gerar 3 contas' }).click();
    await modal.getByText('3 contas geradas').waitFor();
    await modal.getByRole('button', { name: 'Fechar' }).last().click();

    // The same range again has nothing left to generate.
    await page.getByRole('button', { name: 'Gerar contas' }).click();
    modal = page.getByRole('dialog', { name: 'Gerar contas: Locação do escritório da Matriz' });
    await modal.getByLabel('De').fill('01/03/2027');
    await modal.getByLabel('Até').fill('31/05/2027');
    await modal.getByText('0 contas a gerar, R$ 0,00; 3 meses já existem').waitFor();
    expect(await modal.getByRole('button', { name: 'Gerar 0 contas' }).isDisabled()).toBe(true);

    // A longer range: the three months are there already, the two new ones are generated.
    await modal.getByLabel('Até').fill('31/07/2027');
    await modal.getByText('2 contas a gerar, R$ 25.000,00; 3 meses já existem').waitFor();
    await screenshot(page, 'contract-generation-1366');
    await modal.getByRole('button', { name: 'Gerar 2 contas' }).click();
    await modal.getByText('2 contas geradas; 3 meses já existiam').waitFor();
    await screenshot(page, 'contract-generation-done-1366');
    await modal.getByRole('link', { name: 'Ver em contas a pagar' }).click();

    // The list, filtered on the landlord and the range: each month once.
    await page.waitForURL(/\/contas\/pagar\?.*period=custom/);
    for (const month of ['03', '04', '05', '06', '07']) {
      const label = `Locação do escritório da Matriz (${month}/2027)`;
      await expect.poll(() => rowsWith(page, label).count(), { message: label }).toBe(1);
    }
    await screenshot(page, 'contract-documents-1366');
  });

  it('at 390 px the recurrence form and the generation modal fit the phone', async () => {
    const page = await h.newPage(390, 844, { hasTouch: true, isMobile: true });
    await signInToMatriz(page, h.app.url);
    await page.goto(`${h.app.url}/contas/receber`);
    await page.getByRole('button', { name: 'Recorrências' }).waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'receivables-390', { fullPage: false });
    await page.getByRole('button', { name: 'Recorrências' }).click();
    const drawer = page.getByRole('dialog', { name: 'Recorrências de contas a receber' });
    await drawer.getByText('Nenhuma recorrência a receber.', { exact: false }).waitFor();
    await screenshot(page, 'recurrences-empty-390', { fullPage: false });
    await drawer.getByRole('button', { name: 'Nova recorrência' }).click();
    const form = page.getByRole('dialog', { name: 'Nova recorrência a receber' });
    await form.getByLabel('Descrição').fill('Mensalidade de consultoria');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'recurrence-form-390', { fullPage: false });
    await form.getByLabel('Fim').scrollIntoViewIfNeeded();
    await screenshot(page, 'recurrence-form-end-390', { fullPage: false });
    // Leaving with something typed asks first.
    await form.getByRole('button', { name: 'Cancelar' }).click();
    await page
      .getByRole('dialog', { name: 'Descartar alterações?' })
      .getByRole('button', { name: 'Descartar' })
      .click();

    // Typed in on the phone, it is a card in the list.
    await drawer.getByRole('button', { name: 'Nova recorrência' }).click();
    await choose(page, 'Cliente', /Bom Preço/);
    await form.getByLabel('Descrição').fill('Mensalidade de consultoria');
    await form.getByLabel('Valor de cada conta').fill('250000');
    await choose(page, 'Classificação', /Prestação de serviços/);
    await choose(page, 'Centro de custo', /Comercial/);
    await form.getByLabel('Dia do vencimento').fill('10');
    await form.getByLabel('Início').fill(formatCalendarDate(todayInSaoPaulo()));
    await form.getByRole('button', { name: 'Criar' }).click();
    await page.getByText('Recorrência criada', { exact: false }).waitFor();
    const card = drawer.getByRole('article').filter({ hasText: 'Mensalidade de consultoria' });
    await card.getByText('R$ 2.500,00').waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'recurrences-list-390', { fullPage: false });
    await page.keyboard.press('Escape');

    await page.goto(`${h.app.url}/contas/contratos`);
    await page.getByRole('article').filter({ hasText: 'Locação do escritório da Matriz' }).click();
    await page.getByRole('button', { name: 'Gerar contas' }).click();
    const modal = page.getByRole('dialog', { name: 'Gerar contas: Locação do escritório da Matriz' });
    await modal.getByText(/contas? a gerar/).waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'contract-generation-390', { fullPage: false });
  });
});

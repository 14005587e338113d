import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumAvailable, screenshot, signInToMatriz } from './support/browser';
import { flushAccessibility } from './support/accessibility';
import { useHarness } from './support/harness';

/** How much wider than the window the page is: a phone must never scroll sideways. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

// Reason for skipIf: these journeys need Debian's Chromium at /usr/bin/chromium; CI installs it, a laptop may not.
describe.skipIf(!chromiumAvailable)('lists on a phone and from the keyboard, in Chromium', () => {
  const h = useHarness();

  // Every list screen at 390 px (cards, nothing sideways) is checked by the accessibility pass over the route table.
  it('on a phone the sort is chosen above the cards, and tapping a card opens its record', async () => {
    const page = await h.newPage(390, 844, { hasTouch: true, isMobile: true });
    await signInToMatriz(page, h.app.url);

    // A phone has no column headers: the sort is chosen above the cards, and kept in the address.
    await page.goto(`${h.app.url}/gestao_contas/bancos`);
    await page.locator('input[aria-label="Ordenar por"]').click();
    await page.getByRole('option', { name: 'Código' }).click();
    await page.waitForURL(/sort=code/);
    await expect.poll(() => page.getByRole('article').first().innerText()).toContain('001');
    await page.getByRole('button', { name: 'Ordem crescente' }).click();
    await page.waitForURL(/direction=desc/);
    await page.getByRole('button', { name: 'Ordem decrescente' }).waitFor();
    await screenshot(page, 'phone-banks-sorted');

    // A supplier's card: its name, its CNPJ and city under their labels, its status, and its actions.
    await page.goto(`${h.app.url}/relacionamento/fornecedores`);
    const card = page.getByRole('article').filter({ hasText: 'Horizonte Imóveis' });
    await card.getByText('CPF/CNPJ').waitFor();
    await card.getByText('Ativo').waitFor();
    const actions = card.getByRole('button', { name: /^Ações: Horizonte Imóveis/ });
    const box = await actions.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await card.getByText('Horizonte Imóveis').tap();
    const drawer = page.getByRole('dialog', { name: 'Editar fornecedor' });
    // The drawer slides in, then fills the phone's width.
    await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
    expect((await drawer.boundingBox())?.width).toBe(390);
    // The form is one column on a phone: CPF/CNPJ sits under "Tipo de pessoa", not beside it.
    const kind = await drawer.getByLabel('Tipo de pessoa').boundingBox();
    const documentBox = await drawer.getByLabel('CPF/CNPJ').boundingBox();
    expect(documentBox?.y).toBeGreaterThan((kind?.y ?? 0) + (kind?.height ?? 0));
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-supplier-drawer');
  });

  it('at 1366 px Tab reaches a row, Enter opens it, Esc closes it; a click on its actions opens only the menu', async () => {
    const page = await h.newPage(1366, 800);
    await signInToMatriz(page, h.app.url);
    await page.goto(`${h.app.url}/gestao_contas/bancos`);
    const row = page.getByRole('row').filter({ hasText: 'Mercado Pago' });
    await row.waitFor();
    expect(await page.getByRole('article').count()).toBe(0);

    await row.getByRole('button', { name: /^Ações/ }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    // The open menu, "Excluir" in red included, is checked as a person reads it.
    await flushAccessibility(page);
    await page.keyboard.press('Escape');

    // Tab goes from the toolbar and the headers to the first row.
    await page.getByLabel('Buscar por nome, código ou ISPB').focus();
    for (let i = 0; i < 15; i++) {
      if ((await page.evaluate(() => document.activeElement?.tagName)) === 'TR') break;
      await page.keyboard.press('Tab');
    }
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('TR');
    await screenshot(page, 'desktop-row-focused');
    await row.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Editar instituição' });
    await drawer.waitFor();
    expect(await drawer.getByLabel('Nome curto').inputValue()).toBe('Mercado Pago');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // A click on the row opens it too, on every list that has records to open: the members' profile, for one.
    await page.goto(`${h.app.url}/tenants/users`);
    await page.getByRole('row').filter({ hasText: 'Sofia Solicitante' }).getByText('Sofia Solicitante').click();
    await page.getByRole('dialog').getByText('Sofia Solicitante').first().waitFor();
    await screenshot(page, 'desktop-member-opened-by-click');
  });

  it('who may only read a registry opens a row to see the whole record, greyed out, with nothing to save', async () => {
    const page = await h.newPage(1366, 800);
    await signInToMatriz(page, h.app.url, 'financeiro');
    await page.goto(`${h.app.url}/gestao_contas/bancos`);
    await page.getByRole('row').filter({ hasText: 'Mercado Pago' }).getByText('Mercado Pago', { exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Instituição' });
    await drawer.waitFor();
    expect(await drawer.getByLabel('Nome curto').inputValue()).toBe('Mercado Pago');
    expect(await drawer.getByLabel('Nome curto').isDisabled()).toBe(true);
    expect(await drawer.getByRole('button', { name: 'Salvar' }).count()).toBe(0);
    await drawer.getByText('Fechar', { exact: true }).click();
    await drawer.waitFor({ state: 'hidden' });
  });

  it('a skip link leads to the content, and "/" focuses the search but types a slash inside a field', async () => {
    const page = await h.newPage(1366, 800);
    await signInToMatriz(page, h.app.url);
    await page.goto(`${h.app.url}/relacionamento/fornecedores`);
    await page.getByText('Horizonte Imóveis').waitFor();

    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshot(page, 'skip-link-focused');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');

    const search = page.getByLabel('Buscar por nome, CPF/CNPJ, e-mail ou cidade');
    await page.keyboard.press('/');
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await search.inputValue()).toBe('');
    await page.keyboard.type('12/34');
    expect(await search.inputValue()).toBe('12/34');
  });

  it('Ctrl+K opens a palette of the screens the profile allows and jumps to the one chosen', async () => {
    const page = await h.newPage(1366, 800);
    await signInToMatriz(page, h.app.url, 'financeiro');

    await page.keyboard.press('Control+K');
    const palette = page.getByPlaceholder('Ir para uma tela…');
    await palette.waitFor();
    // Accents are optional, and a screen the profile does not grant is not offered.
    await palette.fill('usuarios');
    await page.getByText('Nenhuma tela encontrada').waitFor();
    await palette.fill('classificacoes');
    await page.getByRole('button', { name: /Classificações financeiras/ }).waitFor();
    await screenshot(page, 'palette');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/agrupamentos\/classificacoes_financeiras$/);
    await page.getByRole('heading', { name: 'Classificações financeiras' }).waitFor();

    await page.keyboard.press('Meta+K');
    await palette.waitFor();
    await palette.fill('fornecedores');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/relacionamento\/fornecedores$/);
  });
});

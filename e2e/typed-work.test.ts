import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumAvailable, screenshot, signInToMatriz } from './support/browser';
import { useHarness } from './support/harness';

// Reason for skipIf: these journeys need Debian's Chromium at /usr/bin/chromium; CI installs it, a laptop may not.
describe.skipIf(!chromiumAvailable)('typed work is kept, choices are fresh, refusals show on their field', () => {
  const h = useHarness();

  /** Goes to a screen through the menu: the app stays loaded, with its cache, as a person moving around would. */
  async function openFromMenu(page: Page, name: string): Promise<void> {
    const menu = page.getByRole('navigation', { name: 'Menu' });
    const link = menu.getByRole('link', { name, exact: true });
    if (!(await link.isVisible())) await menu.getByText('Gestão de contas').click();
    await link.click();
  }

  it('a dropped connection shows a banner and keeps the form; a dirty drawer asks before closing or leaving', async () => {
    const page = await h.newPage(1366, 800);
    await signInToMatriz(page, h.app.url);
    await openFromMenu(page, 'Bancos');
    await page.getByRole('button', { name: 'Nova instituição' }).click();
    const drawer = page.getByRole('dialog', { name: 'Nova instituição' });
    await drawer.getByLabel(/^Nome( \*)?$/).fill('Banco Digitado Offline');

    await page.context().setOffline(true);
    const banner = page.getByRole('status').filter({ hasText: 'Você está offline' });
    await banner.waitFor();
    await expect(drawer.getByLabel(/^Nome( \*)?$/).inputValue()).resolves.toBe('Banco Digitado Offline');
    await screenshot(page, 'offline-banner-1366');
    await page.context().setOffline(false);
    await banner.waitFor({ state: 'detached' });
    await expect(drawer.getByLabel(/^Nome( \*)?$/).inputValue()).resolves.toBe('Banco Digitado Offline');

    // Esc asks; "Continuar editando" keeps what was typed.
    await drawer.getByLabel(/^Nome( \*)?$/).press('Escape');
    const ask = page.getByRole('dialog', { name: 'Descartar alterações?' });
    await ask.waitFor();
    await screenshot(page, 'unsaved-ask-1366');
    await ask.getByRole('button', { name: 'Continuar editando' }).click();
    await ask.waitFor({ state: 'detached' });
    await expect(drawer.getByLabel(/^Nome( \*)?$/).inputValue()).resolves.toBe('Banco Digitado Offline');

    // Going back to the previous screen asks too; "Descartar" goes.
    await page.evaluate(() => window.history.back());
    await ask.waitFor();
    // The screen and what was typed stay while the question is open.
    await expect(drawer.getByLabel(/^Nome( \*)?$/).inputValue()).resolves.toBe('Banco Digitado Offline');
    await ask.getByRole('button', { name: 'Descartar' }).click();
    await page.waitForURL((url) => !url.pathname.includes('/gestao_contas/bancos'));
    await page.context().close();
  });

  it('the installed app opened offline after a first visit shows the offline screen, not a blank page', async () => {
    const page = await h.newPage(390, 844);
    await page.goto(`${h.app.url}/auth/sign-in`);
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    // The service worker has the app shell once it is active.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Você está offline', level: 1 }).waitFor();
    await screenshot(page, 'offline-start-390');
    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    await page.context().close();
  });

  it('a bank created in one drawer is a choice of the account drawer opened next, without a reload', async () => {
    const page = await h.newPage(1366, 800);
    await signInToMatriz(page, h.app.url);
    await page.goto(`${h.app.url}/gestao_contas/contas`);
    // The account form's bank choices are loaded (and cached) before the bank exists.
    await page.getByRole('button', { name: 'Nova conta' }).click();
    let drawer = page.getByRole('dialog', { name: 'Nova conta' });
    await drawer.getByLabel(/^Banco( \*)?$/).click();
    await page.getByRole('option').first().waitFor();
    await page.keyboard.press('Escape');
    await drawer.getByRole('button', { name: 'Cancelar' }).click();
    await drawer.waitFor({ state: 'detached' });

    await openFromMenu(page, 'Bancos');
    await page.waitForURL(/\/gestao_contas\/bancos/);
    await page.getByRole('button', { name: 'Nova instituição' }).click();
    drawer = page.getByRole('dialog', { name: 'Nova instituição' });
    await drawer.getByLabel('Código', { exact: true }).fill('997');
    await drawer.getByLabel(/^Nome( \*)?$/).fill('Banco Recém-Criado S.A.');
    await drawer.getByRole('button', { name: 'Criar' }).click();
    await page.getByText('Instituição cadastrada.').waitFor();

    await openFromMenu(page, 'Contas');
    await page.waitForURL(/\/gestao_contas\/contas/);
    await page.getByRole('button', { name: 'Nova conta' }).click();
    drawer = page.getByRole('dialog', { name: 'Nova conta' });
    await drawer.getByLabel(/^Banco( \*)?$/).click();
    await page.getByRole('option', { name: /Banco Recém-Criado/ }).waitFor();
    await page.context().close();
  });

  it('a taken CNPJ is shown on its field, in sight, with a link that opens the supplier who has it', async () => {
    const page = await h.newPage(390, 844);
    await signInToMatriz(page, h.app.url);
    await page.goto(`${h.app.url}/relacionamento/fornecedores`);
    await page.getByRole('button', { name: 'Novo fornecedor' }).click();
    const drawer = page.getByRole('dialog', { name: 'Novo fornecedor' });
    await drawer.getByLabel('CPF/CNPJ').fill('33.441.277/0001-09');
    await drawer.getByLabel('Nome / razão social').fill('Horizonte de Novo Ltda');
    await drawer.getByRole('button', { name: 'Criar' }).click();

    const cnpj = drawer.getByLabel('CPF/CNPJ');
    await expect.poll(() => cnpj.getAttribute('aria-invalid')).toBe('true');
    await drawer.getByText('Já existe um cadastro com este CPF/CNPJ nesta organização.').waitFor();
    await expect(cnpj.evaluate((input) => input === document.activeElement)).resolves.toBe(true);
    await expect(cnpj.isVisible()).resolves.toBe(true);
    await screenshot(page, 'field-conflict-390');

    await drawer.getByRole('button', { name: 'Abrir o registro existente' }).click();
    await page
      .getByRole('dialog', { name: 'Descartar alterações?' })
      .getByRole('button', { name: 'Descartar' })
      .click();
    const existing = page.getByRole('dialog', { name: 'Editar fornecedor' });
    await expect.poll(() => existing.getByLabel('Nome / razão social').inputValue()).toBe('Imobiliária Horizonte Ltda');
    await page.context().close();
  });
});

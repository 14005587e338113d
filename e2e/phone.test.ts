import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumAvailable, screenshot } from './support/browser';
import { useHarness } from './support/harness';

const PHONE = { width: 390, height: 844 };

/** How much wider than the window the page is: a phone must never scroll sideways. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Waits for a dialog to finish fading in, so its screenshot shows what a person reads. */
const shown = (page: Page, name: string) =>
  page.waitForFunction((title) => {
    const dialog = [...document.querySelectorAll('[role="dialog"]')].find((d) => d.textContent?.includes(title));
    return dialog instanceof HTMLElement && getComputedStyle(dialog).opacity === '1';
  }, name);

// Reason for skipIf: this journey needs Debian's Chromium at /usr/bin/chromium; CI installs it, a laptop may not.
describe.skipIf(!chromiumAvailable)('a supplier on a 390 px phone, in Chromium', () => {
  const h = useHarness();

  it('is created with a CNPJ masked as it is typed, found by a pasted CNPJ, edited from its card, and typed work is not lost', async () => {
    const page = await h.newPage(PHONE.width, PHONE.height, { hasTouch: true, isMobile: true });
    await page.goto(`${h.app.url}/auth/sign-in`);
    await page.getByLabel('Usuário', { exact: true }).fill('admin');
    await page.getByLabel('Senha', { exact: true }).fill('Demo@2026');
    await page.getByRole('button', { name: 'Entrar' }).tap();
    await page.waitForURL(/\/select-tenant\/unit/);
    await page.getByText('Matriz').first().tap();
    await page.waitForURL(/\/dashboard/);

    // From the menu, as a person gets there (the Back button later returns to the dashboard).
    await page.getByRole('button', { name: 'Menu' }).tap();
    await page.getByRole('link', { name: 'Fornecedores' }).tap();
    await page.waitForURL(/\/relacionamento\/fornecedores/);
    await page.getByRole('article').filter({ hasText: 'Horizonte Imóveis' }).waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-journey-1-suppliers');

    // Create: the CNPJ takes its dots, slash and dash while it is typed, digit by digit.
    await page.getByRole('button', { name: 'Novo fornecedor' }).tap();
    const create = page.getByRole('dialog', { name: 'Novo fornecedor' });
    await create.waitFor();
    const cnpj = create.getByLabel('CPF/CNPJ');
    await cnpj.tap();
    await cnpj.pressSequentially('11222333000181', { delay: 15 });
    expect(await cnpj.inputValue()).toBe('11.222.333/0001-81');
    await create.getByLabel('Nome / razão social').fill('Oficina Boa Vista Ltda');
    await screenshot(page, 'phone-journey-2-new-supplier');
    await create.getByRole('button', { name: 'Criar' }).tap();
    await page.getByText('Fornecedor cadastrado.').waitFor();
    await create.waitFor({ state: 'hidden' });

    // Find: the CNPJ pasted with its punctuation, as it comes from an invoice or an e-mail.
    const search = page.getByLabel('Buscar por nome, CPF/CNPJ, e-mail ou cidade');
    await search.tap();
    await page.keyboard.insertText('11.222.333/0001-81');
    await page.waitForURL(/search=/);
    const card = page.getByRole('article').filter({ hasText: 'Oficina Boa Vista Ltda' });
    await card.waitFor();
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    await card.getByText('11.222.333/0001-81').waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-journey-3-found-by-pasted-cnpj');

    // Edit: a tap on the card opens the supplier.
    await card.getByText('Oficina Boa Vista Ltda').tap();
    const edit = page.getByRole('dialog', { name: 'Editar fornecedor' });
    await edit.waitFor();
    expect(await edit.getByLabel('CPF/CNPJ').inputValue()).toBe('11.222.333/0001-81');
    const tradeName = edit.getByLabel('Nome fantasia');
    await tradeName.fill('Boa Vista');

    // Closing the drawer with the change unsaved asks first; keeping on editing keeps what was typed.
    await edit.getByRole('button', { name: 'Cancelar' }).tap();
    const ask = page.getByRole('dialog', { name: 'Descartar alterações?' });
    await ask.waitFor();
    await shown(page, 'Descartar alterações?');
    await screenshot(page, 'phone-journey-4-discard-changes');
    await ask.getByRole('button', { name: 'Continuar editando' }).tap();
    await ask.waitFor({ state: 'hidden' });
    expect(await tradeName.inputValue()).toBe('Boa Vista');

    // Leaving the screen (the phone's Back) with the change unsaved asks too; discarding leaves and saves nothing.
    await page.goBack();
    await ask.waitFor();
    await shown(page, 'Descartar alterações?');
    await screenshot(page, 'phone-journey-5-leave-asks');
    await ask.getByRole('button', { name: 'Descartar' }).tap();
    await page.waitForURL(/\/dashboard/);
    await page.goto(`${h.app.url}/relacionamento/fornecedores`);
    await page.getByRole('article').filter({ hasText: 'Oficina Boa Vista Ltda' }).waitFor();
    expect(await page.getByRole('article').getByText('Boa Vista', { exact: true }).count()).toBe(0);
    await screenshot(page, 'phone-journey-6-nothing-saved');
  });
});

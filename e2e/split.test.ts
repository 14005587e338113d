import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumAvailable, screenshot, signInToMatriz } from './support/browser';
import { useHarness } from './support/harness';

/** Text as shown, with the non-breaking space Intl puts after "R$" made plain. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

/** Chooses, in the page's reference select labelled `label`, the first option matching `search`. */
async function choose(page: Page, label: string, search: string): Promise<void> {
  const input = page.getByLabel(new RegExp(`^${label}`)).first();
  await expect
    .poll(
      async () => {
        if ((await input.inputValue()) !== search && (await input.getAttribute('aria-expanded')) !== 'true') {
          await input.fill(search);
        }
        const option = page.getByRole('option', { name: new RegExp(search, 'i') }).first();
        if (await option.isVisible().catch(() => false)) await option.click({ timeout: 2_000 }).catch(() => undefined);
        const value = await input.inputValue();
        return value.length > search.length ? value : '';
      },
      { timeout: 15_000 },
    )
    .toMatch(new RegExp(search, 'i'));
}

// Reason for skipIf: this journey needs Debian's Chromium at /usr/bin/chromium; CI installs it, a laptop may not.
describe.skipIf(!chromiumAvailable)('revenue split in Chromium', () => {
  const h = useHarness();

  it('the finance user splits last month’s consulting receipts, finds the partners’ payables and undoes the split', async () => {
    const page = await h.newPage(1366, 768);
    await signInToMatriz(page, h.app.url, 'financeiro');

    // The demo's setting says what it covers: the consulting product's receipts.
    await page.goto(`${h.app.url}/parametrizacao/configuracoes_split`);
    await page.getByText('Parceria de consultoria').first().click();
    const form = page.getByRole('dialog', { name: 'Editar divisão de receitas' });
    await expect
      .poll(async () => form.getByRole('combobox', { name: /^Recebimentos cobertos/ }).inputValue(), {
        timeout: 15_000,
      })
      .toBe('Por produto (classificação do produto)');
    await expect
      .poll(async () => form.getByRole('combobox', { name: /^Produto/ }).inputValue(), { timeout: 15_000 })
      .toContain('Consultoria financeira');
    // Only the chosen coverage's field is open; choosing another opens its field.
    expect(await form.getByRole('combobox', { name: /^Contrato/ }).isDisabled()).toBe(true);
    await form.getByRole('combobox', { name: /^Recebimentos cobertos/ }).click();
    await page.getByRole('option', { name: 'Por contrato' }).click();
    await expect.poll(() => form.getByRole('combobox', { name: /^Contrato/ }).isDisabled()).toBe(false);
    await form.getByRole('combobox', { name: /^Recebimentos cobertos/ }).click();
    await page.getByRole('option', { name: 'Por produto (classificação do produto)' }).click();
    await screenshot(page, 'split-setting-form-1366');
    await page.keyboard.press('Escape');
    await page.goto(`${h.app.url}/fluxos/split`);
    await page.getByRole('heading', { name: 'Divisão de receitas' }).waitFor();

    // 1) The demo's setting; the month starts at last month.
    await choose(page, 'Divisão de receitas', 'Parceria');
    const month = page.getByRole('combobox', { name: 'Mês dos recebimentos' });
    const monthLabel = await month.inputValue();
    expect(monthLabel).toMatch(/^[a-zç]+ de \d{4}$/);
    await screenshot(page, 'split-choose-1366');
    await page.getByRole('button', { name: 'Ver recebimentos' }).click();

    // 2) The receipts covered, with the base.
    const receipts = page.getByRole('table', { name: 'Recebimentos' });
    await receipts.waitFor();
    const base = /Base do split · \d+ recebimentos?\s*(R\$ [\d.]+,\d{2})/.exec(plain(await receipts.innerText()))?.[1];
    expect(base).toBeDefined();
    await screenshot(page, 'split-receipts-1366');
    await page.getByRole('button', { name: 'Próximo' }).click();

    // 3) Each partner's share and the rest, which add up to the base; the payables' classification.
    const shares = page.getByRole('table', { name: 'Partilha' });
    await shares.waitFor();
    const sharesText = plain(await shares.innerText());
    expect(sharesText).toContain('Marina Souza Consultoria');
    expect(sharesText).toContain('Rafael Lima Representações');
    expect(sharesText).toContain('Retido pela organização');
    expect(sharesText).toContain(`Total (igual à base)\t${base}`);
    await choose(page, 'Classificação', 'Comissões');
    await screenshot(page, 'split-shares-1366');
    await page.getByRole('button', { name: 'Gerar contas a pagar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Gerar as contas a pagar do split?' });
    await confirm.getByText(/Serão criadas 2 contas a pagar/).waitFor();
    await confirm.getByRole('button', { name: 'Gerar' }).click();

    // 4) Done, with a link to each partner's payable.
    await page.getByText('Split gerado', { exact: true }).waitFor();
    await screenshot(page, 'split-done-1366');
    await page.getByRole('link', { name: /Abrir a conta a pagar de Marina Souza Consultoria/ }).click();
    await page.waitForURL(/\/contas\/pagar\?doc=/);
    const drawer = page.getByRole('dialog').filter({ hasText: 'Marina Souza Consultoria' });
    await expect
      .poll(async () => plain(await drawer.innerText()), { timeout: 15_000 })
      .toContain(`Split Parceria de consultoria — ${monthLabel}`);
    await screenshot(page, 'split-payable-drawer-1366');

    // The partners' payables are in contas/pagar.
    await page.goto(`${h.app.url}/contas/pagar`);
    await page.getByRole('textbox', { name: 'Buscar parte, descrição ou número' }).fill('Split Parceria');
    await expect
      .poll(async () => plain(await page.locator('tbody').first().innerText()), { timeout: 15_000 })
      .toMatch(
        /Marina Souza Consultoria[\s\S]*Rafael Lima Representações|Rafael Lima Representações[\s\S]*Marina Souza Consultoria/,
      );

    // Undone as a whole, with a reason: its payables are cancelled and the run stays in the history.
    await page.goto(`${h.app.url}/fluxos/split`);
    const runs = page.getByRole('table', { name: 'Splits anteriores' });
    await runs.waitFor();
    await runs.getByRole('button', { name: `Desfazer split: Parceria de consultoria, ${monthLabel}` }).click();
    const undo = page.getByRole('dialog', { name: 'Desfazer este split?' });
    await undo.getByRole('textbox', { name: /Motivo/ }).fill('Percentual do parceiro mudou no contrato');
    await screenshot(page, 'split-undo-1366');
    await undo.getByRole('button', { name: 'Desfazer split' }).click();
    await page.getByText('Split desfeito: as contas a pagar dos parceiros foram canceladas.').waitFor();
    await expect.poll(async () => await runs.innerText()).toContain('Percentual do parceiro mudou no contrato');
    await expect(runs.getByRole('button', { name: /Desfazer split/ }).count()).resolves.toBe(0);
  });
});

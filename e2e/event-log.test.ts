import { describe, it } from 'vitest';
import { chooseOption as choose, chromiumAvailable, screenshot, signInToMatriz } from './support/browser';
import { useHarness } from './support/harness';

// Reason for skipIf: this journey needs Debian's Chromium at /usr/bin/chromium; CI installs it, a laptop may not.
describe.skipIf(!chromiumAvailable)('the event log in Chromium', () => {
  const h = useHarness();

  it('shows an account change by name: the bank named, money in R$, dates, routine entries hidden until asked', async () => {
    const page = await h.newPage(1366, 900);
    await signInToMatriz(page, h.app.url);
    await page.goto(`${h.app.url}/gestao_contas/contas`);
    await page.getByRole('button', { name: 'Ações: Itaú movimento' }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar conta' });
    await choose(page, 'Banco', 'Bradesco');
    await edit.getByRole('textbox', { name: /^Saldo inicial/ }).fill('123456');
    await edit.getByRole('textbox', { name: /^Data do saldo inicial/ }).fill('01/11/2026');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await edit.waitFor({ state: 'detached' });

    await page.goto(`${h.app.url}/logs/events`);
    const row = page.getByRole('row').filter({ hasText: 'Alterou conta financeira' });
    await row.getByRole('link', { name: 'Itaú movimento' }).waitFor();
    await row.getByText(/bradesco/i).waitFor();
    await row.getByText(/^R\$\s154\.321,90$/).waitFor();
    await row.getByText(/^R\$\s1\.234,56$/).waitFor();
    await row.getByText('01/11/2026').waitFor();
    // Entering the organization is routine: hidden until the switch asks for it, and the switch lives in the address.
    await page.getByRole('row').filter({ hasText: 'Entrou na organização' }).waitFor({ state: 'detached' });
    await screenshot(page, 'event-log-1366');
    await page.getByLabel('Mostrar eventos de rotina').check();
    await page.waitForURL(/routine=true/);
    await page.getByRole('row').filter({ hasText: 'Entrou na organização' }).first().waitFor();

    await page.goto(`${h.app.url}/logs/events`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page
      .getByRole('article')
      .filter({ hasText: 'Alterou conta financeira' })
      .getByText(/^R\$\s1\.234,56$/)
      .waitFor();
    await screenshot(page, 'event-log-390');

    await page.getByRole('link', { name: 'Itaú movimento' }).first().click();
    await page.waitForURL(/\/gestao_contas\/contas\?search=/);
    await page.getByText('Itaú movimento').first().waitFor();
  });
});

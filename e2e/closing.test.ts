import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { monthTitle, todayInSaoPaulo } from '@financeiro/core';
import { chromiumAvailable, screenshot, signInToMatriz } from './support/browser';
import { useHarness } from './support/harness';

// Reason for skipIf: these journeys need Debian's Chromium at /usr/bin/chromium; CI installs it, a laptop may not.
describe.skipIf(!chromiumAvailable)('closing a month in Chromium', () => {
  const h = useHarness();

  /** Types a bank fee dated today on the statement and sends it. */
  async function bookFee(page: Page) {
    await page.goto(`${h.app.url}/contas/extrato`);
    await page.getByRole('button', { name: 'Novo lançamento' }).click();
    const entry = page.getByRole('dialog', { name: 'Novo lançamento' });
    await entry.getByLabel('Valor').fill('3990');
    const classification = entry.getByRole('combobox', { name: /^Classificação/ });
    await classification.click();
    await classification.fill('Tarifas');
    await page
      .getByRole('option', { name: /Tarifas bancárias/ })
      .first()
      .click();
    await entry.getByLabel('Descrição').fill('Tarifa de TED');
    await entry.getByRole('button', { name: 'Lançar' }).click();
  }

  it('closes the current month after a confirmation, refuses a fee dated in it with the reason, and reopens it with a reason', async () => {
    const label = monthTitle(todayInSaoPaulo());
    const page = await h.newPage(1366, 900);
    await signInToMatriz(page, h.app.url, 'admin');
    await page.goto(`${h.app.url}/contas/fechamento`);
    const row = page.getByRole('row').filter({ hasText: label });
    await row.getByText('Aberto').waitFor();

    // Closing asks first; cancelling leaves the month open.
    await row.getByRole('button', { name: 'Fechar mês' }).click();
    const confirm = page.getByRole('dialog', { name: `Fechar ${label}?` });
    await confirm.getByText(/na unidade Matriz/).waitFor();
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await row.getByText('Aberto').waitFor();
    await row.getByRole('button', { name: 'Fechar mês' }).click();
    await confirm.getByRole('button', { name: 'Fechar mês' }).click();
    await page.getByText(`${label} fechado.`).waitFor();
    await row.getByText('Fechado', { exact: true }).waitFor();
    await row.getByText('Ana Administradora').waitFor();
    await screenshot(page, 'closing-1366');

    // The entry form says so before anything is typed; a bank fee dated today is refused with the server's words.
    await page.goto(`${h.app.url}/contas/extrato`);
    await page.getByRole('button', { name: 'Novo lançamento' }).click();
    await page
      .getByRole('dialog', { name: 'Novo lançamento' })
      .getByText(`${label} está fechado nesta unidade (fechado por Ana Administradora em`)
      .waitFor();
    await screenshot(page, 'closing-entry-warned-1366');
    await bookFee(page);
    await page.getByText(`${label} está fechado para a unidade Matriz (fechado por Ana Administradora em`).waitFor();

    // Reopening takes a reason; then the same fee is booked.
    await page.goto(`${h.app.url}/contas/fechamento`);
    await row.getByRole('button', { name: 'Reabrir' }).click();
    const reopen = page.getByRole('dialog', { name: `Reabrir ${label}?` });
    const button = reopen.getByRole('button', { name: 'Reabrir' });
    expect(await button.isDisabled()).toBe(true);
    await reopen.getByLabel('Motivo da reabertura').fill('Tarifa do banco chegou depois do fechamento');
    await button.click();
    await page.getByText(`${label} reaberto.`).waitFor();
    await row.getByText('Aberto').waitFor();
    await bookFee(page);
    await page.getByText('Lançamento registrado.').waitFor();
  });
});

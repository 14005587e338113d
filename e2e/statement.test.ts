import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { chromiumAvailable, screenshot, signInToMatriz } from './support/browser';
import { useHarness } from './support/harness';

/** Text as shown, with the non-breaking space Intl puts after "R$" made plain. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

// Reason for skipIf: these journeys need Debian's Chromium at /usr/bin/chromium; CI installs it, a laptop may not.
describe.skipIf(!chromiumAvailable)('the account statement in Chromium', () => {
  const h = useHarness();

  const cards = (page: Page) => page.getByRole('region', { name: 'Resumo do período' });
  /** The amount a card of the period's summary shows ("Saldo final"). */
  const card = async (page: Page, label: string) => {
    const text = plain(await cards(page).innerText());
    return new RegExp(`${label}\\s+(-?R\\$ -?[\\d.,]+)`).exec(text)?.[1] ?? '';
  };
  /** Picks an option of a dialog's select, typing `search` first where the list is long (a registry's). */
  async function chooseIn(scope: Locator, page: Page, label: string, option: RegExp, search?: string) {
    const select = scope.getByRole('combobox', { name: new RegExp(`^${label}`) });
    await select.click();
    if (search) await select.fill(search);
    await page.getByRole('option', { name: option }).first().click();
  }
  const chooseAccount = async (page: Page, name: RegExp) => {
    await page.getByRole('combobox', { name: 'Conta', exact: true }).click();
    await page.getByRole('option', { name }).first().click();
  };

  it('shows the checking account, makes a transfer seen on both statements, reverses it, and books a fee', async () => {
    const page = await h.newPage(1366, 900);
    await signInToMatriz(page, h.app.url, 'financeiro');
    await page.goto(`${h.app.url}/contas/extrato`);
    // The first checking account opens, with the month's figures and its movements.
    // The account comes with the screen's options from the server: on a busy machine that has taken over 5 seconds.
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Conta', exact: true }).inputValue(), { timeout: 15_000 })
      .toBe('Itaú movimento');
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    await expect.poll(() => card(page, 'Saldo final')).toMatch(/R\$/);
    const opening = await card(page, 'Saldo inicial');
    const closing = await card(page, 'Saldo final');
    expect(opening).toMatch(/R\$/);
    await screenshot(page, 'statement-1366');

    // A transfer to the investment account.
    await page.getByRole('button', { name: 'Nova transferência' }).click();
    const transfer = page.getByRole('dialog', { name: 'Nova transferência' });
    // Sending it empty says what is missing, in Portuguese.
    await transfer.getByRole('button', { name: 'Transferir' }).click();
    await transfer.getByText('Escolha a conta de destino.').waitFor();
    await chooseIn(transfer, page, 'Conta de destino', /Itaú aplicação automática/);
    await transfer.getByLabel('Valor').fill('123456');
    await transfer.getByLabel('Descrição (opcional)').fill('Reserva de caixa');
    await transfer.getByRole('button', { name: 'Transferir' }).click();
    await page.getByText('Transferência registrada.').waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Reserva de caixa' });
    await row.getByText('Para Itaú aplicação automática').waitFor();
    expect(plain(await row.innerText())).toContain('-R$ 1.234,56');
    await expect.poll(() => card(page, 'Saldo final')).not.toBe(closing);

    // The other side, on the investment account's statement.
    await chooseAccount(page, /Itaú aplicação automática/);
    await page.waitForURL(/account=/);
    const other = page.getByRole('row').filter({ hasText: 'Reserva de caixa' });
    await other.getByText('De Itaú movimento').waitFor();
    expect(plain(await other.innerText())).toContain('+R$ 1.234,56');

    // Reversed from there: both legs are undone and the checking account's balance is back.
    await other.getByRole('button', { name: 'Estornar Reserva de caixa' }).click();
    const reversal = page.getByRole('dialog', { name: 'Estornar movimento' });
    await reversal.getByLabel('Motivo do estorno').fill('Transferência em duplicidade');
    await reversal.getByRole('button', { name: 'Estornar' }).click();
    await page.getByText('Estorno registrado.').waitFor();
    await page.getByRole('row').filter({ hasText: 'Estorno — Reserva de caixa' }).waitFor();
    await chooseAccount(page, /Itaú movimento/);
    await page.getByRole('row').filter({ hasText: 'Estorno — Reserva de caixa' }).waitFor();
    await expect.poll(() => card(page, 'Saldo final')).toBe(closing);

    // A bank fee, classified.
    await page.getByRole('button', { name: 'Novo lançamento' }).click();
    const entry = page.getByRole('dialog', { name: 'Novo lançamento' });
    await entry.getByLabel('Valor').fill('3990');
    await entry.getByRole('button', { name: 'Lançar' }).click();
    await entry.getByText('Escolha a classificação.').waitFor();
    await chooseIn(entry, page, 'Classificação', /Tarifas bancárias/, 'Tarifas');
    await entry.getByLabel('Descrição').fill('Tarifa de TED');
    await entry.getByRole('button', { name: 'Lançar' }).click();
    await page.getByText('Lançamento registrado.').waitFor();
    const fee = page.getByRole('row').filter({ hasText: 'Tarifa de TED' });
    await fee.getByText('Tarifas bancárias').waitFor();
    expect(plain(await fee.innerText())).toContain('-R$ 39,90');
    await expect.poll(() => card(page, 'Saldo final')).not.toBe(closing);

    // Every account's balance, and their total.
    await page.getByText('Saldos', { exact: true }).click();
    await page.getByRole('status', { name: 'Saldos das contas' }).getByText(/Total/).waitFor();
    await page.getByRole('row').filter({ hasText: 'Itaú aplicação automática' }).waitFor();
    await screenshot(page, 'statement-balances-1366');
  });

  it('on a phone the statement is cards with nothing sideways', async () => {
    const page = await h.newPage(390, 844, { hasTouch: true, isMobile: true });
    await signInToMatriz(page, h.app.url, 'financeiro');
    await page.goto(`${h.app.url}/contas/extrato`);
    await page.getByRole('article').first().waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'statement-390');
    await page.getByRole('button', { name: 'Nova transferência' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova transferência' });
    // Once its opening transition is over, for a screenshot of the form as a person sees it.
    await expect.poll(() => dialog.evaluate((e) => getComputedStyle(e).opacity)).toBe('1');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'statement-transfer-390');
  });
});

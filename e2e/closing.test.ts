import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addMonths, formatCalendarDate, monthTitle, todayInSaoPaulo } from '@financeiro/core';
import { chromiumAvailable, screenshot, signInToMatriz } from './support/browser';
import { useHarness } from './support/harness';
import { ofxFile } from './support/ofx';

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

  it('reconciles a late bank line of a closed month once asked to book it on the first open day, both dates shown', async () => {
    const thisMonth = `${todayInSaoPaulo().slice(0, 7)}-01`;
    const lastMonth = addMonths(thisMonth, -1, 1);
    const label = monthTitle(lastMonth);
    const day28 = addMonths(lastMonth, 0, 28);
    const page = await h.newPage(1366, 900);
    await signInToMatriz(page, h.app.url, 'admin');

    // A bill of last month, due on the 28th, that the bank paid that day.
    await page.goto(`${h.app.url}/contas/pagar`);
    await page.getByRole('button', { name: 'Nova conta a pagar' }).click();
    const drawer = page.getByRole('dialog');
    const choose = async (field: string, option: RegExp) => {
      await drawer.getByLabel(field).first().click();
      await page.getByRole('option', { name: option }).first().click();
    };
    await choose('Fornecedor', /Papelaria Central/);
    await drawer.getByLabel('Descrição').fill('Toners da impressora');
    await drawer.getByLabel('Emissão').fill(formatCalendarDate(addMonths(lastMonth, 0, 3)));
    await drawer.getByLabel('Competência (MM/AAAA)').fill(`${lastMonth.slice(5, 7)}/${lastMonth.slice(0, 4)}`);
    await drawer.getByLabel('Valor bruto').fill('77777');
    await choose('Classificação', /Material de escritório/);
    await choose('Centro de custo', /Administrativo/);
    await drawer.getByLabel('Primeiro vencimento').fill(formatCalendarDate(day28));
    await drawer.getByRole('button', { name: 'Gerar parcelas' }).click();
    await drawer.getByRole('button', { name: 'Lançar' }).click();
    await page.getByText('Conta a pagar lançada.').waitFor();

    // The bank's statement of that day arrives after the month was closed.
    await page.goto(`${h.app.url}/contas/fechamento`);
    await page.getByRole('row').filter({ hasText: label }).getByRole('button', { name: 'Fechar mês' }).click();
    await page
      .getByRole('dialog', { name: `Fechar ${label}?` })
      .getByRole('button', { name: 'Fechar mês' })
      .click();
    await page.getByText(`${label} fechado.`).waitFor();
    await page.goto(`${h.app.url}/contas/conciliacao_bancaria?from=${day28}&to=${day28}`);
    await page.getByRole('button', { name: 'Importar extrato' }).click();
    const upload = page.getByRole('dialog', { name: 'Importar extrato' });
    await upload.locator('input[type="file"]').setInputFiles({
      name: 'extrato-atrasado.ofx',
      mimeType: 'application/x-ofx',
      buffer: Buffer.from(
        ofxFile(day28, [{ amount: -77_777, memo: 'PAG BOLETO PAPELARIA CENTRAL', fitId: 'LATE1' }], 0),
      ),
    });
    await upload.getByRole('button', { name: 'Importar', exact: true }).click();
    await upload.getByRole('status').getByText('1 linha nova', { exact: false }).waitFor();
    await page.keyboard.press('Escape');

    // The line shows its lock; chosen with the bill, the match offers the first open day and reconciles once ticked.
    const line = page
      .getByRole('region', { name: 'Extrato do banco' })
      .getByRole('row')
      .filter({ hasText: 'PAG BOLETO PAPELARIA CENTRAL' });
    await line.getByRole('img', { name: /^Mês fechado/ }).waitFor();
    await line.getByRole('checkbox').check();
    await page
      .getByRole('region', { name: 'No aplicativo' })
      .getByRole('row')
      .filter({ hasText: 'Toners da impressora' })
      .getByRole('checkbox')
      .check();
    const match = page.getByRole('region', { name: 'Conciliação manual' });
    await match.getByText(/Uma linha escolhida é de um mês fechado/).waitFor();
    expect(await match.getByRole('button', { name: 'Conciliar' }).isDisabled()).toBe(true);
    const late = match.getByRole('checkbox', {
      name: `Lançar a baixa em ${formatCalendarDate(thisMonth)}, o primeiro dia do primeiro mês aberto (a linha é de ${formatCalendarDate(day28)}; ${label.toLowerCase()} está fechado).`,
    });
    await late.check();
    await match.getByText('Os valores fecham.').waitFor();
    await screenshot(page, 'closing-late-line-1366');
    await match.getByRole('button', { name: 'Conciliar' }).click();
    await page.getByText('Conciliação registrada.').waitFor();
    await line.getByText('Conciliada').waitFor();
  });
});

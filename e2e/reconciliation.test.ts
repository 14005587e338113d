import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays, todayInSaoPaulo } from '@financeiro/core';
import { chromiumAvailable, screenshot, signInToMatriz } from './support/browser';
import { useHarness } from './support/harness';
import { ofxFile } from './support/ofx';

/** Text as shown, with the non-breaking space Intl puts after "R$" made plain. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ').replace(/\n+/g, '\n');
/** "-R$ 1.234,56" or "+R$ 12,00" as signed centavos. */
const centavos = (text: string) => {
  const match = /(-|\+)?R\$ ?(-)?([\d.]+),(\d{2})/.exec(plain(text));
  if (!match) throw new Error(`no amount in ${text}`);
  const value = Number((match[3] ?? '').replaceAll('.', '')) * 100 + Number(match[4]);
  return match[1] === '-' || match[2] === '-' ? -value : value;
};
/** Upper case without accents, the way bank memos read. */
const bankText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();

interface StatementRow {
  date: string;
  title: string;
  amount: number;
  balance: number;
}

/** The rows of the statement table as shown: date, description, amount and the balance after it. */
async function statementRows(page: Page): Promise<StatementRow[]> {
  const cells = await page
    .getByRole('table')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText)));
  return cells.map(([date = '', description = '', , , amount = '', balance = '']) => {
    const [d, m, y] = date.trim().split('/');
    return {
      date: `${y}-${m}-${d}`,
      title: description.split('\n')[0] ?? '',
      amount: centavos(amount),
      balance: centavos(balance),
    };
  });
}

/** Who a settlement paid or was paid by, as its description names them ("Pagamento: <party> — ..."). */
const partyOf = (row: StatementRow) => /^(?:Pagamento|Recebimento): (.+?) — /.exec(row.title)?.[1] ?? null;

// Reason for skipIf: these journeys need Debian's Chromium at /usr/bin/chromium; CI installs it, a laptop may not.
describe.skipIf(!chromiumAvailable)('bank reconciliation in Chromium', () => {
  const h = useHarness();

  const figure = async (page: Page, label: string) => {
    const text = plain(await page.getByRole('region', { name: 'Saldos da conciliação' }).innerText());
    return new RegExp(`${label}\\s+(-?R\\$ -?[\\d.,]+|—)`).exec(text)?.[1] ?? '';
  };

  it('imports an OFX of the checking account, accepts the suggested matches, books the fee by a rule, and adds nothing the second time', async () => {
    const page = await h.newPage(1366, 900);
    await signInToMatriz(page, h.app.url, 'financeiro');

    // The last day with a bill paid from the checking account, read from its statement.
    const today = todayInSaoPaulo();
    await page.goto(`${h.app.url}/contas/extrato?from=${addDays(today, -12)}&to=${today}`);
    // The account comes with the screen's options from the server: on a busy machine that has taken over 5 seconds.
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Conta' }).inputValue(), { timeout: 15_000 })
      .toBe('Itaú movimento');
    await page.getByRole('table').locator('tbody tr').filter({ hasText: 'R$' }).first().waitFor();
    const rows = await statementRows(page);
    const paid = rows.filter((r) => partyOf(r) !== null);
    const day = paid[paid.length - 1]?.date ?? '';
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const ofDay = rows.filter((r) => r.date === day);
    const closing = ofDay[ofDay.length - 1]?.balance ?? 0;

    // Every movement of that day as the bank describes it, and a fee the app does not know yet.
    const fee = -4590;
    const lines = ofDay.map((r, i) => {
      const party = partyOf(r) ?? '';
      const memo = party
        ? r.amount < 0
          ? `PAGTO BOLETO ${bankText(party)}`
          : `PIX RECEBIDO ${bankText(party)}`
        : bankText(r.title);
      return { amount: r.amount, memo, fitId: `E2E${day.replaceAll('-', '')}${i}`, party };
    });
    lines.push({ amount: fee, memo: 'TARIFA PACOTE SERVICOS', fitId: `E2E${day.replaceAll('-', '')}FEE`, party: '' });
    const file = {
      name: `extrato-itau-${day}.ofx`,
      mimeType: 'application/x-ofx',
      buffer: Buffer.from(ofxFile(day, lines, closing + fee), 'latin1'),
    };
    const payments = ofDay.filter((r) => partyOf(r) !== null).length;

    await page.goto(`${h.app.url}/contas/conciliacao_bancaria?from=${day}&to=${day}`);
    await page.getByText('Nenhuma linha de extrato neste período. Importe um arquivo OFX ou CSV.').waitFor();

    // A rule first: fees become entries of "Tarifas bancárias", cost centre Administrativo.
    await page.getByRole('button', { name: 'Regras' }).click();
    const drawer = page.getByRole('dialog', { name: 'Regras de conciliação' });
    await drawer.getByText('Nenhuma regra ainda.').waitFor();
    await drawer.getByRole('button', { name: 'Nova regra' }).click();
    await drawer.getByRole('button', { name: 'Salvar regra' }).click();
    // A rule without its text or classification is refused on its fields, before anything is sent.
    await drawer.getByText('Informe o texto que o histórico da linha contém.').waitFor();
    await drawer.getByText('Escolha a classificação.').waitFor();
    await drawer.getByLabel('Histórico contém').fill('TARIFA');
    await drawer.getByLabel('Classificação').fill('Tarifas');
    await page
      .getByRole('option', { name: /Tarifas bancárias/ })
      .first()
      .click();
    await drawer.getByLabel('Centro de custo').fill('Administrativo');
    await page
      .getByRole('option', { name: /Administrativo/ })
      .first()
      .click();
    await drawer.getByRole('button', { name: 'Salvar regra' }).click();
    await page.getByText('Regra salva.').waitFor();
    await drawer.getByText(/Histórico contém TARIFA → .*Tarifas bancárias, centro de custo .*Administrativo/).waitFor();
    await screenshot(page, 'reconciliation-rules-1366');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // The import's preview: the account (chosen, as the demo's investment account shares the number), the lines,
    // the period, the sums and the balance in the file against the app's.
    await page.getByRole('button', { name: 'Importar extrato' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar extrato' });
    await dialog.locator('input[type="file"]').setInputFiles(file);
    const statement = dialog.getByRole('group', { name: 'Extrato 1' });
    await statement.getByText('Novas').waitFor();
    await expect.poll(async () => plain(await statement.innerText())).toContain(`Novas\n${lines.length}`);
    const preview = plain(await statement.innerText());
    expect(preview).toContain(`Linhas\n${lines.length}`);
    expect(preview).toContain('Já importadas\n0');
    expect(preview).toContain('Saldo no arquivo');
    // The file names the demo's checking account by bank, branch and number: it is found, not chosen.
    await statement.getByText('Conta encontrada: Itaú movimento').waitFor();
    await screenshot(page, 'reconciliation-import-1366');
    await dialog.getByRole('button', { name: 'Importar', exact: true }).click();
    const result = dialog.getByRole('status');
    await result.getByText(`${lines.length} linhas novas`, { exact: false }).waitFor();
    expect(await result.innerText()).toContain('1 conciliada por regra');
    await dialog.getByRole('button', { name: 'Concluir' }).click();

    // The fee line was reconciled by the rule with an entry; the payments are suggested with their reasons.
    const bank = page.getByRole('region', { name: 'Extrato do banco' });
    const feeRow = bank.getByRole('row').filter({ hasText: 'TARIFA PACOTE SERVICOS' });
    await feeRow.getByText('Conciliada').waitFor();
    const suggestions = page.getByRole('region', { name: 'Sugestões' });
    await suggestions
      .getByText(/Mesmo valor/)
      .first()
      .waitFor();
    await suggestions
      .getByText(/no histórico/)
      .first()
      .waitFor();
    await screenshot(page, 'reconciliation-suggestions-1366');
    await suggestions.getByRole('button', { name: /Aceitar todas acima de 65%/ }).click();
    await page.getByText(/sugest(ão aceita|ões aceitas)\./).waitFor();
    await expect
      .poll(async () => bank.getByRole('row').filter({ hasText: 'Conciliada' }).count())
      .toBeGreaterThanOrEqual(payments + 1);

    // The bank's balance and the app's agree on that day: the fee is in the books.
    await expect.poll(() => figure(page, 'Diferença')).toBe('R$ 0,00');
    expect(await page.locator('tr[data-difference="yes"]').count()).toBe(0);
    await screenshot(page, 'reconciliation-1366');

    // A payment's match undone, then made by hand: its line and its movement chosen, the sums fit, "Conciliar".
    const payment = lines.find((l) => l.party !== '');
    if (!payment) throw new Error(`no payment on ${day}`);
    const paymentRow = bank.getByRole('row').filter({ hasText: payment.memo });
    await paymentRow.getByRole('button', { name: /Desfazer a conciliação/ }).click();
    await page.getByRole('dialog', { name: 'Desfazer conciliação' }).getByRole('button', { name: 'Desfazer' }).click();
    await page.getByText('Conciliação desfeita.').last().waitFor();
    await paymentRow.getByText('Em aberto').waitFor();
    await paymentRow.getByRole('checkbox').check();
    const [y, m, d] = day.split('-');
    await page
      .getByRole('region', { name: 'No aplicativo' })
      .getByRole('row')
      .filter({ hasText: payment.party })
      .filter({ hasText: `${d}/${m}/${y}` })
      .filter({ hasText: 'Movimento' })
      .first()
      .getByRole('checkbox')
      .check();
    const match = page.getByRole('region', { name: 'Conciliação manual' });
    await match.getByText('Os valores fecham.').waitFor();
    await match.getByRole('button', { name: 'Conciliar' }).click();
    await page.getByText('Conciliação registrada.').waitFor();
    await paymentRow.getByText('Conciliada').waitFor();

    // Undone, the fee line is open again and the difference is back; an entry made from the line closes it.
    await feeRow.getByRole('button', { name: /Desfazer a conciliação/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Desfazer conciliação' });
    await confirm.getByRole('button', { name: 'Desfazer' }).click();
    await page.getByText('Conciliação desfeita.').last().waitFor();
    await feeRow.getByText('Em aberto').waitFor();
    await expect.poll(() => figure(page, 'Diferença')).toBe('-R$ 45,90');
    await feeRow.getByRole('button', { name: /Criar lançamento/ }).click();
    const entry = page.getByRole('dialog', { name: 'Criar lançamento da linha' });
    await expect.poll(() => entry.getByLabel('Descrição').inputValue()).toBe('TARIFA PACOTE SERVICOS');
    await entry.getByLabel('Classificação').fill('Tarifas');
    await page
      .getByRole('option', { name: /Tarifas bancárias/ })
      .first()
      .click();
    await entry.getByRole('button', { name: 'Lançar e conciliar' }).click();
    await page.getByText('Lançamento criado e conciliado.').waitFor();
    await feeRow.getByText('Conciliada').waitFor();
    await expect.poll(() => figure(page, 'Diferença')).toBe('R$ 0,00');

    // The statement shows the fee entry, classified, and what the bank confirmed: the entry and the payments.
    await page.goto(`${h.app.url}/contas/extrato?from=${day}&to=${day}`);
    const feeEntry = page.getByRole('row').filter({ hasText: 'TARIFA PACOTE SERVICOS' }).last();
    await feeEntry.getByText('Tarifas bancárias').waitFor();
    expect(plain(await feeEntry.innerText())).toContain('-R$ 45,90');
    await feeEntry.getByText('Sim', { exact: true }).waitFor();
    const paidRow = page.getByRole('row').filter({ hasText: payment.party }).first();
    await paidRow.getByText('Sim', { exact: true }).waitFor();

    // The same file again adds nothing.
    await page.goto(`${h.app.url}/contas/conciliacao_bancaria?from=${day}&to=${day}`);
    await page.getByRole('button', { name: 'Importar extrato' }).click();
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await expect.poll(async () => plain(await statement.innerText())).toContain(`Já importadas\n${lines.length}`);
    expect(plain(await statement.innerText())).toContain('Novas\n0');
    await dialog.getByRole('button', { name: 'Importar', exact: true }).click();
    await dialog.getByRole('status').getByText('0 linhas novas', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Concluir' }).click();
    await expect.poll(() => figure(page, 'Diferença')).toBe('R$ 0,00');

    // On a phone: cards, stacked columns, nothing sideways.
    const phone = await h.newPage(390, 844, { hasTouch: true, isMobile: true });
    await signInToMatriz(phone, h.app.url, 'financeiro');
    await phone.goto(`${h.app.url}/contas/conciliacao_bancaria?from=${day}&to=${day}`);
    await phone.getByRole('article').first().waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(phone, 'reconciliation-390');
    await phone.getByRole('button', { name: 'Importar extrato' }).click();
    await phone.getByRole('dialog', { name: 'Importar extrato' }).locator('input[type="file"]').setInputFiles(file);
    await phone.getByRole('dialog', { name: 'Importar extrato' }).getByText('Já importadas').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(phone, 'reconciliation-import-390');
    await phone.getByRole('dialog', { name: 'Importar extrato' }).getByRole('button', { name: 'Cancelar' }).click();
    await phone.getByRole('button', { name: 'Regras' }).click();
    await phone.getByRole('dialog', { name: 'Regras de conciliação' }).getByRole('button', { name: 'Editar' }).click();
    await phone.getByRole('dialog', { name: 'Regras de conciliação' }).getByLabel('Histórico contém').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(phone, 'reconciliation-rules-390');
  });

  it('reads a CSV statement with its columns shown, and imports the readable lines only once asked to', async () => {
    const page = await h.newPage(1366, 900);
    await signInToMatriz(page, h.app.url, 'financeiro');
    const day = addDays(todayInSaoPaulo(), -3);
    const [y, m, d] = day.split('-');
    await page.goto(`${h.app.url}/contas/conciliacao_bancaria?from=${day}&to=${day}`);
    await page.getByRole('combobox', { name: 'Conta' }).click();
    await page.getByRole('option', { name: 'Mercado Pago vendas' }).click();
    await page.waitForURL(/account=/);

    const csv = `Data;Histórico;Valor\n${d}/${m}/${y};PIX RECEBIDO MARIA DA SILVA;1.234,56\n${d}/${m}/${y};TED ENVIADA;abc\n`;
    await page.getByRole('button', { name: 'Importar extrato' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar extrato' });
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'extrato.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    // The columns it was read with, guessed from the header and changeable, and the line it could not read.
    const columns = dialog.getByRole('group', { name: 'Colunas do CSV' });
    await columns.getByText('deduzidas do cabeçalho', { exact: false }).waitFor();
    expect(await columns.getByLabel('Valor', { exact: true }).inputValue()).toBe('3');
    await dialog.getByText('1 linha não pôde ser lida').waitFor();
    await dialog.getByText(/^Linha 3:/).waitFor();
    const submit = dialog.getByRole('button', { name: 'Importar', exact: true });
    expect(await submit.isDisabled()).toBe(true);
    await screenshot(page, 'reconciliation-import-csv-1366');
    await dialog.getByLabel('Importar as demais linhas mesmo assim').check();
    await submit.click();
    await dialog.getByRole('status').getByText('1 linha nova', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Concluir' }).click();
    await page
      .getByRole('region', { name: 'Extrato do banco' })
      .getByRole('row')
      .filter({ hasText: 'PIX RECEBIDO MARIA DA SILVA' })
      .getByText('Em aberto')
      .waitFor();
  });
});

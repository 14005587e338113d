import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseOption, chromiumAvailable, screenshot, signInToMatriz } from './support/browser';
import { useHarness } from './support/harness';

/**
 * The supplier's NF-e of the demo's Serra Azul: R$ 12.000,00 in total, but its first duplicata is R$ 3.500,00 (the
 * supplier took R$ 500,00 off), so the duplicatas add up to R$ 11.500,00.
 */
function discountedNote(): string {
  const note = readFileSync(
    fileURLToPath(new URL('../packages/core/src/purchasing/fixtures/nfe/three-duplicatas.xml', import.meta.url)),
    'utf8',
  );
  const file = join(mkdtempSync(join(tmpdir(), 'nfe-')), 'NFe-serra-azul.xml');
  writeFileSync(file, note.replace('<vDup>4000.00</vDup>', '<vDup>3500.00</vDup>'));
  return file;
}

/** Text as shown, with the non-breaking space Intl puts after "R$" made plain. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

/** Opens a purchase list and the order numbered `number` in it. */
async function openOrder(page: Page, appUrl: string, list: string, number: number) {
  await page.goto(`${appUrl}/compras/${list}`);
  const numberCell = page.locator('td', { hasText: new RegExp(`^\\s*${number}(?![\\d/])`) });
  await page.locator('tbody tr').filter({ has: numberCell }).first().click();
  const drawer = page.getByRole('dialog', { name: /Pedido de compra|Pedido nº/ });
  await drawer.getByText(`Pedido nº ${number}`).first().waitFor();
  return drawer;
}

// Reason for skipIf: this journey needs Debian's Chromium at /usr/bin/chromium; CI installs it, a laptop may not.
describe.skipIf(!chromiumAvailable)('purchasing in Chromium', () => {
  const h = useHarness();

  it('an order of R$ 12.000,00 climbs from the R$ 5.000,00 approver to the one above, and concludes with the NF-e into its payable', async () => {
    // The requester works in the Compras department of Matriz: the list asks for it.
    const requester = await h.newPage(1366, 900);
    await signInToMatriz(requester, h.app.url, 'solicitante');
    await requester.goto(`${h.app.url}/compras/criadas`);
    await requester.waitForURL(/\/select-tenant\/department/);
    await requester.getByRole('button', { name: 'Compras' }).click();
    await requester.waitForURL(/\/compras\/criadas/);
    await requester.getByRole('button', { name: 'Novo pedido' }).click();
    const form = requester.getByRole('dialog', { name: 'Novo pedido de compra' });
    await form
      .getByRole('textbox', { name: /^Justificativa/ })
      .first()
      .fill('Chapas de aço para a manutenção da linha 2.');
    await chooseOption(requester, 'Fornecedor', 'Serra Azul');
    await form.getByLabel('Descrição').first().fill('Chapa de aço carbono 2 mm');
    await form.getByLabel('Quantidade').first().fill('40');
    await form.getByLabel('Preço unitário').first().fill('300,00');
    await expect.poll(async () => plain(await form.innerText())).toContain('Total do pedido: R$ 12.000,00');
    await screenshot(requester, 'purchasing-new-order-1366');
    await form.getByRole('button', { name: 'Criar pedido' }).click();
    const created = requester.getByText(/Pedido nº \d+ criado\./);
    const number = Number(/nº (\d+)/.exec((await created.first().textContent()) ?? '')?.[1]);
    expect(number).toBeGreaterThan(0);
    const mine = requester.getByRole('dialog', { name: /Pedido/ });
    await mine.getByRole('button', { name: 'Enviar para aprovação' }).click();
    await requester.getByText('Pedido enviado para aprovação.').waitFor();

    // The first level (R$ 5.000,00) is told by e-mail, with a link to the order.
    const link = await h.mailbox.find(
      'financeiro@demo.financeiro.local',
      new RegExp(`(http\\S+/compras/aguardando_aprovacao\\?pedido=[0-9a-f-]+)`),
    );
    expect(link).toContain('/compras/aguardando_aprovacao?pedido=');

    // Fábio approves within his limit: the order stays waiting, now for the approver above.
    const finance = await h.newPage(1366, 900);
    await signInToMatriz(finance, h.app.url, 'financeiro');
    await finance.goto(`${h.app.url}${new URL(link).pathname}${new URL(link).search}`);
    let drawer = finance.getByRole('dialog', { name: /Pedido/ });
    await drawer.getByText(`Pedido nº ${number}`).first().waitFor();
    await drawer.getByText(/Sua alçada é de R\$\s5\.000,00/).waitFor();
    await screenshot(finance, 'purchasing-approve-within-limit-1366');
    await drawer.getByRole('button', { name: 'Aprovar na minha alçada' }).click();
    await finance.getByText('Aprovação registrada.').waitFor();
    await expect.poll(async () => plain(await drawer.innerText())).toMatch(/sobe para quem aprova até R\$ 50\.000,00/);
    await expect(drawer.getByRole('button', { name: /^Aprovar/ }).count()).resolves.toBe(0);

    // Ana, whose limit covers it, approves it.
    const admin = await h.newPage(1366, 900);
    await signInToMatriz(admin, h.app.url, 'admin');
    drawer = await openOrder(admin, h.app.url, 'aguardando_aprovacao', number);
    await drawer.getByRole('button', { name: 'Aprovar', exact: true }).click();
    await admin.getByText('Aprovação registrada.').waitFor();
    await expect.poll(async () => plain(await drawer.innerText())).toMatch(/aprovado \(alçada de R\$ 50\.000,00\)/);
    await h.mailbox.find(
      'solicitante@demo.financeiro.local',
      new RegExp(`(pedido de compra nº ${number}, de R\\$\\s12\\.000,00, foi aprovado)`),
    );

    // Fábio concludes it with the supplier's NF-e, whose duplicatas fall R$ 500,00 short of its total: he says the
    // difference is a discount, and the three duplicatas become the payable's installments.
    drawer = await openOrder(finance, h.app.url, 'aprovadas', number);
    await drawer.getByRole('button', { name: 'Concluir' }).click();
    const conclude = finance.getByRole('dialog', { name: `Concluir o pedido nº ${number}` });
    const chooser = finance.waitForEvent('filechooser');
    await conclude.getByRole('button', { name: 'Anexar XML da NF-e' }).click();
    await (await chooser).setFiles(discountedNote());
    const difference = conclude.getByRole('radiogroup', { name: 'Como tratar a diferença das duplicatas' });
    await difference.waitFor();
    await difference.getByRole('radio', { name: /^Desconto/ }).check();
    await expect
      .poll(async () => plain(await conclude.innerText()))
      .toContain('Soma das parcelas R$ 11.500,00 de R$ 11.500,00');
    if ((await conclude.getByLabel('Classificação').inputValue()) === '') {
      await chooseOption(finance, 'Classificação', 'Material');
    }
    if ((await conclude.getByLabel('Centro de custo').inputValue()) === '') {
      await chooseOption(finance, 'Centro de custo', 'Administrativo');
    }
    await screenshot(finance, 'purchasing-conclude-nfe-1366');
    await conclude.getByRole('button', { name: 'Concluir e lançar a conta a pagar' }).click();
    await finance.getByText(`Pedido nº ${number} concluído: a conta a pagar foi lançada.`).waitFor();
    await finance.getByRole('link', { name: 'Ver conta a pagar' }).click();
    await finance.waitForURL(/\/contas\/pagar\?doc=/);
    const payable = finance.getByRole('dialog');
    const installments = payable.getByRole('table', { name: 'Parcelas' });
    await installments.getByRole('row').filter({ hasText: '3/3' }).waitFor();
    const rows = (await installments.locator('tbody tr').allInnerTexts()).map(plain);
    expect(rows.map((row) => /R\$ [\d.]+,\d{2}/.exec(row)?.[0])).toEqual(['R$ 3.500,00', 'R$ 4.000,00', 'R$ 4.000,00']);
    await payable.getByText('Pedido de compra').first().waitFor();
    await screenshot(finance, 'purchasing-payable-from-order-1366');
  });
});

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addMonths, collectionDueDate, formatCalendarDate, monthTitle, todayInSaoPaulo } from '@financeiro/core';
import { chromiumAvailable, screenshot, signInToMatriz } from './support/browser';
import { useHarness } from './support/harness';

// Reason for skipIf: these journeys need Debian's Chromium at /usr/bin/chromium; CI installs it, a laptop may not.
describe.skipIf(!chromiumAvailable)('withheld taxes in Chromium', () => {
  const h = useHarness();

  const today = todayInSaoPaulo();
  /** The month just ended, the one the screen opens on. */
  const lastMonth = addMonths(`${today.slice(0, 7)}-01`, -1, 1);
  const label = monthTitle(lastMonth);
  /** Text as Intl writes it, with the non-breaking space after "R$" made plain. */
  const plain = (text: string) => text.replace(/\u00a0/g, ' ');

  async function choose(page: Page, label: string, option: RegExp, nth = 0) {
    await page.getByRole('dialog').getByLabel(label).nth(nth).click();
    await page.getByRole('option', { name: option }).first().click();
  }

  it("makes last month's DARF 1708 with its amount and due date, opens its payable, and lists the bills for the accountant", async () => {
    const page = await h.newPage(1366, 900);
    await signInToMatriz(page, h.app.url, 'financeiro');
    await page.goto(`${h.app.url}/contas/impostos_retidos`);
    await page.getByRole('heading', { name: label }).waitFor();
    const darf = page.getByRole('region', { name: 'DARF 1708 (IRRF)' });
    // The demo leaves last month's DARF for the team to make: due on the 20th, or the bank day before.
    const due = formatCalendarDate(collectionDueDate(lastMonth, 20, ['IRRF']));
    await darf.getByText(due).waitFor();
    await darf.getByText('A gerar', { exact: true }).waitFor();
    await darf.getByText('Receita Federal do Brasil').waitFor();
    const total = plain(await darf.getByText('A recolher').locator('xpath=following-sibling::*[1]').innerText());
    expect(total).toMatch(/^R\$ [\d.]+,\d{2}$/);
    // The accountant's bill: the supplier's CNPJ and the IRRF at 1,5%.
    const bill = page.getByRole('row').filter({ hasText: 'Contabilidade Exata Ltda' });
    await bill.getByText(/IRRF \(1,5%\)/).waitFor();
    await bill.getByText(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/).waitFor();
    await screenshot(page, 'taxes-1366');

    await darf.getByRole('button', { name: 'Gerar guia' }).click();
    const confirm = page.getByRole('dialog', { name: 'Gerar DARF 1708 (IRRF)?' });
    await expect.poll(async () => plain(await confirm.innerText())).toContain(`${total} com vencimento em ${due}`);
    await confirm.getByRole('button', { name: 'Gerar guia' }).click();
    await page.getByText('DARF 1708 (IRRF) gerada em Contas a pagar.').waitFor();
    const payable = page.getByRole('dialog', { name: 'Conta a pagar' });
    await payable.getByText(`DARF 1708 (IRRF) de ${label}`).waitFor();
    await expect.poll(async () => plain(await payable.innerText())).toContain(total);
    await page.keyboard.press('Escape');
    await darf.getByText('Guia gerada', { exact: true }).waitFor();
    expect(await darf.getByRole('button', { name: 'Gerar guia' }).count()).toBe(0);

    // The month before: its DARF was made and paid on its due date.
    await page.getByRole('button', { name: 'Mês anterior' }).click();
    await page.getByRole('heading', { name: monthTitle(addMonths(lastMonth, -1, 1)) }).waitFor();
    await page.getByRole('region', { name: 'DARF 1708 (IRRF)' }).getByText('Paga', { exact: true }).waitFor();
  });

  it('a bill withholding PIS, COFINS and CSLL waits for its collector; then its DARF 5952 is made after a confirmation', async () => {
    const page = await h.newPage(1366, 900);
    await signInToMatriz(page, h.app.url, 'admin');
    const issued = formatCalendarDate(addMonths(lastMonth, 0, 10));
    await page.goto(`${h.app.url}/contas/pagar`);
    await page.getByRole('button', { name: 'Nova conta a pagar' }).click();
    const drawer = page.getByRole('dialog');
    await choose(page, 'Fornecedor', /Papelaria Central/);
    await drawer.getByLabel('Descrição').fill('Manutenção dos computadores');
    await drawer.getByLabel('Número do documento').fill('NFS-5952');
    await drawer.getByLabel('Emissão').fill(issued);
    await drawer.getByLabel('Competência (MM/AAAA)').fill(`${lastMonth.slice(5, 7)}/${lastMonth.slice(0, 4)}`);
    await drawer.getByLabel('Valor bruto').fill('100000');
    await choose(page, 'Classificação', /Material de escritório/);
    await choose(page, 'Centro de custo', /Administrativo/);
    for (const [i, tax] of ['PIS', 'COFINS', 'CSLL'].entries()) {
      await drawer.getByRole('button', { name: 'Adicionar linha' }).nth(1).click();
      await choose(page, 'Imposto', new RegExp(`^${tax}`), i);
    }
    // CSLL at 1,5% on this bill instead of its registered 1%: 6,50 + 30,00 + 15,00 withheld.
    await expect.poll(() => drawer.getByLabel('Alíquota').nth(2).getAttribute('placeholder')).toBe('1');
    await drawer.getByLabel('Alíquota').nth(2).fill('1,5');
    await drawer.getByText('Bruto R$ 1.000,00 − retido R$ 51,50 = líquido R$ 948,50').waitFor();
    await drawer.getByLabel('Primeiro vencimento').fill(issued);
    await drawer.getByRole('button', { name: 'Gerar parcelas' }).click();
    await drawer.getByRole('button', { name: 'Lançar' }).click();
    await page.getByText('Conta a pagar lançada.').waitFor();

    // No one collects PIS, COFINS and CSLL yet: the screen says so and links to the tax types.
    await page.goto(`${h.app.url}/contas/impostos_retidos`);
    const darf = page.getByRole('region', { name: 'DARF 5952 (COFINS, CSLL, PIS)' });
    await darf.getByText('A gerar', { exact: true }).waitFor();
    await darf.getByText(/Informe o dia do vencimento e quem arrecada COFINS, CSLL, PIS em Tipos de imposto/).waitFor();
    expect(await darf.getByRole('button', { name: 'Gerar guia' }).count()).toBe(0);
    await darf.getByRole('link', { name: 'Abrir Tipos de imposto' }).click();
    await page.getByRole('button', { name: 'Ações: PIS' }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    await choose(page, 'Quem arrecada', /Receita Federal/);
    await drawer.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Alterações salvas.').waitFor();

    await page.goto(`${h.app.url}/contas/impostos_retidos`);
    await darf.getByText('R$ 51,50').first().waitFor();
    await darf.getByRole('button', { name: 'Gerar guia' }).click();
    const due = formatCalendarDate(collectionDueDate(lastMonth, 20, ['PIS', 'COFINS', 'CSLL']));
    const confirm = page.getByRole('dialog', { name: 'Gerar DARF 5952 (COFINS, CSLL, PIS)?' });
    await expect.poll(async () => plain(await confirm.innerText())).toContain(`R$ 51,50 com vencimento em ${due}`);
    await screenshot(page, 'taxes-generate-confirm');
    await confirm.getByRole('button', { name: 'Gerar guia' }).click();
    await page.getByText('DARF 5952 (COFINS, CSLL, PIS) gerada em Contas a pagar.').waitFor();
    const payable = page.getByRole('dialog', { name: 'Conta a pagar' });
    await payable.getByText(`DARF 5952 (COFINS, CSLL, PIS) de ${label}`).waitFor();
    await page.keyboard.press('Escape');
    await darf.getByText('Guia gerada', { exact: true }).waitFor();
    expect(await darf.getByRole('button', { name: 'Gerar guia' }).count()).toBe(0);
  });

  it('fits a phone: the collections and the bills as cards, nothing sideways', async () => {
    const page = await h.newPage(390, 844);
    await signInToMatriz(page, h.app.url, 'financeiro');
    await page.goto(`${h.app.url}/contas/impostos_retidos`);
    await page.getByRole('region', { name: 'DARF 1708 (IRRF)' }).waitFor();
    await page.getByRole('article').first().waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'taxes-390');
  });
});

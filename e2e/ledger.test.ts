import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumAvailable, screenshot, signInToMatriz } from './support/browser';
import { useHarness } from './support/harness';

// Reason for skipIf: these journeys need Debian's Chromium at /usr/bin/chromium; CI installs it, a laptop may not.
describe.skipIf(!chromiumAvailable)('payables and receivables in Chromium', () => {
  const h = useHarness();

  async function choose(page: Page, label: string, option: RegExp, nth = 0) {
    await page.getByRole('dialog').getByLabel(label).nth(nth).click();
    await page.getByRole('option', { name: option }).first().click();
  }

  /** The document drawer's installments table, row by number ("1/3"). */
  const installment = (page: Page, number: string) =>
    page.getByRole('table', { name: 'Parcelas' }).getByRole('row').filter({ hasText: number });
  /** A row's text with the non-breaking space Intl puts after "R$" made plain. */
  const textOf = async (page: Page, number: string) =>
    (await installment(page, number).innerText()).replace(/\u00a0/g, ' ');

  it('a bill of R$ 1.234,56 in 3 installments, apportioned and with IRRF: paid in part with interest, reversed, logged', async () => {
    const page = await h.newPage();
    await signInToMatriz(page, h.app.url, 'financeiro');
    await page.goto(`${h.app.url}/contas/pagar`);
    await page.getByRole('button', { name: 'Nova conta a pagar' }).click();
    const drawer = page.getByRole('dialog');
    await choose(page, 'Fornecedor', /Papelaria Central/);
    await drawer.getByLabel('Descrição').fill('Material de escritório do trimestre');
    await drawer.getByLabel('Número do documento').fill('NF-7788');
    await drawer.getByLabel('Emissão').fill('01/09/2026');
    await drawer.getByLabel('Competência (MM/AAAA)').fill('09/2026');
    await drawer.getByLabel('Valor bruto').fill('123456');
    await choose(page, 'Classificação', /Material de escritório/);
    await choose(page, 'Centro de custo', /Administrativo/);
    await drawer.getByLabel('Percentual').nth(0).fill('60');
    await drawer.getByRole('button', { name: 'Adicionar linha' }).first().click();
    await choose(page, 'Classificação', /Material de escritório/, 1);
    await choose(page, 'Centro de custo', /Comercial/, 1);
    await drawer.getByLabel('Percentual').nth(1).fill('40');
    await drawer.getByText('Total: 100%').waitFor();
    await drawer.getByRole('button', { name: 'Adicionar linha' }).nth(1).click();
    await choose(page, 'Imposto', /IRRF/);
    // Left blank, the rate is the tax type's registered one, shown as the placeholder.
    await expect.poll(() => drawer.getByLabel('Alíquota').getAttribute('placeholder')).toBe('1,5');
    // IRRF at 1,5% of R$ 1.234,56 is R$ 18,52 (half up): the net is what the installments split.
    await drawer.getByText('Bruto R$ 1.234,56 − retido R$ 18,52 = líquido R$ 1.216,04').waitFor();
    await drawer.getByLabel('Quantidade de parcelas').fill('3');
    await drawer.getByLabel('Primeiro vencimento').fill('01/10/2026');
    await drawer.getByLabel('Juros de mora (% ao mês)').fill('1');
    await drawer.getByLabel('Multa (%)').fill('2');
    await drawer.getByRole('button', { name: 'Gerar parcelas' }).click();
    await expect
      .poll(() =>
        drawer
          .getByLabel(/^Valor( \*)?$/)
          .nth(2)
          .inputValue(),
      )
      .toBe('405,34');
    await screenshot(page, 'payable-entry');
    await drawer.getByRole('button', { name: 'Lançar' }).click();
    await page.getByText('Conta a pagar lançada.').waitFor();

    // The drawer of the new document: gross → withheld → net, three open installments, overdue by now.
    const document = page.getByRole('dialog', { name: 'Conta a pagar' });
    await document.getByText('R$ 1.216,04').waitFor();
    await document
      .getByText('Ainda não recolhido: entra na próxima guia deste imposto, em Impostos retidos.')
      .waitFor();
    await expect.poll(() => textOf(page, '1/3')).toContain('R$ 405,35');
    await installment(page, '1/3').getByRole('button', { name: 'Pagar', exact: true }).click();
    const payment = page.getByRole('dialog', { name: 'Registrar pagamento' });
    await choose(page, 'Conta', /Itaú movimento/);
    await payment.getByLabel('Principal').fill('20000');
    // Paid late: interest pro rata die at 1% a month and the 2% fine, shown before confirming.
    await expect.poll(() => payment.getByLabel('Multa').inputValue()).toBe('4,00');
    expect(await payment.getByLabel('Juros').inputValue()).not.toBe('0,00');
    // The bank's receipt goes with the payment; a wrong file chosen first is taken back.
    const proofInput = payment.locator('input[type="file"]');
    await proofInput.setInputFiles({ name: 'outro.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await payment.getByText('outro.pdf').waitFor();
    await payment.getByRole('button', { name: 'Remover o comprovante' }).click();
    await payment.getByText('outro.pdf').waitFor({ state: 'detached' });
    await proofInput.setInputFiles({
      name: 'comprovante-pix.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 comprovante'),
    });
    await payment.getByText('comprovante-pix.pdf').waitFor();
    await screenshot(page, 'payable-partial-payment');
    await payment.getByRole('button', { name: /^Confirmar pagamento de R\$/ }).click();
    await page.getByText('Pagamento registrado.').waitFor();
    await expect.poll(() => textOf(page, '1/3')).toContain('R$ 205,35');
    await installment(page, '1/3').getByText('Parcial').waitFor();
    await document.getByText('comprovante-pix.pdf').waitFor();
    await document.getByText(/^Comprovante do pagamento de \d{2}\/\d{2}\/\d{4}$/).waitFor();

    // The list agrees: the document's first installment shows what is still open.
    await page.keyboard.press('Escape');
    await page.getByLabel('Nº do documento').fill('NF-7788');
    await page.getByLabel('Nº do documento').press('Enter');
    await page.waitForURL(/documentNumber=NF-7788/);
    await page.getByRole('row').filter({ hasText: '1/3' }).getByText('R$ 205,35').waitFor();
    // The IRRF withheld waits for the month's DARF (Impostos retidos): no guide of its own under this number.
    await page.getByText('3 parcelas', { exact: true }).waitFor();

    await page.getByRole('row').filter({ hasText: '1/3' }).click();
    await page.getByRole('button', { name: 'Estornar' }).click();
    const reversal = page.getByRole('dialog', { name: 'Estornar pagamento?' });
    await reversal.getByLabel('Motivo do estorno').fill('Pago na conta errada');
    await reversal.getByRole('button', { name: 'Estornar' }).click();
    await page.getByText('Pagamento estornado.').waitFor();
    await expect.poll(() => textOf(page, '1/3')).toContain('R$ 405,35');
    await page.getByText('Estornado', { exact: true }).waitFor();
    await screenshot(page, 'payable-reversed');

    // The administrator reads each step in the event log.
    const auditor = await h.newPage();
    await signInToMatriz(auditor, h.app.url);
    await auditor.goto(`${h.app.url}/logs/events`);
    for (const action of ['Lançou conta a pagar', 'Pagou conta a pagar', 'Estornou pagamento de conta a pagar']) {
      await auditor.getByRole('row').filter({ hasText: action }).first().waitFor();
    }
  });

  it('a receivable received late: interest and fine come in with it and the installment is paid', async () => {
    const page = await h.newPage();
    await signInToMatriz(page, h.app.url, 'financeiro');
    await page.goto(`${h.app.url}/contas/receber`);
    await page.getByRole('button', { name: 'Nova conta a receber' }).click();
    const drawer = page.getByRole('dialog');
    await choose(page, 'Cliente', /Bom Preço/);
    await drawer.getByLabel('Descrição').fill('Consultoria de setembro');
    await drawer.getByLabel('Número do documento').fill('NFS-E 9001');
    await drawer.getByLabel('Emissão').fill('01/09/2026');
    await drawer.getByLabel('Competência (MM/AAAA)').fill('09/2026');
    await drawer.getByLabel('Valor bruto').fill('300000');
    await choose(page, 'Classificação', /Prestação de serviços/);
    await choose(page, 'Centro de custo', /Comercial/);
    await drawer.getByLabel('Primeiro vencimento').fill('01/10/2026');
    await drawer.getByLabel('Juros de mora (% ao mês)').fill('1');
    await drawer.getByLabel('Multa (%)').fill('2');
    await drawer.getByRole('button', { name: 'Gerar parcelas' }).click();
    await drawer.getByRole('button', { name: 'Lançar' }).click();
    await page.getByText('Conta a receber lançada.').waitFor();
    await installment(page, '1/1').getByText('Vencida').waitFor();
    await installment(page, '1/1').getByRole('button', { name: 'Receber', exact: true }).click();
    const receipt = page.getByRole('dialog', { name: 'Registrar recebimento' });
    await expect.poll(() => receipt.getByLabel('Multa').inputValue()).toBe('60,00');
    await choose(page, 'Conta', /Itaú movimento/);
    await receipt.getByRole('button', { name: /^Confirmar recebimento de R\$/ }).click();
    await page.getByText('Recebimento registrado.').waitFor();
    await installment(page, '1/1').getByText('Quitada').waitFor();
    await page
      .getByRole('dialog', { name: 'Conta a receber' })
      .getByText(/Multa R\$\s60,00/)
      .waitFor();
    const auditor = await h.newPage();
    await signInToMatriz(auditor, h.app.url);
    await auditor.goto(`${h.app.url}/logs/events`);
    await auditor.getByRole('row').filter({ hasText: 'Recebeu conta a receber' }).first().waitFor();
  });

  it('a bill of a supplier with a default apportionment starts with its lines; custom due dates keep what was typed', async () => {
    const page = await h.newPage();
    await signInToMatriz(page, h.app.url, 'financeiro');
    await page.goto(`${h.app.url}/contas/pagar`);
    await page.getByRole('button', { name: 'Nova conta a pagar' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('Valor bruto').fill('1000000');
    // The landlord's default: the shared rent, 50% / 30% / 20%, split to the centavo.
    await choose(page, 'Fornecedor', /Horizonte Imóveis/);
    await expect.poll(() => drawer.getByLabel('Percentual').count()).toBe(3);
    await expect.poll(() => drawer.getByLabel('Rateio padrão').inputValue()).toBe('Aluguel compartilhado');
    await drawer.getByText('Valor de cada linha: R$ 5.000,00 · R$ 3.000,00 · R$ 2.000,00').waitFor();
    await drawer.getByLabel('Descrição').fill('Aluguel com vencimentos combinados');
    await drawer.getByLabel('Emissão').fill('01/09/2026');
    await drawer.getByLabel('Competência (MM/AAAA)').fill('09/2026');

    await choose(page, 'Periodicidade', /Datas personalizadas/);
    const due = drawer.getByLabel(/^Vencimento( \*)?$/);
    await drawer.getByLabel('Quantidade de parcelas').fill('2');
    await expect.poll(() => due.count()).toBe(2);
    await due.nth(0).fill('10/10/2026');
    await due.nth(1).fill('05/10/2026');
    // A third installment comes blank; the dates typed stay, and the net is split again.
    await drawer.getByLabel('Quantidade de parcelas').fill('3');
    await expect.poll(() => due.count()).toBe(3);
    expect([await due.nth(0).inputValue(), await due.nth(1).inputValue()]).toEqual(['10/10/2026', '05/10/2026']);
    expect(
      await drawer
        .getByLabel(/^Valor( \*)?$/)
        .nth(2)
        .inputValue(),
    ).toBe('3.333,33');
    await drawer.getByRole('button', { name: 'Lançar' }).click();
    await drawer.getByText('O vencimento da parcela 2 deve ser depois do da parcela 1.').waitFor();
    await drawer.getByText('Informe o vencimento.').waitFor();
    await due.nth(1).fill('10/11/2026');
    await due.nth(2).fill('10/12/2026');
    await drawer.getByRole('button', { name: 'Lançar' }).click();
    await page.getByText('Conta a pagar lançada.').waitFor();
    await expect.poll(() => textOf(page, '2/3')).toContain('10/11/2026');
    await page
      .getByRole('dialog', { name: 'Conta a pagar' })
      .getByText(/50% · R\$\s5\.000,00/)
      .waitFor();
  });
});

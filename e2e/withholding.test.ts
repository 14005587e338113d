import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addMonths, formatCalendarDate, monthTitle, parseBRL, todayInSaoPaulo } from '@financeiro/core';
import { chromiumAvailable, screenshot, signInToMatriz } from './support/browser';
import { useHarness } from './support/harness';

/** Text as Intl writes it, with the non-breaking space after "R$" made plain. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');
/** Every "R$ 1.234,56" (or "-R$ 10,00") of a text, as centavos. */
const amounts = (text: string) =>
  [...plain(text).matchAll(/(-?)\s*R\$\s*([\d.]+,\d{2})/g)].map(
    (m) => (m[1] ? -1 : 1) * (parseBRL(m[2] ?? '') ?? Number.NaN),
  );

// Reason for skipIf: this journey needs Debian's Chromium at /usr/bin/chromium; CI installs it, a laptop may not.
describe.skipIf(!chromiumAvailable)('a bill with withheld taxes, a closed month and the DRE in Chromium', () => {
  const h = useHarness();

  const today = todayInSaoPaulo();
  const thisMonth = `${today.slice(0, 7)}-01`;
  /** The month just ended: the bill's competence, closed and reopened. */
  const lastMonth = addMonths(thisMonth, -1, 1);
  const label = monthTitle(lastMonth);
  const day = (d: number) => formatCalendarDate(addMonths(lastMonth, 0, d));

  async function choose(page: Page, field: string, option: RegExp, nth = 0) {
    await page.getByRole('dialog').getByLabel(field).nth(nth).click();
    await page.getByRole('option', { name: option }).first().click();
  }

  /** Pays the only installment of the document open in the drawer, on `date` when given (today otherwise). */
  async function payOpenDocument(page: Page, date?: string) {
    const installment = page
      .getByRole('dialog', { name: 'Conta a pagar' })
      .getByRole('table', { name: 'Parcelas' })
      .getByRole('row')
      .filter({ hasText: '1/1' });
    await installment.getByRole('button', { name: 'Pagar', exact: true }).click();
    const payment = page.getByRole('dialog', { name: 'Registrar pagamento' });
    if (date) await payment.getByLabel(/^Data( \*)?$/).fill(date);
    await choose(page, 'Conta', /Itaú movimento/);
    await payment.getByRole('button', { name: /^Confirmar pagamento de R\$/ }).click();
    return { payment, installment };
  }

  /** Pays it and waits until the drawer shows the installment settled (a notice of an earlier payment may linger). */
  async function payAndSee(page: Page, date?: string) {
    const { payment, installment } = await payOpenDocument(page, date);
    await payment.waitFor({ state: 'hidden' });
    await installment.getByText('Quitada').waitFor();
  }

  /** The DRE's "Serviços jurídicos" line from last month to this one, on a basis: the months' figures and the total. */
  async function legalServices(page: Page, basis: 'accrual' | 'cash') {
    const period = `from=${lastMonth.slice(0, 7)}&to=${thisMonth.slice(0, 7)}`;
    await page.goto(`${h.app.url}/relatorios_contabeis/dre?basis=${basis}&${period}`);
    const table = page.getByRole('region', { name: 'DRE gerencial' });
    await table.waitFor({ timeout: 30_000 });
    await table.getByRole('button', { name: 'Abrir (−) Despesas', exact: true }).click();
    const row = table.getByRole('row').filter({ hasText: 'Serviços jurídicos' });
    await row.waitFor();
    return amounts(await row.innerText());
  }

  it('enters a R$ 3.450,00 bill with IRRF and ISS, is refused paying it in its closed month, reopens it, pays it and its guides, and the DRE agrees on both bases', async () => {
    const page = await h.newPage(1366, 900);
    await signInToMatriz(page, h.app.url, 'admin');

    // The bill: R$ 3.450,00 of a tax opinion, IRRF at its 1,5% and this service's ISS at 3%.
    await page.goto(`${h.app.url}/contas/pagar`);
    await page.getByRole('button', { name: 'Nova conta a pagar' }).click();
    const drawer = page.getByRole('dialog');
    await choose(page, 'Fornecedor', /Contabilidade Exata/);
    await drawer.getByLabel('Descrição').fill('Parecer sobre contratos de serviço');
    await drawer.getByLabel('Número do documento').fill('NFS-3450');
    await drawer.getByLabel('Emissão').fill(day(5));
    await drawer.getByLabel('Competência (MM/AAAA)').fill(`${lastMonth.slice(5, 7)}/${lastMonth.slice(0, 4)}`);
    await drawer.getByLabel('Valor bruto').fill('345000');
    await choose(page, 'Classificação', /Serviços jurídicos/);
    await choose(page, 'Centro de custo', /Administrativo/);
    for (const [i, tax] of ['IRRF', 'ISS retido'].entries()) {
      await drawer.getByRole('button', { name: 'Adicionar linha' }).nth(1).click();
      await choose(page, 'Imposto', new RegExp(`^${tax}`), i);
    }
    await drawer.getByLabel('Alíquota').nth(1).fill('3');
    await drawer.getByText('Bruto R$ 3.450,00 − retido R$ 155,25 = líquido R$ 3.294,75').waitFor();
    await drawer.getByLabel('Primeiro vencimento').fill(day(20));
    await drawer.getByRole('button', { name: 'Gerar parcelas' }).click();
    await screenshot(page, 'withholding-bill');
    await drawer.getByRole('button', { name: 'Lançar' }).click();
    await page.getByText('Conta a pagar lançada.').waitFor();
    const bill = page.url();

    // The month is closed; paying the bill on a day of it is refused with the reason, before and after sending.
    await page.goto(`${h.app.url}/contas/fechamento`);
    const month = page.getByRole('row').filter({ hasText: label });
    await month.getByRole('button', { name: 'Fechar mês' }).click();
    await page
      .getByRole('dialog', { name: `Fechar ${label}?` })
      .getByRole('button', { name: 'Fechar mês' })
      .click();
    await page.getByText(`${label} fechado.`).waitFor();
    await page.goto(bill);
    const { payment: refused } = await payOpenDocument(page, day(20));
    await refused.getByText(`${label} está fechado nesta unidade (fechado por Ana Administradora em`).waitFor();
    await page.getByText(`${label} está fechado para a unidade Matriz (fechado por Ana Administradora em`).waitFor();
    await screenshot(page, 'withholding-pay-refused');
    await page.keyboard.press('Escape');

    // Reopened with a reason, the same payment goes through.
    await page.goto(`${h.app.url}/contas/fechamento`);
    await month.getByRole('button', { name: 'Reabrir' }).click();
    const reopen = page.getByRole('dialog', { name: `Reabrir ${label}?` });
    await reopen.getByLabel('Motivo da reabertura').fill('Pagamento do parecer lançado depois do fechamento');
    await reopen.getByRole('button', { name: 'Reabrir' }).click();
    await page.getByText(`${label} reaberto.`).waitFor();
    await page.goto(bill);
    await payAndSee(page, day(20));

    // The month's guides: the IRRF with the accountant's monthly fee in DARF 1708, the ISS in the city's guide.
    for (const [title, total] of [
      ['DARF 1708 (IRRF)', 'R$ 104,25'],
      ['Guia ISS retido', 'R$ 103,50'],
    ] as const) {
      await page.goto(`${h.app.url}/contas/impostos_retidos`);
      const collection = page.getByRole('region', { name: title });
      await expect.poll(async () => plain(await collection.innerText())).toContain(total);
      await collection.getByRole('button', { name: 'Gerar guia' }).click();
      await page
        .getByRole('dialog', { name: `Gerar ${title}?` })
        .getByRole('button', { name: 'Gerar guia' })
        .click();
      await page.getByText(`${title} gerada em Contas a pagar.`).waitFor();
      await payAndSee(page);
    }

    // Competência counts the gross in its month; caixa, the net in that month and the guides this month: the same
    // R$ 3.450,00 over the two months, once.
    const accrual = await legalServices(page, 'accrual');
    await screenshot(page, 'withholding-dre-accrual');
    const cash = await legalServices(page, 'cash');
    await screenshot(page, 'withholding-dre-cash');
    expect(Math.abs(accrual.at(-1) ?? 0)).toBe(345_000);
    expect(cash.at(-1)).toBe(accrual.at(-1));
    expect(Math.abs(cash[0] ?? 0)).toBe(329_475);
  });
});

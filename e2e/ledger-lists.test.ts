import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumAvailable, screenshot, selectTab, signInToMatriz } from './support/browser';
import { useHarness } from './support/harness';

/** Text as Intl writes it (a non-breaking space after "R$"), made plain. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

/** The number of installments a status chip announces ("Vencidas · 3 · R$ 1.234,56"). */
async function chipCount(page: Page, label: string): Promise<number> {
  const text = await page.getByRole('checkbox', { name: new RegExp(`^${label} · `) }).evaluate((input) => {
    const id = input.getAttribute('id');
    return (id && document.querySelector(`label[for="${id}"]`)?.textContent) ?? '';
  });
  return Number(/ · (\d+) · /.exec(text)?.[1] ?? -1);
}

/** What the list's footer counts ("12 registros"), or 0 when the list is empty. */
async function listed(page: Page): Promise<number> {
  // The totals say when the rows of the latest filters arrived.
  await page.locator('[aria-label="Totais do filtro"][aria-busy="false"]').waitFor();
  const footer = page.getByText(/^\d[\d.]* registros?$/);
  const empty = page.getByText('Nenhuma parcela com estes filtros.');
  await footer.or(empty).first().waitFor();
  if (await empty.isVisible()) return 0;
  return Number((await footer.innerText()).replace(/\D/g, ''));
}

// Reason for skipIf: these journeys need Debian's Chromium at /usr/bin/chromium; CI installs it, a laptop may not.
describe.skipIf(!chromiumAvailable)('the installment lists in Chromium', () => {
  const h = useHarness();

  it('keeps its filters in the address through a reload, and each status chip counts the rows it shows', async () => {
    const page = await h.newPage(1366, 900);
    await signInToMatriz(page, h.app.url, 'financeiro');
    await page.goto(`${h.app.url}/contas/pagar`);
    await page.getByText(/^\d+ parcelas?$/).waitFor();
    await screenshot(page, 'payables-list');

    await page.getByText('Este mês', { exact: true }).click();
    await page.waitForURL(/period=month/);
    await page.getByText(/^Pagas · /).click();
    await page.waitForURL(/status=open%2Cpartial%2Cpaid|status=open,partial,paid/);
    await page.getByRole('button', { name: 'Mais filtros' }).click();
    await page.getByRole('combobox', { name: 'Fornecedor' }).click();
    await page
      .getByRole('option', { name: /Papelaria Central/ })
      .first()
      .click();
    await page.waitForURL(/partyId=/);
    await page.getByLabel('Valor a partir de').fill('100');
    await page.getByLabel('Valor a partir de').blur();
    await page.waitForURL(/amountMin=/);
    const before = await listed(page);
    const address = page.url();

    await page.reload();
    expect(page.url()).toBe(address);
    expect(await page.getByRole('radio', { name: 'Este mês' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /^Pagas · / }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /^Canceladas · / }).isChecked()).toBe(false);
    // The filters behind "Mais filtros" show by themselves when one of them is set.
    expect(await page.getByRole('combobox', { name: 'Fornecedor' }).inputValue()).toContain('Papelaria Central');
    expect(await page.getByLabel('Valor a partir de').inputValue()).toBe('1,00');
    expect(await listed(page)).toBe(before);
    await screenshot(page, 'payables-list-filtered');

    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');

    // Each chip, chosen alone over the whole book, shows as many rows as it announced, each with that status.
    // An open installment past its due date reads "Vencida" (in red) rather than "Em aberto".
    const chips = [
      ['Em aberto', 'open', /EM ABERTO|VENCIDA/],
      ['Parciais', 'partial', /PARCIAL/],
      ['Vencidas', 'overdue', /VENCIDA/],
      ['Pagas', 'paid', /QUITADA/],
      ['Canceladas', 'cancelled', /CANCELADA/],
    ] as const;
    for (const [label, status, badge] of chips) {
      await page.goto(`${h.app.url}/contas/pagar?status=${status}`);
      const count = await listed(page);
      expect(await chipCount(page, label), label).toBe(count);
      await page.getByText(count === 1 ? '1 parcela' : `${count.toLocaleString('pt-BR')} parcelas`).waitFor();
      const rows = page.getByRole('table').getByRole('row');
      const shown = Math.min(count, 50);
      expect(await rows.count(), label).toBe(shown + 1);
      for (let k = 1; k <= shown; k += 1) expect(await rows.nth(k).innerText(), label).toMatch(badge);
    }

    // "Vencidos" is the overdue chip alone; every row says how late it is.
    await page.goto(`${h.app.url}/contas/pagar`);
    await page.getByText('Vencidos', { exact: true }).click();
    await page.waitForURL(/status=overdue/);
    expect(await listed(page)).toBe(await chipCount(page, 'Vencidas'));
    await page
      .getByText(/^\d+ dias? de atraso$/)
      .first()
      .waitFor();
  });

  it('reschedules, pays one party at once (not two), cancels with a reason, and edits and files a bill', async () => {
    const page = await h.newPage(1366, 900);
    await signInToMatriz(page, h.app.url, 'financeiro');
    await page.goto(`${h.app.url}/contas/pagar?status=open`);
    const rows = page.getByRole('table').getByRole('row');
    await rows.nth(2).waitFor();
    // "n" types a new bill from the list.
    await page.keyboard.press('n');
    await page.getByRole('dialog', { name: 'Nova conta a pagar' }).getByLabel('Descrição').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Nova conta a pagar' }).waitFor({ state: 'hidden' });

    // Two installments of two suppliers cannot be one payment.
    const parties = new Set<string>();
    let k = 1;
    while (parties.size < 2) {
      const row = rows.nth(k);
      const party = (await row.getByRole('checkbox').getAttribute('aria-label')) ?? '';
      const name = party.replace(/^Selecionar /, '').replace(/ \d+\/\d+$/, '');
      if (!parties.has(name)) {
        parties.add(name);
        await row.getByRole('checkbox').check();
      }
      k += 1;
    }
    await page.getByText('2 parcelas selecionadas').waitFor();
    await page.getByRole('button', { name: 'Pagar', exact: true }).click();
    await page.getByText('Escolha parcelas de uma só parte para registrar um pagamento conjunto.').waitFor();

    // The same two get a new due date, far from any other.
    await page.getByRole('button', { name: 'Reprogramar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reprogramar vencimento' });
    await dialog.getByLabel('Novo vencimento').fill('28/12/2029');
    await dialog.getByRole('button', { name: 'Reprogramar' }).click();
    await page.getByText('Vencimento reprogramado.').waitFor();
    await page.goto(`${h.app.url}/contas/pagar?status=open&period=custom&from=2029-12-28&to=2029-12-28`);
    expect(await listed(page)).toBe(2);
    expect(await page.getByRole('table').getByText('28/12/2029').count()).toBe(2);
    await page.getByLabel('De', { exact: true }).waitFor();
    await screenshot(page, 'payables-rescheduled');

    // Two installments of one supplier are one payment.
    await page.goto(`${h.app.url}/contas/pagar?status=open&search=Papelaria`);
    await rows.nth(2).getByRole('checkbox').waitFor();
    await rows.nth(1).getByRole('checkbox').check();
    await rows.nth(2).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Pagar', exact: true }).click();
    const payment = page.getByRole('dialog', { name: 'Registrar pagamento' });
    await payment
      .getByText(/Papelaria Central/)
      .first()
      .waitFor();
    await payment.getByRole('button', { name: 'Cancelar' }).click();
    await payment.waitFor({ state: 'hidden' });

    // A single-installment bill nobody paid is cancelled with a reason, and counted under Canceladas.
    await page.goto(`${h.app.url}/contas/pagar?status=open`);
    const cancelledBefore = await chipCount(page, 'Canceladas');
    const single = rows.filter({ has: page.getByRole('cell', { name: '1/1', exact: true }) }).first();
    await single.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Cancelar títulos' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancelar 1 título?' });
    expect(await confirm.getByRole('button', { name: 'Cancelar título' }).isDisabled()).toBe(true);
    await confirm.getByLabel('Motivo do cancelamento').fill('Lançado em duplicidade');
    await confirm.getByRole('button', { name: 'Cancelar título' }).click();
    await page.getByText('Título cancelado.').waitFor();
    await expect.poll(() => chipCount(page, 'Canceladas')).toBe(cancelledBefore + 1);

    // A bill's drawer: its file attached, listed, and in its history.
    await page.goto(`${h.app.url}/contas/pagar?status=open&period=custom&from=2029-12-28&to=2029-12-28`);
    expect(await listed(page)).toBe(2);
    await rows.nth(1).click();
    const drawer = page.getByRole('dialog', { name: 'Conta a pagar' });
    await drawer.getByText('Histórico').waitFor();
    expect(page.url()).toMatch(/doc=/);
    await drawer.locator('input[type="file"]').setInputFiles({
      name: 'boleto.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    });
    await page.getByText('Arquivo anexado.').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      drawer.getByRole('button', { name: 'Baixar boleto.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('boleto.pdf');
    await drawer.getByText(/Anexo incluído por /).waitFor();
    await drawer.getByText(/Reprogramação por /).waitFor();
    await screenshot(page, 'payable-drawer');
    // Editar opens the form on the stored document; a note may change whether or not money moved.
    await drawer.getByRole('button', { name: 'Editar' }).click();
    const form = page.getByRole('dialog', { name: 'Editar conta a pagar' });
    await form.getByLabel('Observações').fill('Conferido com o fornecedor');
    // A boleto typed on the last installment shows in the drawer with its bank, to copy.
    await form
      .getByLabel('Boleto ou PIX copia e cola')
      .last()
      .fill('03399.16140 07000.001912 81556.001014 4 11370000038936');
    await screenshot(page, 'payable-edit');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Conta a pagar alterada.').waitFor();
    await drawer.getByText('Observações: Conferido com o fornecedor').waitFor();
    await drawer.getByText(/Alteração por /).waitFor();
    await drawer.getByText(/· Boleto · Santander/).waitFor();
    await drawer.getByText('03399.16140 07000.001912 81556.001014 4 11370000038936').waitFor();
    await drawer.getByRole('button', { name: 'Copiar Boleto' }).waitFor();
    // The open document survives a reload.
    await page.reload();
    await page.getByRole('dialog', { name: 'Conta a pagar' }).getByText('boleto.pdf').waitFor();
  });

  it('a bill is typed with the keyboard alone: "n", Tab from field to field, part of a name and Enter, Ctrl+Enter', async () => {
    const page = await h.newPage(1366, 900);
    await signInToMatriz(page, h.app.url, 'financeiro');
    await page.goto(`${h.app.url}/contas/pagar`);
    await page.getByText(/^\d+ parcelas?$/).waitFor();
    const form = page.getByRole('dialog', { name: 'Nova conta a pagar' });
    const keys = page.keyboard;
    // As a person types: a key every 40 ms.
    const type = (text: string) => keys.type(text, { delay: 40 });
    const tab = async (times = 1) => {
      for (let k = 0; k < times; k += 1) await keys.press('Tab');
    };
    /** The label (or the text) of what the keyboard is on, without the asterisk of a required field. */
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        const label = element?.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null;
        return (label ?? element?.getAttribute('aria-label') ?? element?.textContent ?? '').replace(/ \*$/, '');
      });
    /** Part of a name typed in a select, and Enter once the match shows. */
    const choose = async (text: string, option: RegExp) => {
      await type(text);
      await page.getByRole('option', { name: option }).waitFor();
      await keys.press('Enter');
      // Enter takes the first match of what was typed, once those matches have arrived.
      await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toMatch(option);
    };

    await keys.press('n');
    await form.waitFor();
    await expect.poll(focused).toBe('Fornecedor');
    await choose('papel', /Papelaria Central/);
    expect(await form.getByRole('combobox', { name: 'Fornecedor' }).inputValue()).toBe('Papelaria Central');
    await tab();
    expect(await focused()).toBe('Descrição');
    await type('Bobinas de papel para impressão');
    await tab(2); // past the document type, NF-e already
    expect(await focused()).toBe('Número do documento');
    await type('NF-4521');
    // Tab selects what a field holds, so the issue date and the competence are typed over today's.
    await tab();
    expect(await focused()).toBe('Emissão');
    await type('05112026');
    await tab(2); // past the calendar's button
    expect(await focused()).toBe('Competência (MM/AAAA)');
    await type('11/2026');
    await tab();
    expect(await focused()).toBe('Valor bruto');
    await type('45090');
    await tab(3); // past the payment method and the apportionment template
    expect(await focused()).toBe('Classificação');
    await choose('material', /Material de escritório/);
    await tab();
    expect(await focused()).toBe('Centro de custo');
    await choose('admin', /Administrativo/);
    await tab(5); // past the 100%, the line's two buttons and the taxes' one
    expect(await focused()).toBe('Quantidade de parcelas');
    await tab();
    expect(await focused()).toBe('Primeiro vencimento');
    await type('10122026');
    // Saved before the installments are generated, the form says so where they go.
    await keys.press('Control+Enter');
    await form.getByText('Inclua ao menos uma parcela.').waitFor();
    await tab(3); // past the calendar's button and the monthly periodicity
    expect(await focused()).toBe('Gerar parcelas');
    await keys.press('Enter');
    await expect.poll(() => form.getByLabel(/^Vencimento( \*)?$/).inputValue()).toBe('10/12/2026');
    expect(await form.getByLabel(/^Valor( \*)?$/).inputValue()).toBe('450,90');
    expect(await form.getByLabel('Emissão').inputValue()).toBe('05/11/2026');
    expect(await form.getByLabel('Competência (MM/AAAA)').inputValue()).toBe('11/2026');
    // Tall enough for the whole form to show.
    await page.setViewportSize({ width: 1366, height: 1700 });
    await screenshot(page, 'payable-typed-by-keyboard');
    await page.setViewportSize({ width: 1366, height: 900 });
    await keys.press('Control+Enter');
    await page.getByText('Conta a pagar lançada.').waitFor();

    // The new bill's drawer (the form's, named "Nova conta a pagar", may still be fading out).
    const drawer = page.getByRole('dialog', { name: 'Conta a pagar', exact: true });
    await drawer.getByText('NF-e NF-4521 · Emissão 05/11/2026 · Competência 11/2026').waitFor();
    expect(plain(await drawer.innerText())).toMatch(/Papelaria Central[\s\S]*Bobinas de papel para impressão/);
    expect(plain(await drawer.getByRole('table', { name: 'Parcelas' }).innerText())).toMatch(
      /1\/1\s+10\/12\/2026\s+R\$ 450,90/,
    );
    // Over the drawer "n" opens nothing: Escape then closes the drawer, not a new form.
    await keys.press('n');
    await keys.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(await form.count()).toBe(0);

    // "/" goes to the search, where "n" is typed as a letter; the new bill is in the list.
    await keys.press('/');
    await type('bobinas');
    await page.waitForURL(/search=bobinas/);
    const row = page.getByRole('table').getByRole('row').filter({ hasText: 'NF-4521' });
    expect(plain(await row.innerText())).toMatch(/10\/12\/2026[\s\S]*Papelaria Central[\s\S]*1\/1[\s\S]*R\$ 450,90/);
    expect(await form.count()).toBe(0);
  });

  it('on a phone both lists are cards with nothing sideways, and a card opens its document', async () => {
    const page = await h.newPage(390, 844, { hasTouch: true, isMobile: true });
    await signInToMatriz(page, h.app.url, 'financeiro');
    for (const path of ['/contas/pagar', '/contas/receber']) {
      await page.goto(`${h.app.url}${path}`);
      await page.getByRole('article').first().waitFor();
      expect(await page.getByRole('table').count(), path).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      await screenshot(page, `phone-${path.slice(1).replace('/', '-')}`);
    }
    await page.getByRole('button', { name: 'Mais filtros' }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('article').first().tap();
    const drawer = page.getByRole('dialog', { name: 'Conta a receber' });
    await drawer.getByText('Histórico').waitFor();
    expect(plain(await drawer.innerText())).toMatch(/Valor bruto\s+R\$ [\d.,]+/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'phone-receivable-drawer');
  });

  // Last: it takes a right from the demo's finance profile.
  it('without the right to edit payables the list and the drawer only read, while receivables stay editable', async () => {
    const admin = await h.newPage(1366, 900);
    await signInToMatriz(admin, h.app.url);
    await admin.goto(`${h.app.url}/tenants/profiles`);
    await admin.getByRole('button', { name: 'Ações: Financeiro' }).click();
    await admin.getByRole('menuitem', { name: 'Editar' }).click();
    const editor = admin.getByRole('dialog', { name: 'Editar perfil' });
    await selectTab(editor.getByRole('tab', { name: 'Unidades e departamentos' }));
    await editor.getByRole('button', { name: /^Matriz/ }).click();
    await editor
      .getByRole('region', { name: /^Matriz/ })
      .getByRole('checkbox', { name: 'Editar contas a pagar' })
      .uncheck();
    await editor.getByRole('button', { name: 'Salvar' }).click();
    await editor.waitFor({ state: 'hidden' });

    const page = await h.newPage(1366, 900);
    await signInToMatriz(page, h.app.url, 'financeiro');
    await page.goto(`${h.app.url}/contas/pagar?status=all`);
    const rows = page.getByRole('table').getByRole('row');
    await page.getByText(/^\d+ registros$/).waitFor();
    expect(await page.getByRole('button', { name: 'Nova conta a pagar' }).count()).toBe(0);
    expect(await page.getByRole('table').getByRole('checkbox').count()).toBe(0);
    await page.keyboard.press('n');
    await rows.filter({ hasText: 'QUITADA' }).first().click();
    const drawer = page.getByRole('dialog', { name: 'Conta a pagar' });
    await drawer.getByText('Histórico').waitFor();
    for (const action of ['Pagar', 'Editar', 'Cancelar título', 'Estornar', 'Anexar arquivo']) {
      expect(await drawer.getByRole('button', { name: action, exact: true }).count(), action).toBe(0);
    }
    expect(await page.getByRole('dialog', { name: 'Nova conta a pagar' }).count()).toBe(0);
    await screenshot(page, 'payables-read-only');

    await page.goto(`${h.app.url}/contas/receber`);
    await page.getByRole('button', { name: 'Nova conta a receber' }).waitFor();
  });
});

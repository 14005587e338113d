import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOTE, renumbered } from '../apps/server/src/test/nfe';
import { chooseOption, chromiumAvailable, screenshot, signInToMatriz } from './support/browser';
import { useHarness } from './support/harness';

/** Text as shown, with the non-breaking space Intl puts after "R$" made plain. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

// Reason for skipIf: this journey needs Debian's Chromium at /usr/bin/chromium; CI installs it, a laptop may not.
describe.skipIf(!chromiumAvailable)('NF-e import in Chromium', () => {
  const h = useHarness();

  it('a note whose duplicatas fall R$ 500,00 short of its total imports with the difference paid at sight, its items kept', async () => {
    // Serra Azul's note 9911: R$ 12.500,00 in total, three duplicatas of R$ 4.000,00, all already due.
    const file = join(mkdtempSync(join(tmpdir(), 'nfe-')), 'NFe-9911.xml');
    writeFileSync(file, renumbered(NOTE, 9911).replace('<vNF>12000.00</vNF>', '<vNF>12500.00</vNF>'));
    const page = await h.newPage(1366, 900);
    await signInToMatriz(page, h.app.url, 'financeiro');
    await page.goto(`${h.app.url}/contas/pagar`);
    await page.getByRole('button', { name: 'Importar XML' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar NF-e (XML)' });
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Escolher arquivos XML' }).click();
    await (await chooser).setFiles(file);

    // The preview refuses it until someone says what the difference is, and says why.
    await dialog
      .getByText('As duplicatas somam R$ 12.000,00, e o total da nota é R$ 12.500,00', { exact: false })
      .waitFor();
    expect(await dialog.getByRole('checkbox', { name: 'Lançar NFe-9911.xml' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Diferença das duplicatas de NFe-9911.xml').click();
    await page.getByRole('option', { name: /Pago à vista na emissão/ }).click();
    await dialog.getByText('Pronta para lançar').waitFor();
    await dialog.getByText('4 parcelas já venceram: a conta entra com elas em atraso.').waitFor();
    expect(plain(await dialog.getByRole('status').last().innerText())).toBe('1 nota, R$ 12.500,00');
    await chooseOption(page, 'Classificação', 'Material');
    await chooseOption(page, 'Centro de custo', 'Administrativo');
    await screenshot(page, 'nfe-import-difference-1366');
    await dialog.getByRole('button', { name: 'Lançar 1 nota' }).click();
    await page.getByText('1 conta a pagar lançada a partir da NF-e.').waitFor();

    // The payable: R$ 500,00 at sight on the issue date, then the three duplicatas; the note's items as it states them.
    await page.goto(`${h.app.url}/contas/pagar?search=9911`);
    await page.locator('tbody tr').filter({ hasText: '1/4' }).first().click();
    const drawer = page.getByRole('dialog', { name: 'Conta a pagar' });
    const installments = drawer.getByRole('table', { name: 'Parcelas' });
    await installments.getByRole('row').filter({ hasText: '4/4' }).waitFor();
    const rows = (await installments.locator('tbody tr').allInnerTexts()).map(plain);
    expect(rows.map((row) => /R\$ [\d.]+,\d{2}/.exec(row)?.[0])).toEqual([
      'R$ 500,00',
      'R$ 4.000,00',
      'R$ 4.000,00',
      'R$ 4.000,00',
    ]);
    const items = drawer.getByRole('table', { name: 'Itens da NF-e' });
    await items.locator('tbody tr').first().waitFor();
    expect(plain(await items.locator('tbody tr').first().innerText())).toContain('MT-1020');
    await drawer.getByText(/NFe\d{44}\.xml/).waitFor();
    await screenshot(page, 'nfe-import-payable-1366');
  });
});

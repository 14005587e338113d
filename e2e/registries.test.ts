import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumAvailable, screenshot } from './support/browser';
import { useHarness } from './support/harness';

// Reason for skipIf: this journey needs Debian's Chromium at /usr/bin/chromium; CI installs it, a laptop may not.
describe.skipIf(!chromiumAvailable)('registries in Chromium', () => {
  const h = useHarness();

  async function signInToMatriz(page: Page): Promise<void> {
    await page.goto(`${h.app.url}/auth/sign-in`);
    await page.getByLabel('Usuário', { exact: true }).fill('admin');
    await page.getByLabel('Senha', { exact: true }).fill('Demo@2026');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(/\/select-tenant\/unit/);
    await page.getByText('Matriz').first().click();
    await page.waitForURL(/\/dashboard/);
  }

  it('registers a bank: a wrong code is explained, the fixed one lists, sorts, survives a reload and is logged', async () => {
    const page = await h.newPage();
    await signInToMatriz(page);
    await page.goto(`${h.app.url}/gestao_contas/bancos`);
    await page.getByText('Mercado Pago', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Nova instituição' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('Código', { exact: true }).fill('21');
    await drawer.getByLabel('Nome', { exact: true }).fill('Banco BS2 S.A.');
    await drawer.getByLabel('Nome curto').fill('BS2');
    await drawer.getByRole('button', { name: 'Criar' }).click();
    await drawer.getByText('O código COMPE tem 3 dígitos, como 001 ou 341.').waitFor();
    await drawer.getByLabel('Código', { exact: true }).fill('218');
    await drawer.getByRole('button', { name: 'Criar' }).click();
    await page.getByText('Instituição cadastrada.').waitFor();

    // Search and sort live in the address: a reload shows the same rows.
    await page.getByLabel('Buscar por nome, código ou ISPB').fill('bs2');
    await page.waitForURL(/search=bs2/);
    await page.getByRole('cell', { name: '218' }).waitFor();
    await page.reload();
    await page.getByRole('cell', { name: '218' }).waitFor();
    expect(await page.getByRole('row').count()).toBe(2);
    await page.getByLabel('Buscar por nome, código ou ISPB').fill('');
    await page.getByRole('button', { name: /^Código/ }).click();
    await page.waitForURL(/sort=code/);
    await expect.poll(() => page.getByRole('row').nth(1).innerText()).toMatch(/^001/);
    await screenshot(page, 'banks-sorted-by-code');

    // Exports: Excel for people, CSV (semicolons, accents kept) for systems.
    const downloaded = async (format: string) => {
      await page.getByRole('button', { name: 'Exportar' }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: format }).click(),
      ]);
      return { name: download.suggestedFilename(), content: readFileSync(await download.path()) };
    };
    const xlsx = await downloaded('Excel (XLSX)');
    expect(xlsx.name).toBe('bancos.xlsx');
    expect(xlsx.content.subarray(0, 2).toString()).toBe('PK');
    const csv = await downloaded('CSV (separado por ponto e vírgula)');
    expect(csv.name).toBe('bancos.csv');
    expect(csv.content.toString('utf8')).toContain(
      '323;10573521;MERCADO PAGO INSTITUIÇÃO DE PAGAMENTO LTDA.;Mercado Pago;Ativo',
    );

    await page.goto(`${h.app.url}/logs/events`);
    const row = page.getByRole('row').filter({ hasText: 'Cadastrou instituição financeira' });
    await row.getByText('Banco BS2 S.A.').waitFor();
    await row.getByText('218').waitFor();
  });
});

import { describe, expect, it } from 'vitest';
import { chromiumAvailable, signInToMatriz } from './support/browser';
import { useHarness } from './support/harness';

// Reason for skipIf: this journey needs Debian's Chromium at /usr/bin/chromium; CI installs it, a laptop may not.
describe.skipIf(!chromiumAvailable)('a create sent twice in Chromium', () => {
  const h = useHarness();

  it('saves one supplier when the answer to the first click is lost and the person clicks again', async () => {
    const page = await h.newPage();
    await signInToMatriz(page, h.app.url);
    await page.goto(`${h.app.url}/relacionamento/fornecedores`);
    await page.getByText('Horizonte Imóveis').waitFor();

    // The server saves the first submission, but its answer never reaches the browser (a dropped connection).
    let lost = false;
    await page.route(/\/v1\/registries\/suppliers\.create/, async (route) => {
      if (lost) return route.continue();
      lost = true;
      await route.fetch();
      return route.abort('connectionreset');
    });

    await page.getByRole('button', { name: 'Novo fornecedor' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('CPF/CNPJ').fill('11.222.333/0001-81');
    await drawer.getByLabel('Nome / razão social').fill('Gráfica Duas Vezes Ltda');
    await drawer.getByRole('button', { name: 'Criar' }).click();
    await page.getByText('Parece que um erro desconhecido ocorreu').waitFor();
    await drawer.getByRole('button', { name: 'Criar' }).click();
    await page.getByText('Fornecedor cadastrado.').waitFor();

    await page.getByLabel('Buscar por nome, CPF/CNPJ, e-mail ou cidade').fill('Duas Vezes');
    await page.waitForURL(/search=/);
    const saved = page.getByRole('row').filter({ hasText: 'Gráfica Duas Vezes Ltda' });
    await saved.first().waitFor();
    expect(await saved.count()).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumAvailable, screenshot } from './support/browser';
import { flushAccessibility } from './support/accessibility';
import { useHarness } from './support/harness';

interface RouteTable {
  SCREENS: { name: string; path: string; layout: string }[];
  fullPath(def: { path: string; layout: string }): string;
}

// The web app's route table is TSX, outside this project's compilation: loaded at run time, so that a screen added
// to it is checked here without anyone listing it again.
const tableModule = '../apps/web/src/routes/table';
const { SCREENS, fullPath } = (await import(tableModule)) as RouteTable;

const SIGNED_OUT = ['/auth/sign-in', '/auth/sign-up', '/auth/recovery', '/auth/recovery/challenge', '/nao-existe'];
const SIGNED_IN = ['/select-tenant/unit', '/select-tenant/organization', '/unauthorized', '/nao-existe'];

/** The screens built on the shared list: on a phone, each shows cards (or its empty state) and nothing sideways. */
const LISTS = new Set([
  '/contas/pagar',
  '/contas/receber',
  '/gestao_contas/contas',
  '/gestao_contas/bancos',
  '/contas/contratos',
  '/contas/centros_compras',
  '/agrupamentos/classificacoes_financeiras',
  '/agrupamentos/centros_custo',
  '/parametrizacao/tipos_conta',
  '/parametrizacao/tipos_imposto',
  '/parametrizacao/configuracoes_split',
  '/parametrizacao/produtos',
  '/parametrizacao/metodos_pagamento',
  '/parametrizacao/configuracoes_rateio_padrao',
  '/relacionamento/parceiros',
  '/relacionamento/fornecedores',
  '/relacionamento/clientes',
  '/logs/events',
  '/tenants/organizations',
  '/tenants/units',
  '/tenants/departments',
  '/tenants/profiles',
  '/tenants/users',
  '/tenants/last_acess',
]);
// Entering the organization is a routine event, the only kind a fresh server has: the log is shown with them.
const shown = (path: string) => (path === '/logs/events' ? `${path}?routine=true` : path);

async function expectPhoneList(page: Page, path: string): Promise<void> {
  await page
    .getByRole('article')
    .first()
    .or(page.getByText(/^Nenhuma? .* cadastrad[oa]s?\.$/))
    .waitFor();
  expect(await page.getByRole('table').count(), path).toBe(0);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, path).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  await screenshot(page, `phone-list-${path.slice(1).replaceAll('/', '-')}`);
}

/** Shows a path in the open app as a click on a link would, without reloading it. */
async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname !== '' && !url.pathname.startsWith('/auth/'));
  await flushAccessibility(page);
}

// Reason for skipIf: these journeys need Debian's Chromium at /usr/bin/chromium; CI installs it, a laptop may not.
describe.skipIf(!chromiumAvailable)('accessibility of every screen (axe-core, in the harness)', () => {
  const h = useHarness();

  for (const [width, height] of [
    [1366, 768],
    [390, 844],
  ] as const) {
    const phone = width < 600;
    it(`every screen of the route table, signed out and as the administrator, at ${width} px${phone ? ', the lists as cards' : ''}`, async () => {
      const page = await h.newPage(width, height, phone ? { hasTouch: true, isMobile: true } : {});
      for (const path of SIGNED_OUT) {
        await page.goto(`${h.app.url}${path}`);
        await flushAccessibility(page);
      }
      await page.goto(`${h.app.url}/auth/sign-in`);
      await page.getByLabel('Usuário', { exact: true }).fill('admin');
      await page.getByLabel('Senha', { exact: true }).fill('Demo@2026');
      await page.getByRole('button', { name: 'Entrar' }).click();
      await page.waitForURL(/\/select-tenant\/unit/);
      await page.getByText('Matriz', { exact: false }).first().click();
      await page.waitForURL(/\/dashboard/);
      const paths = [...SCREENS.map(fullPath), ...SIGNED_IN];
      expect([...LISTS].filter((path) => !paths.includes(path))).toEqual([]);
      for (const path of paths) {
        await visit(page, shown(path));
        if (phone && LISTS.has(path)) await expectPhoneList(page, path);
      }
      await page.context().close();
    });
  }
});

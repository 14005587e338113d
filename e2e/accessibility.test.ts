import { describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumAvailable } from './support/browser';
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
    it(`every screen of the route table, signed out and as the administrator, at ${width} px`, async () => {
      const page = await h.newPage(width, height);
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
      for (const path of [...SCREENS.map(fullPath), ...SIGNED_IN]) await visit(page, path);
      await page.context().close();
    });
  }
});

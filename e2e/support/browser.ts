import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const chromiumAvailable = existsSync(CHROMIUM);

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

const screenshotDir = 'test-results/screenshots';

/** Saves a full-page screenshot as a test artifact. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: `${screenshotDir}/${name}.png`, fullPage: true });
}

/** Signs a demo user in (the administrator unless named) and chooses the Matriz unit; resolves on the dashboard. */
export async function signInToMatriz(page: Page, appUrl: string, username = 'admin'): Promise<void> {
  await page.goto(`${appUrl}/auth/sign-in`);
  await page.getByLabel('Usuário', { exact: true }).fill(username);
  await page.getByLabel('Senha', { exact: true }).fill('Demo@2026');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(/\/select-tenant\/unit/);
  await page.getByText('Matriz').first().click();
  await page.waitForURL(/\/dashboard/);
}

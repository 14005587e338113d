import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, launchBrowser, screenshot } from './support/browser';
import { Mailbox } from '../apps/server/src/test/mailbox';
import { startApp, type RunningApp } from './support/server';

// Reason for skipIf: these journeys need Debian's Chromium at /usr/bin/chromium; CI installs it, a laptop may not.
describe.skipIf(!chromiumAvailable)('journeys in Chromium', () => {
  let mailbox: Mailbox;
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    mailbox = new Mailbox();
    await mailbox.start();
    app = await startApp({ smtpUrl: mailbox.url });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await mailbox?.stop();
  });

  async function newPage(width = 1280, height = 800): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    return context.newPage();
  }

  async function signIn(page: Page, username: string, password: string): Promise<void> {
    await page.getByLabel('Usuário', { exact: false }).first().fill(username);
    await page.getByLabel('Senha', { exact: false }).first().fill(password);
    await page.getByRole('button', { name: 'Entrar' }).click();
  }

  it('a new user signs up, confirms with the e-mailed code, is signed in and lands on /no-tenants', async () => {
    const page = await newPage();
    await page.goto(`${app.url}/auth/sign-up`);
    await page.getByLabel('Nome', { exact: false }).first().fill('Maria Souza');
    await page.getByLabel('E-mail', { exact: false }).first().fill('maria@example.com.br');
    await page.getByLabel('Usuário', { exact: false }).first().fill('maria.souza');
    await page.getByLabel('Senha', { exact: true }).fill('Segura#2026');
    await page.getByLabel('Confirmar senha', { exact: false }).fill('Segura#2026');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await page.waitForURL(/\/auth\/sign-up\/confirm\/email/);
    const code = await mailbox.codeFor('maria@example.com.br');
    await page.getByLabel('Código de Verificação').fill(code);
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.waitForURL(/\/no-tenants/, { timeout: 30_000 });
    await expect(page.getByText('Maria', { exact: false }).first().isVisible()).resolves.toBe(true);
    await page.context().close();
  });

  it('the demo administrator signs in, selects a unit and reaches the dashboard', async () => {
    for (const [width, height, label] of [
      [1280, 800, '1280'],
      [390, 844, '390'],
    ] as const) {
      const page = await newPage(width, height);
      await page.goto(`${app.url}/auth/sign-in`);
      await page.getByLabel('Usuário', { exact: false }).first().waitFor();
      await screenshot(page, `sign-in-${label}`);
      await signIn(page, 'admin', 'Demo@2026');
      await page.waitForURL(/\/select-tenant\/unit/);
      await page.getByText('Matriz', { exact: false }).first().waitFor();
      await screenshot(page, `select-tenant-${label}`);
      await page.getByText('Matriz', { exact: false }).first().click();
      await page.waitForURL(/\/dashboard/);
      await page.getByText('Departamentos', { exact: false }).first().waitFor();
      await screenshot(page, `dashboard-${label}`);
      await page.context().close();
    }
  });

  it('the Solicitante sees only the menu its profile allows and is sent to /unauthorized on a forbidden URL', async () => {
    const page = await newPage();
    await page.goto(`${app.url}/auth/sign-in`);
    await signIn(page, 'solicitante', 'Demo@2026');
    await page.waitForURL(/\/select-tenant\//);
    await page.getByText('Compras', { exact: false }).first().click();
    await page.waitForURL(/\/dashboard/);
    const nav = page.getByRole('navigation');
    await expect(nav.getByText('Painel').first().isVisible()).resolves.toBe(true);
    await expect(nav.getByText('Usuários').count()).resolves.toBe(0);
    await expect(nav.getByText('Logs de eventos').count()).resolves.toBe(0);
    await page.goto(`${app.url}/tenants/users`);
    await page.waitForURL(/\/unauthorized/);
    await page.context().close();
  });

  it('a signed-out deep link to /contas/pagar goes through sign-in and unit selection and ends there', async () => {
    const page = await newPage();
    await page.goto(`${app.url}/contas/pagar`);
    await page.waitForURL(/\/auth\/sign-in/);
    await signIn(page, 'financeiro', 'Demo@2026');
    await page.waitForURL(/\/select-tenant\/unit/);
    await page.getByText('Matriz', { exact: false }).first().click();
    await page.waitForURL(/\/contas\/pagar/);
    await page.context().close();
  });
});

import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, launchBrowser, screenshot } from './support/browser';
import { Mailbox } from '../apps/server/src/test/mailbox';
import { LocalOidcProvider } from '../apps/server/src/test/oidc-provider';
import { SmsSink } from '../apps/server/src/test/sms-sink';
import { startApp, type RunningApp } from './support/server';

// Reason for skipIf: these journeys need Debian's Chromium at /usr/bin/chromium; CI installs it, a laptop may not.
describe.skipIf(!chromiumAvailable)('Google sign-in in Chromium, over HTTPS with the local certificate', () => {
  const google = new LocalOidcProvider([
    { sub: 'g-e2e-1', email: 'gabriela@gmail.test', email_verified: true, name: 'Gabriela Gomes' },
  ]);
  let mailbox: Mailbox;
  let sms: SmsSink;
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    await google.start();
    mailbox = new Mailbox();
    await mailbox.start();
    sms = new SmsSink();
    await sms.start();
    app = await startApp({ smtpUrl: mailbox.url, smsUrl: sms.url, tls: true, env: google.settings() });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await mailbox?.stop();
    await sms?.stop();
    await google.stop();
  });

  async function newPage(): Promise<Page> {
    // The certificate is the generated local one: the browser is told to accept it, as a developer would once.
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      ignoreHTTPSErrors: true,
    });
    return context.newPage();
  }

  it('a new user signs in with Google and lands on /no-tenants; signing out returns to sign-in', async () => {
    const page = await newPage();
    await page.goto(`${app.url}/auth/sign-in`);
    await page.getByRole('button', { name: 'Entrar com Google' }).click();
    await page.getByText('Escolha uma conta').waitFor();
    await page.getByRole('link', { name: 'Continuar como gabriela@gmail.test' }).click();
    await page.waitForURL(/\/no-tenants/);
    await page.getByText('Você ainda não participa de nenhuma organização').waitFor();
    await screenshot(page, 'google-no-tenants-1280');
    // Signed in as the new account Google's e-mail and name created.
    await page.goto(`${app.url}/account/profile`);
    await page.getByLabel('Nome').and(page.locator('[value="Gabriela Gomes"]')).waitFor();

    await page.goto(`${app.url}/auth/sign-out`);
    await page.waitForURL(/\/auth\/sign-in/);
    await page.getByRole('button', { name: 'Entrar com Google' }).waitFor();
    await page.context().close();
  });

  it('says so when the user cancels at Google', async () => {
    const page = await newPage();
    await page.goto(`${app.url}/auth/sign-in`);
    await page.getByRole('button', { name: 'Entrar com Google' }).click();
    await page.getByRole('link', { name: 'Cancelar' }).click();
    await page.waitForURL(/\/auth\/sign-in/);
    await page.getByText('O login com Google foi cancelado.').waitFor();
    await screenshot(page, 'google-cancelled-1280');
    await page.context().close();
  });
});

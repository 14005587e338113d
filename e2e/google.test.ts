import { afterAll, beforeAll, describe, it } from 'vitest';
import { chromiumAvailable, screenshot } from './support/browser';
import { useHarness } from './support/harness';
import { LocalOidcProvider } from '../apps/server/src/test/oidc-provider';

// Reason for skipIf: these journeys need Debian's Chromium at /usr/bin/chromium; CI installs it, a laptop may not.
describe.skipIf(!chromiumAvailable)('Google sign-in in Chromium, over HTTPS with the local certificate', () => {
  const google = new LocalOidcProvider([
    { sub: 'g-e2e-1', email: 'gabriela@gmail.test', email_verified: true, name: 'Gabriela Gomes' },
    // The demo's treasurer, whose account requires a second factor.
    { sub: 'g-e2e-2', email: 'tesouraria@demo.financeiro.local', email_verified: true, name: 'Tesouraria' },
  ]);
  beforeAll(() => google.start());
  afterAll(() => google.stop());
  const h = useHarness({ tls: true, env: () => google.settings() });
  // The certificate is the generated local one: the browser is told to accept it, as a developer would once.
  const newPage = () => h.newPage(1280, 800, { ignoreHTTPSErrors: true });

  it('a new user signs in with Google and lands on /no-tenants; signing out returns to sign-in', async () => {
    const page = await newPage();
    await page.goto(`${h.app.url}/auth/sign-in`);
    await page.getByRole('button', { name: 'Entrar com Google' }).click();
    await page.getByText('Escolha uma conta').waitFor();
    await page.getByRole('link', { name: 'Continuar como gabriela@gmail.test' }).click();
    await page.waitForURL(/\/no-tenants/);
    await page.getByText('Você ainda não participa de nenhuma organização').waitFor();
    await screenshot(page, 'google-no-tenants-1280');
    // Signed in as the new account Google's e-mail and name created.
    await page.goto(`${h.app.url}/account/profile`);
    await page.getByLabel('Nome').and(page.locator('[value="Gabriela Gomes"]')).waitFor();

    await page.goto(`${h.app.url}/auth/sign-out`);
    await page.waitForURL(/\/auth\/sign-in/);
    await page.getByRole('button', { name: 'Entrar com Google' }).waitFor();
    await page.context().close();
  });

  it('says so when the user cancels at Google', async () => {
    const page = await newPage();
    await page.goto(`${h.app.url}/auth/sign-in`);
    await page.getByRole('button', { name: 'Entrar com Google' }).click();
    await page.getByRole('link', { name: 'Cancelar' }).click();
    await page.waitForURL(/\/auth\/sign-in/);
    await page.getByText('O login com Google foi cancelado.').waitFor();
    await screenshot(page, 'google-cancelled-1280');
    await page.context().close();
  });

  it('sends an account with a second factor back to the password sign-in, saying why', async () => {
    const page = await newPage();
    await page.goto(`${h.app.url}/auth/sign-in`);
    await page.getByRole('button', { name: 'Entrar com Google' }).click();
    await page.getByRole('link', { name: 'Continuar como tesouraria@demo.financeiro.local' }).click();
    await page.waitForURL(/\/auth\/sign-in/);
    await page
      .getByText(
        'Sua conta usa verificação em dois fatores, que o login com Google não pede: entre com seu usuário e senha.',
      )
      .waitFor();
    await screenshot(page, 'google-second-factor-1280');
    await page.context().close();
  });
});

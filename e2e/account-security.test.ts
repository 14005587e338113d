import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { chromiumAvailable, screenshot } from './support/browser';
import { useHarness } from './support/harness';

/** The service sends a new sign-up code at most every 120 seconds. */
const RESEND_INTERVAL_MS = 120_000;

// Reason for skipIf: these journeys need Debian's Chromium at /usr/bin/chromium; CI installs it, a laptop may not.
describe.skipIf(!chromiumAvailable)('account confirmation and second factors in Chromium', () => {
  const h = useHarness();

  async function signIn(page: Page, username: string, password: string): Promise<void> {
    await page.goto(`${h.app.url}/auth/sign-in`);
    await page.getByLabel('Lembrar este dispositivo').setChecked(false);
    await page.getByLabel('Usuário', { exact: true }).fill(username);
    await page.getByLabel('Senha', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Entrar' }).click();
  }

  const mailsTo = (address: string) => h.mailbox.messages.filter((m) => m.to.includes(address)).length;

  it('an unconfirmed user who signs in is sent to the e-mail confirmation with a code really sent, and the countdown from that send', async () => {
    const email = 'joana.lima@example.com.br';
    const signUp = await h.newPage();
    await signUp.goto(`${h.app.url}/auth/sign-up`);
    await signUp.getByLabel('Nome completo').fill('Joana Lima');
    await signUp.getByLabel('E-mail').fill(email);
    await signUp.getByLabel('Usuário', { exact: true }).fill('joana.lima');
    await signUp.getByLabel('Senha', { exact: true }).fill('Segura#2026');
    await signUp.getByLabel('Confirmar senha').fill('Segura#2026');
    await signUp.getByRole('button', { name: 'Criar conta' }).click();
    await signUp.waitForURL(/\/auth\/sign-up\/confirm\/email/);
    await h.mailbox.codeFor(email);

    // Same browser, under 120 s later: the code just e-mailed still works and the service would refuse another, so
    // the page opens with the countdown still running from that send, and nothing new is sent.
    await signIn(signUp, 'joana.lima', 'Segura#2026');
    await signUp.waitForURL(/\/auth\/sign-up\/confirm\/email/);
    await signUp.getByRole('heading', { name: 'Confirme seu e-mail' }).waitFor();
    const countdown = signUp.getByRole('button', { name: /^Reenviar código em \d+s$/ });
    await countdown.waitFor();
    expect(await countdown.isDisabled()).toBe(true);
    expect(mailsTo(email)).toBe(1);
    await signUp.context().close();

    // Another browser, still under 120 s: the service refuses a new code, so the page says one went out recently
    // and does not pretend to know where or when.
    const other = await h.newPage();
    await signIn(other, 'joana.lima', 'Segura#2026');
    await other.waitForURL(/\/auth\/sign-up\/confirm\/email/);
    await other.getByRole('heading', { name: 'Confirme seu cadastro' }).waitFor();
    await other.getByText('Um código foi enviado há menos de 2 minutos ao e-mail ou celular do cadastro').waitFor();
    expect(await other.getByRole('button', { name: 'Reenviar código', exact: true }).isEnabled()).toBe(true);
    expect(mailsTo(email)).toBe(1);
    await other.context().close();

    // Once a new code may go out (the server's clock moved on by the interval), another browser signing in gets one,
    // on the page for where it went.
    await h.app.advanceClock(RESEND_INTERVAL_MS);
    const page = await h.newPage();
    await signIn(page, 'joana.lima', 'Segura#2026');
    await page.waitForURL(/\/auth\/sign-up\/confirm\/email/);
    await page.getByRole('heading', { name: 'Confirme seu e-mail' }).waitFor();
    await page.getByText('Enviamos um código de 6 dígitos para').waitFor();
    await page.getByText('j***@example.com.br').waitFor();
    await page.getByRole('button', { name: /^Reenviar código em 1\d\ds$/ }).waitFor();
    await expect.poll(() => mailsTo(email), { timeout: 20_000 }).toBe(2);
    await screenshot(page, 'sign-up-confirm-after-sign-in-1280');
    await page.getByLabel('Código de Verificação').fill(await h.mailbox.codeFor(email));
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Conta confirmada. Entre com seu usuário e senha.').waitFor();
    await page.waitForURL(/\/auth\/sign-in\?username=joana.lima/);
    await page.getByLabel('Senha', { exact: true }).fill('Segura#2026');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(/\/no-tenants/, { timeout: 30_000 });
    await page.context().close();
  }, 240_000);

  it('verifies the phone in place to turn on SMS, turns the authenticator back on without a new QR code, and keeps the only factor when the phone changes', async () => {
    const phone = '+5531988887777';
    const page = await h.newPage();
    await signIn(page, 'financeiro', 'Demo@2026');
    await page.waitForURL(/\/select-tenant\//);
    await page.goto(`${h.app.url}/account/mfa-config`);
    const totpRow = page.getByTestId('factor-totp');
    const smsRow = page.getByTestId('factor-sms');

    // SMS asks for a verified phone and verifies it right here.
    await smsRow.getByRole('button', { name: 'Ativar' }).click();
    const phoneDialog = page.getByRole('dialog', { name: 'Verifique seu celular primeiro' });
    await phoneDialog.getByLabel('Celular').fill('31988887777');
    await screenshot(page, 'mfa-verify-phone-1280');
    await phoneDialog.getByRole('button', { name: 'Enviar código' }).click();
    const codeDialog = page.getByRole('dialog', { name: 'Confirme seu celular' });
    await codeDialog.getByLabel('Código de Verificação').fill(await h.sms.codeFor(phone));
    await codeDialog.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Autenticação por SMS ativada').waitFor();
    await smsRow.getByText('Ativado', { exact: true }).waitFor();

    // The authenticator: set up once, turned off, then back on as it was.
    await totpRow.getByRole('button', { name: 'Ativar' }).click();
    const secret = page.getByTestId('totp-secret');
    await secret.filter({ hasText: /^[A-Z2-7]{16,}$/ }).waitFor();
    const totp = new TOTP({ secret: Secret.fromBase32((await secret.textContent()) ?? ''), digits: 6, period: 30 });
    await page
      .getByRole('dialog')
      .getByLabel('Código de Verificação')
      .fill(totp.generate({ timestamp: h.app.nowMs() }));
    await page.getByRole('button', { name: 'Verificar e ativar' }).click();
    await page.getByText('Autenticação por aplicativo ativada').waitFor();
    await totpRow.getByRole('button', { name: 'Desativar' }).click();
    await page.getByText('Autenticação por aplicativo desativada').waitFor();
    await totpRow.getByText('Desativado', { exact: true }).waitFor();
    // Notifications stay while the pointer rests on them, and they cover the row's button: move it away.
    await page.mouse.move(400, 700);
    await totpRow.getByRole('button', { name: 'Ativar' }).click();
    await totpRow.getByText('Ativado', { exact: true }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await screenshot(page, 'mfa-config-both-factors-1280');

    // With SMS as the only factor, the phone cannot change: the account would be left without a factor.
    await totpRow.getByRole('button', { name: 'Desativar' }).click();
    await totpRow.getByText('Desativado', { exact: true }).waitFor();
    await page.goto(`${h.app.url}/account/profile`);
    await page.getByLabel('Celular').fill('31911112222');
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await page.getByText('O código por SMS é o seu único segundo fator').waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('Celular').inputValue()).toBe('(31) 98888-7777');
    await page.context().close();
  });
});

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { chromiumAvailable, screenshot } from './support/browser';
import { useHarness } from './support/harness';

// Reason for skipIf: these journeys need Debian's Chromium at /usr/bin/chromium; CI installs it, a laptop may not.
describe.skipIf(!chromiumAvailable)('journeys in Chromium', () => {
  const h = useHarness();
  const newPage = (width?: number, height?: number) => h.newPage(width, height);

  async function signIn(page: Page, username: string, password: string, remember = true): Promise<void> {
    const rememberBox = page.getByLabel('Lembrar este dispositivo');
    if ((await rememberBox.isChecked()) !== remember) await rememberBox.setChecked(remember);
    await page.getByLabel('Usuário', { exact: true }).fill(username);
    await page.getByLabel('Senha', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Entrar' }).click();
  }

  async function fillSignUp(page: Page, person: { name: string; email: string; username: string }): Promise<void> {
    await page.getByLabel('Nome completo').fill(person.name);
    await page.getByLabel('E-mail').fill(person.email);
    await page.getByLabel('Usuário', { exact: true }).fill(person.username);
    await page.getByLabel('Senha', { exact: true }).fill('Segura#2026');
    await page.getByLabel('Confirmar senha').fill('Segura#2026');
    await page.getByRole('button', { name: 'Criar conta' }).click();
  }

  it('a new user signs up, confirms with the e-mailed code, is signed in and lands on /no-tenants', async () => {
    const page = await newPage();
    await page.goto(`${h.app.url}/auth/sign-up`);
    await fillSignUp(page, { name: 'Maria Souza', email: 'maria@example.com.br', username: 'maria.souza' });
    await page.waitForURL(/\/auth\/sign-up\/confirm\/email/);
    const code = await h.mailbox.codeFor('maria@example.com.br');
    await page.getByLabel('Código de Verificação').fill(code);
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.waitForURL(/\/no-tenants/, { timeout: 30_000 });
    await page.getByText('Você ainda não participa de nenhuma organização').waitFor();
    await page.context().close();
  });

  it('the demo administrator signs in, selects a unit and reaches the dashboard', async () => {
    for (const [width, height, label] of [
      [1280, 800, '1280'],
      [390, 844, '390'],
    ] as const) {
      const page = await newPage(width, height);
      await page.goto(`${h.app.url}/auth/sign-in`);
      await page.getByLabel('Usuário', { exact: true }).waitFor();
      await screenshot(page, `sign-in-${label}`);
      await signIn(page, 'admin', 'Demo@2026');
      await page.waitForURL(/\/select-tenant\/unit/);
      await page.getByText('Matriz', { exact: false }).first().waitFor();
      await screenshot(page, `select-tenant-${label}`);
      await page.getByText('Matriz', { exact: false }).first().click();
      await page.waitForURL(/\/dashboard/);
      await page.getByRole('link', { name: /^Vencidos a pagar/ }).waitFor();
      await screenshot(page, `dashboard-${label}`);
      if (label === '1280') {
        // The header switcher changes the unit in place; the dashboard follows.
        await page.getByRole('button', { name: /Trocar/ }).click();
        await page.getByRole('dialog').getByText('Filial Campinas').click();
        await page.getByRole('button', { name: /Demo › Filial Campinas/ }).waitFor();
        await page.getByRole('region', { name: 'Números de hoje' }).waitFor();
      }
      await page.context().close();
    }
  });

  it('the Solicitante sees the purchases its department grants, chooses the department and reaches them', async () => {
    const page = await newPage();
    await page.goto(`${h.app.url}/auth/sign-in`);
    await signIn(page, 'solicitante', 'Demo@2026');
    await page.waitForURL(/\/select-tenant\/unit/);
    // Only the unit where the profile grants a department is offered.
    await expect(page.getByText('Filial Campinas').count()).resolves.toBe(0);
    await page.getByText('Matriz').click();
    await page.waitForURL(/\/dashboard/);
    const nav = page.getByRole('navigation', { name: 'Menu' });
    await nav.getByText('Painel').waitFor();
    const items = await nav.locator('a .mantine-NavLink-label').allTextContents();
    expect(items).toEqual([
      'Painel',
      'Compras criadas',
      'Aguardando aprovação',
      'Aprovadas',
      'Reprovadas',
      'Concluídas',
      'Canceladas',
      'Meu perfil',
      'Alterar senha',
      'Autenticação em dois fatores',
    ]);
    // The purchase lists are built: nothing in the menu says "Em breve" any more.
    await expect(nav.getByText('Em breve').count()).resolves.toBe(0);
    // The profile reads none of the unit's money: the dashboard says so instead of showing figures.
    await page.getByText('Seu perfil não lê contas', { exact: false }).waitFor();
    await screenshot(page, 'solicitante-dashboard-1280');

    await nav.getByRole('link', { name: /Compras criadas/ }).click();
    await page.waitForURL(/\/select-tenant\/department/);
    await expect(page.getByRole('button', { name: 'Financeiro' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Compras' }).click();
    await page.waitForURL(/\/compras\/criadas$/);
    await page.getByRole('heading', { name: 'Compras criadas' }).waitFor();
    // The list itself: its search, and the button to write an order, which the department grants the requester.
    await page.getByRole('textbox', { name: 'Nº, justificativa ou fornecedor' }).waitFor();
    await page.getByRole('button', { name: 'Novo pedido' }).waitFor();
    await expect(page.getByText('Previsto para o').count()).resolves.toBe(0);
    await screenshot(page, 'solicitante-compras-1280');

    await page.getByRole('button', { name: /Demo › Matriz › Compras/ }).click();
    await page
      .getByRole('dialog', { name: 'Escolha o departamento' })
      .getByRole('button', { name: 'Compras' })
      .waitFor();
    await page.keyboard.press('Escape');

    await page.goto(`${h.app.url}/tenants/users`);
    await page.waitForURL(/\/unauthorized\?title=Usu%C3%A1rios/);
    await page.getByText('Seu perfil não tem permissão para abrir “Usuários”').waitFor();
    await page.context().close();
  });

  it('an administrator opens a report on a phone, from the menu that no longer marks it as coming', async () => {
    const page = await newPage(390, 844);
    await page.goto(`${h.app.url}/auth/sign-in`);
    await signIn(page, 'admin', 'Demo@2026');
    await page.waitForURL(/\/select-tenant\/unit/);
    await page.getByText('Matriz').first().click();
    await page.waitForURL(/\/dashboard/);
    await page.goto(`${h.app.url}/relatorios/cp_status`);
    await page.getByRole('region', { name: 'Contas a pagar por status' }).waitFor({ timeout: 30_000 });
    expect(await page.getByText('Previsto para o', { exact: false }).count()).toBe(0);
    await screenshot(page, 'report-cp-status-390');
    await page.context().close();
  });

  it('a signed-out deep link to /contas/pagar goes through sign-in and unit selection and ends there', async () => {
    const page = await newPage();
    await page.goto(`${h.app.url}/contas/pagar`);
    await page.waitForURL(/\/auth\/sign-in/);
    await signIn(page, 'financeiro', 'Demo@2026');
    await page.waitForURL(/\/select-tenant\/unit/);
    await page.getByText('Matriz').click();
    await page.waitForURL(/\/contas\/pagar$/);
    await page.getByRole('heading', { name: 'Contas a pagar' }).waitFor();
    await page.context().close();
  });

  it('shows the wrong-password message and stays on sign-in', async () => {
    const page = await newPage();
    await page.goto(`${h.app.url}/auth/sign-in`);
    await signIn(page, 'admin', 'Errada#2026');
    await page.getByText('Usuário ou senha incorretos').waitFor();
    expect(page.url()).toContain('/auth/sign-in');
    await page.context().close();
  });

  it('is installable: serves /sw.js and a manifest, and replaces the app with the offline screen when offline', async () => {
    const page = await newPage();
    await page.goto(`${h.app.url}/auth/sign-in`);
    const manifest = await (await fetch(`${h.app.url}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({ name: 'Financeiro', theme_color: '#19244f', lang: 'pt-BR' });
    expect((await fetch(`${h.app.url}/sw.js`)).status).toBe(200);
    await page.context().setOffline(true);
    await page.getByText('Você está offline').waitFor();
    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    await page.context().close();
  });

  it('offers to sign in when signing up with an e-mail that already has an account', async () => {
    const page = await newPage();
    await page.goto(`${h.app.url}/auth/sign-up`);
    await fillSignUp(page, { name: 'Outra Pessoa', email: 'admin@demo.financeiro.local', username: 'outra.pessoa' });
    await page.getByText('Já existe uma conta com este endereço de email').waitFor();
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(/\/auth\/sign-in/);
    await expect(page.getByLabel('Usuário', { exact: true }).inputValue()).resolves.toBe('admin@demo.financeiro.local');
    await page.context().close();
  });

  // Last: these change the Solicitante's password, which the journeys above sign in with.
  it('recovers a forgotten password with the e-mailed code, then changes it in the account area', async () => {
    const page = await newPage();
    await page.goto(`${h.app.url}/auth/sign-in`);
    await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
    await page.getByLabel('Usuário ou e-mail').fill('solicitante');
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await page.waitForURL(/\/auth\/recovery\/challenge/);
    const code = await h.mailbox.codeFor('solicitante@demo.financeiro.local');
    await page.getByLabel('Código de Verificação').fill(code);
    await page.getByLabel('Nova senha', { exact: true }).fill('Recuperada#2026');
    await page.getByLabel('Confirmar nova senha').fill('Recuperada#2026');
    await page.getByRole('button', { name: 'Redefinir senha' }).click();
    await page.getByText('Senha redefinida com sucesso. Entre com a nova senha.').waitFor();
    await page.waitForURL(/\/auth\/sign-in\?username=solicitante/);
    await page.getByLabel('Senha', { exact: true }).fill('Recuperada#2026');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByText('Matriz').click();
    await page.waitForURL(/\/dashboard/);

    await page.goto(`${h.app.url}/account/change-password`);
    await page.getByLabel('Senha atual').fill('Errada#2026');
    await page.getByLabel('Nova senha', { exact: true }).fill('Alterada#2026');
    await page.getByLabel('Confirmar nova senha').fill('Alterada#2026');
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await page.getByText('A senha atual fornecida está incorreta.').waitFor();
    await page.getByLabel('Senha atual').fill('Recuperada#2026');
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await page.getByText('Sua senha foi alterada com sucesso').waitFor();
    await screenshot(page, 'change-password-1280');
    await page.context().close();
  });

  it('sets up an authenticator app in the account area and is asked for its code at the next sign-in', async () => {
    const page = await newPage();
    await page.goto(`${h.app.url}/auth/sign-in`);
    // Not remembered: this browser is asked for the second factor like any other.
    await signIn(page, 'financeiro', 'Demo@2026', false);
    await page.waitForURL(/\/select-tenant\//);
    await page.goto(`${h.app.url}/account/mfa-config`);
    await page.getByRole('button', { name: 'Ativar', exact: true }).first().click();
    const secret = page.getByTestId('totp-secret');
    await secret.filter({ hasText: /^[A-Z2-7]{16,}$/ }).waitFor();
    const key = (await secret.textContent()) ?? '';
    const totp = new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30 });
    // On a phone the QR code cannot be scanned from its own screen: the otpauth:// link opens the app instead.
    const openInApp = page.getByRole('link', { name: 'Abrir no aplicativo autenticador' });
    expect(await openInApp.getAttribute('href')).toMatch(new RegExp(`^otpauth://totp/.+secret=${key}`));
    // The button says so only once the browser has put the key on the clipboard.
    await page.getByRole('button', { name: 'Copiar chave' }).click();
    await page.getByRole('button', { name: 'Chave copiada' }).waitFor();
    await screenshot(page, 'totp-setup-1280');
    await page.getByRole('dialog').getByLabel('Código de Verificação').fill(totp.generate());
    await page.getByRole('button', { name: 'Verificar e ativar' }).click();
    await page.getByText('Autenticação por aplicativo ativada').waitFor();
    await screenshot(page, 'mfa-config-1280');

    await page.goto(`${h.app.url}/auth/sign-out`);
    await page.waitForURL(/\/auth\/sign-in/);
    await signIn(page, 'financeiro', 'Demo@2026');
    await page.waitForURL(/\/auth\/sign-in\/mfa\/totp/);
    await screenshot(page, 'sign-in-totp-1280');
    // The setup spent the current time step; the next one is accepted for clock drift.
    await page.getByLabel('Código de Verificação').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.waitForURL(/\/select-tenant\/unit/);
    await page.context().close();
  });

  it('sets up the required authenticator at the first sign-in, is not asked again on the remembered device, and forgets it', async () => {
    const page = await newPage();
    await page.goto(`${h.app.url}/auth/sign-in`);
    await page.getByLabel('Lembrar este dispositivo').waitFor();
    expect(await page.getByLabel('Lembrar este dispositivo').isChecked()).toBe(true);
    await signIn(page, 'tesouraria', 'Demo@2026');
    await page.waitForURL(/\/auth\/sign-in\/mfa\/totp\/setup/);
    await page.getByRole('img', { name: 'QR code' }).waitFor();
    const secret = page.getByTestId('totp-secret');
    const totp = new TOTP({ secret: Secret.fromBase32((await secret.textContent()) ?? ''), digits: 6, period: 30 });
    await screenshot(page, 'sign-in-totp-setup-1280');
    await page.getByLabel('Código de Verificação').fill(totp.generate());
    await page.getByRole('button', { name: 'Verificar e ativar' }).click();
    await page.waitForURL(/\/select-tenant\/unit/);

    // Same browser, remembered: the password is enough.
    await page.goto(`${h.app.url}/auth/sign-out`);
    await page.waitForURL(/\/auth\/sign-in/);
    await signIn(page, 'tesouraria', 'Demo@2026');
    await page.waitForURL(/\/select-tenant\/unit/);

    await page.goto(`${h.app.url}/account/profile`);
    const devices = page.getByTestId('devices');
    await devices.getByText('Este dispositivo').waitFor();
    await devices.getByText('Lembrado').waitFor();
    await devices.getByText(/^Chrom(e|ium) no Linux$/).waitFor();
    await screenshot(page, 'profile-devices-1280');
    await devices.getByRole('button', { name: 'Esquecer' }).click();
    await page.getByRole('dialog').getByText('Este é o dispositivo que você está usando').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Esquecer' }).click();
    await page.waitForURL(/\/auth\/sign-in/);

    // Forgotten: the authenticator code is asked for again.
    await signIn(page, 'tesouraria', 'Demo@2026');
    await page.waitForURL(/\/auth\/sign-in\/mfa\/totp$/);
    await page.context().close();
  });

  it('changes the e-mail in the profile and confirms it with the code sent to the new address', async () => {
    const page = await newPage();
    await page.goto(`${h.app.url}/auth/sign-in`);
    await signIn(page, 'admin', 'Demo@2026');
    await page.waitForURL(/\/select-tenant\//);
    await page.goto(`${h.app.url}/account/profile`);
    const email = page.getByLabel('E-mail');
    await expect(email.inputValue()).resolves.toBe('admin@demo.financeiro.local');
    await email.fill('ana.admin@demo.financeiro.local');
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirme seu e-mail' });
    await dialog.waitFor();
    await dialog.getByLabel('Código de Verificação').fill(await h.mailbox.codeFor('ana.admin@demo.financeiro.local'));
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('E-mail verificado com sucesso').waitFor();
    await page.getByText('Verificado', { exact: true }).waitFor();

    // A photo from the computer becomes a small square kept in the profile, within the attribute's 2,048 characters.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Escolher foto' }).click();
    await (await chooser).setFiles('apps/web/public/icon-512.png');
    await page.getByRole('button', { name: 'Remover foto' }).waitFor();
    // The e-mail's "Perfil atualizado" may still be on screen: wait for the photo's own save instead.
    const saved = page.waitForResponse(
      (r) => r.request().headers()['x-amz-target']?.endsWith('.UpdateUserAttributes') === true && r.ok(),
    );
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await saved;
    await page.getByText('Perfil atualizado').first().waitFor();
    await page.reload();
    const photo = page.getByRole('img', { name: 'Foto' });
    const src = (await photo.getAttribute('src')) ?? '';
    expect(src).toMatch(/^data:image\/(webp|jpeg);base64,/);
    expect(src.length).toBeLessThanOrEqual(2048);
    const [width, height] = await photo.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
    expect(width).toBe(height);
    expect(width).toBeGreaterThanOrEqual(48);
    await screenshot(page, 'profile-1280');
    await page.context().close();
  });

  it('verifies a phone, turns on SMS codes and is asked for the SMS code at the next sign-in', async () => {
    const phone = '+5521977776666';
    const page = await newPage();
    await page.goto(`${h.app.url}/auth/sign-in`);
    // The Solicitante's password was changed by the recovery journey above.
    await signIn(page, 'solicitante', 'Alterada#2026', false);
    await page.waitForURL(/\/select-tenant\//);
    await page.goto(`${h.app.url}/account/profile`);
    await page.getByLabel('Celular').fill('21977776666');
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirme seu celular' });
    await dialog.getByLabel('Código de Verificação').fill(await h.sms.codeFor(phone));
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Celular verificado com sucesso').waitFor();

    await page.goto(`${h.app.url}/account/mfa-config`);
    await page.getByText('Código por SMS').waitFor();
    await page.getByRole('button', { name: 'Ativar', exact: true }).last().click();
    await page.getByText('Autenticação por SMS ativada').waitFor();

    await page.goto(`${h.app.url}/auth/sign-out`);
    await page.waitForURL(/\/auth\/sign-in/);
    const sent = h.sms.messages.length;
    await signIn(page, 'solicitante', 'Alterada#2026');
    await page.waitForURL(/\/auth\/sign-in\/mfa\/sms/);
    await page.getByText('+*******6666').waitFor();
    await page.getByLabel('Código de Verificação').fill(await h.sms.codeFor(phone, sent));
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.waitForURL(/\/select-tenant\/unit/);
    await page.context().close();
  });

  it('signs out of every device from the profile', async () => {
    const [laptop, phone] = [await newPage(), await newPage(390, 844)];
    for (const page of [laptop, phone]) {
      await page.goto(`${h.app.url}/auth/sign-in`);
      await signIn(page, 'admin', 'Demo@2026');
      await page.waitForURL(/\/select-tenant\//);
    }
    await laptop.goto(`${h.app.url}/account/profile`);
    await laptop.getByRole('button', { name: 'Sair de todos os dispositivos' }).click();
    await laptop.getByRole('dialog').getByRole('button', { name: 'Sair de todos os dispositivos' }).click();
    await laptop.waitForURL(/\/auth\/sign-in/);
    // The other device's tokens no longer open anything: it is sent to sign in.
    await phone.goto(`${h.app.url}/dashboard`);
    await phone.waitForURL(/\/auth\/sign-in/);
    await laptop.context().close();
    await phone.context().close();
  });
});

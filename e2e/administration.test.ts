import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumAvailable, screenshot, selectTab } from './support/browser';
import { useHarness } from './support/harness';

// Reason for skipIf: this journey needs Debian's Chromium at /usr/bin/chromium; CI installs it, a laptop may not.
describe.skipIf(!chromiumAvailable)('administration in Chromium', () => {
  const h = useHarness();
  const newPage = (width = 1280, height = 860) => h.newPage(width, height);

  async function signIn(page: Page, username: string, password: string): Promise<void> {
    await page.goto(`${h.app.url}/auth/sign-in`);
    await page.getByLabel('Usuário', { exact: true }).fill(username);
    await page.getByLabel('Senha', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Entrar' }).click();
  }

  const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu' });
  /** A menu item by its title, with or without the "Em breve" badge of a screen not built yet. */
  const menuItem = (title: string) => new RegExp(`^${title}( Em breve)?$`, 'i');

  it('the administrator creates a department and a profile limited to it, invites someone who then sees only that', async () => {
    const admin = await newPage();
    await signIn(admin, 'admin', 'Demo@2026');
    await admin.waitForURL(/\/select-tenant\/unit/);
    await admin.getByText('Matriz').first().click();
    await admin.waitForURL(/\/dashboard/);

    // A department in Matriz; its identifier is suggested from the name.
    await menu(admin).getByRole('link', { name: 'Departamentos' }).click();
    await admin.getByRole('button', { name: 'Novo departamento' }).click();
    await admin.getByLabel('Nome do departamento').fill('Jurídico');
    await expect.poll(() => admin.getByLabel('Identificador').inputValue()).toBe('juridico');
    await admin.getByRole('button', { name: 'Criar' }).click();
    await admin.getByRole('cell', { name: 'Jurídico', exact: true }).waitFor();

    // A profile that reaches only that department, and its preview.
    await menu(admin).getByRole('link', { name: 'Perfis' }).click();
    await admin.getByRole('button', { name: 'Novo perfil' }).click();
    const drawer = admin.getByRole('dialog');
    await drawer.getByLabel('Nome do perfil').fill('Jurídico da Matriz');
    await selectTab(drawer.getByRole('tab', { name: 'Unidades e departamentos' }));
    await drawer.getByRole('button', { name: /^Matriz/ }).click();
    await drawer.getByRole('button', { name: /^Jurídico/ }).click();
    await drawer
      .getByRole('region', { name: /^Jurídico/ })
      .getByRole('switch', { name: 'Tudo neste departamento' })
      .click();
    await drawer.getByRole('tab', { name: 'Pré-visualização' }).click();
    await drawer.getByText('Departamentos: Jurídico').waitFor();
    expect(await drawer.getByText('Filial Campinas').count()).toBe(0);
    await screenshot(admin, 'admin-profile-preview');
    await drawer.getByRole('button', { name: 'Criar' }).click();
    await admin.getByText('Jurídico da Matriz', { exact: true }).waitFor();

    // An invitation: a new account with a temporary password sent by e-mail.
    await menu(admin).getByRole('link', { name: 'Usuários' }).click();
    await admin.getByRole('button', { name: 'Convidar pessoa' }).click();
    const invite = admin.getByRole('dialog');
    await invite.getByLabel('E-mail').fill('julia@example.com.br');
    await invite.getByLabel('Nome completo').fill('Júlia Juristas');
    await invite.getByLabel('Perfil').click();
    await admin.getByRole('option', { name: 'Jurídico da Matriz' }).click();
    await invite.getByRole('button', { name: 'Enviar convite' }).click();
    await admin.getByText('Júlia Juristas', { exact: true }).waitFor();
    await admin.getByRole('row').filter({ hasText: 'Júlia Juristas' }).getByText('Senha temporária').waitFor();
    await screenshot(admin, 'admin-users');
    const temporary = await h.mailbox.find('julia@example.com.br', /Senha tempor\S*ria: (\S+)/);

    // The invited person signs in with it, must choose a new password, and sees only what the profile allows.
    const julia = await newPage(390, 844);
    await signIn(julia, 'julia@example.com.br', temporary);
    await julia.waitForURL(/\/auth\/sign-in\/mfa\/new-password/);
    await julia.getByLabel('Nova senha', { exact: true }).fill('Juridico#2026');
    await julia.getByLabel('Confirmar nova senha').fill('Juridico#2026');
    await julia.getByRole('button', { name: 'Salvar e entrar' }).click();
    await julia.waitForURL(/\/select-tenant\/unit/);
    await julia.getByText('Matriz').first().waitFor();
    expect(await julia.getByText('Filial Campinas').count()).toBe(0);
    await julia.getByText('Matriz').first().click();
    await julia.waitForURL(/\/dashboard/);
    await julia.getByRole('button', { name: 'Menu' }).click();
    await menu(julia).getByRole('link', { name: 'Painel' }).waitFor();
    for (const hidden of ['Contas a pagar', 'Usuários', 'Perfis', 'Logs de eventos']) {
      expect(
        await menu(julia)
          .getByRole('link', { name: menuItem(hidden) })
          .count(),
        hidden,
      ).toBe(0);
    }
    await screenshot(julia, 'invited-member-menu-390');
    await julia.goto(`${h.app.url}/tenants/users`);
    await julia.waitForURL(/\/unauthorized/);
    await julia.goto(`${h.app.url}/dashboard`);
    await julia.getByRole('button', { name: 'Menu' }).click();

    // A new profile reaches the open session's menu on its next navigation, without signing out or reloading.
    await admin.getByRole('button', { name: 'Ações: Júlia Juristas' }).click();
    await admin.getByRole('menuitem', { name: 'Alterar perfil' }).click();
    await admin.getByRole('dialog').getByLabel('Perfil').click();
    await admin.getByRole('option', { name: 'Financeiro' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Salvar' }).click();
    await admin.getByRole('row').filter({ hasText: 'Júlia Juristas' }).getByText('Financeiro').waitFor();
    expect(
      await menu(julia)
        .getByRole('link', { name: menuItem('Contas a pagar') })
        .count(),
    ).toBe(0);
    await menu(julia).getByRole('link', { name: 'Meu perfil' }).click();
    await julia.waitForURL(/\/account\/profile/);
    await julia.getByRole('button', { name: 'Menu' }).click();
    await menu(julia)
      .getByRole('link', { name: menuItem('Contas a pagar') })
      .waitFor();

    // The administrator renames the department; the event log shows the difference.
    await menu(admin).getByRole('link', { name: 'Departamentos' }).click();
    await admin.getByRole('button', { name: 'Ações: Jurídico' }).click();
    await admin.getByRole('menuitem', { name: 'Editar' }).click();
    await admin.getByLabel('Nome do departamento').fill('Jurídico e Compliance');
    await admin.getByRole('button', { name: 'Salvar' }).click();
    await admin.getByRole('cell', { name: 'Jurídico e Compliance', exact: true }).waitFor();
    await menu(admin).getByRole('link', { name: 'Logs de eventos' }).click();
    const renamed = admin.getByRole('row').filter({ hasText: 'Alterou departamento' });
    await renamed.getByRole('link', { name: 'Jurídico e Compliance' }).waitFor();
    await expect.poll(() => renamed.innerText()).toMatch(/Nome:\s*Jurídico\s*Jurídico e Compliance/);
    await admin
      .getByRole('row')
      .filter({ hasText: 'Convidou pessoa nova' })
      .getByText('julia@example.com.br')
      .waitFor();
    await admin
      .getByRole('row')
      .filter({ hasText: 'Criou perfil' })
      .getByText(/Matriz › Jurídico/)
      .waitFor();
    await admin
      .getByRole('row')
      .filter({ hasText: 'Júlia Juristas' })
      .getByText('Escolheu a senha no primeiro acesso')
      .waitFor();
    await screenshot(admin, 'admin-event-log');
  });
});

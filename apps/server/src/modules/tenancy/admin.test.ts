import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { TestApp } from '../../test/app';
import { startDemoApp } from '../../test/demo';
import type { callersFor } from '../../test/callers';
import { codeOf, messageOf } from '../../test/callers';
import type { seedOtherOrganization } from '../../test/other-organization';
import { eventLog } from '../audit/schema';
import { users } from '../identity/schema';
import { outbox } from '../outbox/schema';
import { memberships, organizations, profiles, units } from './schema';

describe('administration', () => {
  let t: TestApp;
  let as: ReturnType<typeof callersFor>;
  let org: { organizationId: string };
  let matriz: { organizationId: string; unitId: string };
  let other: Awaited<ReturnType<typeof seedOtherOrganization>>;

  const profileId = async (name: string) => {
    const [row] = await t.database.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.organizationId, org.organizationId), eq(profiles.name, name)));
    return row?.id ?? '';
  };
  const membershipOf = async (username: string, organizationId = org.organizationId) => {
    const [row] = await t.database.db
      .select({ id: memberships.id })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(users.username, username), eq(memberships.organizationId, organizationId)));
    return row?.id ?? '';
  };
  const lastEvent = async (action: string) => {
    const [row] = await t.database.db
      .select()
      .from(eventLog)
      .where(eq(eventLog.action, action))
      .orderBy(sql`${eventLog.createdAt} desc`)
      .limit(1);
    return row;
  };

  beforeAll(async () => {
    ({ t, as, org, matriz, other } = await startDemoApp());
  });
  afterAll(() => t?.close());

  describe('units and departments', () => {
    it('creates a unit, refuses a second one with the same slug and logs the creation', async () => {
      const admin = await as('admin', org);
      const unit = await admin.tenants.units.create({ name: 'Filial Santos', slug: 'filial-santos' });
      expect(unit.status).toBe('active');
      expect(await messageOf(admin.tenants.units.create({ name: 'Outra Santos', slug: 'filial-santos' }))).toBe(
        'Já existe uma unidade com este identificador nesta organização.',
      );
      expect((await lastEvent('unit.create'))?.after).toEqual({ name: 'Filial Santos', slug: 'filial-santos' });
    });

    it('rejects a slug with capitals or accents with a pt-BR message', async () => {
      const admin = await as('admin', org);
      expect(await messageOf(admin.tenants.units.create({ name: 'Filial', slug: 'Filial São' }))).toContain(
        'Use só letras minúsculas sem acento',
      );
    });

    it('takes an inactive unit out of the tenants a member can pick', async () => {
      const admin = await as('admin', org);
      const unit = await admin.tenants.units.create({ name: 'Filial Sorocaba', slug: 'filial-sorocaba' });
      await admin.tenants.units.setStatus({ id: unit.id, status: 'inactive' });
      const [mine] = await (await as('admin')).tenants.getUserAvailableTenants();
      expect(mine?.organization.units.find((u) => u.id === unit.id)?.status).toBe('inactive');
      expect(await codeOf((await as('admin', { ...org, unitId: unit.id })).tenants.departments.list())).toBe(
        'FORBIDDEN',
      );
      const event = await lastEvent('unit.deactivate');
      expect([event?.before, event?.after]).toEqual([{ status: 'active' }, { status: 'inactive' }]);
    });

    it('keeps department slugs unique per unit, not per organization', async () => {
      const admin = await as('admin', matriz);
      await admin.tenants.departments.create({ name: 'Jurídico', slug: 'juridico' });
      expect(await messageOf(admin.tenants.departments.create({ name: 'Jurídico 2', slug: 'juridico' }))).toBe(
        'Já existe um departamento com este identificador nesta unidade.',
      );
      const [filial] = await t.database.db.select().from(units).where(eq(units.slug, 'filial-campinas'));
      const inFilial = await as('admin', { ...org, unitId: filial?.id });
      expect((await inFilial.tenants.departments.create({ name: 'Jurídico', slug: 'juridico' })).slug).toBe('juridico');
    });
  });

  describe('profiles', () => {
    it('applies a profile change from the member’s next request', async () => {
      const before = await as('financeiro', org);
      expect(await codeOf(before.tenants.units.list())).toBe('FORBIDDEN');
      const admin = await as('admin', org);
      const financeiro = (await admin.tenants.profiles.list()).find((p) => p.name === 'Financeiro');
      if (!financeiro) throw new Error('no Financeiro profile');
      await admin.tenants.profiles.update({
        id: financeiro.id,
        name: financeiro.name,
        description: financeiro.description,
        permissions: { ...financeiro.permissions, organization: ['read_units'] },
      });
      expect((await before.tenants.units.list()).map((u) => u.name)).toContain('Matriz');
      const event = await lastEvent('profile.update');
      expect(event?.after).toMatchObject({ permissions: { organization: ['read_units'] } });
    });

    it('refuses unknown permissions and permissions of a higher level with a pt-BR message', async () => {
      const admin = await as('admin', org);
      const input = { name: 'Estranho', description: null };
      expect(
        await messageOf(admin.tenants.profiles.create({ ...input, permissions: { organization: ['voar'] } })),
      ).toContain('Permissão inválida neste nível: voar.');
      expect(
        await messageOf(
          admin.tenants.profiles.create({ ...input, permissions: { [`unit:${matriz.unitId}`]: ['read_units'] } }),
        ),
      ).toContain('Permissão inválida neste nível: read_units.');
      expect(
        await messageOf(
          admin.tenants.profiles.create({ ...input, permissions: { [`unit:${other.unitId}`]: ['ler_produtos'] } }),
        ),
      ).toBe('O perfil cita uma unidade ou departamento que não existe nesta organização.');
    });

    it('lets only holders of manage_restricted_permissions grant restricted permissions', async () => {
      const admin = await as('admin', org);
      const editor = await admin.tenants.profiles.create({
        name: 'Editor de perfis',
        description: null,
        permissions: { organization: ['edit_profiles', 'read_profiles', 'edit_memberships', 'read_memberships'] },
      });
      await admin.tenants.members.changeProfile({ id: await membershipOf('financeiro'), profileId: editor.id });
      const financeiro = await as('financeiro', org);
      expect(
        await messageOf(
          financeiro.tenants.profiles.create({
            name: 'Senhas',
            description: null,
            permissions: { organization: ['edit_user_passwords'] },
          }),
        ),
      ).toBe('Só quem gerencia permissões restritas pode conceder, retirar ou alterar esse tipo de acesso.');
      const plain = await financeiro.tenants.profiles.create({
        name: 'Leitura',
        description: null,
        permissions: { organization: ['ler_contas_pagar'] },
      });
      expect(plain.name).toBe('Leitura');
      // Nor can such an editor hand the Administrador profile to someone.
      expect(
        await codeOf(
          financeiro.tenants.members.changeProfile({
            id: await membershipOf('solicitante'),
            profileId: await profileId('Administrador'),
          }),
        ),
      ).toBe('FORBIDDEN');
      await admin.tenants.members.changeProfile({
        id: await membershipOf('financeiro'),
        profileId: await profileId('Financeiro'),
      });
    });

    it('deletes only a profile nobody holds', async () => {
      const admin = await as('admin', org);
      expect(await messageOf(admin.tenants.profiles.delete({ id: await profileId('Solicitante') }))).toBe(
        'Este perfil está atribuído a 1 membro: troque o perfil deles antes de excluí-lo.',
      );
      const spare = await admin.tenants.profiles.create({ name: 'Temporário', description: null, permissions: {} });
      await admin.tenants.profiles.delete({ id: spare.id });
      expect((await admin.tenants.profiles.list()).map((p) => p.name)).not.toContain('Temporário');
    });
  });

  describe('members', () => {
    it('invites a new person: an account with a temporary password by e-mail, and a membership', async () => {
      const admin = await as('admin', org);
      const result = await admin.tenants.members.invite({
        email: 'Nova.Pessoa@Example.com',
        name: 'Nova Pessoa',
        profileId: await profileId('Solicitante'),
      });
      expect(result.newAccount).toBe(true);
      const [account] = await t.database.db.select().from(users).where(eq(users.username, 'nova.pessoa@example.com'));
      expect(account?.status).toBe('FORCE_CHANGE_PASSWORD');
      const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.recipient, 'nova.pessoa@example.com'));
      expect(mail?.subject).toBe('Convite para Demo no Financeiro');
      expect(mail?.body).toMatch(/Senha temporária: \S{12}\n/);
      expect(mail?.body).toContain('http://127.0.0.1:3999/auth/sign-in');
      const listed = await admin.tenants.members.list({ search: 'nova pessoa' });
      expect(listed.rows.map((r) => [r.username, r.profileName, r.status])).toEqual([
        ['nova.pessoa@example.com', 'Solicitante', 'active'],
      ]);
      expect((await lastEvent('membership.invite'))?.after).toMatchObject({ newAccount: true, profile: 'Solicitante' });
    });

    it('adds an existing account without a new password, and refuses to add it twice', async () => {
      const admin = await as('admin', org);
      const [before] = await t.database.db.select().from(users).where(eq(users.username, 'outro'));
      const input = { email: 'outro@example.com', name: 'Otávio', profileId: await profileId('Solicitante') };
      expect((await admin.tenants.members.invite(input)).newAccount).toBe(false);
      const [after] = await t.database.db.select().from(users).where(eq(users.username, 'outro'));
      expect(after?.srpVerifier).toBe(before?.srpVerifier);
      expect(await messageOf(admin.tenants.members.invite(input))).toBe(
        'Esta pessoa já é membro da organização: altere o perfil dela na lista.',
      );
    });

    it('pages and filters the member list on the server', async () => {
      const admin = await as('admin', org);
      const page1 = await admin.tenants.members.list({ page: 1, pageSize: 2 });
      const page2 = await admin.tenants.members.list({ page: 2, pageSize: 2 });
      expect(page1.rows).toHaveLength(2);
      expect(page1.total).toBeGreaterThanOrEqual(5);
      expect(page2.rows.map((r) => r.id)).not.toContain(page1.rows[0]?.id);
      const admins = await admin.tenants.members.list({ profileId: await profileId('Administrador') });
      expect(admins.rows.map((r) => r.username)).toEqual(['admin']);
    });

    it('never removes, suspends or demotes the last administrator', async () => {
      const admin = await as('admin', org);
      const own = await membershipOf('admin');
      const message = 'A organização precisa de ao menos um administrador ativo: esta alteração deixaria nenhum.';
      expect(await messageOf(admin.tenants.members.remove({ id: own }))).toBe(message);
      expect(await messageOf(admin.tenants.members.setStatus({ id: own, status: 'inactive' }))).toBe(message);
      expect(
        await messageOf(admin.tenants.members.changeProfile({ id: own, profileId: await profileId('Financeiro') })),
      ).toBe(message);
      const administrador = await profileId('Administrador');
      expect(
        await messageOf(
          admin.tenants.profiles.update({
            id: administrador,
            name: 'Administrador',
            description: null,
            permissions: { organization: ['read_units'] },
          }),
        ),
      ).toBe(message);
      const [still] = await t.database.db.select().from(memberships).where(eq(memberships.id, own));
      expect(still?.status).toBe('active');
    });

    it('suspends a member: their next request is refused, and reinstating lets them back', async () => {
      const admin = await as('admin', org);
      const id = await membershipOf('tesouraria');
      await admin.tenants.members.setStatus({ id, status: 'inactive' });
      expect(await codeOf((await as('tesouraria', matriz)).tenants.getUnitOverview())).toBe('FORBIDDEN');
      await admin.tenants.members.setStatus({ id, status: 'active' });
      expect(await codeOf((await as('tesouraria', matriz)).tenants.getUnitOverview())).toBe('OK');
    });

    it('sets a temporary password only for accounts of this organization alone', async () => {
      const admin = await as('admin', org);
      await admin.tenants.members.setPassword({
        membershipId: await membershipOf('solicitante'),
        password: 'Nova#Senha26',
      });
      const [solicitante] = await t.database.db.select().from(users).where(eq(users.username, 'solicitante'));
      expect(solicitante?.status).toBe('FORCE_CHANGE_PASSWORD');
      expect(
        await messageOf(
          admin.tenants.members.setPassword({ membershipId: await membershipOf('outro'), password: 'Nova#Senha26' }),
        ),
      ).toContain('também participa de outras organizações');
      expect(
        await messageOf(
          admin.tenants.members.setPassword({ membershipId: await membershipOf('financeiro'), password: 'fraca' }),
        ),
      ).toContain('A senha precisa de ao menos 8 caracteres.');
    });

    it('requires a second factor for a member, and waives it only for accounts of this organization alone', async () => {
      const admin = await as('admin', org);
      const mfaOf = async (username: string) =>
        (await t.database.db.select().from(users).where(eq(users.username, username)))[0]?.mfaRequired;
      await admin.tenants.members.setMfaRequired({ membershipId: await membershipOf('financeiro'), required: true });
      expect(await mfaOf('financeiro')).toBe(true);
      expect((await lastEvent('membership.require_mfa'))?.after).toEqual({ username: 'financeiro', mfaRequired: true });
      await admin.tenants.members.setMfaRequired({ membershipId: await membershipOf('financeiro'), required: false });
      expect(await mfaOf('financeiro')).toBe(false);
      await admin.tenants.members.setMfaRequired({ membershipId: await membershipOf('outro'), required: true });
      expect(
        await messageOf(
          admin.tenants.members.setMfaRequired({ membershipId: await membershipOf('outro'), required: false }),
        ),
      ).toBe('Esta pessoa também participa de outras organizações: a exigência de dois fatores continua.');
      expect(await mfaOf('outro')).toBe(true);
    });

    it('removes a membership and leaves the account', async () => {
      const admin = await as('admin', org);
      await admin.tenants.members.remove({ id: await membershipOf('outro') });
      expect(await membershipOf('outro')).toBe('');
      expect(await membershipOf('outro', other.organizationId)).not.toBe('');
    });
  });

  describe('organizations', () => {
    it('creates an organization whose creator is its administrator, with a first unit', async () => {
      const admin = await as('admin');
      const { id } = await admin.tenants.organizations.create({
        name: 'Nova Org',
        slug: 'nova-org',
        firstUnitName: 'Sede São Paulo',
      });
      const [mine] = (await admin.tenants.getUserAvailableTenants()).filter((m) => m.organization.id === id);
      expect(mine?.profile.permissions).toEqual({ organization: '*' });
      expect(mine?.organization.units.map((u) => [u.name, u.slug])).toEqual([['Sede São Paulo', 'sede-sao-paulo']]);
      expect(
        await messageOf(admin.tenants.organizations.create({ name: 'Outra', slug: 'outra', firstUnitName: 'Sede' })),
      ).toBe('Este identificador já é usado por outra organização: escolha outro.');
    });

    it('refuses creation to accounts without organization_creation_enabled', async () => {
      expect(
        await codeOf(
          (await as('financeiro')).tenants.organizations.create({
            name: 'X Ltda',
            slug: 'x-ltda',
            firstUnitName: 'Sede',
          }),
        ),
      ).toBe('FORBIDDEN');
    });

    it('lets a manager rename and deactivate it, and nobody else touch it', async () => {
      const admin = await as('admin');
      await admin.tenants.organizations.update({
        id: org.organizationId,
        name: 'Demo S.A.',
        slug: 'demo',
        status: 'active',
      });
      expect((await admin.tenants.organizations.list()).map((o) => o.name)).toContain('Demo S.A.');
      const input = { id: org.organizationId, name: 'Tomada', slug: 'tomada', status: 'inactive' as const };
      expect(await codeOf((await as('outro')).tenants.organizations.update(input))).toBe('NOT_FOUND');
      expect(await codeOf((await as('financeiro')).tenants.organizations.update(input))).toBe('FORBIDDEN');
      const [row] = await t.database.db.select().from(organizations).where(eq(organizations.id, org.organizationId));
      expect([row?.name, row?.status]).toEqual(['Demo S.A.', 'active']);
    });

    it('keeps the CNPJ an administrator types, digits only, and clears it when left blank', async () => {
      const admin = await as('admin');
      const input = { id: org.organizationId, name: 'Demo S.A.', slug: 'demo', status: 'active' as const };
      const cnpjOf = async () => (await admin.tenants.organizations.list()).find((o) => o.slug === 'demo')?.cnpj;
      await admin.tenants.organizations.update({ ...input, cnpj: '31.827.459/0001-97' });
      expect(await cnpjOf()).toBe('31827459000197');
      expect((await lastEvent('organization.update'))?.after).toMatchObject({ cnpj: '31827459000197' });
      // Saving without the field keeps it.
      await admin.tenants.organizations.update(input);
      expect(await cnpjOf()).toBe('31827459000197');
      expect(await messageOf(admin.tenants.organizations.update({ ...input, cnpj: '31.827.459/0001-98' }))).toContain(
        'CNPJ inválido',
      );
      expect(await codeOf((await as('financeiro')).tenants.organizations.update({ ...input, cnpj: '' }))).toBe(
        'FORBIDDEN',
      );
      expect(await cnpjOf()).toBe('31827459000197');
      await admin.tenants.organizations.update({ ...input, cnpj: '' });
      expect(await cnpjOf()).toBeNull();
      const event = await lastEvent('organization.update');
      expect([event?.before, event?.after]).toMatchObject([{ cnpj: '31827459000197' }, { cnpj: null }]);
    });
  });
});

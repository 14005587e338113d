import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { codeOf, messageOf } from '../../test/callers';
import { startDemoApp, type DemoApp } from '../../test/demo';
import { cnpjNumber } from '../../test/documents';
import { registryAccessTests } from '../../test/registry-access';
import { LIST_COUNT_CAP, type PartyInput } from '@financeiro/core';
import { eventLog } from '../audit/schema';
import { memberships, profiles } from '../tenancy/schema';
import { users } from '../identity/schema';
import { parties } from './schema';

const ACME: PartyInput = {
  roles: ['supplier'],
  personType: 'PJ',
  document: '11.222.333/0001-81',
  name: 'Acme Materiais de Escritório Ltda',
  tradeName: 'Acme',
  stateRegistration: '110.042.490.114',
  email: 'Financeiro@Acme.com.br',
  phone: '(11) 3333-4444',
  cep: '01310-100',
  street: 'Avenida Paulista',
  number: '1000',
  city: 'São Paulo',
  uf: 'sp',
  pixKeyType: 'email',
  pixKey: 'pix@acme.com.br',
};

describe('parties: suppliers, customers and partners', () => {
  let d: DemoApp;
  let acmeId = '';
  let partnerId = '';

  beforeAll(async () => {
    d = await startDemoApp();
    const admin = await d.as('admin', d.matriz);
    const partner: PartyInput = {
      roles: ['partner'],
      personType: 'PF',
      document: '111.444.777-35',
      name: 'Paula Parceira',
    };
    partnerId = (await admin.registries.partners.create(partner)).id;
  });
  afterAll(() => d?.t.close());

  it('refuses an invalid CNPJ with a clear message, then saves the corrected one unmasked', async () => {
    const caller = await d.as('financeiro', d.matriz);
    const bad = await messageOf(caller.registries.suppliers.create({ ...ACME, document: '11.222.333/0001-80' }));
    expect(bad).toContain('CNPJ inválido: confira os 14 caracteres e os dígitos verificadores.');
    expect((await caller.registries.suppliers.list({})).total).toBe(0);
    const acme = await caller.registries.suppliers.create(ACME);
    acmeId = acme.id;
    expect(acme).toMatchObject({
      document: '11222333000181',
      email: 'financeiro@acme.com.br',
      phone: '1133334444',
      cep: '01310100',
      uf: 'SP',
      roles: ['supplier'],
    });
    const [event] = await d.t.database.db.select().from(eventLog).where(eq(eventLog.entityId, acme.id));
    expect(event).toMatchObject({ action: 'supplier.create', entity: 'supplier' });
  });

  it('accepts the alphanumeric CNPJ and CPF for a person; checks the PIX key against its type', async () => {
    const caller = await d.as('financeiro', d.matriz);
    const alnum = await caller.registries.customers.create({
      roles: ['customer'],
      personType: 'PJ',
      document: '12.ABC.345/01DE-35',
      name: 'Nova Era Serviços S.A.',
    });
    expect(alnum.document).toBe('12ABC34501DE35');
    const person: PartyInput = {
      roles: ['customer'],
      personType: 'PF',
      document: '529.982.247-25',
      name: 'Maria da Silva',
    };
    expect(await messageOf(caller.registries.customers.create({ ...person, personType: 'PJ' }))).toContain(
      'CNPJ inválido',
    );
    const pix = await messageOf(caller.registries.customers.create({ ...person, pixKeyType: 'cpf', pixKey: '123' }));
    expect(pix).toContain('Chave PIX inválida: o CPF não confere.');
    const maria = await caller.registries.customers.create({ ...person, pixKeyType: 'cpf', pixKey: '529.982.247-25' });
    expect(maria).toMatchObject({ document: '52998224725', pixKey: '52998224725' });
  });

  it('answers a taken document over HTTP with the field and the record that holds it, for the form to point at', async () => {
    const response = await d.t.app.inject({
      method: 'POST',
      url: '/v1/registries/suppliers.create',
      headers: {
        authorization: `Bearer ${await d.t.tokenFor('financeiro')}`,
        'x-organization-id': d.org.organizationId,
        'x-unit-id': d.matriz.unitId,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ ...ACME, name: 'Outra Acme', document: '11222333000181' }),
    });
    expect(response.statusCode).toBe(409);
    const { error } = response.json<{ error: { message: string; data: { conflict: unknown } } }>();
    expect(error.message).toContain('Já existe um cadastro com este CPF/CNPJ nesta organização.');
    expect(error.data.conflict).toEqual({ field: 'document', existingId: acmeId });
  });

  it('keeps one record per document: a supplier who is also a customer shows on both screens', async () => {
    const caller = await d.as('financeiro', d.matriz);
    const again = await messageOf(caller.registries.customers.create({ ...ACME, roles: ['customer'] }));
    expect(again).toBe(
      'Já existe um cadastro com este CPF/CNPJ nesta organização. Procure-o em Fornecedores, Clientes ou Parceiros e marque o papel que falta.',
    );
    const acme = await caller.registries.suppliers.get({ id: acmeId });
    await caller.registries.suppliers.update({
      ...ACME,
      roles: ['supplier', 'customer'],
      id: acmeId,
      version: acme.version,
    });
    expect((await caller.registries.customers.list({ search: 'acme' })).rows.map((r) => r.id)).toEqual([acmeId]);
    // Not a partner: the partner screen does not reach it.
    const admin = await d.as('admin', d.matriz);
    expect(await codeOf(admin.registries.partners.get({ id: acmeId }))).toBe('NOT_FOUND');
    expect(await messageOf(caller.registries.suppliers.delete({ id: acmeId }))).toBe(
      'Não é possível excluir: usado em cadastro de clientes. Desative-o para que não seja mais escolhido.',
    );
  });

  it('reports every problem of an imported line, not only the first', async () => {
    const caller = await d.as('financeiro', d.matriz);
    const report = await caller.registries.suppliers.import({
      rows: [
        {
          roles: ['supplier'],
          personType: 'PJ',
          document: '12.345.678/0001-00',
          name: 'Três Problemas Ltda',
          email: 'sem-arroba',
          pixKeyType: 'cpf',
          pixKey: '123',
        },
      ],
    });
    expect(report.problems.map((p) => [p.line, p.field, p.message])).toEqual([
      [2, 'email', 'E-mail inválido.'],
      [2, 'document', 'CNPJ inválido: confira os 14 caracteres e os dígitos verificadores.'],
      [2, 'pixKey', 'Chave PIX inválida: o CPF não confere.'],
    ]);
    expect(report.problemCount).toBe(3);
  });

  it('imports 10,000 parties all or nothing: every bad line is reported and nothing is saved until fixed', async () => {
    const caller = await d.as('financeiro', d.matriz);
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      roles: ['supplier'],
      personType: 'PJ',
      document: cnpjNumber(1_000 + i),
      name: `Fornecedor ${i + 1}`,
      uf: 'MG',
    }));
    const broken = rows.map((row) => ({ ...row }));
    Object.assign(broken[10] ?? {}, { document: '12.345.678/0001-00' });
    Object.assign(broken[500] ?? {}, { name: '' });
    Object.assign(broken[7_000] ?? {}, { uf: 'XX' });
    Object.assign(broken[9_999] ?? {}, { document: rows[3]?.document });
    Object.assign(broken[1_234] ?? {}, { document: ACME.document });
    const before = await d.t.database.db.select({ n: count() }).from(parties);

    const report = await caller.registries.suppliers.import({ rows: broken });
    expect(report.imported).toBe(0);
    expect(report.problems.map((p) => [p.line, p.field, p.message])).toEqual([
      [12, 'document', 'CNPJ inválido: confira os 14 caracteres e os dígitos verificadores.'],
      [502, 'name', 'Informe o nome ou a razão social.'],
      [1_236, 'document', 'Já existe um cadastro com este CPF/CNPJ.'],
      [7_002, 'uf', 'UF inválida: use a sigla do estado, como SP.'],
      [10_001, 'document', 'Repetido: já está na linha 5.'],
    ]);
    expect(await d.t.database.db.select({ n: count() }).from(parties)).toEqual(before);

    const fixed = await caller.registries.suppliers.import({ rows });
    expect(fixed).toMatchObject({ imported: 10_000, problemCount: 0 });
    const list = await caller.registries.suppliers.list({ search: 'Fornecedor 9999', pageSize: 5 });
    expect(list.rows.map((r) => r.name)).toEqual(['Fornecedor 9999']);
    expect(list).toMatchObject({ total: 1, more: false });
    // With the demo's suppliers, more than the list counts: it stops at the cap and says there are more.
    expect(await caller.registries.suppliers.list({ pageSize: 5 })).toMatchObject({
      total: LIST_COUNT_CAP,
      more: true,
    });
    const [event] = await d.t.database.db.select().from(eventLog).where(eq(eventLog.action, 'supplier.import'));
    expect(event?.after).toEqual({ count: 10_000 });
  });

  it('answers another person while a 20,000-line import is under way, and still imports all or nothing', async () => {
    const importer = await d.as('financeiro', d.matriz);
    const other = await d.as('admin');
    const rows = Array.from({ length: 20_000 }, (_, i) => ({
      roles: ['supplier'],
      personType: 'PJ',
      document: cnpjNumber(200_000 + i),
      name: `Importado ${i + 1}`,
    }));
    const answered: string[] = [];
    const importing = importer.registries.suppliers.import({ rows }).then((result) => {
      answered.push('import');
      return result;
    });
    const me = other.tenants.getMe().then((user) => {
      answered.push('getMe');
      return user;
    });
    const [result, user] = await Promise.all([importing, me]);
    expect(answered).toEqual(['getMe', 'import']);
    expect(user.username).toBe('admin');
    expect(result).toMatchObject({ imported: 20_000, problemCount: 0 });
  });

  it('lets a role change only to whoever may edit that role: suppliers alone neither add a partner nor drop a customer', async () => {
    const admin = await d.as('admin', d.matriz);
    const both = await admin.registries.suppliers.create({
      roles: ['supplier', 'customer'],
      personType: 'PF',
      document: '248.438.034-80',
      name: 'Fornecedor e Cliente',
    });
    // Solicitante's membership holds, for this test, a profile with editar_fornecedores alone.
    const [solicitante] = await d.t.database.db.select().from(users).where(eq(users.username, 'solicitante'));
    const [membership] = await d.t.database.db
      .select()
      .from(memberships)
      .where(eq(memberships.userId, solicitante?.id ?? ''));
    const [onlySuppliers] = await d.t.database.db
      .insert(profiles)
      .values({
        id: '01900000-0000-7000-8000-00000000f001',
        organizationId: d.org.organizationId,
        name: 'Só fornecedores',
        description: null,
        permissions: { organization: ['editar_fornecedores'] },
      })
      .returning();
    const restore = membership?.profileId ?? '';
    await d.t.database.db
      .update(memberships)
      .set({ profileId: onlySuppliers?.id ?? '' })
      .where(eq(memberships.id, membership?.id ?? ''));
    try {
      const editor = await d.as('solicitante', d.matriz);
      const base = { personType: 'PF' as const, document: '248.438.034-80', id: both.id, version: both.version };
      const withRoles = (roles: PartyInput['roles']) =>
        editor.registries.suppliers.update({ ...base, roles, name: 'Outro nome' });
      expect(await codeOf(withRoles(['supplier', 'customer', 'partner']))).toBe('FORBIDDEN');
      expect(await messageOf(withRoles(['supplier', 'customer', 'partner']))).toBe(
        'Seu perfil não tem permissão para mudar o papel de parceiro deste cadastro.',
      );
      expect(await codeOf(withRoles(['supplier']))).toBe('FORBIDDEN');
      expect(await messageOf(withRoles(['supplier']))).toBe(
        'Seu perfil não tem permissão para mudar o papel de cliente deste cadastro.',
      );
      const unchanged = await admin.registries.suppliers.get({ id: both.id });
      expect(unchanged).toMatchObject({ roles: ['customer', 'supplier'], name: 'Fornecedor e Cliente', version: 1 });

      const renamed = await editor.registries.suppliers.update({
        ...base,
        roles: ['customer', 'supplier'],
        name: 'Fornecedor e Cliente Renomeado',
      });
      expect(renamed).toMatchObject({ roles: ['customer', 'supplier'], name: 'Fornecedor e Cliente Renomeado' });
    } finally {
      await d.t.database.db
        .update(memberships)
        .set({ profileId: restore })
        .where(eq(memberships.id, membership?.id ?? ''));
    }
  });

  describe('who may call it', () => {
    registryAccessTests({
      registry: 'suppliers',
      context: () => ({ as: d.as, here: d.matriz, elsewhere: d.elsewhere, recordId: acmeId }),
      create: { roles: ['supplier'], personType: 'PF', document: '390.533.447-05', name: 'Intruso' },
      outsider: 'solicitante',
    });
    registryAccessTests({
      registry: 'customers',
      context: () => ({ as: d.as, here: d.matriz, elsewhere: d.elsewhere, recordId: acmeId }),
      create: { roles: ['customer'], personType: 'PF', document: '390.533.447-05', name: 'Intruso' },
      outsider: 'solicitante',
    });
    registryAccessTests({
      registry: 'partners',
      context: () => ({ as: d.as, here: d.matriz, elsewhere: d.elsewhere, recordId: partnerId }),
      create: { roles: ['partner'], personType: 'PF', document: '390.533.447-05', name: 'Intruso' },
      reader: 'financeiro',
      outsider: 'solicitante',
    });
  });
});

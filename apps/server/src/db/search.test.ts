import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import type { PartyInput } from '@financeiro/core';
import { startDemoApp, type DemoApp } from '../test/demo';
import { cnpjNumber } from '../test/documents';
import { parties } from '../modules/registries/schema';

const party = (name: string, document: string, personType: 'PF' | 'PJ' = 'PJ'): PartyInput => ({
  roles: ['supplier'],
  personType,
  document,
  name,
});
const masked = (cnpj: string) => cnpj.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');

describe('list searches find what people type', () => {
  let d: DemoApp;
  const ids: Record<string, string> = {};
  const accented = cnpjNumber(41_001);

  beforeAll(async () => {
    d = await startDemoApp();
    const admin = await d.as('admin', d.matriz);
    ids.accented = (await admin.registries.suppliers.create(party('Imobiliária Central Ltda', accented))).id;
    ids.plain = (await admin.registries.suppliers.create(party('Imobiliaria Sem Acento Ltda', cnpjNumber(41_002)))).id;
    ids.alphanumeric = (await admin.registries.suppliers.create(party('Nova Era Serviços', '12.ABC.345/01DE-35'))).id;
    ids.person = (await admin.registries.suppliers.create(party('Paula Prestadora', '529.982.247-25', 'PF'))).id;
    // A record written before documents were stored unmasked (or by hand) is found all the same.
    ids.punctuated = uuidv7();
    await d.t.database.db.insert(parties).values({
      id: ids.punctuated,
      organizationId: d.org.organizationId,
      roles: ['supplier'],
      personType: 'PJ',
      document: masked(cnpjNumber(41_003)),
      name: 'Cadastro Antigo',
    });
    // Another organization's supplier with the same name and CNPJ: never found from Demo.
    const other = await d.as('outro', d.elsewhere);
    ids.elsewhere = (await other.registries.suppliers.create(party('Imobiliária Central Ltda', accented))).id;
  });
  afterAll(() => d?.t.close());

  const found = async (search: string) =>
    (await (await d.as('financeiro', d.matriz)).registries.suppliers.list({ search })).rows.map((r) => r.id).sort();

  it('ignores accents and case both ways', async () => {
    const both = [ids.accented, ids.plain].sort();
    expect(await found('imobiliaria')).toEqual(both);
    expect(await found('imobiliária')).toEqual(both);
    expect(await found('IMOBILIÁRIA')).toEqual(both);
    expect(await found('servicos')).toEqual([ids.alphanumeric]);
  });

  it('finds a CPF or CNPJ pasted with punctuation, whole or in part, however it is stored', async () => {
    expect(await found(masked(accented))).toEqual([ids.accented]);
    expect(await found(masked(accented).slice(0, 10))).toEqual([ids.accented]);
    expect(await found('12.abc.345/01de-35')).toEqual([ids.alphanumeric]);
    expect(await found('529.982.247-25')).toEqual([ids.person]);
    expect(await found(cnpjNumber(41_003))).toEqual([ids.punctuated]);
    expect(await found(masked(cnpjNumber(41_003)))).toEqual([ids.punctuated]);
  });

  it("never finds another organization's record, by name or by document", async () => {
    const other = await d.as('outro', d.elsewhere);
    expect((await other.registries.suppliers.list({ search: masked(accented) })).rows.map((r) => r.id)).toEqual([
      ids.elsewhere,
    ]);
    expect(await found(masked(accented))).not.toContain(ids.elsewhere);
    expect(await found('imobiliaria')).not.toContain(ids.elsewhere);
  });

  it('folds accents in the selects of a reference field', async () => {
    const caller = await d.as('financeiro', d.matriz);
    const options = await caller.registries.suppliers.options({ search: 'imobiliaria central' });
    expect(options.map((o) => o.id)).toEqual([ids.accented]);
  });

  it('finds members by name with accents aside, only in the organization', async () => {
    const admin = await d.as('admin', d.matriz);
    const names = async (search: string) => (await admin.tenants.members.list({ search })).rows.map((r) => r.name);
    expect(await names('fabio')).toEqual(['Fábio Financeiro']);
    expect(await names('TÂNIA')).toEqual(['Tânia Tesouraria']);
    expect(await names('otavio')).toEqual([]);
    const other = await d.as('outro', d.elsewhere);
    expect((await other.tenants.members.list({ search: 'otavio' })).rows.map((r) => r.name)).toEqual(['Otávio']);
    const lastAccess = await admin.tenants.lastAccess.list({ search: 'fabio' });
    expect(lastAccess.rows.map((r) => r.name)).toEqual(['Fábio Financeiro']);
  });
});

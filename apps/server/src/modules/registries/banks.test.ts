import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { codeOf, messageOf } from '../../test/callers';
import { startDemoApp, type DemoApp } from '../../test/demo';
import { registryAccessTests } from '../../test/registry-access';
import { eventLog } from '../audit/schema';
import { banks } from './schema';

describe('banks registry (the registry pattern)', () => {
  let d: DemoApp;
  let foreignBankId: string;

  beforeAll(async () => {
    d = await startDemoApp();
    const [itau] = await d.t.database.db
      .select()
      .from(banks)
      .where(and(eq(banks.organizationId, d.matriz.organizationId), eq(banks.code, '341')));
    foreignBankId = itau?.id ?? '';
  });
  afterAll(() => d?.t.close());

  it('starts an organization with the main banks and payment institutions, Mercado Pago included', async () => {
    const caller = await d.as('financeiro', d.matriz);
    const { rows, total } = await caller.registries.banks.list({ search: 'mercado', pageSize: 5 });
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({ code: '323', ispb: '10573521', shortName: 'Mercado Pago', status: 'active' });
    const all = await caller.registries.banks.list({ pageSize: 100 });
    expect(all.total).toBe(26);
    expect(all.rows.map((r) => r.code)).toEqual(expect.arrayContaining(['001', '104', '237', '341', '260']));
  });

  it('pages, sorts and filters on the server', async () => {
    const caller = await d.as('financeiro', d.matriz);
    const byCode = await caller.registries.banks.list({ sort: 'code', pageSize: 3 });
    expect(byCode.rows.map((r) => r.code)).toEqual(['001', '003', '004']);
    const page2 = await caller.registries.banks.list({ sort: 'code', pageSize: 3, page: 2 });
    expect(page2.rows.map((r) => r.code)).toEqual(['033', '041', '070']);
    const last = await caller.registries.banks.list({ sort: 'code', direction: 'desc', pageSize: 1 });
    expect(last.rows[0]?.code).toBe('756');
    // The person's % and _ are characters, not wildcards.
    expect((await caller.registries.banks.list({ search: '%' })).total).toBe(0);
    expect((await caller.registries.banks.list({ search: 'ita' })).rows.map((r) => r.code)).toEqual(['341']);
    const byName = await caller.registries.banks.list({ sort: 'name', pageSize: 3 });
    expect(byName.rows.map((r) => r.shortName)).toEqual(['Ailos', 'Banco da Amazônia', 'Banco do Brasil']);
  });

  it('accepts another institution, refuses bad codes and duplicates in pt-BR, and logs the creation', async () => {
    const admin = await d.as('admin', d.matriz);
    const created = await admin.registries.banks.create({
      code: '218',
      ispb: '71027866',
      name: 'Banco BS2 S.A.',
      shortName: 'BS2',
    });
    expect(created).toMatchObject({ code: '218', version: 1, status: 'active' });
    expect(await messageOf(admin.registries.banks.create({ code: '12', name: 'Banco X' }))).toContain(
      'O código COMPE tem 3 dígitos, como 001 ou 341.',
    );
    expect(await messageOf(admin.registries.banks.create({ code: '341', name: 'Outro Itaú' }))).toBe(
      'Já existe uma instituição com este código COMPE.',
    );
    const [event] = await d.t.database.db.select().from(eventLog).where(eq(eventLog.entityId, created.id));
    expect(event).toMatchObject({ action: 'bank.create', entity: 'bank' });
  });

  it('refuses an update made on a stale version, so nobody overwrites a change unseen', async () => {
    const admin = await d.as('admin', d.matriz);
    const [bank] = (await admin.registries.banks.list({ search: 'BS2' })).rows;
    if (!bank) throw new Error('no BS2');
    const input = {
      id: bank.id,
      version: bank.version,
      code: '218',
      ispb: '71027866',
      name: 'Banco BS2',
      shortName: 'BS2',
    };
    expect((await admin.registries.banks.update(input)).version).toBe(2);
    expect(await messageOf(admin.registries.banks.update({ ...input, name: 'Outro nome' }))).toBe(
      'Este registro foi alterado por outra pessoa enquanto você editava. Recarregue e tente de novo.',
    );
    const [event] = await d.t.database.db.select().from(eventLog).where(eq(eventLog.action, 'bank.update'));
    expect([event?.before, event?.after]).toMatchObject([{ name: 'Banco BS2 S.A.' }, { name: 'Banco BS2' }]);
  });

  it('deactivates, filters by status, deletes and exports', async () => {
    const admin = await d.as('admin', d.matriz);
    const [bank] = (await admin.registries.banks.list({ search: 'BS2' })).rows;
    if (!bank) throw new Error('no BS2');
    await admin.registries.banks.setStatus({ id: bank.id, status: 'inactive' });
    expect((await admin.registries.banks.list({ status: 'inactive' })).rows.map((r) => r.code)).toEqual(['218']);
    const exported = await admin.registries.banks.export({ status: 'all', sort: 'code' });
    expect(exported.rows).toHaveLength(27);
    await admin.registries.banks.delete({ id: bank.id });
    expect(await codeOf(admin.registries.banks.get({ id: bank.id }))).toBe('NOT_FOUND');
  });

  describe('who may call it', () => {
    registryAccessTests({
      registry: 'banks',
      context: () => ({
        as: d.as,
        here: d.matriz,
        elsewhere: d.elsewhere,
        recordId: foreignBankId,
      }),
      create: { code: '999', name: 'Intruso' },
      reader: 'financeiro',
      outsider: 'solicitante',
    });

    it('left the record untouched', async () => {
      const [itau] = await d.t.database.db.select().from(banks).where(eq(banks.id, foreignBankId));
      expect(itau).toMatchObject({ code: '341', status: 'active', version: 1 });
    });
  });
});

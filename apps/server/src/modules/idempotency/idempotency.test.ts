import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { codeOf, messageOf } from '../../test/callers';
import { startDemoApp, type DemoApp } from '../../test/demo';
import { users } from '../identity/schema';
import { banks } from '../registries/schema';
import { departments, memberships, organizations, profiles, units } from '../tenancy/schema';
import { idempotencyKeys } from './schema';

describe('idempotency keys: a double submit does not duplicate', () => {
  let d: DemoApp;

  beforeAll(async () => {
    d = await startDemoApp();
  });
  afterAll(() => d?.t.close());

  const banksNamed = async (name: string) =>
    (await d.t.database.db.select({ n: count() }).from(banks).where(eq(banks.name, name)))[0]?.n;

  it('answers the first result when the same create arrives twice with one key, and saves one record', async () => {
    const admin = await d.as('admin', d.matriz);
    const idempotencyKey = randomUUID();
    const input = { name: 'Banco Clique Duplo', idempotencyKey };
    const first = await admin.registries.banks.create(input);
    const again = await admin.registries.banks.create(input);
    expect(again).toEqual(first);
    expect(await banksNamed('Banco Clique Duplo')).toBe(1);
    // Another opening of the form (another key) is another record.
    const other = await admin.registries.banks.create({ ...input, idempotencyKey: randomUUID() });
    expect(other.id).not.toBe(first.id);
    expect(await banksNamed('Banco Clique Duplo')).toBe(2);
  });

  it('saves one record when several submissions arrive at once, and all get it', async () => {
    const admin = await d.as('admin', d.matriz);
    const input = { name: 'Banco Ao Mesmo Tempo', idempotencyKey: randomUUID() };
    const answers = await Promise.all([1, 2, 3, 4].map(() => admin.registries.banks.create(input)));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(await banksNamed('Banco Ao Mesmo Tempo')).toBe(1);
    const [key] = await d.t.database.db
      .select({ n: count() })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, input.idempotencyKey));
    expect(key?.n).toBe(1);
  });

  it('refuses a key sent again with other data, in pt-BR, and creates nothing', async () => {
    const admin = await d.as('admin', d.matriz);
    const idempotencyKey = randomUUID();
    await admin.registries.banks.create({ name: 'Banco Primeiro Envio', idempotencyKey });
    const changed = admin.registries.banks.create({ name: 'Banco Outro Envio', idempotencyKey });
    expect(await messageOf(changed)).toBe(
      'Este formulário já foi enviado com outros dados. Feche-o e abra de novo para criar outro registro.',
    );
    expect(await banksNamed('Banco Outro Envio')).toBe(0);
  });

  it('creates again when the first submission failed (nothing was kept for its key)', async () => {
    const admin = await d.as('admin', d.matriz);
    const idempotencyKey = randomUUID();
    expect(await codeOf(admin.registries.banks.create({ code: '341', name: 'Itaú de novo', idempotencyKey }))).toBe(
      'CONFLICT',
    );
    const fixed = await admin.registries.banks.create({ code: '342', name: 'Itaú de novo', idempotencyKey });
    expect(fixed.code).toBe('342');
  });

  it('never answers one organization or one person with the result of another', async () => {
    // Ana administers Outra too, so one person uses one key in two organizations.
    const [ana] = await d.t.database.db.select().from(users).where(eq(users.username, 'admin'));
    await d.t.database.db.insert(memberships).values({
      id: uuidv7(),
      organizationId: d.other.organizationId,
      userId: ana?.id ?? '',
      profileId: d.other.profileId,
    });
    const idempotencyKey = randomUUID();
    const input = { name: 'Banco Em Duas Casas', idempotencyKey };
    const inDemo = await (await d.as('admin', d.matriz)).registries.banks.create(input);
    const inOther = await (await d.as('admin', d.elsewhere)).registries.banks.create(input);
    const byOutro = await (await d.as('outro', d.elsewhere)).registries.banks.create(input);
    expect(new Set([inDemo.id, inOther.id, byOutro.id]).size).toBe(3);
    expect(inDemo.organizationId).toBe(d.matriz.organizationId);
    expect(inOther.organizationId).toBe(d.other.organizationId);
    expect(byOutro.organizationId).toBe(d.other.organizationId);
  });

  it('forgets a key after a day: the same key then creates again', async () => {
    const admin = await d.as('admin', d.matriz);
    const idempotencyKey = randomUUID();
    const input = { name: 'Banco De Ontem', idempotencyKey };
    const first = await admin.registries.banks.create(input);
    await d.t.database.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, idempotencyKey));
    const later = await admin.registries.banks.create(input);
    expect(later.id).not.toBe(first.id);
    expect(await banksNamed('Banco De Ontem')).toBe(2);
  });

  it('holds for every administration create: organizations, units, departments, profiles and invitations', async () => {
    const admin = await d.as('admin', d.matriz);
    const twice = async <T>(call: (key: string) => Promise<T>): Promise<T> => {
      const key = randomUUID();
      const [a, b] = await Promise.all([call(key), call(key)]);
      expect(b).toEqual(a);
      expect(await call(key)).toEqual(a);
      return a;
    };
    const db = d.t.database.db;
    const organization = await twice((idempotencyKey) =>
      admin.tenants.organizations.create({ name: 'Nova', slug: 'nova-uma-vez', firstUnitName: 'Sede', idempotencyKey }),
    );
    expect(
      (await db.select({ n: count() }).from(organizations).where(eq(organizations.slug, 'nova-uma-vez')))[0]?.n,
    ).toBe(1);
    expect(organization.id).toBeTruthy();

    await twice((idempotencyKey) =>
      admin.tenants.units.create({ name: 'Filial Única', slug: 'filial-unica', idempotencyKey }),
    );
    expect((await db.select({ n: count() }).from(units).where(eq(units.slug, 'filial-unica')))[0]?.n).toBe(1);

    await twice((idempotencyKey) =>
      admin.tenants.departments.create({ name: 'Depto Único', slug: 'depto-unico', idempotencyKey }),
    );
    expect((await db.select({ n: count() }).from(departments).where(eq(departments.slug, 'depto-unico')))[0]?.n).toBe(
      1,
    );

    await twice((idempotencyKey) =>
      admin.tenants.profiles.create({ name: 'Perfil Único', description: null, permissions: {}, idempotencyKey }),
    );
    expect((await db.select({ n: count() }).from(profiles).where(eq(profiles.name, 'Perfil Único')))[0]?.n).toBe(1);

    const [viewer] = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.organizationId, d.matriz.organizationId), eq(profiles.name, 'Perfil Único')));
    const invited = await twice((idempotencyKey) =>
      admin.tenants.members.invite({
        email: 'uma.vez@example.com',
        name: 'Uma Vez',
        profileId: viewer?.id ?? '',
        idempotencyKey,
      }),
    );
    expect(invited.newAccount).toBe(true);
  });
});

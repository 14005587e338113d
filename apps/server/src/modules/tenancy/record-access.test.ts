import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TenantSelection } from '@financeiro/core';
import { codeOf, messageOf } from '../../test/callers';
import { startDemoApp, type DemoApp } from '../../test/demo';
import { users } from '../identity/schema';
import { departments, lastAccess, units } from './schema';

describe('recordAccess and the tenant headers', () => {
  let d: DemoApp;
  let matrizDepartment: string;
  let filial: string;
  let filialDepartment: string;

  beforeAll(async () => {
    d = await startDemoApp();
    const db = d.t.database.db;
    const [m] = await db.select().from(departments).where(eq(departments.unitId, d.matriz.unitId));
    const [f] = await db
      .select()
      .from(units)
      .where(and(eq(units.organizationId, d.org.organizationId), eq(units.slug, 'filial-campinas')));
    const [fd] = await db
      .select()
      .from(departments)
      .where(eq(departments.unitId, f?.id ?? ''));
    matrizDepartment = m?.id ?? '';
    filial = f?.id ?? '';
    filialDepartment = fd?.id ?? '';
  });
  afterAll(() => d?.t.close());

  /** Where the last access of a user to Demo points, or null when none is stored. */
  async function stored(username: string) {
    const [row] = await d.t.database.db
      .select({ unitId: lastAccess.unitId, departmentId: lastAccess.departmentId })
      .from(lastAccess)
      .innerJoin(users, eq(users.id, lastAccess.userId))
      .where(and(eq(users.username, username), eq(lastAccess.organizationId, d.org.organizationId)));
    return row ?? null;
  }

  const enter = async (username: string, place: TenantSelection) =>
    (await d.as(username, { organizationId: d.org.organizationId, ...place })).tenants.recordAccess();

  it('stores a place the user can see', async () => {
    expect(await codeOf(enter('admin', { unitId: d.matriz.unitId, departmentId: matrizDepartment }))).toBe('OK');
    expect(await stored('admin')).toEqual({ unitId: d.matriz.unitId, departmentId: matrizDepartment });
  });

  it.each([
    ['a unit of another organization', () => ({ unitId: d.other.unitId })],
    ['a department of another organization', () => ({ unitId: d.matriz.unitId, departmentId: d.other.departmentId })],
    ['a department of another unit', () => ({ unitId: d.matriz.unitId, departmentId: filialDepartment })],
    ['a department without its unit', () => ({ departmentId: matrizDepartment })],
  ])('refuses %s and stores nothing', async (_, place) => {
    const before = await stored('admin');
    expect(await messageOf(enter('admin', place()))).toBe(
      'Você não tem acesso a esta organização, unidade ou departamento.',
    );
    expect(await codeOf(enter('admin', place()))).toBe('FORBIDDEN');
    expect(await stored('admin')).toEqual(before);
  });

  it('refuses a unit of the organization the profile grants nothing in', async () => {
    expect(await codeOf(enter('solicitante', { unitId: filial }))).toBe('FORBIDDEN');
    expect(await stored('solicitante')).toBeNull();
  });

  it.each([
    ['x-organization-id', 'demo', 'getMe'],
    ['x-organization-id', 'demo', 'recordAccess'],
    ['x-unit-id', 'matriz', 'recordAccess'],
    ['x-department-id', "1' or '1'='1", 'recordAccess'],
  ])('answers a %s that is not an id with 400 in pt-BR', async (header, value, procedure) => {
    const before = await stored('financeiro');
    const response = await d.t.app.inject({
      method: procedure === 'getMe' ? 'GET' : 'POST',
      url: `/v1/tenants/${procedure}`,
      headers: {
        authorization: `Bearer ${await d.t.tokenFor('financeiro')}`,
        'x-organization-id': d.org.organizationId,
        'x-unit-id': d.matriz.unitId,
        [header]: value,
        ...(procedure === 'getMe' ? {} : { 'content-type': 'application/json' }),
      },
      ...(procedure === 'getMe' ? {} : { payload: '{}' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { message: 'Organização, unidade ou departamento inválido. Escolha de novo onde você quer trabalhar.' },
    });
    expect(await stored('financeiro')).toEqual(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { USER_POOL_CLIENT_ID } from '@financeiro/core';
import { eventLog } from './modules/audit/schema';
import { seedDemo } from './modules/demo';
import { organizations } from './modules/tenancy/schema';
import { loadEnv } from './env';
import { createTestApp } from './test/app';
import { callIdentity } from './test/identity-server';

/** A test app with the demo organization, listening on a loopback port: requests arrive from 127.0.0.1. */
async function listening(settings: Record<string, string>) {
  const t = await createTestApp(settings);
  await seedDemo(t.database.db);
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const [demo] = await t.database.db.select().from(organizations).where(eq(organizations.slug, 'demo'));
  return { t, url, organizationId: demo?.id ?? '' };
}

const randomAddress = () => Array.from({ length: 4 }, () => Math.floor(Math.random() * 254) + 1).join('.');

/** Sign-in attempts, each claiming a different client address; how many the endpoint refused as too many. */
async function signInsRefused(url: string, attempts: number): Promise<number> {
  let refused = 0;
  for (let i = 0; i < attempts; i++) {
    const { body } = await callIdentity(
      url,
      'InitiateAuth',
      {
        AuthFlow: 'USER_SRP_AUTH',
        ClientId: USER_POOL_CLIENT_ID,
        AuthParameters: { USERNAME: `ninguem${i}`, SRP_A: 'abc' },
      },
      { 'x-forwarded-for': randomAddress() },
    );
    if (body.__type === 'TooManyRequestsException') refused++;
  }
  return refused;
}

/** Enters the demo organization over HTTP claiming a forwarded address; the address the event log kept. */
async function loggedAddress(app: Awaited<ReturnType<typeof listening>>, forwardedFor: string) {
  const response = await fetch(`${app.url}/v1/tenants/recordAccess`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await app.t.tokenFor('admin')}`,
      'x-organization-id': app.organizationId,
      'x-forwarded-for': forwardedFor,
      'content-type': 'application/json',
    },
    body: '{}',
  });
  expect(response.status).toBe(200);
  const [event] = await app.t.database.db
    .select({ ip: eventLog.ip })
    .from(eventLog)
    .where(and(eq(eventLog.action, 'tenant.access'), eq(eventLog.organizationId, app.organizationId)))
    .orderBy(desc(eventLog.createdAt))
    .limit(1);
  return event?.ip;
}

describe('the client address', () => {
  describe('without a trusted proxy (the default)', () => {
    let app: Awaited<ReturnType<typeof listening>>;
    beforeAll(async () => {
      app = await listening({ IDENTITY_RATE_LIMIT: '300' });
    });
    afterAll(() => app?.t.close());

    it('rate-limits sign-in by the socket address whatever X-Forwarded-For claims', async () => {
      expect(await signInsRefused(app.url, 320)).toBe(20);
    });

    it('logs the socket address, not the forwarded one', async () => {
      expect(await loggedAddress(app, '198.51.100.23')).toBe('127.0.0.1');
    });
  });

  describe('behind a proxy on loopback (TRUST_PROXY=127.0.0.1)', () => {
    let app: Awaited<ReturnType<typeof listening>>;
    beforeAll(async () => {
      app = await listening({ IDENTITY_RATE_LIMIT: '300', TRUST_PROXY: '127.0.0.1' });
    });
    afterAll(() => app?.t.close());

    it('logs the address the proxy forwarded', async () => {
      expect(await loggedAddress(app, '198.51.100.23')).toBe('198.51.100.23');
    });

    it('counts each forwarded client separately', async () => {
      expect(await signInsRefused(app.url, 320)).toBe(0);
    });
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    ['false', false],
    ['true', true],
    ['loopback, 10.0.0.0/8,2001:db8::1', ['loopback', '10.0.0.0/8', '2001:db8::1']],
  ])('reads %j', (value, expected) => {
    expect(loadEnv({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it('defaults to trusting no proxy and refuses what is not an address', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(() => loadEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadEnv({ TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY/);
    expect(() => loadEnv({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, resetClock } from '../clock';
import { startDemoApp, type DemoApp } from '../test/demo';

describe('rate limits on the API', () => {
  let d: DemoApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    d = await startDemoApp({ RATE_LIMIT_USER: '5', RATE_LIMIT_ORGANIZATION: '8', RATE_LIMIT_UPLOADS: '2' });
    for (const username of ['financeiro', 'admin', 'outro']) tokens[username] = await d.t.tokenFor(username);
  });
  afterAll(async () => {
    resetClock();
    await d?.t.close();
  });

  const call = async (
    username: string,
    tenant: { organizationId: string; unitId: string },
    path: string,
    input: object,
    method: 'GET' | 'POST' = 'GET',
  ) => {
    const response = await d.t.app.inject({
      method,
      url: method === 'GET' ? `/v1/${path}?input=${encodeURIComponent(JSON.stringify(input))}` : `/v1/${path}`,
      headers: {
        authorization: `Bearer ${tokens[username]}`,
        'x-organization-id': tenant.organizationId,
        'x-unit-id': tenant.unitId,
        'content-type': 'application/json',
      },
      ...(method === 'POST' ? { payload: JSON.stringify(input) } : {}),
    });
    const body = response.json<{ error?: { message: string } }>();
    return { status: response.statusCode, retryAfter: response.headers['retry-after'], message: body.error?.message };
  };
  const list = (username: string, tenant = d.matriz) =>
    call(username, tenant, 'registries/suppliers.list', { search: 'Serra' });

  it("answers a burst past a user's limit with 429, Retry-After and a pt-BR message, and takes it again a minute later", async () => {
    for (let i = 0; i < 5; i++) expect((await list('financeiro')).status).toBe(200);
    const refused = await list('financeiro');
    expect(refused.status).toBe(429);
    expect(refused.message).toMatch(/^Você fez muitas solicitações em pouco tempo\. Tente de novo em \d+ s\.$/);
    const seconds = Number(refused.retryAfter);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(refused.message).toContain(`${seconds} s.`);

    // Another person of the organization is not held back by it, until the organization's limit (8) is reached.
    expect((await list('admin')).status).toBe(200);
    expect((await list('admin')).status).toBe(200);
    expect((await list('admin')).status).toBe(200);
    const organization = await list('admin');
    expect(organization.status).toBe(429);
    expect(organization.message).toMatch(/^Sua organização fez muitas solicitações em pouco tempo\./);
    // Another organization is not held back by either.
    expect((await list('outro', d.elsewhere)).status).toBe(200);

    advanceClock(60_000);
    expect((await list('financeiro')).status).toBe(200);
  });

  it('stops a burst of uploads sooner, refused or not, before the file is read', async () => {
    advanceClock(60_000);
    const preview = () =>
      call('financeiro', d.matriz, 'banking/imports.preview', { fileName: 'extrato.ofx', content: 'bm8=' }, 'POST');
    expect((await preview()).status).toBe(400);
    expect((await preview()).status).toBe(400);
    const refused = await preview();
    expect(refused.status).toBe(429);
    expect(refused.message).toMatch(/^Você enviou muitos arquivos em pouco tempo\. Tente de novo em \d+ s\.$/);
    // Other requests of the same person still go through.
    expect((await list('financeiro')).status).toBe(200);
  });
});

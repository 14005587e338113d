import { describe, expect, it } from 'vitest';
import { createTRPCClient } from '@trpc/client';
import type { ApiRouter } from '@financeiro/server/api';
import { areaLink } from './area-link';

interface Sent {
  method: string;
  path: string;
  batch: string | null;
  header: string | null;
}

/** The one client over a fetch that records each request and answers each batched call with its procedure's name. */
function clientRecording() {
  const sent: Sent[] = [];
  const client = createTRPCClient<ApiRouter>({
    links: [
      areaLink({
        url: 'http://api.test/v1',
        headers: { 'x-unit-id': 'u1' },
        fetch: (url, init) => {
          const address = new URL(url.toString());
          sent.push({
            method: init?.method ?? 'GET',
            path: address.pathname,
            batch: address.searchParams.get('batch'),
            header: new Headers(init?.headers).get('x-unit-id'),
          });
          const procedures = decodeURIComponent(address.pathname.split('/').pop() ?? '').split(',');
          const body = procedures.map((procedure) => ({ result: { data: procedure } }));
          return Promise.resolve(
            new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
          );
        },
      }),
    ],
  });
  return { client, sent };
}

describe('the one client reaches each area where the server mounts it', () => {
  it('sends a query on <area>.<rest> to /v1/<area>/<rest> by GET, batching the calls of one area', async () => {
    const { client, sent } = clientRecording();
    const answers = await Promise.all([
      client.tenants.getMe.query(),
      client.tenants.members.list.query({ search: '', page: 1, pageSize: 10 }),
      client.reports.dashboard.query(),
    ]);
    expect(answers).toEqual(['getMe', 'members.list', 'dashboard']);
    expect(sent).toEqual([
      { method: 'GET', path: '/v1/tenants/getMe,members.list', batch: '1', header: 'u1' },
      { method: 'GET', path: '/v1/reports/dashboard', batch: '1', header: 'u1' },
    ]);
  });

  it('sends a mutation by POST to its area', async () => {
    const { client, sent } = clientRecording();
    await client.tenants.recordAccess.mutate();
    expect(sent).toEqual([{ method: 'POST', path: '/v1/tenants/recordAccess', batch: '1', header: 'u1' }]);
  });
});

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { withTenant } from '../../db/tenant';
import { codeOf, messageOf } from '../../test/callers';
import { startDemoApp, type DemoApp } from '../../test/demo';
import { FakeMercadoPagoApi } from '../../test/mercadopago-api';
import { eventLog } from '../audit/schema';
import { users } from '../identity/schema';
import type { Callers } from '../../test/ledger-fixtures';
import { mercadopagoCredentials } from './credentials-schema';
import { mercadopagoReleases, mercadopagoReportImports, mercadopagoSettlements } from './schema';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../../packages/core/src/mercadopago/fixtures/${name}`, import.meta.url));

/** The settlement report's seven rows of 3 to 8 October 2026, and the release report's seven of 1 to 6 November. */
const SETTLEMENT = fixture('settlement-english-comma.csv');
const RELEASE = fixture('release-report.csv');
const OCTOBER = { kind: 'settlement' as const, from: '2026-10-03', to: '2026-10-08' };
const NOVEMBER = { kind: 'release' as const, from: '2026-11-01', to: '2026-11-06' };

describe("Mercado Pago's API: the token per account and reports fetched from it", () => {
  const api = new FakeMercadoPagoApi();
  let d: DemoApp;
  let fin: Callers;
  let admin: Callers;
  const ids = { account: '', second: '', off: '', foreign: '', type: '' };
  const db = () => d.t.database.db;
  const credentialsOf = async (accountId: string) =>
    (await db().select().from(mercadopagoCredentials).where(eq(mercadopagoCredentials.accountId, accountId)))[0];
  const stored = async () =>
    Promise.all(
      [mercadopagoReportImports, mercadopagoSettlements, mercadopagoReleases].map(
        async (table) => (await db().select({ n: count() }).from(table))[0]?.n ?? 0,
      ),
    );
  const save = (accountId: string, changes: { token?: string | null; enabled?: boolean } = {}) =>
    fin.mercadopago.api.save({ accountId, token: api.token, enabled: true, ...changes });

  beforeAll(async () => {
    await api.start();
    api.files.settlement.content = SETTLEMENT;
    api.files.release.content = RELEASE;
    d = await startDemoApp({ MERCADOPAGO_API_URL: api.url, MERCADOPAGO_REPORT_WAIT_SECONDS: '2' });
    fin = await d.as('financeiro', d.matriz);
    admin = await d.as('admin', d.matriz);
    const type = await admin.registries.accountTypes.create({ name: 'Carteira Mercado Pago', kind: 'digital_wallet' });
    ids.type = type.id;
    const account = async (name: string) =>
      (
        await admin.registries.accounts.create({
          name,
          accountTypeId: type.id,
          bankId: null,
          openingBalance: 0,
          openingDate: '2026-01-01',
          unitIds: [d.matriz.unitId],
        })
      ).id;
    ids.account = await account('Mercado Pago vendas online');
    ids.second = await account('Mercado Pago loja');
    ids.off = await account('Mercado Pago eventos');
    const outro = await d.as('outro', d.elsewhere);
    const otherType = await outro.registries.accountTypes.create({ name: 'Carteira', kind: 'digital_wallet' });
    ids.foreign = (
      await outro.registries.accounts.create({
        name: 'Mercado Pago da Outra',
        accountTypeId: otherType.id,
        bankId: null,
        openingBalance: 0,
        openingDate: '2026-01-01',
        unitIds: [d.elsewhere.unitId],
      })
    ).id;
  });
  beforeEach(() => api.reset());
  afterAll(async () => {
    await d?.t.close();
    await api.stop();
  });

  it('keeps the token sealed: the table holds no plain token, get answers only its last four characters', async () => {
    expect(await fin.mercadopago.api.get({ accountId: ids.account })).toEqual({
      accountId: ids.account,
      tokenSaved: false,
      tokenLast4: null,
      enabled: false,
      updatedAt: null,
      lastFetch: null,
    });
    expect(await messageOf(fin.mercadopago.api.save({ accountId: ids.account, enabled: true }))).toBe(
      'Informe o token de acesso do Mercado Pago.',
    );
    const saved = await save(ids.account, { enabled: false, token: `  ${api.token}  ` });
    expect(saved).toMatchObject({ tokenSaved: true, tokenLast4: '6789', enabled: false, lastFetch: null });
    const row = await credentialsOf(ids.account);
    expect(row?.sealedToken).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(row?.sealedToken).not.toContain(api.token);
    expect(row?.sealedToken).not.toContain('APP_USR');
    expect(JSON.stringify(row)).not.toContain(api.token.slice(8, 24));
    const answered = JSON.stringify(await admin.mercadopago.api.get({ accountId: ids.account }));
    expect(answered).not.toContain(api.token.slice(0, -4));
    expect(answered).not.toContain(row?.sealedToken);
    // Nor does the event log keep it.
    const events = await db().select().from(eventLog).where(eq(eventLog.entityId, ids.account));
    expect(events.map((e) => e.action)).toContain('financial_account.mercadopago_api');
    expect(JSON.stringify(events)).not.toContain(api.token.slice(0, -4));

    // Switching on keeps the saved token; a new one is sealed afresh.
    const sealedBefore = row?.sealedToken;
    expect(await save(ids.account, { token: undefined })).toMatchObject({ enabled: true, tokenLast4: '6789' });
    expect((await credentialsOf(ids.account))?.sealedToken).toBe(sealedBefore);
    await save(ids.account, { token: '' });
    expect((await credentialsOf(ids.account))?.sealedToken).toBe(sealedBefore);
    await save(ids.account, { token: 'TEST-9999999999999999-010101-ffffffffffffffffffffffffffffffff-4321' });
    expect(await fin.mercadopago.api.get({ accountId: ids.account })).toMatchObject({ tokenLast4: '4321' });
    await save(ids.account);
    expect((await credentialsOf(ids.account))?.sealedToken).not.toBe(sealedBefore);

    // A sealed token copied to another account does not open there.
    await save(ids.second);
    await db()
      .update(mercadopagoCredentials)
      .set({ sealedToken: (await credentialsOf(ids.account))?.sealedToken ?? '' })
      .where(eq(mercadopagoCredentials.accountId, ids.second));
    expect(await messageOf(fin.mercadopago.api.fetch({ accountId: ids.second, ...OCTOBER }))).toContain(
      'não pôde ser lido com a chave atual do servidor',
    );
    expect(api.requests).toHaveLength(0);
    await save(ids.second);
  });

  it('refuses to fetch while the switch is off or no token is saved, calling no one', async () => {
    await save(ids.off, { enabled: false });
    expect(await messageOf(fin.mercadopago.api.fetch({ accountId: ids.off, ...OCTOBER }))).toContain(
      'A busca de relatórios pela API está desligada nesta conta',
    );
    expect(await codeOf(fin.mercadopago.api.previewFetch({ accountId: ids.off, ...OCTOBER }))).toBe('BAD_REQUEST');
    await fin.mercadopago.api.remove({ accountId: ids.off });
    expect(await fin.mercadopago.api.get({ accountId: ids.off })).toMatchObject({ tokenSaved: false, enabled: false });
    expect(await credentialsOf(ids.off)).toBeUndefined();
    expect(await messageOf(fin.mercadopago.api.fetch({ accountId: ids.off, ...OCTOBER }))).toContain(
      'Esta conta não tem token do Mercado Pago',
    );
    expect(await messageOf(fin.mercadopago.api.remove({ accountId: ids.off }))).toBe(
      'Esta conta não tem token do Mercado Pago salvo.',
    );
    expect(api.requests).toHaveLength(0);
    expect(await stored()).toEqual([0, 0, 0]);
  });

  it("fetches the period's report with the token, waits for it, imports its rows; the same period again adds nothing", async () => {
    await save(ids.account);
    const key = crypto.randomUUID();
    const first = await fin.mercadopago.api.fetch({ accountId: ids.account, ...OCTOBER, idempotencyKey: key });
    expect(first).toMatchObject({ kind: 'settlement', newCount: 7, duplicateCount: 0, rejectedCount: 0 });
    // São Paulo's days: the 3rd starts at 03:00 UTC, the 8th ends at 02:59:59 UTC of the 9th.
    expect(api.requests.map((r) => [r.method, r.path.replace(/\/settlement-report-.*$/, '/<file>')])).toEqual([
      ['POST', '/v1/account/settlement_report'],
      ['GET', '/v1/account/settlement_report/list'],
      ['GET', '/v1/account/settlement_report/list'],
      ['GET', '/v1/account/settlement_report/<file>'],
    ]);
    expect(api.requests[0]?.body).toEqual({ begin_date: '2026-10-03T03:00:00Z', end_date: '2026-10-09T02:59:59Z' });
    expect(new Set(api.requests.map((r) => r.authorization))).toEqual(new Set([`Bearer ${api.token}`]));
    const rows = await db()
      .select()
      .from(mercadopagoSettlements)
      .where(eq(mercadopagoSettlements.accountId, ids.account));
    expect(rows).toHaveLength(7);
    expect(rows.find((r) => r.sourceId === '90000000003')).toMatchObject({
      gross: 7_990,
      marketplaceFee: 959,
      net: 6_747,
      approvalDay: '2026-10-04',
      importId: first.importId,
    });
    const [record] = await db()
      .select()
      .from(mercadopagoReportImports)
      .where(eq(mercadopagoReportImports.id, first.importId));
    expect(record).toMatchObject({ kind: 'settlement', format: 'csv', newCount: 7 });
    expect(record?.fileName).toMatch(/^settlement-report-1234567890-\d{14}-\d+\.csv$/);
    expect((await fin.mercadopago.api.get({ accountId: ids.account })).lastFetch).toMatchObject({
      outcome: 'ok',
      message: 'Relatório importado: 7 linhas novas, 0 já importadas.',
    });

    // A retry of the same submission answers the first result.
    expect(await fin.mercadopago.api.fetch({ accountId: ids.account, ...OCTOBER, idempotencyKey: key })).toEqual(first);
    const again = await fin.mercadopago.api.fetch({ accountId: ids.account, ...OCTOBER });
    expect(again).toMatchObject({ newCount: 0, duplicateCount: 7 });
    expect(rows).toHaveLength((await db().select().from(mercadopagoSettlements)).length);
    expect(
      await fin.mercadopago.imports.preview({
        accountId: ids.account,
        fileName: 'settlement.csv',
        format: 'csv',
        content: SETTLEMENT.toString('base64'),
      }),
    ).toMatchObject({ newCount: 0, alreadyImported: 7 });
  });

  it('previews a fetched report without storing it, and its file then imports as an upload does', async () => {
    await save(ids.second);
    const before = await stored();
    const { preview, file } = await fin.mercadopago.api.previewFetch({ accountId: ids.second, ...NOVEMBER });
    expect(preview).toMatchObject({
      kind: 'release',
      periodStart: '2026-11-01',
      periodEnd: '2026-11-06',
      rowCount: 7,
      newCount: 7,
      sums: { kind: 'release', credit: 120_848, debit: 78_838 },
    });
    expect(file).toMatchObject({ format: 'csv', fileName: expect.stringMatching(/^release-report-.*\.csv$/) });
    expect(Buffer.from(file.content, 'base64').equals(RELEASE)).toBe(true);
    expect(api.requests[0]?.path).toBe('/v1/account/release_report');
    expect(await stored()).toEqual(before);
    expect((await fin.mercadopago.api.get({ accountId: ids.second })).lastFetch).toMatchObject({
      outcome: 'ok',
      message: 'Relatório baixado: 7 linhas, 7 novas.',
    });
    const committed = await fin.mercadopago.imports.commit({
      accountId: ids.second,
      ...file,
      acceptRejected: false,
      idempotencyKey: crypto.randomUUID(),
    });
    expect(committed).toMatchObject({ kind: 'release', newCount: 7 });
    expect(await fin.mercadopago.api.fetch({ accountId: ids.second, ...NOVEMBER })).toMatchObject({
      newCount: 0,
      duplicateCount: 7,
    });
  });

  it('stores the rows of one period once when two fetches of it run at once', async () => {
    const third = await admin.registries.accounts.create({
      name: 'Mercado Pago quiosque',
      accountTypeId: ids.type,
      bankId: null,
      openingBalance: 0,
      openingDate: '2026-01-01',
      unitIds: [d.matriz.unitId],
    });
    await save(third.id);
    const fetch = () =>
      fin.mercadopago.api.fetch({ accountId: third.id, ...NOVEMBER, idempotencyKey: crypto.randomUUID() });
    const results = await Promise.all([fetch(), fetch()]);
    expect(results.map((r) => r.newCount).sort()).toEqual([0, 7]);
    const rows = await db().select().from(mercadopagoReleases).where(eq(mercadopagoReleases.accountId, third.id));
    expect(rows).toHaveLength(7);
  });

  it("answers Mercado Pago's failures in pt-BR, stores no report and records the failure as the last fetch", async () => {
    await save(ids.account);
    const before = await stored();
    const cases: [() => void, string, string][] = [
      [
        () => (api.failures.create = [401]),
        'PRECONDITION_FAILED',
        'O Mercado Pago recusou o token de acesso desta conta',
      ],
      [
        () => (api.failures.create = [429]),
        'TOO_MANY_REQUESTS',
        'O Mercado Pago recebeu pedidos demais desta conta agora',
      ],
      [() => (api.failures.list = [503]), 'BAD_GATEWAY', 'O Mercado Pago está com problemas agora (erro 503)'],
      [() => (api.failures.download = [500]), 'BAD_GATEWAY', 'O Mercado Pago está com problemas agora (erro 500)'],
      [() => (api.failures.create = ['drop']), 'BAD_GATEWAY', 'Não foi possível falar com o Mercado Pago'],
      [() => (api.failures.download = ['drop']), 'BAD_GATEWAY', 'Não foi possível falar com o Mercado Pago'],
      [() => (api.failures.list = ['malformed']), 'BAD_GATEWAY', 'O Mercado Pago respondeu de um jeito inesperado'],
      [() => (api.failures.create = [400]), 'BAD_GATEWAY', 'O Mercado Pago recusou o pedido do relatório (erro 400)'],
      [
        () => (api.readyAfter = Infinity),
        'TIMEOUT',
        'O Mercado Pago ainda está preparando o relatório depois de 2 segundos. Busque de novo daqui a alguns minutos.',
      ],
    ];
    for (const [arrange, code, message] of cases) {
      api.reset();
      arrange();
      const attempt = fin.mercadopago.api.fetch({ accountId: ids.account, ...OCTOBER });
      const error = await attempt.then(
        () => null,
        (e: unknown) => e as { code: string; message: string },
      );
      expect({ code: error?.code, message: error?.message }).toEqual({
        code,
        message: expect.stringContaining(message),
      });
      expect((await fin.mercadopago.api.get({ accountId: ids.account })).lastFetch).toMatchObject({
        outcome: 'error',
        message: error?.message,
      });
    }
    api.reset();
    // A token Mercado Pago no longer accepts.
    const accepted = api.token;
    api.token = 'APP_USR-0000000000000000-000000-00000000000000000000000000000000-000000000';
    expect(await messageOf(fin.mercadopago.api.previewFetch({ accountId: ids.account, ...OCTOBER }))).toContain(
      'Gere um novo token no painel do Mercado Pago e salve-o em "Configurar API".',
    );
    api.token = accepted;
    // The file of another report than the one asked for, and a file that is no report.
    api.files.settlement.content = RELEASE;
    expect(await messageOf(fin.mercadopago.api.fetch({ accountId: ids.account, ...OCTOBER }))).toBe(
      'O Mercado Pago enviou o relatório de liberações em vez do de todas as transações. Busque de novo.',
    );
    api.files.settlement.content = Buffer.from('<html>Erro</html>\n1,2,3');
    expect(await messageOf(fin.mercadopago.api.fetch({ accountId: ids.account, ...OCTOBER }))).toContain(
      'Não encontramos a linha de títulos de um relatório do Mercado Pago',
    );
    api.files.settlement.content = SETTLEMENT;
    expect(await stored()).toEqual(before);
  });

  it('lets whoever reconciles use the API: the administrator and Financeiro, not a requester', async () => {
    await save(ids.account);
    expect(await codeOf(admin.mercadopago.api.get({ accountId: ids.account }))).toBe('OK');
    expect(await codeOf(fin.mercadopago.api.get({ accountId: ids.account }))).toBe('OK');
    const requester = await d.as('solicitante', d.matriz);
    const calls = [
      () => requester.mercadopago.api.get({ accountId: ids.account }),
      () => requester.mercadopago.api.save({ accountId: ids.account, token: api.token, enabled: false }),
      () => requester.mercadopago.api.remove({ accountId: ids.account }),
      () => requester.mercadopago.api.fetch({ accountId: ids.account, ...OCTOBER }),
      () => requester.mercadopago.api.previewFetch({ accountId: ids.account, ...OCTOBER }),
    ];
    for (const call of calls) expect(await codeOf(call())).toBe('FORBIDDEN');
    expect(await credentialsOf(ids.account)).toMatchObject({ enabled: true });
    expect(api.requests).toHaveLength(0);
  });

  it("keeps tokens to their organization: no one reads, saves, removes or fetches with another organization's account", async () => {
    await save(ids.account);
    const outro = await d.as('outro', d.elsewhere);
    const refused = 'Conta não encontrada nesta organização, ou não liberada para esta unidade.';
    const sealed = (await credentialsOf(ids.account))?.sealedToken;
    expect(await messageOf(outro.mercadopago.api.get({ accountId: ids.account }))).toBe(refused);
    expect(
      await messageOf(outro.mercadopago.api.save({ accountId: ids.account, token: api.token, enabled: false })),
    ).toBe(refused);
    expect(await messageOf(outro.mercadopago.api.remove({ accountId: ids.account }))).toBe(refused);
    expect(await messageOf(outro.mercadopago.api.fetch({ accountId: ids.account, ...OCTOBER }))).toBe(refused);
    expect(await messageOf(outro.mercadopago.api.previewFetch({ accountId: ids.account, ...OCTOBER }))).toBe(refused);
    expect(await messageOf(fin.mercadopago.api.save({ accountId: ids.foreign, token: api.token, enabled: true }))).toBe(
      refused,
    );
    expect(await messageOf(fin.mercadopago.api.fetch({ accountId: ids.foreign, ...OCTOBER }))).toBe(refused);
    expect(await credentialsOf(ids.account)).toMatchObject({ enabled: true, sealedToken: sealed });
    expect(await credentialsOf(ids.foreign)).toBeUndefined();
    expect(api.requests).toHaveLength(0);
    // Row-level security: the other organization's requests see no token row at all, even unfiltered.
    const outroUser = (await db().select().from(users).where(eq(users.username, 'outro')))[0];
    const seen = await withTenant(
      db(),
      { userId: outroUser?.id ?? '', organizationId: d.elsewhere.organizationId },
      (tx) => tx.select({ id: mercadopagoCredentials.id }).from(mercadopagoCredentials),
    );
    expect(seen).toEqual([]);
  });

  it('refuses bad input with pt-BR messages, storing nothing', async () => {
    await save(ids.account, { enabled: false });
    const sealed = (await credentialsOf(ids.account))?.sealedToken;
    const base = { accountId: ids.account, enabled: true };
    const cases: [() => Promise<unknown>, string][] = [
      [() => fin.mercadopago.api.save({ ...base, token: `APP_USR-123\u0000456789012345678` }), 'caractere nulo'],
      [() => fin.mercadopago.api.save({ ...base, token: `APP_USR-${'a'.repeat(300)}` }), 'no máximo 200 caracteres'],
      [() => fin.mercadopago.api.save({ ...base, token: 'APP_USR 123 456 789 012 345' }), 'Token de acesso inválido'],
      [() => fin.mercadopago.api.save({ ...base, token: 'curto' }), 'Token de acesso inválido'],
      [() => fin.mercadopago.api.save({ ...base, token: 12345 } as never), 'Informe o token de acesso'],
      [() => fin.mercadopago.api.save({ ...base, enabled: 'sim' } as never), 'Informe se os relatórios são buscados'],
      [() => fin.mercadopago.api.save({ ...base, accountId: 'x' }), 'Escolha a conta do Mercado Pago.'],
      [() => fin.mercadopago.api.save({ ...base, idempotencyKey: 'x' }), 'Chave de envio inválida.'],
      [() => fin.mercadopago.api.get({ accountId: 42 } as never), 'Escolha a conta do Mercado Pago.'],
      [
        () => fin.mercadopago.api.fetch({ ...OCTOBER, accountId: ids.account, kind: 'x' } as never),
        'Escolha o relatório',
      ],
      [() => fin.mercadopago.api.fetch({ ...OCTOBER, accountId: ids.account, from: '31/02/2026' }), 'Data inválida'],
      [
        () => fin.mercadopago.api.fetch({ ...OCTOBER, accountId: ids.account, from: '2026-10-09' }),
        'O fim do período vem antes do início.',
      ],
      [
        () => fin.mercadopago.api.fetch({ ...OCTOBER, accountId: ids.account, from: '2025-01-01' }),
        'Busque no máximo um ano por vez.',
      ],
      [
        () =>
          fin.mercadopago.api.previewFetch({
            ...OCTOBER,
            accountId: ids.account,
            from: '2199-01-01',
            to: '2199-01-02',
          }),
        'O período começa no futuro.',
      ],
      [
        () => fin.mercadopago.api.fetch({ ...OCTOBER, accountId: ids.account, acceptRejected: 'sim' } as never),
        'Informe se as linhas',
      ],
    ];
    for (const [call, expected] of cases) {
      const error = await call().then(
        () => null,
        (e: unknown) => e as { code: string; message: string },
      );
      expect(error?.code).toBe('BAD_REQUEST');
      expect(error?.message).toContain(expected);
    }
    expect(await credentialsOf(ids.account)).toMatchObject({ enabled: false, sealedToken: sealed });
    expect(api.requests).toHaveLength(0);
  });
});

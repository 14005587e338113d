import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { USER_POOL_CLIENT_ID } from '@financeiro/core';
import { ledgerSettlements } from '../modules/ledger/schema';
import { banks } from '../modules/registries/schema';
import { createTestApp } from '../test/app';
import { startDemoApp, type DemoApp } from '../test/demo';
import { cnpjNumber } from '../test/documents';
import { newAccount, newClassification, newCostCentre, newParty } from '../test/ledger-fixtures';

describe('bad input over HTTP answers 400 in pt-BR and saves nothing; an unexpected error tells no SQL', () => {
  let d: DemoApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    d = await startDemoApp();
    headers = {
      authorization: `Bearer ${await d.t.tokenFor('admin')}`,
      'x-organization-id': d.matriz.organizationId,
      'x-unit-id': d.matriz.unitId,
    };
  });
  afterAll(() => d?.t.close());

  /** Calls a procedure as the API client would; the status and the message the person would read. */
  async function send(kind: 'query' | 'mutation', path: string, input: unknown) {
    const json = JSON.stringify(input);
    const response = await d.t.app.inject(
      kind === 'query'
        ? { method: 'GET', url: `/v1/${path}?input=${encodeURIComponent(json)}`, headers }
        : {
            method: 'POST',
            url: `/v1/${path}`,
            headers: { ...headers, 'content-type': 'application/json' },
            payload: json,
          },
    );
    const body = response.json<{ error?: { message: string } }>();
    return { status: response.statusCode, message: body.error?.message ?? 'OK', raw: response.body };
  }
  const bankCount = async () => (await d.t.database.db.select({ n: count() }).from(banks))[0]?.n;
  const BROKEN = {
    status: 400,
    message: 'O texto enviado tem caracteres inválidos (como o caractere nulo). Apague-os e tente de novo.',
  };

  it.each([
    ['registries/banks.list', { search: 'Ita\u0000' }],
    ['registries/suppliers.list', { search: '\u0000' }],
    ['registries/banks.options', { search: 'a\u0000b' }],
    ['tenants/members.list', { search: '\u0000' }],
    ['tenants/lastAccess.list', { search: 'ana\u0000' }],
    ['logs/events.list', { action: '\u0000' }],
  ])('refuses a NUL in the search of %s', async (path, input) => {
    expect(await send('query', path, input)).toMatchObject(BROKEN);
  });

  it.each([
    ['a NUL', 'Banco\u0000Novo'],
    ['a lone surrogate', 'Banco \uD800'],
    ['a lone low surrogate', 'Banco \uDC00 Novo'],
  ])('refuses %s in a text field and saves nothing', async (_, name) => {
    const before = await bankCount();
    expect(await send('mutation', 'registries/banks.create', { name })).toMatchObject(BROKEN);
    expect(
      await send('mutation', 'registries/banks.import', { rows: [{ name: 'Banco Bom' }, { name }] }),
    ).toMatchObject(BROKEN);
    expect(await bankCount()).toBe(before);
  });

  it('keeps a well-formed pair of surrogates (an emoji)', async () => {
    expect(await send('mutation', 'registries/banks.create', { name: 'Banco 😀' })).toMatchObject({ status: 200 });
  });

  it.each(['01/01/0000', '0000-01-01', '31/12/1899', '01/01/2200'])(
    'refuses the date %s as out of range',
    async (openingDate) => {
      const [accountType] = (await send('query', 'registries/accountTypes.list', {})).raw.match(
        /"id":"[0-9a-f-]{36}"/,
      ) ?? [''];
      const result = await send('mutation', 'registries/accounts.create', {
        name: 'Conta antiga',
        accountTypeId: accountType.slice(6, -1),
        openingBalance: 0,
        openingDate,
        unitIds: [d.matriz.unitId],
      });
      expect(result).toMatchObject({ status: 400, message: 'Use uma data entre 1900 e 2199.' });
    },
  );

  it.each([
    ['logs/events.list', { from: '0000-01-01T00:00:00.000Z' }],
    ['logs/events.dashboard', { from: '0000-01-01T00:00:00Z', to: '0000-02-01T00:00:00Z' }],
    ['tenants/lastAccess.list', { inactiveSince: '0000-01-01T00:00:00Z' }],
  ])('refuses the year 0000 in the period of %s', async (path, input) => {
    expect(await send('query', path, input)).toMatchObject({ status: 400, message: 'Use uma data entre 1900 e 2199.' });
  });

  it.each(['__proto__', 'constructor', 'toString', 'nome'])('refuses to sort by %s', async (sort) => {
    for (const path of ['registries/banks.list', 'registries/banks.export']) {
      expect(await send('query', path, { sort })).toEqual(
        expect.objectContaining({ status: 400, message: 'Não é possível ordenar a lista por esta coluna.' }),
      );
    }
  });

  it.each([
    ['text', ' 1 ', 1],
    ['reais and centavos as typed', '1.234,56', 2],
    ['a fraction of a centavo', 1.5, 3],
  ])('refuses a payment whose amount is %s, naming the field, and settles nothing', async (_, principal, n) => {
    const admin = await d.as('admin', d.matriz);
    const supplier = await newParty(admin, {
      roles: ['supplier'],
      document: cnpjNumber(9400 + n),
      name: `Gráfica ${n}`,
    });
    const document = await admin.ledger.documents.create({
      kind: 'payable',
      partyId: supplier,
      description: 'Impressos',
      documentType: 'nfe',
      issueDate: '2026-11-02',
      competence: '2026-11',
      grossAmount: 10_000,
      lines: [
        {
          classificationId: await newClassification(admin, `Impressos ${n}`),
          costCentreId: await newCostCentre(admin, `Gráfica ${n}`),
          share: 10_000,
        },
      ],
      installments: [{ dueDate: '2026-11-30', amount: 10_000 }],
    });
    const [installment] = (await admin.ledger.documents.get({ id: document.id })).installments;
    const payment = (amount: unknown) => ({
      kind: 'payable',
      paidDate: '2026-11-30',
      accountId,
      items: [{ installmentId: installment?.id, principal: amount }],
    });
    const accountId = await newAccount(admin, d.matriz.unitId, `Conta ${n}`);
    const settlements = async () => (await d.t.database.db.select({ n: count() }).from(ledgerSettlements))[0]?.n;
    const before = await settlements();
    expect(await send('mutation', 'ledger/payments.settle', payment(principal))).toMatchObject({
      status: 400,
      message: 'Envie "items.0.principal" em centavos, como número inteiro: R$ 1,00 é 100.',
    });
    expect(await send('mutation', 'ledger/payments.settle', { ...payment(100), fees: '2,00' })).toMatchObject({
      status: 400,
      message: 'Envie "fees" em centavos, como número inteiro: R$ 1,00 é 100.',
    });
    expect(await settlements()).toBe(before);
    // The same payment in whole centavos goes through.
    expect(await send('mutation', 'ledger/payments.settle', payment(100))).toMatchObject({ status: 200 });
  });

  it('names the field of a malformed request in pt-BR', async () => {
    expect(await send('query', 'registries/banks.list', { page: 'primeira' })).toMatchObject({
      status: 400,
      message: 'Valor inválido em "page".',
    });
  });

  it('answers a value the database refuses with 400 in pt-BR (a column narrower than the rule)', async () => {
    const db = d.t.database.db;
    await db.execute(sql`alter table banks alter column short_name type varchar(20)`);
    try {
      const before = await bankCount();
      expect(
        await send('mutation', 'registries/banks.create', {
          name: 'Banco Longo',
          shortName: 'Um nome curto que não cabe',
        }),
      ).toEqual(expect.objectContaining({ status: 400, message: 'Um dos textos é mais longo do que o permitido.' }));
      expect(await bankCount()).toBe(before);
    } finally {
      await db.execute(sql`alter table banks alter column short_name type text`);
    }
  });

  it('answers an unexpected failure with the request id, never the query', async () => {
    const db = d.t.database.db;
    await db.execute(sql`alter table banks rename to banks_away`);
    try {
      const result = await send('query', 'registries/banks.list', { search: 'Itaú' });
      expect(result.status).toBe(500);
      expect(result.message).toMatch(/^Erro inesperado\. Informe o código [0-9a-f-]{36} ao suporte\.$/);
      expect(result.raw).not.toMatch(/select|banks|failed query/i);
    } finally {
      await db.execute(sql`alter table banks_away rename to banks`);
    }
  });
});

describe('outside the API', () => {
  it('answers an unexpected failure with the request id, never the query', async () => {
    const t = await createTestApp();
    try {
      await t.database.db.execute(sql`alter table oauth_codes rename to oauth_codes_away`);
      const response = await t.app.inject({
        method: 'POST',
        url: '/oauth2/token',
        payload: { grant_type: 'authorization_code', client_id: USER_POOL_CLIENT_ID, code: 'x' },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        message: expect.stringMatching(/^Erro inesperado\. Informe o código [0-9a-f-]{36} ao suporte\.$/),
      });
    } finally {
      await t.close();
    }
  });
});

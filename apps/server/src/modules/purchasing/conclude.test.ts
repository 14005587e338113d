import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { codeOf, messageOf } from '../../test/callers';
import { startDemoApp, type DemoApp } from '../../test/demo';
import { organizations } from '../tenancy/schema';
import {
  brl,
  BUYER_CNPJ,
  orderIn,
  orderOf,
  orderRow,
  payablesOf,
  setUpPurchasing,
  stored,
  type Callers,
  type PurchasingSetup,
} from '../../test/purchasing-fixtures';
import { renumbered } from '../../test/nfe';

const NFE = readFileSync(
  fileURLToPath(
    new URL('../../../../../packages/core/src/purchasing/fixtures/nfe/three-duplicatas.xml', import.meta.url),
  ),
  'utf8',
);
const NFE_KEY = '35260324581367000104550010000045211839204171';
const NFE_INSTALLMENTS = [
  { dueDate: '2026-04-09', amount: 400_000 },
  { dueDate: '2026-05-09', amount: 400_000 },
  { dueDate: '2026-06-08', amount: 400_000 },
];

describe('purchase orders: concluding into one payable, bulk approval, at the same moment', () => {
  let d: DemoApp;
  let s: PurchasingSetup;
  let admin: Callers;
  let financeiro: Callers;
  let solicitante: Callers;

  const setCnpj = (cnpj: string | null) =>
    d.t.database.db.update(organizations).set({ cnpj }).where(eq(organizations.id, d.org.organizationId));
  const approved = (total: number, overrides = {}) =>
    orderIn(s, { requester: solicitante, approver: admin }, 'aprovada', total, overrides);
  const waiting = (total: number) =>
    orderIn(s, { requester: solicitante, approver: admin }, 'aguardando_aprovacao', total);
  const conclusion = (o: { id: string; version: number; total: number }, extra = {}) => ({
    id: o.id,
    version: o.version,
    issueDate: '2026-04-01',
    installments: [{ dueDate: '2026-05-01', amount: o.total }],
    ...extra,
  });

  beforeAll(async () => {
    d = await startDemoApp();
    s = await setUpPurchasing(d);
    admin = await d.as('admin', d.org);
    financeiro = await d.as('financeiro', d.org);
    solicitante = await d.as('solicitante', s.compras);
    await setCnpj(BUYER_CNPJ);
  });
  afterAll(() => d?.t.close());

  it('refuses installments that do not add up to the order total, storing nothing', async () => {
    const db = d.t.database.db;
    const order = await approved(100_000);
    const before = await stored(db);
    const short = conclusion(order, {
      installments: [
        { dueDate: '2026-05-01', amount: 50_000 },
        { dueDate: '2026-06-01', amount: 40_000 },
      ],
    });
    expect(await codeOf(financeiro.purchasing.conclude(short))).toBe('BAD_REQUEST');
    expect(await messageOf(financeiro.purchasing.conclude(short))).toBe(
      brl('A soma das parcelas (R$ 900,00) deve ser igual ao valor do pedido (R$ 1.000,00).'),
    );
    expect(await stored(db)).toEqual(before);
    expect(await orderRow(db, order.id)).toMatchObject({ status: 'aprovada', version: order.version });
  });

  it('concludes with the supplier NF-e: its installments, number and key on the payable', async () => {
    const db = d.t.database.db;
    const order = await approved(1_200_000);
    const { payableId } = await financeiro.purchasing.conclude(
      conclusion(order, { nfeXml: NFE, installments: NFE_INSTALLMENTS }),
    );
    const [payable] = await payablesOf(db, [order.id]);
    expect(payable).toMatchObject({
      id: payableId,
      partyId: s.ids.supplier,
      documentType: 'nfe',
      documentNumber: '4521/1',
      issueDate: '2026-03-10',
      grossAmount: 1_200_000,
      nfeKey: NFE_KEY,
    });
    const document = await (await d.as('financeiro', d.matriz)).ledger.documents.get({ id: payableId });
    expect(document.installments.map((i) => ({ dueDate: i.dueDate, amount: i.amount }))).toEqual(NFE_INSTALLMENTS);
    expect(await orderRow(db, order.id)).toMatchObject({ status: 'concluida' });

    // The same note on a second order of the same supplier: already in contas a pagar.
    const second = await approved(1_200_000);
    const before = await stored(db);
    const again = conclusion(second, { nfeXml: NFE, installments: NFE_INSTALLMENTS });
    expect(await codeOf(financeiro.purchasing.conclude(again))).toBe('CONFLICT');
    expect(await messageOf(financeiro.purchasing.conclude(again))).toBe(
      'Esta NF-e já foi lançada em contas a pagar: uma nota vira uma conta a pagar só uma vez.',
    );
    expect(await stored(db)).toEqual(before);
    expect(await orderRow(db, second.id)).toMatchObject({ status: 'aprovada', version: second.version });
  });

  it('concludes with a note whose duplicatas leave out a discount: the payable is what they ask, the XML kept', async () => {
    const db = d.t.database.db;
    const order = await approved(1_200_000);
    // The first of the three duplicatas (R$ 4.000,00) is not in this note: R$ 8.000,00 for a note of R$ 12.000,00.
    const nfeXml = renumbered(NFE, 4530).replace(/<dup>\s*<nDup>001<\/nDup>[\s\S]*?<\/dup>\s*/, '');
    const installments = NFE_INSTALLMENTS.slice(1);
    const before = await stored(db);
    expect(await messageOf(financeiro.purchasing.conclude(conclusion(order, { nfeXml, installments })))).toBe(
      brl('A soma das parcelas (R$ 8.000,00) deve ser igual ao total da NF-e (R$ 12.000,00).'),
    );
    expect(
      await messageOf(
        financeiro.purchasing.conclude(conclusion(order, { nfeXml, installments, nfeDifference: 'sight' })),
      ),
    ).toBe(brl('A soma das parcelas (R$ 8.000,00) deve ser igual ao total da NF-e (R$ 12.000,00).'));
    expect(await stored(db)).toEqual(before);

    const { payableId } = await financeiro.purchasing.conclude(
      conclusion(order, { nfeXml, installments, nfeDifference: 'discount' }),
    );
    const matriz = await d.as('financeiro', d.matriz);
    const document = await matriz.ledger.documents.get({ id: payableId });
    expect(document).toMatchObject({ grossAmount: 800_000 });
    expect(document.notes).toContain(brl('Desconto de R$ 4.000,00 sobre o total da NF-e (R$ 12.000,00).'));
    const [xml] = await matriz.ledger.attachments.list({ documentId: payableId });
    expect(xml).toMatchObject({ fileName: expect.stringMatching(/^NFe\d{44}\.xml$/), contentType: 'application/xml' });
  });

  it('refuses an NF-e that does not fit the order or the organization, storing nothing', async () => {
    const db = d.t.database.db;
    const smaller = await approved(1_100_000);
    const otherSupplier = await approved(1_200_000, { supplierId: s.ids.supplier2 });
    const fits = await approved(1_200_000);
    const toAnotherCompany = NFE.replace('<CNPJ>31827459000197</CNPJ>', '<CNPJ>11222333000181</CNPJ>');
    const cases: [{ id: string; version: number; total: number }, string, string][] = [
      [
        smaller,
        NFE,
        brl(
          'O total da NF-e (R$ 12.000,00) passa do valor aprovado do pedido (R$ 11.000,00): altere o pedido para que ele seja aprovado de novo.',
        ),
      ],
      [
        otherSupplier,
        NFE,
        'A NF-e foi emitida por 24.581.367/0001-04 (Metalúrgica Serra Azul Ltda), que não é o fornecedor do pedido.',
      ],
      [fits, toAnotherCompany, 'A NF-e foi emitida para 11.222.333/0001-81, que não é um CNPJ desta organização.'],
    ];
    const before = await stored(db);
    for (const [order, nfeXml, message] of cases) {
      const input = conclusion(order, { nfeXml, installments: NFE_INSTALLMENTS });
      expect(await codeOf(financeiro.purchasing.conclude(input))).toBe('BAD_REQUEST');
      expect(await messageOf(financeiro.purchasing.conclude(input))).toBe(message);
      expect(await orderRow(db, order.id)).toMatchObject({ status: 'aprovada', version: order.version });
    }
    await setCnpj(null);
    try {
      const input = conclusion(fits, { nfeXml: NFE, installments: NFE_INSTALLMENTS });
      expect(await messageOf(financeiro.purchasing.conclude(input))).toBe(
        'Cadastre o CNPJ da organização para lançar NF-e: sem ele não há como conferir o destinatário.',
      );
    } finally {
      await setCnpj(BUYER_CNPJ);
    }
    expect(await messageOf(financeiro.purchasing.conclude(conclusion(fits, { nfeXml: '<nfeProc>' })))).not.toBe('OK');
    expect(await stored(db)).toEqual(before);
  });

  it('makes exactly one payable when two people conclude the same order at once', async () => {
    const db = d.t.database.db;
    for (const callers of [
      [financeiro, admin],
      [financeiro, financeiro],
    ]) {
      const order = await approved(200_000);
      const results = await Promise.all(callers.map((c) => codeOf(c.purchasing.conclude(conclusion(order)))));
      expect(results.filter((r) => r === 'OK')).toHaveLength(1);
      expect(results.filter((r) => r !== 'OK')[0]).toMatch(/^(CONFLICT|BAD_REQUEST)$/);
      expect(await payablesOf(db, [order.id])).toHaveLength(1);
      expect(await orderRow(db, order.id)).toMatchObject({ status: 'concluida', version: order.version + 1 });
    }
  });

  it('answers a retried conclusion with the same payable', async () => {
    const db = d.t.database.db;
    const order = await approved(300_000);
    const input = conclusion(order, { idempotencyKey: uuidv7() });
    const [a, b] = await Promise.all([financeiro.purchasing.conclude(input), financeiro.purchasing.conclude(input)]);
    expect(b.payableId).toBe(a.payableId);
    const retried = await financeiro.purchasing.conclude(input);
    expect(retried).toEqual(a);
    expect(await payablesOf(db, [order.id])).toHaveLength(1);
    expect(await orderRow(db, order.id)).toMatchObject({ status: 'concluida', events: 4 });
  });

  it('lets one of two approvers acting at once approve, and stores one approval', async () => {
    const db = d.t.database.db;
    const order = await waiting(100_000);
    const before = await orderRow(db, order.id);
    const results = await Promise.all(
      [financeiro, admin].map((c) =>
        codeOf(c.purchasing.transition({ type: 'aprovar', id: order.id, version: order.version })),
      ),
    );
    expect(results.sort()).toEqual(['CONFLICT', 'OK']);
    const after = await orderRow(db, order.id);
    expect(after).toMatchObject({ status: 'aprovada', version: order.version + 1, events: before.events + 1 });
    expect(after.row?.approvals).toHaveLength(1);
  });

  it('creates one order from one form sent twice at once', async () => {
    const db = d.t.database.db;
    const before = await stored(db);
    const input = { order: orderOf(s, 50_000), idempotencyKey: uuidv7() };
    const [a, b] = await Promise.all([solicitante.purchasing.create(input), solicitante.purchasing.create(input)]);
    expect(b).toEqual(a);
    expect((await stored(db)).orders).toBe(before.orders + 1);
  });

  it('approves several orders within the approver limit in one call, and none when one is beyond it', async () => {
    const db = d.t.database.db;
    const small = [await waiting(100_000), await waiting(250_000), await waiting(500_000)];
    const big = await waiting(1_200_000);
    const more = await waiting(80_000);
    const before = await stored(db);
    const all = [...small, big, more].map(({ id, version }) => ({ id, version }));
    expect(await codeOf(financeiro.purchasing.approveMany({ orders: all }))).toBe('BAD_REQUEST');
    expect(await messageOf(financeiro.purchasing.approveMany({ orders: all }))).toBe(
      brl(
        `O pedido nº ${big.number} (R$ 12.000,00) passa da sua alçada de R$ 5.000,00: abra-o para aprovar na sua alçada.`,
      ),
    );
    expect(await stored(db)).toEqual(before);
    for (const o of [...small, big, more]) {
      expect(await orderRow(db, o.id)).toMatchObject({ status: 'aguardando_aprovacao', version: o.version });
    }

    const result = await financeiro.purchasing.approveMany({
      orders: small.map(({ id, version }) => ({ id, version })),
    });
    expect(result.approved).toBe(3);
    for (const o of small) {
      expect(await orderRow(db, o.id)).toMatchObject({ status: 'aprovada', version: o.version + 1 });
    }
    // A version that moved meanwhile refuses the whole call.
    const stale = [
      { id: more.id, version: more.version },
      { id: small[0]?.id ?? '', version: small[0]?.version ?? 0 },
    ];
    expect(await codeOf(financeiro.purchasing.approveMany({ orders: stale }))).toBe('CONFLICT');
    expect(await orderRow(db, more.id)).toMatchObject({ status: 'aguardando_aprovacao', version: more.version });
    // The requester holds no approval.
    expect(await codeOf(solicitante.purchasing.approveMany({ orders: [{ id: more.id, version: more.version }] }))).toBe(
      'FORBIDDEN',
    );
    expect(await orderRow(db, more.id)).toMatchObject({ status: 'aguardando_aprovacao', version: more.version });
  });
});

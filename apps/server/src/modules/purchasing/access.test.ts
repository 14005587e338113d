import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURCHASE_ORDER_STATUSES, TIME_ZONE, type PurchaseOrderStatus } from '@financeiro/core';
import { codeOf, messageOf } from '../../test/callers';
import { startDemoApp, type DemoApp } from '../../test/demo';
import {
  orderIn,
  orderOf,
  orderRow,
  setUpPurchasing,
  stored,
  type Callers,
  type PurchasingSetup,
} from '../../test/purchasing-fixtures';

type Order = { id: string; number: number; version: number; total: number };

const day = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date(Date.now() + offset * 86_400_000));

describe('purchase orders: who sees and touches which, in which organization', () => {
  let d: DemoApp;
  let s: PurchasingSetup;
  let admin: Callers;
  let financeiro: Callers;
  let solicitante: Callers;
  let compradora: Callers;
  let outro: Callers;
  /** The requester's draft, admin's own draft from another supplier, an order waiting for admin, one for financeiro. */
  const o = {} as Record<'mine' | 'admins' | 'climbed' | 'waiting' | 'approved' | 'outras', Order>;

  const idsIn = async (c: Callers, status: PurchaseOrderStatus, filters = {}) =>
    (await c.purchasing.list({ status, filters })).rows.map((r) => r.id);

  beforeAll(async () => {
    d = await startDemoApp();
    s = await setUpPurchasing(d);
    admin = await d.as('admin', d.org);
    financeiro = await d.as('financeiro', d.org);
    solicitante = await d.as('solicitante', s.compras);
    compradora = await d.as('compradora', s.financeiroDepartment);
    outro = await d.as('outro', d.elsewhere);
    const who = { requester: solicitante, approver: admin };
    o.mine = await orderIn(s, who, 'criada', 100_000);
    const admins = await admin.purchasing.create({ order: orderOf(s, 200_000, { supplierId: s.ids.supplier2 }) });
    o.admins = { ...admins, version: 1, total: 200_000 };
    o.climbed = await orderIn(s, { requester: solicitante, approver: financeiro }, 'aguardando_aprovacao', 1_200_000);
    o.climbed.version = (
      await financeiro.purchasing.transition({ type: 'aprovar', id: o.climbed.id, version: o.climbed.version })
    ).version;
    o.waiting = await orderIn(s, who, 'aguardando_aprovacao', 150_000);
    o.approved = await orderIn(s, who, 'aprovada', 120_000);
    const outras = await outro.purchasing.create({
      order: orderOf(s, 70_000, {
        departmentId: d.other.departmentId,
        supplierId: s.ids.otherSupplier,
        classificationId: s.ids.otherClassification,
        costCentreId: s.ids.otherCostCentre,
      }),
    });
    o.outras = { ...outras, version: 1, total: 70_000 };
  });
  afterAll(() => d?.t.close());

  it('shows the requester only their own orders of Compras, and the finance team every order', async () => {
    expect(await idsIn(solicitante, 'criada')).toContain(o.mine.id);
    expect(await idsIn(solicitante, 'criada')).not.toContain(o.admins.id);
    expect(await codeOf(solicitante.purchasing.get({ id: o.admins.id }))).toBe('NOT_FOUND');
    expect(await idsIn(financeiro, 'criada')).toEqual(expect.arrayContaining([o.mine.id, o.admins.id]));
    expect(await idsIn(financeiro, 'criada')).not.toContain(o.outras.id);
    expect(await idsIn(financeiro, 'aguardando_aprovacao')).toEqual(
      expect.arrayContaining([o.climbed.id, o.waiting.id]),
    );
    // A member of another department sees none of Compras.
    for (const status of PURCHASE_ORDER_STATUSES) expect(await idsIn(compradora, status)).toEqual([]);
    expect(await codeOf(compradora.purchasing.get({ id: o.mine.id }))).toBe('NOT_FOUND');
  });

  it('counts in the menu what each list holds, for every profile', async () => {
    for (const caller of [admin, financeiro, solicitante, compradora, outro]) {
      const { counts } = await caller.purchasing.counts();
      expect(Object.keys(counts).sort()).toEqual([...PURCHASE_ORDER_STATUSES].sort());
      for (const status of PURCHASE_ORDER_STATUSES) {
        expect([status, (await caller.purchasing.list({ status, pageSize: 200 })).total]).toEqual([
          status,
          counts[status],
        ]);
      }
    }
    expect((await solicitante.purchasing.counts()).counts).toMatchObject({ criada: 1, aguardando_aprovacao: 2 });
    expect(await admin.purchasing.counts()).toMatchObject({ counts: { criada: 2 }, waitingForMe: 1 });
    expect(await financeiro.purchasing.counts()).toMatchObject({ waitingForMe: 1 });
  });

  it('lets the requester make orders only in the department they work in', async () => {
    const db = d.t.database.db;
    const before = await stored(db);
    const elsewhere = orderOf(s, 10_000, { departmentId: s.financeiroDepartment.departmentId });
    expect(await codeOf(solicitante.purchasing.create({ order: elsewhere }))).toBe('FORBIDDEN');
    expect(await messageOf(solicitante.purchasing.create({ order: elsewhere }))).toBe(
      'Você só pode fazer pedidos de compra no departamento em que está trabalhando.',
    );
    expect(await codeOf(compradora.purchasing.create({ order: orderOf(s, 10_000) }))).toBe('FORBIDDEN');
    // Without the department chosen, or choosing one that is not theirs, the requester has no purchasing at all.
    for (const at of [d.org, d.matriz, s.financeiroDepartment]) {
      const lost = await d.as('solicitante', at);
      expect(await codeOf(lost.purchasing.list({ status: 'criada' }))).toBe('FORBIDDEN');
      expect(await codeOf(lost.purchasing.counts())).toBe('FORBIDDEN');
      expect(await codeOf(lost.purchasing.get({ id: o.mine.id }))).toBe('FORBIDDEN');
      expect(await codeOf(lost.purchasing.create({ order: orderOf(s, 10_000) }))).toBe('FORBIDDEN');
    }
    expect(await stored(db)).toEqual(before);
  });

  it('filters a list by department, requester, supplier, amount, period and number', async () => {
    const criadas = (filters: object) => idsIn(financeiro, 'criada', filters);
    const both = [o.mine.id, o.admins.id];
    expect(await criadas({ departmentId: s.compras.departmentId })).toEqual(expect.arrayContaining(both));
    expect(await criadas({ departmentId: s.financeiroDepartment.departmentId })).toEqual([]);
    expect(await criadas({ requesterId: s.ids.solicitante })).toEqual([o.mine.id]);
    expect(await criadas({ requesterId: s.ids.admin })).toEqual([o.admins.id]);
    expect(await criadas({ supplierId: s.ids.supplier2 })).toEqual([o.admins.id]);
    expect(await criadas({ amountMin: 150_000 })).toEqual([o.admins.id]);
    expect(await criadas({ amountMax: 150_000 })).toEqual([o.mine.id]);
    expect(await criadas({ amountMin: 100_000, amountMax: 200_000 })).toEqual(expect.arrayContaining(both));
    expect(await criadas({ from: day(0), to: day(0) })).toEqual(expect.arrayContaining(both));
    expect(await criadas({ from: day(1) })).toEqual([]);
    expect(await criadas({ to: day(-1) })).toEqual([]);

    // Orders naming no supplier yet: only the number and the justification can match.
    const screws = await solicitante.purchasing.create({
      order: orderOf(s, 5_000, { supplierId: null, justification: 'Parafusos para a manutenção' }),
    });
    const nuts = await solicitante.purchasing.create({
      order: orderOf(s, 6_000, { supplierId: null, justification: 'Porcas sextavadas' }),
    });
    const found = await criadas({ search: String(screws.number) });
    expect(found).toContain(screws.id);
    expect(found).not.toContain(nuts.id);
    expect(await criadas({ search: 'PARAFUSOS' })).toEqual([screws.id]);
  });

  it('puts first, among the orders awaiting approval, those that wait for the caller', async () => {
    const rows = async (c: Callers) => (await c.purchasing.list({ status: 'aguardando_aprovacao' })).rows;
    for (const [caller, first, second] of [
      [admin, o.climbed.id, o.waiting.id],
      [financeiro, o.waiting.id, o.climbed.id],
    ] as const) {
      const list = await rows(caller);
      const waits = list.map((r) => r.waitsForMe);
      expect(waits).toEqual([...waits].sort((a, b) => Number(b) - Number(a)));
      const ids = list.map((r) => r.id);
      expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
      expect(list.find((r) => r.id === first)?.waitsForMe).toBe(true);
      expect(list.find((r) => r.id === second)?.waitsForMe).toBe(false);
    }
  });

  describe('across organizations', () => {
    const conclusion = (order: Order) => ({
      id: order.id,
      version: order.version,
      issueDate: '2026-04-01',
      installments: [{ dueDate: '2026-05-01', amount: order.total }],
    });
    /** Every procedure of the router, aimed at one order. */
    /** Every procedure of the router that names an order, aimed at one, each called when its turn comes. */
    const everyCall = (c: Callers, order: Order, body: ReturnType<typeof orderOf>) => ({
      get: () => c.purchasing.get({ id: order.id }),
      update: () => c.purchasing.update({ id: order.id, version: order.version, order: body }),
      enviar: () => c.purchasing.transition({ type: 'enviar', id: order.id, version: order.version }),
      aprovar: () => c.purchasing.transition({ type: 'aprovar', id: order.id, version: order.version }),
      reprovar: () =>
        c.purchasing.transition({ type: 'reprovar', id: order.id, version: order.version, reason: 'Não' }),
      cancelar: () =>
        c.purchasing.transition({ type: 'cancelar', id: order.id, version: order.version, reason: 'Não' }),
      approveMany: () => c.purchasing.approveMany({ orders: [{ id: order.id, version: order.version }] }),
      competence: () => c.purchasing.competence({ id: order.id, issueDate: '2026-04-01' }),
      conclude: () => c.purchasing.conclude(conclusion(order)),
    });
    const codes = async (calls: Record<string, () => Promise<unknown>>) => {
      const out: Record<string, string> = {};
      for (const [name, call] of Object.entries(calls)) out[name] = await codeOf(call());
      return out;
    };
    const everywhere = (code: string) =>
      Object.fromEntries(
        ['get', 'update', 'enviar', 'aprovar', 'reprovar', 'cancelar', 'approveMany', 'competence', 'conclude'].map(
          (n) => [n, code],
        ),
      );

    it("keeps Demo's orders out of another organization's reach, and theirs out of Demo's", async () => {
      const db = d.t.database.db;
      const demoOrders = [o.mine, o.waiting, o.approved, o.climbed];
      const before = await Promise.all(demoOrders.map((order) => orderRow(db, order.id)));
      const totals = await stored(db);
      const outraBody = orderOf(s, 70_000, {
        departmentId: d.other.departmentId,
        supplierId: s.ids.otherSupplier,
        classificationId: s.ids.otherClassification,
        costCentreId: s.ids.otherCostCentre,
      });
      for (const order of demoOrders) {
        expect(await codes(everyCall(outro, order, outraBody))).toEqual(everywhere('NOT_FOUND'));
      }
      for (const status of PURCHASE_ORDER_STATUSES) {
        expect(await idsIn(outro, status)).toEqual(status === 'criada' ? [o.outras.id] : []);
      }
      expect(await outro.purchasing.counts()).toEqual({
        counts: { criada: 1, aguardando_aprovacao: 0, aprovada: 0, reprovada: 0, concluida: 0, cancelada: 0 },
        waitingForMe: 0,
      });
      expect(await messageOf(outro.purchasing.create({ order: orderOf(s, 10_000) }))).toBe(
        'Departamento não encontrado nesta organização.',
      );

      // Outra's user choosing Demo is refused before anything is read.
      const intruder = await d.as('outro', d.org);
      expect(await codes(everyCall(intruder, o.mine, orderOf(s, 100_000)))).toEqual(everywhere('FORBIDDEN'));
      expect(await codeOf(intruder.purchasing.list({ status: 'criada' }))).toBe('FORBIDDEN');
      expect(await codeOf(intruder.purchasing.counts())).toBe('FORBIDDEN');
      expect(await codeOf(intruder.purchasing.create({ order: orderOf(s, 10_000) }))).toBe('FORBIDDEN');

      // And Demo's people never reach Outra's order.
      for (const caller of [admin, financeiro, solicitante]) {
        expect(await codes(everyCall(caller, o.outras, orderOf(s, 70_000)))).toEqual(everywhere('NOT_FOUND'));
        for (const status of PURCHASE_ORDER_STATUSES) expect(await idsIn(caller, status)).not.toContain(o.outras.id);
      }

      expect(await stored(db)).toEqual(totals);
      expect(await Promise.all(demoOrders.map((order) => orderRow(db, order.id)))).toEqual(before);
      expect(await orderRow(db, o.outras.id)).toMatchObject({ status: 'criada', version: 1, events: 1 });
    });

    it("refuses another organization's supplier, classification, cost centre, product and department by name", async () => {
      const db = d.t.database.db;
      const before = await orderRow(db, o.mine.id);
      const totals = await stored(db);
      const item = { description: 'Chapa', quantity: 1, unit: 'UN' as const, unitPrice: 100_000 };
      const cases: [ReturnType<typeof orderOf>, string][] = [
        [orderOf(s, 100_000, { supplierId: s.ids.otherSupplier }), 'Fornecedor não encontrado nesta organização.'],
        [
          orderOf(s, 100_000, {
            supplierId: null,
            quotations: [{ supplierId: s.ids.otherSupplier, total: 100_000 }],
            chosenQuotation: 0,
          }),
          'Fornecedor não encontrado nesta organização.',
        ],
        [
          orderOf(s, 100_000, { classificationId: s.ids.otherClassification }),
          'Classificação não encontrada nesta organização.',
        ],
        [
          orderOf(s, 100_000, { costCentreId: s.ids.otherCostCentre }),
          'Centro de custo não encontrado nesta organização.',
        ],
        [
          orderOf(s, 100_000, { items: [{ ...item, productId: s.ids.otherProduct }] }),
          'Produto não encontrado nesta organização.',
        ],
      ];
      for (const [order, message] of cases) {
        expect(await messageOf(solicitante.purchasing.create({ order }))).toBe(message);
        expect(await messageOf(admin.purchasing.create({ order }))).toBe(message);
        expect(await messageOf(solicitante.purchasing.update({ id: o.mine.id, version: o.mine.version, order }))).toBe(
          message,
        );
      }
      const outraDepartment = orderOf(s, 100_000, { departmentId: d.other.departmentId });
      expect(await messageOf(admin.purchasing.create({ order: outraDepartment }))).toBe(
        'Departamento não encontrado nesta organização.',
      );
      expect(await codeOf(solicitante.purchasing.create({ order: outraDepartment }))).toBe('FORBIDDEN');
      expect(
        await messageOf(
          solicitante.purchasing.update({ id: o.mine.id, version: o.mine.version, order: outraDepartment }),
        ),
      ).toBe('O departamento de um pedido não muda: cancele-o e faça outro no departamento certo.');

      const concludeWith = (extra: object) => financeiro.purchasing.conclude({ ...conclusion(o.approved), ...extra });
      for (const extra of [{ classificationId: s.ids.otherClassification }, { costCentreId: s.ids.otherCostCentre }]) {
        expect(await codeOf(concludeWith(extra))).toBe('BAD_REQUEST');
        expect(await messageOf(concludeWith(extra))).toMatch(/não encontrad[ao] nesta organização\.$/);
      }

      expect(await stored(db)).toEqual(totals);
      expect(await orderRow(db, o.mine.id)).toEqual(before);
      expect(await orderRow(db, o.approved.id)).toMatchObject({ status: 'aprovada', version: o.approved.version });
    });
  });
});

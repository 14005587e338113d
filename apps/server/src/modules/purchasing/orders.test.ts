import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { codeOf, messageOf } from '../../test/callers';
import { startDemoApp, type DemoApp } from '../../test/demo';
import { eventLog } from '../audit/schema';
import { ledgerDocumentLines, ledgerInstallments } from '../ledger/schema';
import { newCostCentre } from '../../test/ledger-fixtures';
import {
  brl,
  emailsTo,
  orderIn,
  orderOf,
  orderRow,
  overHttp,
  payablesOf,
  setUpPurchasing,
  stored,
  type Callers,
  type PurchasingSetup,
} from '../../test/purchasing-fixtures';

const FINANCEIRO_EMAIL = 'financeiro@demo.financeiro.local';
const ADMIN_EMAIL = 'admin@demo.financeiro.local';
const SOLICITANTE_EMAIL = 'solicitante@demo.financeiro.local';
const LINK = 'http://127.0.0.1:3999/compras';

describe('purchase orders: the workflow through the API', () => {
  let d: DemoApp;
  let s: PurchasingSetup;
  let admin: Callers;
  let financeiro: Callers;
  let solicitante: Callers;
  let compradora: Callers;
  let outro: Callers;

  beforeAll(async () => {
    d = await startDemoApp();
    s = await setUpPurchasing(d);
    admin = await d.as('admin', d.org);
    financeiro = await d.as('financeiro', d.org);
    solicitante = await d.as('solicitante', s.compras);
    compradora = await d.as('compradora', s.financeiroDepartment);
    outro = await d.as('outro', d.elsewhere);
  });
  afterAll(() => d?.t.close());

  it('takes an order of R$ 12.000,00 from the requester up two levels of approval to one payable', async () => {
    const db = d.t.database.db;
    const { id, number } = await solicitante.purchasing.create({ order: orderOf(s, 1_200_000) });
    expect(await solicitante.purchasing.get({ id })).toMatchObject({ status: 'criada', total: 1_200_000, version: 1 });
    await solicitante.purchasing.transition({ type: 'enviar', id, version: 1 });
    expect((await orderRow(db, id)).row?.waitingFor).toEqual([s.ids.financeiro]);

    // financeiro's limit is R$ 5.000,00: their approval sends the order up to admin.
    const climbed = await financeiro.purchasing.transition({ type: 'aprovar', id, version: 2 });
    expect(climbed).toEqual({ id, status: 'aguardando_aprovacao', version: 3 });
    expect((await orderRow(db, id)).row?.waitingFor).toEqual([s.ids.admin]);
    expect(await financeiro.purchasing.get({ id })).toMatchObject({
      waitsForMe: false,
      approvals: [{ limit: 500_000 }],
    });
    expect(await admin.purchasing.get({ id })).toMatchObject({ waitsForMe: true });
    const before = await orderRow(db, id);
    expect(await messageOf(financeiro.purchasing.transition({ type: 'aprovar', id, version: 3 }))).toBe(
      'Você já aprovou este pedido; ele aguarda o próximo nível.',
    );
    expect(await orderRow(db, id)).toMatchObject({ version: before.version, events: before.events });

    expect(await admin.purchasing.transition({ type: 'aprovar', id, version: 3 })).toMatchObject({
      status: 'aprovada',
      version: 4,
    });
    const installments = [
      { dueDate: '2026-05-10', amount: 600_000 },
      { dueDate: '2026-06-10', amount: 600_000 },
    ];
    const concluded = await financeiro.purchasing.conclude({ id, version: 4, issueDate: '2026-04-01', installments });
    const order = await financeiro.purchasing.get({ id });
    expect(order).toMatchObject({ status: 'concluida', payableId: concluded.payableId, payableStatus: 'open' });

    const payable = await (await d.as('financeiro', d.matriz)).ledger.documents.get({ id: concluded.payableId });
    expect(payable).toMatchObject({
      kind: 'payable',
      partyId: s.ids.supplier,
      unitId: d.matriz.unitId,
      grossAmount: 1_200_000,
      description: `Pedido de compra nº ${number}`,
    });
    expect(payable.installments.map((i) => ({ dueDate: i.dueDate, amount: i.amount }))).toEqual(installments);
    const [row] = await payablesOf(db, [id]);
    expect(row?.purchaseOrderId).toBe(id);
    const lines = await db
      .select()
      .from(ledgerDocumentLines)
      .where(eq(ledgerDocumentLines.documentId, row?.id ?? ''));
    expect(lines).toMatchObject([{ classificationId: s.ids.classification, costCentreId: s.ids.costCentre }]);
    const stages = await db
      .select()
      .from(ledgerInstallments)
      .where(eq(ledgerInstallments.documentId, row?.id ?? ''));
    expect(stages).toHaveLength(2);

    expect(order.events.map((e) => [e.action, e.toStatus, e.actor])).toEqual([
      ['criar', 'criada', 'Sofia Solicitante'],
      ['enviar', 'aguardando_aprovacao', 'Sofia Solicitante'],
      ['aprovar', 'aguardando_aprovacao', 'Fábio Financeiro'],
      ['aprovar', 'aprovada', 'Ana Administradora'],
      ['concluir', 'concluida', 'Fábio Financeiro'],
    ]);
    expect(order.events.map((e) => e.description)).toEqual([
      'Pedido criado.',
      brl('Pedido de R$ 12.000,00 enviado para aprovação.'),
      brl('Aprovado até a alçada de R$ 5.000,00; o pedido de R$ 12.000,00 sobe para quem aprova até R$ 50.000,00.'),
      brl('Pedido de R$ 12.000,00 aprovado (alçada de R$ 50.000,00).'),
      brl('Pedido de R$ 12.000,00 concluído.'),
    ]);
  });

  describe('every transition × profile', () => {
    type Action = 'editar' | 'enviar' | 'aprovar' | 'reprovar' | 'cancelar' | 'concluir';
    type Who = 'admin' | 'financeiro' | 'solicitante' | 'compradora' | 'outro';
    const callers = (): Record<Who, Callers> => ({ admin, financeiro, solicitante, compradora, outro });

    const act = (c: Callers, action: Action, o: { id: string; version: number; total: number }) => {
      const { id, version } = o;
      switch (action) {
        case 'editar':
          return c.purchasing.update({ id, version, order: orderOf(s, o.total, { justification: 'Mais chapas' }) });
        case 'enviar':
        case 'aprovar':
          return c.purchasing.transition({ type: action, id, version });
        case 'reprovar':
        case 'cancelar':
          return c.purchasing.transition({ type: action, id, version, reason: 'Sem orçamento' });
        case 'concluir':
          return c.purchasing.conclude({
            id,
            version,
            issueDate: '2026-04-01',
            installments: [{ dueDate: '2026-05-01', amount: o.total }],
          });
      }
    };

    // The order is the requester's (solicitante), R$ 1.000,00: within every approver's limit.
    const MATRIX: [Action, 'criada' | 'aguardando_aprovacao' | 'aprovada', Record<Who, string>][] = [
      [
        'editar',
        'criada',
        { admin: 'OK', financeiro: 'FORBIDDEN', solicitante: 'OK', compradora: 'NOT_FOUND', outro: 'NOT_FOUND' },
      ],
      [
        'enviar',
        'criada',
        { admin: 'OK', financeiro: 'FORBIDDEN', solicitante: 'OK', compradora: 'NOT_FOUND', outro: 'NOT_FOUND' },
      ],
      [
        'aprovar',
        'aguardando_aprovacao',
        { admin: 'OK', financeiro: 'OK', solicitante: 'FORBIDDEN', compradora: 'NOT_FOUND', outro: 'NOT_FOUND' },
      ],
      [
        'reprovar',
        'aguardando_aprovacao',
        { admin: 'OK', financeiro: 'OK', solicitante: 'FORBIDDEN', compradora: 'NOT_FOUND', outro: 'NOT_FOUND' },
      ],
      [
        'cancelar',
        'aguardando_aprovacao',
        { admin: 'OK', financeiro: 'OK', solicitante: 'OK', compradora: 'NOT_FOUND', outro: 'NOT_FOUND' },
      ],
      [
        'cancelar',
        'criada',
        { admin: 'OK', financeiro: 'OK', solicitante: 'OK', compradora: 'NOT_FOUND', outro: 'NOT_FOUND' },
      ],
      [
        'cancelar',
        'aprovada',
        { admin: 'OK', financeiro: 'OK', solicitante: 'OK', compradora: 'NOT_FOUND', outro: 'NOT_FOUND' },
      ],
      [
        'concluir',
        'aprovada',
        { admin: 'OK', financeiro: 'OK', solicitante: 'FORBIDDEN', compradora: 'NOT_FOUND', outro: 'NOT_FOUND' },
      ],
    ];

    it.each(MATRIX)(
      '%s from %s: each profile is allowed or refused, and a refusal stores nothing',
      async (action, from, expected) => {
        const db = d.t.database.db;
        const outcome: Record<string, string> = {};
        const fresh = () => orderIn(s, { requester: solicitante, approver: admin }, from);
        // A refused attempt leaves the order as it was, so the next profile tries the same one.
        let order = await fresh();
        for (const [who, caller] of Object.entries(callers())) {
          if ((await orderRow(db, order.id)).version !== order.version) order = await fresh();
          const before = await orderRow(db, order.id);
          const totals = await stored(db);
          outcome[who] = await codeOf(act(caller, action, order));
          const after = await orderRow(db, order.id);
          if (outcome[who] === 'OK') {
            expect(after).toMatchObject({ version: order.version + 1, events: before.events + 1 });
          } else {
            expect(after).toMatchObject({ status: from, version: order.version, events: before.events });
            expect(await stored(db)).toEqual(totals);
          }
        }
        expect(outcome).toEqual(expected);
      },
    );

    it('refuses what the order status does not allow with BAD_REQUEST, and a stale version with CONFLICT', async () => {
      const db = d.t.database.db;
      const who = { requester: solicitante, approver: admin };
      const cases: [Action, 'criada' | 'aguardando_aprovacao' | 'aprovada' | 'reprovada' | 'cancelada', string][] = [
        ['enviar', 'aguardando_aprovacao', 'Só um pedido em rascunho pode ser enviado para aprovação.'],
        ['enviar', 'aprovada', 'Só um pedido em rascunho pode ser enviado para aprovação.'],
        ['aprovar', 'criada', 'Só um pedido aguardando aprovação pode ser aprovado ou reprovado.'],
        ['aprovar', 'aprovada', 'Só um pedido aguardando aprovação pode ser aprovado ou reprovado.'],
        ['reprovar', 'criada', 'Só um pedido aguardando aprovação pode ser aprovado ou reprovado.'],
        ['concluir', 'criada', 'Só um pedido aprovado pode ser concluído.'],
        ['concluir', 'aguardando_aprovacao', 'Só um pedido aprovado pode ser concluído.'],
        ['editar', 'reprovada', 'Este pedido foi reprovado e não pode mais ser alterado.'],
        ['aprovar', 'reprovada', 'Este pedido foi reprovado e não pode mais ser alterado.'],
        ['cancelar', 'cancelada', 'Este pedido foi cancelado e não pode mais ser alterado.'],
        ['enviar', 'cancelada', 'Este pedido foi cancelado e não pode mais ser alterado.'],
      ];
      for (const [action, from, message] of cases) {
        const order = await orderIn(s, who, from);
        const before = await orderRow(db, order.id);
        const call = act(admin, action, order);
        expect([action, from, await codeOf(call), await messageOf(act(admin, action, order))]).toEqual([
          action,
          from,
          'BAD_REQUEST',
          message,
        ]);
        expect(await orderRow(db, order.id)).toMatchObject({ version: before.version, events: before.events });
      }
      const concluded = await orderIn(s, who, 'aprovada');
      await act(financeiro, 'concluir', concluded);
      const done = { ...concluded, version: concluded.version + 1 };
      expect(await messageOf(act(admin, 'cancelar', done))).toBe(
        'Este pedido já foi concluído e não pode mais ser alterado.',
      );

      const stale = await orderIn(s, who, 'aguardando_aprovacao');
      const totals = await stored(db);
      expect(await codeOf(act(admin, 'aprovar', { ...stale, version: stale.version - 1 }))).toBe('CONFLICT');
      expect(await messageOf(act(admin, 'cancelar', { ...stale, version: stale.version + 5 }))).toBe(
        'Este pedido foi alterado por outra pessoa. Atualize a tela e tente de novo.',
      );
      expect(await stored(db)).toEqual(totals);
    });

    it('refuses a rejection or a cancellation without a reason', async () => {
      const order = await orderIn(s, { requester: solicitante, approver: admin }, 'aguardando_aprovacao');
      const { id, version } = order;
      const reject = { type: 'reprovar', id, version, reason: '  ' };
      expect(await overHttp(d, 'financeiro', d.org, 'mutation', 'transition', reject)).toEqual({
        status: 400,
        message: 'Informe o motivo da reprovação.',
      });
      const cancel = { type: 'cancelar', id, version, reason: '' };
      expect(await overHttp(d, 'solicitante', s.compras, 'mutation', 'transition', cancel)).toEqual({
        status: 400,
        message: 'Informe o motivo do cancelamento.',
      });
      expect(await orderRow(d.t.database.db, id)).toMatchObject({ status: 'aguardando_aprovacao', version });
    });
  });

  it('lets nobody approve their own order: admin makes one organization-wide and financeiro approves it', async () => {
    const db = d.t.database.db;
    const { id } = await admin.purchasing.create({ order: orderOf(s, 300_000) });
    const sent = await admin.purchasing.transition({ type: 'enviar', id, version: 1 });
    expect((await orderRow(db, id)).row?.waitingFor).toEqual([s.ids.financeiro]);
    const before = await orderRow(db, id);
    expect(await codeOf(admin.purchasing.transition({ type: 'aprovar', id, version: sent.version }))).toBe(
      'BAD_REQUEST',
    );
    expect(
      await messageOf(admin.purchasing.transition({ type: 'reprovar', id, version: sent.version, reason: 'x' })),
    ).toBe('Você não pode aprovar nem reprovar o seu próprio pedido.');
    expect(await orderRow(db, id)).toMatchObject({ version: before.version, events: before.events });
    expect(await financeiro.purchasing.transition({ type: 'aprovar', id, version: sent.version })).toMatchObject({
      status: 'aprovada',
    });

    // Above every limit but the requester's own, nobody can approve it: sending it is refused.
    const big = await admin.purchasing.create({ order: orderOf(s, 600_000) });
    expect(await messageOf(admin.purchasing.transition({ type: 'enviar', id: big.id, version: 1 }))).toBe(
      brl(
        'Nenhum aprovador do centro de compras deste departamento tem alçada para R$ 6.000,00. Ajuste as alçadas do centro de compras.',
      ),
    );
    expect(await orderRow(db, big.id)).toMatchObject({ status: 'criada', version: 1, events: 1 });
  });

  it('sends an approved order back for approval when its total changes, and keeps it approved otherwise', async () => {
    const db = d.t.database.db;
    const order = await orderIn(s, { requester: solicitante, approver: admin }, 'aprovada', 400_000);
    const same = await solicitante.purchasing.update({
      id: order.id,
      version: order.version,
      order: orderOf(s, 400_000, { justification: 'Chapas, entrega na doca 2' }),
    });
    expect(same).toMatchObject({ status: 'aprovada', version: order.version + 1 });
    expect((await orderRow(db, order.id)).row).toMatchObject({ justification: 'Chapas, entrega na doca 2' });

    const changed = await solicitante.purchasing.update({
      id: order.id,
      version: same.version,
      order: orderOf(s, 450_000),
    });
    expect(changed).toMatchObject({ status: 'aguardando_aprovacao' });
    const { row } = await orderRow(db, order.id);
    expect(row).toMatchObject({
      total: 450_000,
      approvals: [],
      approvedTotal: 400_000,
      waitingFor: [s.ids.financeiro],
    });
    const got = await solicitante.purchasing.get({ id: order.id });
    expect(got.items).toMatchObject([{ unitPrice: 450_000, total: 450_000 }]);
    expect(got.events.at(-1)?.description).toBe(
      brl('Alterado: itens; valor de R$ 4.000,00 para R$ 4.500,00; o pedido volta para aprovação.'),
    );
  });

  it('sends an order back for approval when what is bought changes at the same total, and logs what changed', async () => {
    const db = d.t.database.db;
    const order = await orderIn(s, { requester: solicitante, approver: admin }, 'aprovada', 400_000);
    // Another supplier and other items, priced to the same R$ 4.000,00 that was approved.
    const swap = {
      supplierId: s.ids.supplier3,
      items: [{ description: 'Chapa de aço comum 1 mm', quantity: 4, unit: 'UN' as const, unitPrice: 100_000 }],
    };
    const swapped = await solicitante.purchasing.update({
      id: order.id,
      version: order.version,
      order: orderOf(s, 400_000, swap),
    });
    expect(swapped).toMatchObject({ status: 'aguardando_aprovacao' });
    expect((await orderRow(db, order.id)).row).toMatchObject({ total: 400_000, approvals: [], approvedTotal: 400_000 });
    const got = await solicitante.purchasing.get({ id: order.id });
    expect(got.events.at(-1)?.description).toBe('Alterado: fornecedor, itens; o pedido volta para aprovação.');
    const [logged] = await db
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.entityId, order.id), eq(eventLog.action, 'purchase_order.editar')))
      .orderBy(desc(eventLog.id))
      .limit(1);
    expect(logged?.after).toMatchObject({ status: 'aguardando_aprovacao', changed: ['fornecedor', 'itens'] });

    // Approved again, then only the cost centre moves: approval again.
    const approved = await admin.purchasing.transition({ type: 'aprovar', id: order.id, version: swapped.version });
    const otherCentre = await newCostCentre(await d.as('admin', d.matriz), 'Manutenção');
    const moved = await solicitante.purchasing.update({
      id: order.id,
      version: approved.version,
      order: orderOf(s, 400_000, { ...swap, costCentreId: otherCentre }),
    });
    expect(moved).toMatchObject({ status: 'aguardando_aprovacao' });
    expect((await solicitante.purchasing.get({ id: order.id })).events.at(-1)?.description).toBe(
      'Alterado: centro de custo; o pedido volta para aprovação.',
    );
  });

  it('refuses bad input with a pt-BR message and stores nothing', async () => {
    const db = d.t.database.db;
    const item = { description: 'Chapa', quantity: 1, unit: 'UN' as const, unitPrice: 10_000 };
    const quote = (supplierId: string, total: number) => ({ supplierId, total });
    const items = (n: number) => Array.from({ length: n }, () => item);
    const cases: [string, unknown, string][] = [
      [
        'NUL',
        orderOf(s, 10_000, { justification: 'Chapas\u0000' }),
        'O texto enviado tem caracteres inválidos (como o caractere nulo). Apague-os e tente de novo.',
      ],
      ['70k', orderOf(s, 10_000, { justification: 'x'.repeat(70_000) }), 'Use até 2000 caracteres.'],
      ['blank', orderOf(s, 10_000, { justification: '   ' }), 'Explique por que a compra é necessária.'],
      [
        'negative price',
        orderOf(s, 10_000, { items: [{ ...item, unitPrice: -100 }] }),
        'O valor deve ser maior que zero.',
      ],
      ['zero price', orderOf(s, 10_000, { items: [{ ...item, unitPrice: 0 }] }), 'O valor deve ser maior que zero.'],
      [
        'huge price',
        orderOf(s, 10_000, { items: [{ ...item, unitPrice: 10 ** 15 }] }),
        'O valor do pedido é alto demais.',
      ],
      [
        'unsafe price',
        orderOf(s, 10_000, { items: [{ ...item, unitPrice: 2 ** 60 }] }),
        'O valor de "order.items.0.unitPrice" é alto demais.',
      ],
      [
        'negative quantity',
        orderOf(s, 10_000, { items: [{ ...item, quantity: -1 }] }),
        'Quantidade inválida: use um número maior que zero, como 2,5.',
      ],
      [
        'zero quantity',
        orderOf(s, 10_000, { items: [{ ...item, quantity: '0' }] }),
        'Quantidade inválida: use um número maior que zero, como 2,5.',
      ],
      [
        'huge quantity',
        orderOf(s, 10_000, { items: [{ ...item, quantity: 10 ** 9 }] }),
        'Quantidade inválida: use um número maior que zero, como 2,5.',
      ],
      ['no items', orderOf(s, 10_000, { items: [] }), 'Inclua ao menos um item.'],
      ['101 items', orderOf(s, 10_000, { items: items(101) }), 'Use até 100 itens.'],
      [
        '4 quotations',
        orderOf(s, 10_000, {
          quotations: [
            quote(s.ids.supplier, 1),
            quote(s.ids.supplier2, 2),
            quote(s.ids.supplier3, 3),
            quote(s.ids.supplier, 4),
          ],
          chosenQuotation: 0,
          quotationReason: 'Mais barata',
        }),
        'Compare até 3 cotações.',
      ],
      [
        'same supplier twice',
        orderOf(s, 10_000, {
          quotations: [quote(s.ids.supplier, 1), quote(s.ids.supplier, 2)],
          chosenQuotation: 0,
          quotationReason: 'Mais barata',
        }),
        'Cada cotação deve ser de um fornecedor diferente.',
      ],
      [
        'chosen quotation missing',
        orderOf(s, 10_000, { quotations: [quote(s.ids.supplier, 1), quote(s.ids.supplier2, 2)], chosenQuotation: 2 }),
        'Escolha uma das cotações.',
      ],
      [
        'no chosen quotation',
        orderOf(s, 10_000, { quotations: [quote(s.ids.supplier, 1)], chosenQuotation: null }),
        'Escolha uma das cotações.',
      ],
      [
        'no reason for the chosen one',
        orderOf(s, 10_000, { quotations: [quote(s.ids.supplier, 1), quote(s.ids.supplier2, 2)], chosenQuotation: 0 }),
        'Justifique a cotação escolhida.',
      ],
      ['items as text', { ...orderOf(s, 10_000), items: 'muitos' }, 'Inclua os itens do pedido.'],
      [
        'justification as number',
        { ...orderOf(s, 10_000), justification: 5 },
        'Explique por que a compra é necessária.',
      ],
      ['department not an id', { ...orderOf(s, 10_000), departmentId: 'compras' }, 'Escolha o departamento.'],
      [
        'unit unknown',
        orderOf(s, 10_000, { items: [{ ...item, unit: 'XX' as 'UN' }] }),
        'Escolha a unidade de medida.',
      ],
    ];
    const before = await stored(db);
    const existing = await orderIn(s, { requester: solicitante, approver: admin }, 'criada');
    const withOne = await stored(db);
    for (const [name, order, message] of cases) {
      const created = await overHttp(d, 'solicitante', s.compras, 'mutation', 'create', { order });
      expect([name, created]).toEqual([name, { status: 400, message }]);
      const updated = await overHttp(d, 'solicitante', s.compras, 'mutation', 'update', {
        id: existing.id,
        version: 1,
        order,
      });
      expect([name, updated]).toEqual([name, { status: 400, message }]);
    }
    expect(before.orders + 1).toBe(withOne.orders);
    expect(await stored(db)).toEqual(withOne);
    expect(await orderRow(db, existing.id)).toMatchObject({ version: 1, events: 1, total: 100_000 });
  });

  it('keeps the line totals exact: 2,5 kg at R$ 3,33 is R$ 8,33 and the order adds its lines', async () => {
    const { id } = await solicitante.purchasing.create({
      order: orderOf(s, 1, {
        items: [
          { description: 'Parafusos', quantity: '2,5', unit: 'KG', unitPrice: 333 },
          { description: 'Porcas', quantity: 3, unit: 'UN', unitPrice: 125 },
        ],
      }),
    });
    const order = await solicitante.purchasing.get({ id });
    expect(order.items.map((i) => [i.quantity, i.unitPrice, i.total])).toEqual([
      [2500, 333, 833],
      [3000, 125, 375],
    ]);
    expect(order.total).toBe(1208);
  });

  it('e-mails the approvers of the level the order waits for, then the requester, each with a link to the order', async () => {
    const db = d.t.database.db;
    const mails = async (address: string, number: number) =>
      (await emailsTo(db, address)).filter((m) => m.subject?.startsWith(`Pedido de compra nº ${number} `));

    const { id, number } = await solicitante.purchasing.create({ order: orderOf(s, 1_200_000) });
    expect(await mails(FINANCEIRO_EMAIL, number)).toEqual([]);
    await solicitante.purchasing.transition({ type: 'enviar', id, version: 1 });
    const [toFinanceiro] = await mails(FINANCEIRO_EMAIL, number);
    expect(toFinanceiro?.subject).toBe(brl(`Pedido de compra nº ${number} aguarda a sua aprovação (R$ 12.000,00)`));
    expect(toFinanceiro?.body).toContain(`${LINK}/aguardando_aprovacao?pedido=${id}`);
    expect(toFinanceiro?.html).toContain(`${LINK}/aguardando_aprovacao?pedido=${id}`);
    expect(await mails(ADMIN_EMAIL, number)).toEqual([]);

    await financeiro.purchasing.transition({ type: 'aprovar', id, version: 2 });
    const [toAdmin] = await mails(ADMIN_EMAIL, number);
    expect(toAdmin?.subject).toBe(brl(`Pedido de compra nº ${number} aguarda a sua aprovação (R$ 12.000,00)`));
    expect(toAdmin?.body).toContain(`${LINK}/aguardando_aprovacao?pedido=${id}`);
    expect(await mails(SOLICITANTE_EMAIL, number)).toEqual([]);

    await admin.purchasing.transition({ type: 'aprovar', id, version: 3 });
    await financeiro.purchasing.conclude({
      id,
      version: 4,
      issueDate: '2026-04-01',
      installments: [{ dueDate: '2026-05-01', amount: 1_200_000 }],
    });
    const toRequester = await mails(SOLICITANTE_EMAIL, number);
    expect(toRequester.map((m) => m.subject)).toEqual([
      `Pedido de compra nº ${number} foi aprovado`,
      `Pedido de compra nº ${number} foi concluído`,
    ]);
    expect(toRequester[0]?.body).toContain(`${LINK}/aprovadas?pedido=${id}`);
    expect(toRequester[1]?.body).toContain(`${LINK}/concluidas?pedido=${id}`);
    expect(await mails(FINANCEIRO_EMAIL, number)).toHaveLength(1);

    const rejected = await orderIn(s, { requester: solicitante, approver: financeiro }, 'reprovada');
    const [rejection] = await mails(SOLICITANTE_EMAIL, rejected.number);
    expect(rejection?.subject).toBe(`Pedido de compra nº ${rejected.number} foi reprovado`);
    expect(rejection?.body).toContain('Motivo: Caro demais');
    expect(rejection?.body).toContain(`${LINK}/reprovadas?pedido=${rejected.id}`);
  });
});

import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { codeOf, messageOf } from '../../test/callers';
import { startDemoApp, type DemoApp } from '../../test/demo';
import { accountMovements, ledgerDocuments, ledgerInstallments } from '../ledger/schema';
import { newClassification, newCostCentre, newParty, type Callers } from '../../test/ledger-fixtures';
import { mercadopagoReconciliations, mercadopagoReleaseBookings, mercadopagoSettlements } from './schema';

const fixture = (name: string) =>
  Buffer.from(
    readFileSync(new URL(`../../../../../packages/core/src/mercadopago/fixtures/${name}`, import.meta.url), 'utf8'),
    'utf8',
  ).toString('base64');

/*
 * The API's settlement report (packages/core/src/mercadopago/fixtures/settlement-english-comma.csv): four sales from
 * the 3rd to the 5th of October 2026 — CR-2026-0001 R$ 150,00 (fees 8,99), CR-2026-0002 R$ 1.234,56 (fee 12,35),
 * an order of R$ 79,90 with no receivable (Mercado Livre's commission 9,59 and shipping 2,84), CR-2026-0004
 * R$ 200,00 (fee 5,98 and taxes 4,00) — then the first one refunded whole on the 6th with its fees given back, the
 * order's chargeback on the 7th, and a payout on the 8th.
 */
describe('Mercado Pago reconciliation', () => {
  let d: DemoApp;
  let fin: Callers;
  let admin: Callers;
  const ids = {
    wallet: '',
    pending: '',
    bank: '',
    fees: '',
    sales: '',
    centre: '',
    customer: '',
    consumer: '',
    foreign: '',
  };
  const receivables = new Map<string, string>();
  const db = () => d.t.database.db;
  const key = () => crypto.randomUUID();

  const balance = async (accountId: string) =>
    Number(
      (
        await db()
          .select({ total: sql<string>`coalesce(sum(${accountMovements.amount}), 0)` })
          .from(accountMovements)
          .where(eq(accountMovements.accountId, accountId))
      )[0]?.total ?? 0,
    );
  const installmentOf = async (documentNumber: string) =>
    (
      await db()
        .select({ settled: ledgerInstallments.settled, status: ledgerInstallments.status })
        .from(ledgerInstallments)
        .where(eq(ledgerInstallments.documentNumber, documentNumber))
    )[0];
  const sale = async (sourceId: string, type = 'SETTLEMENT') =>
    (
      await db()
        .select()
        .from(mercadopagoSettlements)
        .where(and(eq(mercadopagoSettlements.sourceId, sourceId), eq(mercadopagoSettlements.transactionType, type)))
    )[0]?.id ?? '';
  const live = async () =>
    (
      await db()
        .select({ n: count() })
        .from(mercadopagoReconciliations)
        .where(isNull(mercadopagoReconciliations.undoneAt))
    )[0]?.n ?? 0;

  beforeAll(async () => {
    d = await startDemoApp();
    fin = await d.as('financeiro', d.matriz);
    admin = await d.as('admin', d.matriz);
    const account = async (name: string, kind: 'digital_wallet' | 'checking') => {
      const type = await admin.registries.accountTypes.create({ name: `Tipo ${name}`, kind });
      return (
        await admin.registries.accounts.create({
          name,
          accountTypeId: type.id,
          bankId: null,
          openingBalance: 0,
          openingDate: '2026-01-01',
          unitIds: [d.matriz.unitId],
        })
      ).id;
    };
    ids.wallet = await account('MP teste disponível', 'digital_wallet');
    ids.pending = await account('MP teste a liberar', 'digital_wallet');
    ids.bank = await account('Banco teste saques', 'checking');
    ids.fees = await newClassification(admin, 'Tarifas Mercado Pago teste');
    ids.sales = await newClassification(admin, 'Vendas online teste', 'income');
    ids.centre = await newCostCentre(admin, 'Loja online teste');
    ids.customer = await newParty(admin, { roles: ['customer'], document: '11222333000181', name: 'Cliente Online' });
    ids.consumer = await newParty(admin, {
      roles: ['customer'],
      document: '52998224725',
      name: 'Consumidor final',
      personType: 'PF',
    });
    for (const [number, amount, due] of [
      ['CR-2026-0001', 15_000, '2026-10-03'],
      ['CR-2026-0002', 123_456, '2026-10-04'],
      ['CR-2026-0004', 20_000, '2026-10-05'],
    ] as const) {
      const { id } = await fin.ledger.documents.create({
        kind: 'receivable',
        partyId: ids.customer,
        description: `Pedido ${number}`,
        documentNumber: number,
        documentType: 'outros',
        issueDate: '2026-10-01',
        competence: '2026-10',
        grossAmount: amount,
        lines: [{ classificationId: ids.sales, costCentreId: ids.centre, share: 10_000 }],
        installments: [{ dueDate: due, amount }],
      });
      receivables.set(number, id);
    }
    await fin.mercadopago.imports.commit({
      accountId: ids.wallet,
      fileName: 'settlement.csv',
      format: 'csv',
      content: fixture('settlement-english-comma.csv'),
      acceptRejected: false,
    });
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
  afterAll(() => d?.t.close());

  it('refuses to reconcile an account that was not configured, and keeps its settings once saved', async () => {
    expect(await fin.mercadopago.settings.get({ accountId: ids.wallet })).toBeNull();
    expect(
      await messageOf(
        fin.mercadopago.reconciliation.acceptAll({
          accountId: ids.wallet,
          from: '2026-10-01',
          to: '2026-10-31',
          minScore: 65,
        }),
      ),
    ).toContain('Configure a conciliação desta conta do Mercado Pago');
    // The input's own check answers in pt-BR (through the API's error formatter, as the first issue's message).
    expect(
      await messageOf(
        fin.mercadopago.settings.save({
          accountId: ids.wallet,
          pendingAccountId: ids.wallet,
          feeClassificationId: ids.fees,
        }),
      ),
    ).toContain('O saldo a liberar fica em outra conta, não na própria conta do Mercado Pago.');
    const settings = {
      accountId: ids.wallet,
      pendingAccountId: ids.pending,
      feeClassificationId: ids.fees,
      costCentreId: ids.centre,
      payoutAccountId: ids.bank,
      customerId: ids.consumer,
      receivableClassificationId: ids.sales,
    };
    await fin.mercadopago.settings.save({ ...settings, idempotencyKey: key() });
    expect(await fin.mercadopago.settings.get({ accountId: ids.wallet })).toMatchObject(settings);
  });

  it('settles receivables by approval date, books the fees, keeps the net to release, and applies the refund', async () => {
    const result = await fin.mercadopago.reconciliation.acceptAll({
      accountId: ids.wallet,
      from: '2026-10-01',
      to: '2026-10-31',
      minScore: 65,
      idempotencyKey: key(),
    });
    // Three sales carry a receivable's number; the order has none. The first sale's refund is applied with it.
    expect(result).toEqual({ reconciled: 3, reversals: 1 });
    expect(await installmentOf('CR-2026-0002')).toEqual({ settled: 123_456, status: 'paid' });
    expect(await installmentOf('CR-2026-0004')).toEqual({ settled: 20_000, status: 'paid' });
    // Refunded whole: the receivable is open again.
    expect(await installmentOf('CR-2026-0001')).toEqual({ settled: 0, status: 'open' });
    // What stays in "saldo a liberar" is the net of what stays sold: 1.222,21 + 186,02.
    expect(await balance(ids.pending)).toBe(122_221 + 18_602);
    const fees = await db()
      .select({ amount: accountMovements.amount, description: accountMovements.description })
      .from(accountMovements)
      .where(and(eq(accountMovements.accountId, ids.pending), eq(accountMovements.classificationId, ids.fees)));
    expect(fees.map((f) => f.amount).sort((a, b) => a - b)).toEqual([-1_235, -998, -699, -400, -200, 200, 699]);
    expect(fees.map((f) => f.description)).toContain('Mercado Pago: tarifa de processamento — pagamento 90000000002');
    // Receipts are dated on the approval day: 2026-10-04T02:30Z is the 3rd in São Paulo.
    const [receipt] = await db()
      .select({ date: accountMovements.date, amount: accountMovements.amount })
      .from(accountMovements)
      .where(and(eq(accountMovements.accountId, ids.pending), eq(accountMovements.amount, 123_456)));
    expect(receipt?.date).toBe('2026-10-03');
  });

  it('creates a receivable for a sale that had none, applies its chargeback, and undoes it all', async () => {
    const orderSale = await sale('90000000003');
    expect(
      await messageOf(fin.mercadopago.reconciliation.accept({ accountId: ids.wallet, settlementIds: [orderSale] })),
    ).toContain('não tem sugestão');
    const before = await balance(ids.pending);
    const { documentId } = await fin.mercadopago.reconciliation.createReceivable({
      settlementId: orderSale,
      idempotencyKey: key(),
    });
    const [document] = await db().select().from(ledgerDocuments).where(eq(ledgerDocuments.id, documentId));
    expect(document).toMatchObject({
      kind: 'receivable',
      partyId: ids.consumer,
      documentNumber: '2000001122334455',
      grossAmount: 7_990,
      issueDate: '2026-10-04',
    });
    // The chargeback took the whole payment back: the receivable is open, and the fees stay charged.
    expect(document?.status).toBe('open');
    expect(await balance(ids.pending)).toBe(before - 959 - 284);

    // Someone reverses one of its fee entries in the statement first: the undo still goes through, reversing it once.
    const [fee] = await db()
      .select({ id: accountMovements.id })
      .from(accountMovements)
      .where(and(eq(accountMovements.accountId, ids.pending), eq(accountMovements.amount, -959)));
    await fin.ledger.movements.reverse({ movementId: fee?.id ?? '', reason: 'Conferência', idempotencyKey: key() });
    await fin.mercadopago.reconciliation.undo({
      settlementId: orderSale,
      reason: 'Venda de teste',
      idempotencyKey: key(),
    });
    expect(await balance(ids.pending)).toBe(before);
    const [cancelled] = await db().select().from(ledgerDocuments).where(eq(ledgerDocuments.id, documentId));
    expect(cancelled?.status).toBe('cancelled');
    // Undone, not deleted: the records stay, marked.
    const records = await db()
      .select()
      .from(mercadopagoReconciliations)
      .where(eq(mercadopagoReconciliations.documentId, documentId));
    expect(records.every((r) => r.undoneAt !== null && r.undoReason === 'Venda de teste')).toBe(true);
    expect(await messageOf(fin.mercadopago.reconciliation.undo({ settlementId: orderSale, reason: 'De novo' }))).toBe(
      'Esta venda não está conciliada.',
    );
  });

  it('reconciles a sale once when two people accept it at once', async () => {
    const pix = await sale('90000000002');
    await fin.mercadopago.reconciliation.undo({ settlementId: pix, reason: 'Conferir', idempotencyKey: key() });
    expect(await installmentOf('CR-2026-0002')).toEqual({ settled: 0, status: 'open' });
    const liveBefore = await live();
    const attempts = await Promise.allSettled(
      [key(), key()].map((idempotencyKey) =>
        fin.mercadopago.reconciliation.accept({ accountId: ids.wallet, settlementIds: [pix], idempotencyKey }),
      ),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    const refused = attempts.find((a) => a.status === 'rejected');
    expect(await messageOf(Promise.reject(refused?.reason))).toMatch(/não tem sugestão|acabou de ser conciliada/);
    expect(await live()).toBe(liveBefore + 1);
    expect(await installmentOf('CR-2026-0002')).toEqual({ settled: 123_456, status: 'paid' });
  });

  it('books each release day once, as transfers to the available account and the payout to the bank', async () => {
    await fin.mercadopago.imports.commit({
      accountId: ids.wallet,
      fileName: 'liberacoes.csv',
      format: 'csv',
      content: fixture('release-report.csv'),
      acceptRejected: false,
    });
    const pendingBefore = await balance(ids.pending);
    const period = { accountId: ids.wallet, from: '2026-11-01', to: '2026-11-30' };
    expect(await fin.mercadopago.releases.book({ ...period, idempotencyKey: key() })).toEqual({
      // 2026-11-07T02:10Z is still the 6th in São Paulo: the payout is booked with that day's releases.
      days: 5,
      transfers: 6,
      payoutsWithoutAccount: 0,
    });
    // What reached the available balance: the report's change from 1.000,00 to 420,10.
    expect(await balance(ids.wallet)).toBe(42_010 - 100_000);
    expect(await balance(ids.bank)).toBe(50_000);
    expect(await balance(ids.pending)).toBe(pendingBefore - (14_101 + 6_747 - 14_101 - 6_747 - 7_990));
    // Again: nothing more.
    expect(await fin.mercadopago.releases.book({ ...period, idempotencyKey: key() })).toMatchObject({ days: 0 });

    await fin.mercadopago.releases.undo({ accountId: ids.wallet, day: '2026-11-06', idempotencyKey: key() });
    expect(await balance(ids.bank)).toBe(0);
    const bookings = await db()
      .select({ n: count() })
      .from(mercadopagoReleaseBookings)
      .where(isNull(mercadopagoReleaseBookings.undoneAt));
    expect(bookings[0]?.n).toBe(4);
    expect(await fin.mercadopago.releases.book({ ...period, idempotencyKey: key() })).toMatchObject({
      days: 1,
      transfers: 2,
    });
    expect(await balance(ids.bank)).toBe(50_000);
  });

  it("answers another organization's ids, a profile without the right and bad input in pt-BR, storing nothing", async () => {
    const outro = await d.as('outro', d.elsewhere);
    const pix = await sale('90000000002');
    const liveBefore = await live();
    expect(await codeOf(outro.mercadopago.reconciliation.undo({ settlementId: pix, reason: 'x' }))).toBe('NOT_FOUND');
    expect(await codeOf(outro.mercadopago.settings.get({ accountId: ids.wallet }))).toMatch(/NOT_FOUND|BAD_REQUEST/);
    expect(
      await codeOf(
        fin.mercadopago.settings.save({
          accountId: ids.foreign,
          pendingAccountId: ids.pending,
          feeClassificationId: ids.fees,
        }),
      ),
    ).toMatch(/NOT_FOUND|BAD_REQUEST/);
    const requester = await d.as('solicitante', d.matriz);
    expect(
      await codeOf(requester.mercadopago.reconciliation.accept({ accountId: ids.wallet, settlementIds: [pix] })),
    ).toBe('FORBIDDEN');
    expect(await codeOf(requester.mercadopago.settings.get({ accountId: ids.wallet }))).toBe('FORBIDDEN');

    const refund = await sale('90000000001', 'REFUND');
    // Called one at a time, so that none rejects before it is awaited.
    for (const attempt of [
      () =>
        fin.mercadopago.reconciliation.match({ settlementId: pix, allocations: [{ installmentId: pix, amount: -5 }] }),
      () =>
        fin.mercadopago.reconciliation.match({
          settlementId: pix,
          allocations: [{ installmentId: pix, amount: 1e15 }],
        }),
      () => fin.mercadopago.reconciliation.undo({ settlementId: pix, reason: 'a\u0000b' }),
      () => fin.mercadopago.reconciliation.undo({ settlementId: pix, reason: 'x'.repeat(501) }),
      () =>
        fin.mercadopago.reconciliation.accept({ accountId: ids.wallet, settlementIds: 'todas' as unknown as string[] }),
      () =>
        fin.mercadopago.reconciliation.acceptAll({
          accountId: ids.wallet,
          from: '2026-10-31',
          to: '2026-10-01',
          minScore: 65,
        }),
      () =>
        fin.mercadopago.reconciliation.acceptAll({
          accountId: ids.wallet,
          from: '2025-01-01',
          to: '2026-10-01',
          minScore: 65,
        }),
      () => fin.mercadopago.reconciliation.createReceivable({ settlementId: refund }),
    ]) {
      expect(await codeOf(attempt())).toBe('BAD_REQUEST');
    }
    const open = (
      await db().select().from(ledgerInstallments).where(eq(ledgerInstallments.documentNumber, 'CR-2026-0001'))
    )[0];
    // A sale's installments must add up to what it settles.
    const card = await sale('90000000004');
    await fin.mercadopago.reconciliation.undo({ settlementId: card, reason: 'Conferir', idempotencyKey: key() });
    expect(
      await messageOf(
        fin.mercadopago.reconciliation.match({
          settlementId: card,
          allocations: [{ installmentId: open?.id ?? '', amount: 10_000 }],
        }),
      ),
    ).toBe('As parcelas escolhidas para a venda 90000000004 somam R$\u00a0100,00, mas ela quita R$\u00a0200,00.');
    expect(await live()).toBe(liveBefore - 1);
  });

  it('keeps saldo a liberar equal to the nets reconciled and each receivable within its amount, whatever the sales, coupons and refunds; undo leaves nothing', async () => {
    const money = (centavos: number) => (centavos / 100).toFixed(2);
    const header =
      'EXTERNAL_REFERENCE,SOURCE_ID,TRANSACTION_TYPE,TRANSACTION_AMOUNT,TRANSACTION_DATE,FEE_AMOUNT,SETTLEMENT_NET_AMOUNT,COUPON_AMOUNT,FINANCING_FEE_AMOUNT';
    const sale = fc.record({
      gross: fc.integer({ min: 100, max: 5_000_000 }),
      feeShare: fc.integer({ min: 0, max: 1_500 }),
      financingShare: fc.integer({ min: 0, max: 1_000 }),
      coupon: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5_000 })),
      /** Basis points of the gross refunded, if any: 10,000 is the whole sale. */
      refunds: fc.array(fc.integer({ min: 1, max: 10_000 }), { maxLength: 2 }),
      feesBack: fc.boolean(),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(sale, { minLength: 1, maxLength: 4 }), async (sales) => {
        run += 1;
        const type = await admin.registries.accountTypes.create({ name: `Carteira ${run}`, kind: 'digital_wallet' });
        const account = async (name: string) =>
          (
            await admin.registries.accounts.create({
              name: `${name} ${run}`,
              accountTypeId: type.id,
              bankId: null,
              openingBalance: 0,
              openingDate: '2026-01-01',
              unitIds: [d.matriz.unitId],
            })
          ).id;
        const wallet = await account('MP propriedade');
        const pending = await account('MP propriedade a liberar');
        await fin.mercadopago.settings.save({
          accountId: wallet,
          pendingAccountId: pending,
          feeClassificationId: ids.fees,
        });
        const rows: string[] = [header];
        let nets = 0;
        const expected: { number: string; amount: number; settled: number }[] = [];
        for (const [k, s] of sales.entries()) {
          const number = `PROP-${run}-${k}`;
          const amount = s.gross + s.coupon;
          await fin.ledger.documents.create({
            kind: 'receivable',
            partyId: ids.customer,
            description: `Pedido ${number}`,
            documentNumber: number,
            documentType: 'outros',
            issueDate: '2026-10-01',
            competence: '2026-10',
            grossAmount: amount,
            lines: [{ classificationId: ids.sales, costCentreId: ids.centre, share: 10_000 }],
            installments: [{ dueDate: '2026-10-10', amount }],
          });
          const financing = Math.floor((s.gross * s.financingShare) / 10_000);
          const fee = Math.floor((s.gross * s.feeShare) / 10_000) + financing;
          const sourceId = `7${run}0${k}`;
          rows.push(
            [
              number,
              sourceId,
              'SETTLEMENT',
              money(s.gross),
              `2026-10-${String(10 + k).padStart(2, '0')}T10:00:00-03:00`,
              money(-fee),
              money(s.gross - fee),
              money(s.coupon),
              money(-financing),
            ].join(','),
          );
          nets += s.gross - fee;
          let refunded = 0;
          for (const [r, share] of s.refunds.entries()) {
            const refund = Math.min(Math.max(1, Math.floor((s.gross * share) / 10_000)), s.gross - refunded);
            if (refund <= 0) continue;
            refunded += refund;
            const back = s.feesBack && refunded === s.gross && r === s.refunds.length - 1 ? fee - financing : 0;
            rows.push(
              [
                number,
                sourceId,
                'REFUND',
                money(-refund),
                `2026-10-2${r}T1${k}:00:00-03:00`,
                money(back),
                money(-refund + back),
                '0.00',
                '0.00',
              ].join(','),
            );
            nets += -refund + back;
          }
          // Whole refunds reopen all; else the coupon stays given on what stays.
          expected.push({ number, amount, settled: refunded >= s.gross ? 0 : amount - refunded });
        }
        await fin.mercadopago.imports.commit({
          accountId: wallet,
          fileName: `propriedade-${run}.csv`,
          format: 'csv',
          content: Buffer.from(rows.join('\n'), 'utf8').toString('base64'),
          acceptRejected: false,
        });
        const period = { accountId: wallet, from: '2026-10-01', to: '2026-10-31' };
        const result = await fin.mercadopago.reconciliation.acceptAll({ ...period, minScore: 65 });
        expect(result.reconciled).toBe(sales.length);
        expect(await balance(pending)).toBe(nets);
        for (const e of expected) {
          const installment = await installmentOf(e.number);
          expect(installment?.settled).toBe(e.settled);
          expect(installment?.settled).toBeLessThanOrEqual(e.amount);
        }
        for (const id of await db()
          .select({ id: mercadopagoSettlements.id })
          .from(mercadopagoSettlements)
          .where(
            and(eq(mercadopagoSettlements.accountId, wallet), eq(mercadopagoSettlements.transactionType, 'SETTLEMENT')),
          )) {
          await fin.mercadopago.reconciliation.undo({ settlementId: id.id, reason: 'Propriedade' });
        }
        expect(await balance(pending)).toBe(0);
        for (const e of expected) expect((await installmentOf(e.number))?.settled).toBe(0);
      }),
      { numRuns: 12 },
    );
  });
});

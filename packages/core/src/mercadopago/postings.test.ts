import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MercadoPagoPostingError,
  mercadoPagoPostings,
  releasePostings,
  type MercadoPagoReleaseForPostings,
  type MercadoPagoSettlementForPostings,
} from './postings';

const noFees = { processing: 0, marketplace: 0, financing: 0, shipping: 0, taxes: 0 };

const sale = (extra: Partial<MercadoPagoSettlementForPostings> = {}): MercadoPagoSettlementForPostings => ({
  sourceId: '90000000001',
  transactionType: 'SETTLEMENT',
  gross: 15000,
  fees: { ...noFees, processing: 699, financing: 200 },
  net: 14101,
  coupon: 0,
  approvalDay: '2026-11-02',
  releaseDay: '2026-12-02',
  ...extra,
});

const release = (extra: Partial<MercadoPagoReleaseForPostings>): MercadoPagoReleaseForPostings => ({
  day: '2026-11-02',
  sourceId: '90000000001',
  recordType: 'release',
  description: 'payment',
  netCredit: 0,
  netDebit: 0,
  payoutBankAccount: null,
  ...extra,
});

describe('mercadoPagoPostings', () => {
  it('settles the installment by the gross on the approval day, books each fee charged and sends the net to release', () => {
    expect(mercadoPagoPostings(sale(), [{ installmentId: 'i1', amount: 15000 }])).toEqual({
      kind: 'sale',
      sourceId: '90000000001',
      settle: { installments: [{ installmentId: 'i1', amount: 15000 }], date: '2026-11-02', amount: 15000 },
      createReceivable: false,
      fees: [
        { kind: 'processing', amount: 699 },
        { kind: 'financing', amount: 200 },
      ],
      toRelease: 14101,
      releaseDay: '2026-12-02',
    });
  });

  it('asks for a receivable when the sale has none', () => {
    const postings = mercadoPagoPostings(sale(), []);
    expect(postings.kind === 'sale' && postings.createReceivable).toBe(true);
    expect(postings.settle).toBeNull();
  });

  it("settles gross + the seller's coupon and books the coupon as a discount", () => {
    const postings = mercadoPagoPostings(sale({ coupon: 1000 }), [{ installmentId: 'i1', amount: 16000 }]);
    expect(postings.settle?.amount).toBe(16000);
    expect(postings.fees).toContainEqual({ kind: 'coupon', amount: 1000 });
  });

  it('refuses installments that do not add up to what the sale settles, and fees that do not add up', () => {
    expect(() => mercadoPagoPostings(sale(), [{ installmentId: 'i1', amount: 14000 }])).toThrow(
      'As parcelas escolhidas para a venda 90000000001 somam R$\u00a0140,00, mas ela quita R$\u00a0150,00.',
    );
    expect(() => mercadoPagoPostings(sale({ net: 15000 }), [])).toThrow(MercadoPagoPostingError);
    expect(() => mercadoPagoPostings(sale({ transactionType: 'WITHDRAWAL' }), [])).toThrow(
      /do tipo WITHDRAWAL: só vendas aprovadas/,
    );
  });

  it('reverses a partial refund from the last installment settled and takes back the fees the row returns', () => {
    const settled = [
      { installmentId: 'i1', amount: 10000 },
      { installmentId: 'i2', amount: 5000 },
    ];
    const refund = sale({
      transactionType: 'REFUND',
      gross: -8000,
      fees: { ...noFees, processing: -373 },
      net: -7627,
      approvalDay: '2026-11-04',
    });
    expect(mercadoPagoPostings(refund, settled)).toEqual({
      kind: 'reversal',
      type: 'refund',
      sourceId: '90000000001',
      date: '2026-11-04',
      settle: {
        installments: [
          { installmentId: 'i2', amount: -5000 },
          { installmentId: 'i1', amount: -3000 },
        ],
        amount: -8000,
      },
      fees: [{ kind: 'processing', amount: -373 }],
      toRelease: -7627,
      releaseDay: '2026-12-02',
    });
    expect(() => mercadoPagoPostings({ ...refund, gross: -16000, net: -15627 }, settled)).toThrow(
      /desfaz R\$\u00a0160,00, mais que os R\$\u00a0150,00 quitados/,
    );
  });

  it('settles again, the first installments first, what a dispute the seller won gives back', () => {
    const won = sale({ transactionType: 'DISPUTE', gross: 12000, fees: noFees, net: 12000 });
    const postings = mercadoPagoPostings(won, [
      { installmentId: 'i1', amount: 10000 },
      { installmentId: 'i2', amount: 5000 },
    ]);
    expect(postings.kind === 'reversal' && postings.type).toBe('dispute');
    expect(postings.settle?.installments).toEqual([
      { installmentId: 'i1', amount: 10000 },
      { installmentId: 'i2', amount: 2000 },
    ]);
  });

  it('has fees + net = gross for every sale, and the fees with the net add up to what it settles', () => {
    const cost = fc.integer({ min: 0, max: 50_000 });
    fc.assert(
      fc.property(
        fc.record({ processing: cost, marketplace: cost, financing: cost, shipping: cost, taxes: cost }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.integer({ min: 1, max: 4 }),
        (fees, net, coupon, parts) => {
          const gross = Object.values(fees).reduce((a, b) => a + b, 0) + net;
          fc.pre(gross > 0);
          const amount = gross + coupon;
          const each = Math.floor(amount / parts);
          const settled = Array.from({ length: parts }, (_, k) => ({
            installmentId: `i${k}`,
            amount: k === parts - 1 ? amount - each * (parts - 1) : each,
          })).filter((a) => a.amount > 0);
          const postings = mercadoPagoPostings(sale({ gross, fees, net, coupon }), settled);
          const mercadoPagoFees = postings.fees.filter((f) => f.kind !== 'coupon');
          expect(mercadoPagoFees.reduce((t, f) => t + f.amount, 0) + postings.toRelease).toBe(gross);
          expect(postings.fees.reduce((t, f) => t + f.amount, 0) + postings.toRelease).toBe(postings.settle?.amount);
          expect(postings.fees.every((f) => f.amount !== 0)).toBe(true);
        },
      ),
    );
  });
});

describe('releasePostings', () => {
  it('moves released nets, refunds, blocks and withdrawals per day, with the opening balance', () => {
    const postings = releasePostings([
      release({ recordType: 'initial_available_balance', description: '', day: null, netCredit: 100000 }),
      release({ netCredit: 14101 }),
      release({ sourceId: '90000000003', netCredit: 6747 }),
      release({ day: '2026-11-04', description: 'refund', netDebit: 14101 }),
      release({ day: '2026-11-04', recordType: 'block', description: 'reserve_for_dispute', netDebit: 6747 }),
      release({ day: '2026-11-05', recordType: 'unblock', description: 'reserve_for_dispute', netCredit: 6747 }),
      release({
        day: '2026-11-05',
        sourceId: '95000000001',
        description: 'withdrawal',
        netDebit: 50000,
        payoutBankAccount: '0001-12345678-9',
      }),
    ]);
    expect(postings.opening).toBe(100000);
    expect(postings.days).toEqual([
      {
        day: '2026-11-02',
        releases: [
          { sourceId: '90000000001', description: 'payment', amount: 14101 },
          { sourceId: '90000000003', description: 'payment', amount: 6747 },
        ],
        released: 20848,
        blocked: 0,
        unblocked: 0,
        payouts: [],
        change: 20848,
      },
      {
        day: '2026-11-04',
        releases: [{ sourceId: '90000000001', description: 'refund', amount: -14101 }],
        released: -14101,
        blocked: 6747,
        unblocked: 0,
        payouts: [],
        change: -20848,
      },
      {
        day: '2026-11-05',
        releases: [],
        released: 0,
        blocked: 0,
        unblocked: 6747,
        payouts: [{ sourceId: '95000000001', bankAccount: '0001-12345678-9', amount: 50000 }],
        change: -43253,
      },
    ]);
  });

  it('refuses a row without a day or of an unknown record type', () => {
    expect(() => releasePostings([release({ day: null })])).toThrow(
      'A linha release payment da operação 90000000001 não tem data de liberação.',
    );
    expect(() => releasePostings([release({ recordType: 'reserve' })])).toThrow(/tipo de registro que não conhecemos/);
  });

  it('releases as much as the nets of the payments released, and the days add up to the balance', () => {
    const payment = fc.record({
      net: fc.integer({ min: 1, max: 1_000_000 }),
      day: fc.integer({ min: 1, max: 28 }).map((d) => `2026-11-${String(d).padStart(2, '0')}`),
      refunded: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(payment, { maxLength: 30 }), fc.integer({ min: 0, max: 100_000 }), (payments, payout) => {
        const rows = payments.flatMap((p, k) => [
          release({ sourceId: `s${k}`, day: p.day, netCredit: p.net }),
          ...(p.refunded ? [release({ sourceId: `s${k}`, day: p.day, description: 'refund', netDebit: p.net })] : []),
        ]);
        rows.push(release({ sourceId: 'w', day: '2026-11-30', description: 'withdrawal', netDebit: payout }));
        const { days } = releasePostings(rows.toReversed());
        const releasedPayments = days.flatMap((d) => d.releases).filter((r) => r.description === 'payment');
        expect(releasedPayments.reduce((t, r) => t + r.amount, 0)).toBe(payments.reduce((t, p) => t + p.net, 0));
        const notRefunded = payments.filter((p) => !p.refunded).reduce((t, p) => t + p.net, 0);
        expect(days.reduce((t, d) => t + d.released, 0)).toBe(notRefunded);
        expect(days.reduce((t, d) => t + d.change, 0)).toBe(notRefunded - payout);
        expect(days.map((d) => d.day)).toEqual(days.map((d) => d.day).toSorted());
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MERCADOPAGO_THRESHOLD,
  matchMercadoPagoPayments,
  type MercadoPagoMatchSuggestion,
  type MercadoPagoPaymentForMatch,
  type ReceivableInstallmentForMatch,
} from './match';

const payment = (
  id: string,
  approvalDay: string,
  gross: number,
  externalReference: string | null = null,
  extra: Partial<MercadoPagoPaymentForMatch> = {},
): MercadoPagoPaymentForMatch => ({ id, sourceId: `mp-${id}`, externalReference, gross, approvalDay, ...extra });

const installment = (
  id: string,
  dueDate: string,
  open: number,
  document: { id: string; number: string } = { id: `doc-${id}`, number: `TIT-${id}` },
  number = 1,
  partyName = 'Maria Souza da Silva',
): ReceivableInstallmentForMatch => ({
  id,
  documentId: document.id,
  documentNumber: document.number,
  number,
  partyName,
  partyDocument: '12345678909',
  open,
  dueDate,
  references: [document.number, document.id, id],
});

const texts = (s: MercadoPagoMatchSuggestion | undefined) => s?.reasons.map((r) => r.text);
const pairs = (suggestions: MercadoPagoMatchSuggestion[]) =>
  suggestions.map((s) => [s.paymentId, s.installmentIds]).toSorted();

const ped1042 = { id: 'd-1042', number: 'PED-1042' };

describe('matchMercadoPagoPayments', () => {
  it('matches by the external reference equal to the document number, written in another case and spacing', () => {
    const [match] = matchMercadoPagoPayments(
      [payment('p1', '2026-03-07', 125000, ' ped - 1042 ')],
      [installment('i1', '2026-03-10', 125000, ped1042), installment('i2', '2026-03-10', 125000)],
    );
    expect(match?.installmentIds).toEqual(['i1']);
    expect(match?.automatic).toBe(true);
    expect(match?.score).toBe(100);
    expect(texts(match)).toEqual([
      'Referência externa ped - 1042 = número do título',
      'Mesmo valor: R$\u00a01.250,00',
      'Aprovado 3 dias antes do vencimento',
    ]);
  });

  it('matches a reference naming one installment of a document ("PED-1042/2")', () => {
    const [match] = matchMercadoPagoPayments(
      [payment('p1', '2026-04-12', 50000, 'PED-1042/2')],
      [
        installment('i1', '2026-03-10', 50000, ped1042, 1),
        installment('i2', '2026-04-10', 50000, ped1042, 2),
        installment('i3', '2026-05-10', 50000, ped1042, 3),
      ],
    );
    expect(match?.installmentIds).toEqual(['i2']);
    expect(match?.automatic).toBe(true);
    expect(texts(match)?.[0]).toBe('Referência externa PED-1042/2 = parcela 2 do título PED-1042');
    expect(texts(match)?.[2]).toBe('Aprovado 2 dias após o vencimento');
  });

  it('says which reference it was: the installment id or the document id', () => {
    const suggestions = matchMercadoPagoPayments(
      [payment('p1', '2026-03-10', 1000, 'i1'), payment('p2', '2026-03-10', 2000, 'DOC-I2')],
      [installment('i1', '2026-03-10', 1000), installment('i2', '2026-03-10', 2000)],
    );
    const byPayment = new Map(suggestions.map((s) => [s.paymentId, s]));
    expect(texts(byPayment.get('p1'))?.[0]).toBe('Referência externa i1 = identificador da parcela');
    expect(texts(byPayment.get('p2'))?.[0]).toBe('Referência externa DOC-I2 = identificador do título');
  });

  it("takes all of a document's oldest installments when the payment adds up to them", () => {
    const [match] = matchMercadoPagoPayments(
      [payment('p1', '2026-03-10', 60000, 'PED-1042')],
      [
        installment('i3', '2026-05-10', 20000, ped1042, 3),
        installment('i1', '2026-03-10', 20000, ped1042, 1),
        installment('i2', '2026-04-10', 20000, ped1042, 2),
      ],
    );
    expect(match?.installmentIds).toEqual(['i1', 'i2', 'i3']);
    expect(match?.allocations.map((a) => a.amount)).toEqual([20000, 20000, 20000]);
    expect(match?.automatic).toBe(true);
    expect(texts(match)?.[1]).toBe('Soma de 3 parcelas do título PED-1042: R$\u00a0600,00');
  });

  it('gives two payments naming one document of equal installments one each, the oldest first, without doubt', () => {
    const suggestions = matchMercadoPagoPayments(
      [payment('p2', '2026-03-10', 20000, 'PED-1042'), payment('p1', '2026-03-10', 20000, 'PED-1042')],
      [installment('i2', '2026-04-10', 20000, ped1042, 2), installment('i1', '2026-03-10', 20000, ped1042, 1)],
    );
    expect(pairs(suggestions)).toEqual([
      ['p1', ['i1']],
      ['p2', ['i2']],
    ]);
    expect(suggestions.every((s) => s.automatic)).toBe(true);
  });

  it('proposes part of the oldest installment when the payment by reference is less than it, for a person to decide', () => {
    const [match] = matchMercadoPagoPayments(
      [payment('p1', '2026-03-10', 30000, 'PED-1042', { payerName: 'MARIA SILVA' })],
      [installment('i1', '2026-03-10', 100000, ped1042)],
    );
    expect(match?.allocations).toEqual([{ installmentId: 'i1', amount: 30000 }]);
    expect(match?.automatic).toBe(false);
    expect(texts(match)?.[1]).toBe('Pagamento parcial: R$\u00a0300,00 de R$\u00a01.000,00');
  });

  it('counts the seller’s coupon in what the payment settles', () => {
    const [match] = matchMercadoPagoPayments(
      [payment('p1', '2026-03-10', 9000, null, { coupon: 1000 })],
      [installment('i1', '2026-03-10', 10000)],
    );
    expect(match?.allocations).toEqual([{ installmentId: 'i1', amount: 10000 }]);
    expect(texts(match)?.[0]).toBe('Mesmo valor: R$\u00a0100,00 (com o cupom de desconto de R$\u00a010,00)');
  });

  it('matches by amount and date when the payment has no reference, within the window only', () => {
    const near = matchMercadoPagoPayments(
      [payment('p1', '2026-03-12', 45990)],
      [installment('i1', '2026-03-10', 45990), installment('i2', '2026-03-10', 45000)],
    );
    expect(pairs(near)).toEqual([['p1', ['i1']]]);
    expect(near[0]?.automatic).toBe(true);
    expect(texts(near[0])).toEqual(['Mesmo valor: R$\u00a0459,90', 'Aprovado 2 dias após o vencimento']);
    const far = matchMercadoPagoPayments(
      [payment('p1', '2026-03-20', 45990)],
      [installment('i1', '2026-03-10', 45990)],
    );
    expect(far).toEqual([]);
  });

  it('lowers the score and says so when two installments have the amount, unless the payer names the customer', () => {
    const installments = [
      installment('i1', '2026-03-10', 19990, undefined, 1, 'João Pereira Lima'),
      installment('i2', '2026-03-10', 19990, undefined, 1, 'Maria Souza da Silva'),
    ];
    const [doubtful] = matchMercadoPagoPayments([payment('p1', '2026-03-10', 19990)], installments);
    expect(doubtful?.automatic).toBe(false);
    expect(doubtful?.score).toBeLessThan(DEFAULT_MERCADOPAGO_THRESHOLD);
    expect(texts(doubtful)).toContain('Outra parcela com o mesmo valor e data próxima');

    const [named] = matchMercadoPagoPayments(
      [payment('p1', '2026-03-10', 19990, null, { payerName: 'MARIA S DA SILVA' })],
      installments,
    );
    expect(named?.installmentIds).toEqual(['i2']);
    expect(texts(named)).toContain('Pagador MARIA S DA SILVA = cliente do título');
  });

  it('lowers the score when two payments have the amount of one installment', () => {
    const suggestions = matchMercadoPagoPayments(
      [payment('p1', '2026-03-10', 5000), payment('p2', '2026-03-11', 5000)],
      [installment('i1', '2026-03-10', 5000)],
    );
    expect(suggestions).toHaveLength(1);
    expect(suggestions[0]?.automatic).toBe(false);
    expect(texts(suggestions[0])).toContain('Outro pagamento com o mesmo valor e data próxima');
  });

  it('prefers the reference over an amount-only match of the same installment', () => {
    const suggestions = matchMercadoPagoPayments(
      [payment('by-amount', '2026-03-10', 5000), payment('by-reference', '2026-03-15', 5000, 'TIT-i1')],
      [installment('i1', '2026-03-10', 5000)],
    );
    expect(pairs(suggestions)).toEqual([['by-reference', ['i1']]]);
    expect(suggestions[0]?.automatic).toBe(true);
  });

  it('never gives an installment to two payments, and gives the same suggestions whatever the input order', () => {
    const day = fc.integer({ min: 1, max: 20 }).map((d) => `2026-03-${String(d).padStart(2, '0')}`);
    const amount = fc.constantFrom(5000, 10000, 15000, 20000, 30000);
    const reference = fc.constantFrom(null, 'PED-1', 'ped 2', 'PED-1/2', 'PED-2/1', 'i3', 'nada');
    const documents = [
      { id: 'd1', number: 'PED-1' },
      { id: 'd2', number: 'PED-2' },
    ];
    const arb = fc.record({
      payments: fc.array(fc.tuple(day, amount, reference), { maxLength: 12 }),
      installments: fc.array(fc.tuple(day, amount, fc.constantFrom(0, 1), fc.integer({ min: 1, max: 3 })), {
        maxLength: 12,
      }),
      seed: fc.integer(),
    });
    fc.assert(
      fc.property(arb, ({ payments: p, installments: i, seed }) => {
        const payments = p.map(([d, a, r], k) => payment(`p${k}`, d, a, r));
        const installments = i.map(([d, a, doc, n], k) => installment(`i${k}`, d, a, documents[doc], n));
        const suggestions = matchMercadoPagoPayments(payments, installments);
        const ids = suggestions.flatMap((s) => s.installmentIds);
        expect(new Set(ids).size).toBe(ids.length);
        expect(new Set(suggestions.map((s) => s.paymentId)).size).toBe(suggestions.length);
        const open = new Map(installments.map((x) => [x.id, x.open]));
        const gross = new Map(payments.map((x) => [x.id, x.gross]));
        for (const s of suggestions) {
          expect(s.score).toBeGreaterThanOrEqual(0);
          expect(s.score).toBeLessThanOrEqual(100);
          expect(s.allocations.reduce((t, a) => t + a.amount, 0)).toBe(gross.get(s.paymentId));
          for (const a of s.allocations) expect(a.amount).toBeLessThanOrEqual(open.get(a.installmentId) ?? 0);
        }
        const shuffle = <T>(xs: T[]) =>
          xs
            .map((x, k) => ({ x, k: (k * 7919 + seed) % 101 }))
            .toSorted((a, b) => a.k - b.k)
            .map(({ x }) => x);
        expect(matchMercadoPagoPayments(shuffle(payments), shuffle(installments))).toEqual(suggestions);
        expect(matchMercadoPagoPayments(payments.toReversed(), installments.toReversed())).toEqual(suggestions);
      }),
    );
  });
});

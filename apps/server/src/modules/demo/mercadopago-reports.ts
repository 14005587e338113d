import { addDays, addMonths } from '@financeiro/core';
import { random } from './random';

/*
 * The demo company's online shop sells through Mercado Pago: this file makes its sales (deterministic for a given
 * today) and writes them as Mercado Pago's own reports would, the settlement report ("todas as transações") and the
 * release report ("liberações") with the API's English headers. The demo seeds the receivables and imports the
 * reports up to a few days ago; the end-to-end test imports the last days' report as a person would.
 */

export type DemoPaymentMethod = 'pix' | 'credit_card' | 'account_money' | 'ticket';

export interface DemoSale {
  /** Mercado Pago's payment id. */
  sourceId: string;
  /** Our receivable's number ("PED-1042"), or the marketplace's order id when no receivable was made for it. */
  externalReference: string;
  /** A receivable exists for it (an order of the shop), or it came from the marketplace with none. */
  hasReceivable: boolean;
  customer: string;
  method: DemoPaymentMethod;
  installments: number;
  /** Approval day and time in São Paulo. */
  day: string;
  time: string;
  /** What the order is worth; the buyer paid price − coupon. */
  price: number;
  coupon: number;
  gross: number;
  processingFee: number;
  financingFee: number;
  net: number;
  /** When Mercado Pago releases the net to the available balance. */
  releaseDay: string;
  refund: { day: string; time: string } | null;
  chargeback: { day: string; time: string } | null;
}

/** Online buyers (people), with valid CPFs. */
export const DEMO_BUYERS = [
  ['Ana Beatriz Lima', '39053344705'],
  ['Bruno Carvalho Nunes', '15350946056'],
  ['Camila Ferreira Rocha', '71428793860'],
  ['Diego Martins Alves', '28625587887'],
  ['Eduarda Gomes Pires', '60578143046'],
  ['Felipe Santos Moura', '86288366757'],
  ['Gabriela Ribeiro Dias', '42184931896'],
  ['Henrique Costa Barros', '07068093868'],
] as const;

const METHODS: { method: DemoPaymentMethod; weight: number }[] = [
  { method: 'pix', weight: 40 },
  { method: 'credit_card', weight: 45 },
  { method: 'account_money', weight: 10 },
  { method: 'ticket', weight: 5 },
];

const pickMethod = (n: number): DemoPaymentMethod => {
  let left = n * 100;
  for (const m of METHODS) {
    if (left < m.weight) return m.method;
    left -= m.weight;
  }
  return 'pix';
};

/** Mercado Pago's fees as its seller panel shows them (2026): a rate or a fixed amount per method, rounded. */
function feesOf(method: DemoPaymentMethod, gross: number, installments: number) {
  const rate = (bp: number) => Math.round((gross * bp) / 10_000);
  if (method === 'pix') return { processingFee: rate(99), financingFee: 0 };
  if (method === 'ticket') return { processingFee: 349, financingFee: 0 };
  if (method === 'account_money') return { processingFee: rate(349), financingFee: 0 };
  return { processingFee: rate(498), financingFee: installments > 1 ? rate(199 * (installments - 1)) : 0 };
}

const isWeekend = (iso: string) => {
  const day = new Date(`${iso}T12:00:00Z`).getUTCDay();
  return day === 0 || day === 6;
};

/** The shop's sales from the first day of the month three months ago to `today`, the same ones for a given today. */
export function demoMercadoPagoSales(today: string): DemoSale[] {
  const rng = random(20_261_026);
  const first = addMonths(today, -3, 1);
  const sales: DemoSale[] = [];
  let payment = 1_310_000_000;
  let order = 1_000;
  let marketplace = 2_000_009_000_000_000;
  for (let day = first; day <= today; day = addDays(day, 1)) {
    const count = isWeekend(day) ? rng.between(0, 1) : rng.between(1, 3);
    for (let k = 0; k < count; k += 1) {
      payment += rng.between(1_000, 90_000);
      const method = pickMethod(rng.next());
      const installments = method === 'credit_card' ? rng.pick([1, 1, 1, 2, 3, 6]) : 1;
      const price = rng.between(49, 1_890) * 100 + rng.pick([0, 0, 90, 50]);
      const coupon = rng.next() < 0.06 ? 1_000 : 0;
      const gross = price - coupon;
      const fees = feesOf(method, gross, installments);
      const fromMarketplace = rng.next() < 0.08;
      const hour = String(rng.between(8, 22)).padStart(2, '0');
      const minute = String(rng.between(0, 59)).padStart(2, '0');
      const refunded = rng.next() < 0.035;
      const charged = !refunded && method === 'credit_card' && rng.next() < 0.015;
      const later = (days: number) => ({ day: addDays(day, days), time: `${hour}:${minute}:30` });
      sales.push({
        sourceId: String(payment),
        externalReference: fromMarketplace ? String((marketplace += rng.between(10, 900))) : `PED-${(order += 1)}`,
        hasReceivable: !fromMarketplace,
        customer: rng.pick(DEMO_BUYERS)[0],
        method,
        installments,
        day,
        time: `${hour}:${minute}:${String(rng.between(0, 59)).padStart(2, '0')}`,
        price,
        coupon,
        gross,
        ...fees,
        net: gross - fees.processingFee - fees.financingFee,
        releaseDay: addDays(day, method === 'credit_card' ? 30 : method === 'ticket' ? 2 : 0),
        refund: refunded ? later(rng.between(2, 6)) : null,
        // A card's chargeback comes after its net was released (D+30): the gross is taken from the balance.
        chargeback: charged ? later(rng.between(32, 45)) : null,
      });
    }
  }
  return sales;
}

const money = (centavos: number) => (centavos / 100).toFixed(2);
const instant = (day: string, time: string) => `${day}T${time}.000-03:00`;

const SETTLEMENT_HEADER = [
  'EXTERNAL_REFERENCE',
  'SOURCE_ID',
  'USER_ID',
  'PAYMENT_METHOD_TYPE',
  'PAYMENT_METHOD',
  'SITE',
  'TRANSACTION_TYPE',
  'TRANSACTION_AMOUNT',
  'TRANSACTION_CURRENCY',
  'TRANSACTION_DATE',
  'FEE_AMOUNT',
  'SETTLEMENT_NET_AMOUNT',
  'SETTLEMENT_CURRENCY',
  'SETTLEMENT_DATE',
  'REAL_AMOUNT',
  'COUPON_AMOUNT',
  'MKP_FEE_AMOUNT',
  'FINANCING_FEE_AMOUNT',
  'SHIPPING_FEE_AMOUNT',
  'TAXES_AMOUNT',
  'INSTALLMENTS',
];

const METHOD_NAMES: Record<DemoPaymentMethod, [string, string]> = {
  pix: ['bank_transfer', 'pix'],
  credit_card: ['credit_card', 'master'],
  account_money: ['account_money', 'account_money'],
  ticket: ['ticket', 'bolbradesco'],
};

/** The seller's Mercado Pago user id in the demo's reports. */
const SELLER = '1234567890';

/**
 * The settlement report of the operations that happened from `from` to `to` (São Paulo days): the approved sales, the
 * refunds (with the fees given back) and the chargebacks (the fees kept), in time order, as Mercado Pago's API writes it.
 */
export function settlementReportCsv(sales: readonly DemoSale[], from: string, to: string): string {
  const rows: { at: string; cells: string[] }[] = [];
  for (const s of sales) {
    const [type, name] = METHOD_NAMES[s.method];
    const row = (
      kind: string,
      day: string,
      time: string,
      gross: number,
      fee: number,
      financing: number,
      net: number,
    ) => ({
      at: instant(day, time),
      cells: [
        s.externalReference,
        s.sourceId,
        SELLER,
        type,
        name,
        'MLB',
        kind,
        money(gross),
        'BRL',
        instant(day, time),
        money(fee),
        money(net),
        'BRL',
        instant(kind === 'SETTLEMENT' ? s.releaseDay : day, time),
        money(net),
        money(kind === 'SETTLEMENT' ? s.coupon : 0),
        '0.00',
        money(financing),
        '0.00',
        '0.00',
        String(s.installments),
      ],
    });
    const fees = s.processingFee + s.financingFee;
    if (s.day >= from && s.day <= to) {
      rows.push(row('SETTLEMENT', s.day, s.time, s.gross, -fees, -s.financingFee, s.net));
    }
    if (s.refund && s.refund.day >= from && s.refund.day <= to) {
      rows.push(row('REFUND', s.refund.day, s.refund.time, -s.gross, fees, s.financingFee, -s.net));
    }
    if (s.chargeback && s.chargeback.day >= from && s.chargeback.day <= to) {
      rows.push(row('CHARGEBACK', s.chargeback.day, s.chargeback.time, -s.gross, 0, 0, -s.gross));
    }
  }
  rows.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return [SETTLEMENT_HEADER.join(','), ...rows.map((r) => r.cells.join(','))].join('\n') + '\n';
}

const RELEASE_HEADER = [
  'DATE',
  'SOURCE_ID',
  'EXTERNAL_REFERENCE',
  'RECORD_TYPE',
  'DESCRIPTION',
  'NET_CREDIT_AMOUNT',
  'NET_DEBIT_AMOUNT',
  'GROSS_AMOUNT',
  'MP_FEE_AMOUNT',
  'FINANCING_FEE_AMOUNT',
  'SHIPPING_FEE_AMOUNT',
  'TAXES_AMOUNT',
  'COUPON_AMOUNT',
  'INSTALLMENTS',
  'PAYMENT_METHOD',
  'BALANCE_AMOUNT',
  'PAYOUT_BANK_ACCOUNT_NUMBER',
];

/** The demo company's bank account that Mercado Pago pays withdrawals into (Itaú movimento). */
export const DEMO_PAYOUT_ACCOUNT = '0912-12345-6';

/**
 * The release report from `from` to `to`: each sale's net released on its release day (a refund before its release
 * releases nothing; after it, the refund is debited), chargebacks debited, and every Friday a withdrawal of the whole
 * available balance to the bank.
 */
export function releaseReportCsv(sales: readonly DemoSale[], from: string, to: string): string {
  type Event = { day: string; time: string; cells: (balance: number) => string[]; credit: number };
  const events: Event[] = [];
  const line =
    (s: DemoSale | null, kind: string, description: string, credit: number, gross: number) => (balance: number) => [
      '',
      s?.sourceId ?? '',
      s?.externalReference ?? '',
      kind,
      description,
      money(Math.max(credit, 0)),
      money(Math.max(-credit, 0)),
      money(gross),
      money(s && description === 'payment' ? -s.processingFee : 0),
      money(s && description === 'payment' ? -s.financingFee : 0),
      '0.00',
      '0.00',
      '0.00',
      s ? String(s.installments) : '',
      s ? METHOD_NAMES[s.method][1] : '',
      money(balance),
      kind === 'release' && description === 'withdrawal' ? DEMO_PAYOUT_ACCOUNT : '',
    ];
  for (const s of sales) {
    const refundedFirst = s.refund !== null && s.refund.day <= s.releaseDay;
    if (!refundedFirst) {
      events.push({
        day: s.releaseDay,
        time: '06:00:00',
        credit: s.net,
        cells: line(s, 'release', 'payment', s.net, s.gross),
      });
    }
    if (s.refund && !refundedFirst) {
      events.push({ ...s.refund, credit: -s.net, cells: line(s, 'release', 'refund', -s.net, -s.gross) });
    }
    if (s.chargeback) {
      events.push({ ...s.chargeback, credit: -s.gross, cells: line(s, 'release', 'chargeback', -s.gross, -s.gross) });
    }
  }
  events.sort((a, b) => (`${a.day}T${a.time}` < `${b.day}T${b.time}` ? -1 : 1));
  const rows: string[] = [];
  let balance = 0;
  let i = 0;
  for (let day = addMonths(from, -4); day <= to; day = addDays(day, 1)) {
    for (; i < events.length && (events[i]?.day ?? '') <= day; i += 1) {
      const event = events[i];
      if (!event) continue;
      balance += event.credit;
      if (day >= from) rows.push([instant(day, event.time), ...event.cells(balance).slice(1)].join(','));
    }
    if (new Date(`${day}T12:00:00Z`).getUTCDay() === 5 && balance > 0) {
      const out = balance;
      balance = 0;
      if (day >= from)
        rows.push([instant(day, '18:00:00'), ...line(null, 'release', 'withdrawal', -out, -out)(0).slice(1)].join(','));
    }
  }
  return [RELEASE_HEADER.join(','), ...rows].join('\n') + '\n';
}

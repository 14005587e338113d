import { type Centavos, formatBRL } from '../money';

/**
 * Matching of Mercado Pago's approved payments (SETTLEMENT rows of the settlement report not yet reconciled) with the
 * unit's open receivable installments, by approval date. Pure and in memory, like the bank matcher (decision 0018):
 * each suggestion has a score from 0 to 100 and the reasons a finance person reads beside it.
 *
 * First by the payment's external reference, which the seller's checkout fills with our document or installment:
 * equal to one of an installment's references (case, accents and spaces aside), or naming one installment of a
 * document ("PED-1042/2"). The installment of that amount is taken; when none has it, the document's oldest
 * installments that add up to it; when the payment is less than the oldest one, part of it. Then by amount and date:
 * one installment whose open amount is the payment's, due within a window around the approval day. A proposal with a
 * rival close to it (another installment of that amount near the date, another payment of that amount) scores less
 * and says so. Each payment and each installment is in one suggestion at most, the highest scores taken first.
 */

export interface MercadoPagoPaymentForMatch {
  /** Our row's id (a settlement row of the report). */
  id: string;
  /** Mercado Pago's payment id. */
  sourceId: string;
  externalReference: string | null;
  /** What the buyer paid, positive. */
  gross: Centavos;
  /** A discount coupon the seller gave: the receivable is settled for gross + coupon. */
  coupon?: Centavos;
  /** São Paulo's day of the approval, YYYY-MM-DD. */
  approvalDay: string;
  payerName?: string | null;
}

export interface ReceivableInstallmentForMatch {
  id: string;
  documentId: string;
  documentNumber: string | null;
  /** The installment's number within its document (1, 2, …). */
  number: number;
  partyName: string | null;
  partyDocument: string | null;
  /** Centavos still open, positive. */
  open: Centavos;
  /** YYYY-MM-DD. */
  dueDate: string;
  /** What a payment's external reference may carry for it: the document's number and id, the installment's id… */
  references: string[];
}

export interface MercadoPagoMatchOptions {
  /** How many days the approval may be from the due date when only the amount says it is this installment. */
  dateWindowDays?: number;
  /** Suggestions scoring at least this are automatic. */
  threshold?: number;
}

export type MercadoPagoMatchReasonCode =
  'reference' | 'same_amount' | 'sum_of_installments' | 'partial' | 'date' | 'payer_name' | 'ambiguous';

export interface MercadoPagoMatchReason {
  code: MercadoPagoMatchReasonCode;
  /** pt-BR, for the person reconciling. */
  text: string;
}

export interface MercadoPagoAllocation {
  installmentId: string;
  /** Centavos of the installment the payment settles, positive. */
  amount: Centavos;
}

export interface MercadoPagoMatchSuggestion {
  paymentId: string;
  installmentIds: string[];
  /** What the payment settles of each installment; they add up to gross + coupon. */
  allocations: MercadoPagoAllocation[];
  score: number;
  /** The score reaches the threshold: the screen may reconcile it without asking. */
  automatic: boolean;
  reasons: MercadoPagoMatchReason[];
}

export const DEFAULT_MERCADOPAGO_WINDOW_DAYS = 5;
/** An amount and a date alone reach it within 4 days with nothing else of that amount near, as in bank matching. */
export const DEFAULT_MERCADOPAGO_THRESHOLD = 65;

const SCORE = {
  /** The external reference names the installment or its document. */
  reference: 60,
  /** …and the amount is the installment's, or the sum of the document's oldest installments. */
  referenceAmount: 30,
  /** …and the payment is part of the oldest installment: a person decides, whatever else agrees. */
  referencePartial: -35,
  /** No reference: the same open amount near the due date. */
  sameAmount: 55,
  payerName: 20,
  /** A proposal is ambiguous when another sharing a payment or installment scores less than this many points below. */
  ambiguityMargin: 15,
  ambiguity: 30,
  ambiguityEach: 5,
  /** An ambiguous proposal never scores more, below the default threshold. */
  ambiguousCeiling: 60,
};

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) =>
  Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS;

/** A reference as compared: upper case, no accents, no spaces ("ped - 1042" = "PED-1042"). */
const referenceKey = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\s+/g, '');

/** Upper-case words of a name without accents. */
const nameWords = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((w) => w.length > 1);

/** The payer is the installment's party: the same first and last word of the name. */
function sameName(payer: string, party: string): boolean {
  const [a, b] = [nameWords(payer), nameWords(party)];
  return a.length > 0 && b.length > 0 && a[0] === b[0] && a[a.length - 1] === b[b.length - 1];
}

/** Up to 4 days is as good as 1: a weekend and a day of clearing lie between many due dates and their payment. */
function datePoints(days: number, window: number): number {
  const n = Math.abs(days);
  if (n === 0) return 15;
  if (n <= 4) return 10;
  return n <= window ? 4 : 0;
}

/** "Aprovado no dia do vencimento", "Aprovado 3 dias antes do vencimento", "Aprovado 1 dia após o vencimento". */
function dateReason(days: number): MercadoPagoMatchReason {
  const n = Math.abs(days);
  const count = `${n} dia${n > 1 ? 's' : ''}`;
  const text =
    n === 0
      ? 'Aprovado no dia do vencimento'
      : days < 0
        ? `Aprovado ${count} antes do vencimento`
        : `Aprovado ${count} após o vencimento`;
  return { code: 'date', text };
}

interface Payment {
  source: MercadoPagoPaymentForMatch;
  day: number;
  /** What it settles: gross + coupon. */
  owed: Centavos;
}

interface Installment {
  source: ReceivableInstallmentForMatch;
  day: number;
}

interface Proposal {
  payment: Payment;
  installments: Installment[];
  allocations: MercadoPagoAllocation[];
  /** By external reference: an amount-only proposal never makes it doubtful. */
  byReference: boolean;
  raw: number;
  reasons: MercadoPagoMatchReason[];
}

/** What the external reference says of an installment: "número do título", "parcela 2 do título PED-1042"… */
function referenceWhat(installment: ReceivableInstallmentForMatch, key: string): string {
  if (installment.documentNumber !== null && referenceKey(installment.documentNumber) === key) {
    return 'número do título';
  }
  if (referenceKey(installment.id) === key) return 'identificador da parcela';
  if (referenceKey(installment.documentId) === key) return 'identificador do título';
  return 'referência do título';
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const byDueDate = (a: Installment, b: Installment) =>
  a.day - b.day || a.source.number - b.source.number || (a.source.id < b.source.id ? -1 : 1);

/**
 * Suggestions for Mercado Pago's approved payments, best first, each payment and installment in one at most; those
 * scoring at least the threshold are `automatic`. The same rows give the same suggestions in whatever order.
 */
export function matchMercadoPagoPayments(
  paymentRows: readonly MercadoPagoPaymentForMatch[],
  installmentRows: readonly ReceivableInstallmentForMatch[],
  options: MercadoPagoMatchOptions = {},
): MercadoPagoMatchSuggestion[] {
  const window = options.dateWindowDays ?? DEFAULT_MERCADOPAGO_WINDOW_DAYS;
  const threshold = options.threshold ?? DEFAULT_MERCADOPAGO_THRESHOLD;
  const payments: Payment[] = paymentRows
    .filter((p) => p.gross > 0)
    .map((source) => ({ source, day: dayNumber(source.approvalDay), owed: source.gross + (source.coupon ?? 0) }));
  const installments: Installment[] = installmentRows
    .filter((i) => i.open > 0)
    .map((source) => ({ source, day: dayNumber(source.dueDate) }))
    .sort(byDueDate);

  // Installments by each reference key, and by document and number for "PED-1042/2"; by open amount.
  const byReference = new Map<string, Installment[]>();
  const byAmount = new Map<Centavos, Installment[]>();
  for (const i of installments) {
    for (const key of new Set(i.source.references.map(referenceKey))) if (key) pushTo(byReference, key, i);
    pushTo(byAmount, i.source.open, i);
  }

  const proposals: Proposal[] = [];
  for (const payment of payments) {
    const reference = payment.source.externalReference;
    const key = reference ? referenceKey(reference) : '';
    const found = key ? referenceProposals(payment, reference ?? '', key) : [];
    proposals.push(...found);
    if (found.length === 0) proposals.push(...amountProposals(payment));
  }
  return assign(proposals, threshold);

  /** The installments a reference names: all that carry it, or the one "/n" names of a document that carries the rest. */
  function named(key: string): { list: Installment[]; what: (i: Installment) => string } {
    const direct = byReference.get(key);
    if (direct) return { list: direct, what: (i) => referenceWhat(i.source, key) };
    const slash = /^(.+)\/(\d{1,3})$/.exec(key);
    const base = slash?.[1] ?? '';
    const list = (byReference.get(base) ?? []).filter((i) => i.source.number === Number(slash?.[2]));
    return { list, what: (i) => `parcela ${i.source.number} do título ${i.source.documentNumber ?? base}` };
  }

  function referenceProposals(payment: Payment, reference: string, key: string): Proposal[] {
    const { list, what } = named(key);
    const out: Proposal[] = [];
    const add = (chosen: Installment[], amounts: Centavos[], amountReason: MercadoPagoMatchReason, points: number) => {
      const first = chosen[0] as Installment;
      const days = payment.day - first.day;
      const payer = payerReason(payment, first);
      out.push({
        payment,
        installments: chosen,
        allocations: chosen.map((i, k) => ({ installmentId: i.source.id, amount: amounts[k] ?? 0 })),
        byReference: true,
        raw: SCORE.reference + points + datePoints(days, window) + (payer ? SCORE.payerName : 0),
        reasons: [
          { code: 'reference', text: `Referência externa ${reference.trim()} = ${what(first)}` },
          amountReason,
          dateReason(days),
          ...(payer ? [payer] : []),
        ],
      });
    };
    const sameAmount = list.filter((i) => i.source.open === payment.owed);
    for (const i of sameAmount) add([i], [payment.owed], amountReason(payment), SCORE.referenceAmount);
    if (sameAmount.length > 0) return out;
    // The oldest installments of each document the reference names, while they add up to no more than the payment.
    const byDocument = new Map<string, Installment[]>();
    for (const i of list) pushTo(byDocument, i.source.documentId, i);
    for (const documentInstallments of byDocument.values()) {
      const oldest = documentInstallments[0] as Installment;
      if (payment.owed < oldest.source.open) {
        const text = `Pagamento parcial: ${formatBRL(payment.owed)} de ${formatBRL(oldest.source.open)}`;
        add([oldest], [payment.owed], { code: 'partial', text }, SCORE.referencePartial);
        continue;
      }
      let sum = 0;
      const prefix: Installment[] = [];
      for (const i of documentInstallments) {
        if (sum + i.source.open > payment.owed) break;
        sum += i.source.open;
        prefix.push(i);
      }
      if (sum === payment.owed && prefix.length > 1) {
        const title = oldest.source.documentNumber ?? reference.trim();
        const text = `Soma de ${prefix.length} parcelas do título ${title}: ${formatBRL(sum)}`;
        add(
          prefix,
          prefix.map((i) => i.source.open),
          { code: 'sum_of_installments', text },
          SCORE.referenceAmount,
        );
      }
    }
    return out;
  }

  function amountProposals(payment: Payment): Proposal[] {
    return (byAmount.get(payment.owed) ?? [])
      .filter((i) => Math.abs(payment.day - i.day) <= window)
      .map((i) => {
        const days = payment.day - i.day;
        const payer = payerReason(payment, i);
        return {
          payment,
          installments: [i],
          allocations: [{ installmentId: i.source.id, amount: payment.owed }],
          byReference: false,
          raw: SCORE.sameAmount + datePoints(days, window) + (payer ? SCORE.payerName : 0),
          reasons: [amountReason(payment), dateReason(days), ...(payer ? [payer] : [])],
        };
      });
  }
}

/** "Mesmo valor: R$ 1.250,00", with the coupon when there is one. */
function amountReason(payment: Payment): MercadoPagoMatchReason {
  const coupon = payment.source.coupon ?? 0;
  const withCoupon = coupon === 0 ? '' : ` (com o cupom de desconto de ${formatBRL(coupon)})`;
  return { code: 'same_amount', text: `Mesmo valor: ${formatBRL(payment.owed)}${withCoupon}` };
}

function payerReason(payment: Payment, installment: Installment): MercadoPagoMatchReason | null {
  const [payer, party] = [payment.source.payerName, installment.source.partyName];
  if (!payer || !party || !sameName(payer, party)) return null;
  return { code: 'payer_name', text: `Pagador ${payer.trim()} = cliente do título` };
}

/**
 * Two proposals by reference to installments of one document, for payments of the same amount, are interchangeable:
 * whichever pairing is taken settles the same document by the same amount, so neither makes the other doubtful.
 */
function interchangeable(p: Proposal, q: Proposal): boolean {
  const [a, b] = [p.installments[0] as Installment, q.installments[0] as Installment];
  return (
    p.byReference &&
    q.byReference &&
    p.installments.length === 1 &&
    q.installments.length === 1 &&
    a.source.documentId === b.source.documentId &&
    p.payment.owed === q.payment.owed
  );
}

/**
 * Lowers the score of proposals with a rival close to them on the same payment or installment, then takes them
 * highest score first (ties by payment id, then installment ids), each payment and installment once.
 */
function assign(proposals: Proposal[], threshold: number): MercadoPagoMatchSuggestion[] {
  const byPayment = new Map<Payment, Proposal[]>();
  const byInstallment = new Map<Installment, Proposal[]>();
  for (const p of proposals) {
    pushTo(byPayment, p.payment, p);
    for (const i of p.installments) pushTo(byInstallment, i, p);
  }
  const rivalOf = (p: Proposal, q: Proposal) =>
    q !== p && q.raw > p.raw - SCORE.ambiguityMargin && !(p.byReference && !q.byReference) && !interchangeable(p, q);

  const scored = proposals.map((p) => {
    const otherInstallments = new Set<Installment>();
    for (const q of byPayment.get(p.payment) ?? []) {
      if (!rivalOf(p, q)) continue;
      for (const i of q.installments) if (!p.installments.includes(i)) otherInstallments.add(i);
    }
    const otherPayments = new Set<Payment>();
    for (const i of p.installments) {
      for (const q of byInstallment.get(i) ?? [])
        if (rivalOf(p, q) && q.payment !== p.payment) otherPayments.add(q.payment);
    }
    const others = otherInstallments.size + otherPayments.size;
    const score =
      others === 0
        ? p.raw
        : Math.min(SCORE.ambiguousCeiling, p.raw - SCORE.ambiguity - SCORE.ambiguityEach * (others - 1));
    // Ties: by payment, then the installment due first (a document's oldest is paid first), then by id.
    const first = p.installments[0] as Installment;
    const due = String(first.day).padStart(8, '0');
    const key = `${p.payment.source.id}|${due}|${p.installments.map((i) => i.source.id).join(',')}`;
    return {
      p,
      score: Math.max(0, Math.min(100, score)),
      key,
      ambiguity: ambiguityReason(otherInstallments.size, otherPayments.size, p.byReference),
    };
  });
  scored.sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

  const usedPayments = new Set<Payment>();
  const usedInstallments = new Set<Installment>();
  const suggestions: MercadoPagoMatchSuggestion[] = [];
  for (const { p, score, ambiguity } of scored) {
    if (usedPayments.has(p.payment) || p.installments.some((i) => usedInstallments.has(i))) continue;
    usedPayments.add(p.payment);
    for (const i of p.installments) usedInstallments.add(i);
    suggestions.push({
      paymentId: p.payment.source.id,
      installmentIds: p.installments.map((i) => i.source.id),
      allocations: p.allocations,
      score,
      automatic: score >= threshold,
      reasons: [...p.reasons, ...ambiguity],
    });
  }
  return suggestions;
}

/**
 * "Outra parcela com o mesmo valor e data próxima", "Outros 2 pagamentos…", "Outra parcela com a mesma referência"
 * when the rival is also named by the payment's reference.
 */
function ambiguityReason(installments: number, payments: number, byReference: boolean): MercadoPagoMatchReason[] {
  if (installments + payments === 0) return [];
  const parts: string[] = [];
  if (installments > 0) parts.push(installments === 1 ? 'outra parcela' : `outras ${installments} parcelas`);
  if (payments > 0) parts.push(payments === 1 ? 'outro pagamento' : `outros ${payments} pagamentos`);
  const text = `${parts.join(' e ')} ${byReference ? 'com a mesma referência' : 'com o mesmo valor e data próxima'}`;
  return [{ code: 'ambiguous', text: `${text.charAt(0).toUpperCase()}${text.slice(1)}` }];
}

import { type Centavos, formatBRL } from '../money';
import type { MercadoPagoAllocation } from './match';
import type { MercadoPagoFees, MercadoPagoReleaseRow, MercadoPagoSettlementRow } from './reports';

/**
 * What reconciling Mercado Pago's reports means for the books, as data the server writes through the ledger.
 *
 * Three places hold the seller's money: the receivable (until a payment settles it), "saldo a liberar" (what Mercado
 * Pago owes the seller but has not released: the net of approved payments, and what a block holds back) and
 * "disponível" (the available Mercado Pago balance, from which withdrawals go to a bank account).
 *
 * A settlement report row moves money between the receivable, the fee expenses and "saldo a liberar" on the approval
 * day; a release report row moves it from "saldo a liberar" to "disponível" on the release day, or from "disponível"
 * to a bank account. Amounts are centavos; each field says what its sign means.
 */

/** A row's problem that makes its postings unwritable, in pt-BR; nothing is booked. */
export class MercadoPagoPostingError extends Error {
  override name = 'MercadoPagoPostingError';
}

export type MercadoPagoFeeKind = keyof MercadoPagoFees | 'coupon';

export interface MercadoPagoFeePosting {
  kind: MercadoPagoFeeKind;
  /** An expense: positive when charged, negative when Mercado Pago gives it back (a refund returns its fees). */
  amount: Centavos;
}

/** A settlement report row as reconciliation reads it: the reader's row, or the stored one, with its days. */
export type MercadoPagoSettlementForPostings = Pick<
  MercadoPagoSettlementRow,
  'sourceId' | 'transactionType' | 'gross' | 'fees' | 'net' | 'coupon'
> & {
  /** São Paulo's day of TRANSACTION_DATE. */
  approvalDay: string;
  /** São Paulo's day of SETTLEMENT_DATE, when the net is released; null when the report does not say. */
  releaseDay: string | null;
};

export interface MercadoPagoSalePostings {
  kind: 'sale';
  sourceId: string;
  /**
   * The receivable installments settled on the approval day, by `amount` = gross + coupon (positive, what the
   * customer's debt goes down by). Null when the sale has no receivable yet: `createReceivable` asks for one first.
   */
  settle: { installments: MercadoPagoAllocation[]; date: string; amount: Centavos } | null;
  createReceivable: boolean;
  /** The fees by kind, non-zero only, as expenses on the approval day; with the net they add up to `settle.amount`. */
  fees: MercadoPagoFeePosting[];
  /** The net (positive), into "saldo a liberar" on the approval day. */
  toRelease: Centavos;
  releaseDay: string | null;
}

export type MercadoPagoReversalType = 'refund' | 'chargeback' | 'dispute';

export interface MercadoPagoReversalPostings {
  kind: 'reversal';
  type: MercadoPagoReversalType;
  sourceId: string;
  date: string;
  /**
   * The part of the sale's settlement undone, signed like the row's gross: negative reopens that much of the
   * installments the sale settled, the last ones first (a refund, a chargeback, money held in a dispute); positive
   * settles again what an earlier reversal reopened, the first ones first (a dispute the seller won). Each
   * allocation carries the sign of `amount`. Null when the sale settled no receivable.
   */
  settle: { installments: MercadoPagoAllocation[]; amount: Centavos } | null;
  /** The row's fees by kind, non-zero only: negative when given back with a refund, positive when charged. */
  fees: MercadoPagoFeePosting[];
  /** The row's net: negative leaves "saldo a liberar", positive comes back into it. */
  toRelease: Centavos;
  releaseDay: string | null;
}

const REVERSAL_TYPES: Record<string, MercadoPagoReversalType> = {
  REFUND: 'refund',
  CHARGEBACK: 'chargeback',
  DISPUTE: 'dispute',
};

const FEE_KINDS = ['processing', 'marketplace', 'financing', 'shipping', 'taxes'] as const;

const feePostings = (fees: MercadoPagoFees): MercadoPagoFeePosting[] =>
  FEE_KINDS.filter((kind) => fees[kind] !== 0).map((kind) => ({ kind, amount: fees[kind] }));

/**
 * The postings of one settlement report row: for a SETTLEMENT (an approved sale), settling the installments the
 * accepted suggestion gives (`settled`; empty when the sale has no receivable), its fees and the net to release; for a
 * REFUND, CHARGEBACK or DISPUTE, undoing what the row says of the sale whose settlement is `settled`. Throws
 * MercadoPagoPostingError (pt-BR) when the row's amounts or the installments do not add up, or for other types
 * (withdrawals come from the release report).
 */
export function mercadoPagoPostings(
  row: MercadoPagoSettlementForPostings,
  settled: readonly MercadoPagoAllocation[],
): MercadoPagoSalePostings | MercadoPagoReversalPostings {
  const fees = feePostings(row.fees);
  const feeTotal = fees.reduce((sum, fee) => sum + fee.amount, 0);
  if (feeTotal + row.net !== row.gross) {
    throw new MercadoPagoPostingError(
      `Na operação ${row.sourceId}, o valor bruto (${formatBRL(row.gross)}) menos as tarifas (${formatBRL(feeTotal)}) não dá o valor líquido (${formatBRL(row.net)}).`,
    );
  }
  const reversal = REVERSAL_TYPES[row.transactionType];
  if (row.transactionType === 'SETTLEMENT') return salePostings(row, settled, fees);
  if (!reversal) {
    throw new MercadoPagoPostingError(
      `A operação ${row.sourceId} é do tipo ${row.transactionType}: só vendas aprovadas, devoluções, contestações e disputas são conciliadas com contas a receber.`,
    );
  }
  return {
    kind: 'reversal',
    type: reversal,
    sourceId: row.sourceId,
    date: row.approvalDay,
    settle: settled.length === 0 ? null : { installments: undo(row, settled), amount: row.gross },
    fees,
    toRelease: row.net,
    releaseDay: row.releaseDay,
  };
}

function salePostings(
  row: MercadoPagoSettlementForPostings,
  settled: readonly MercadoPagoAllocation[],
  fees: MercadoPagoFeePosting[],
): MercadoPagoSalePostings {
  if (row.gross <= 0) {
    throw new MercadoPagoPostingError(`A venda ${row.sourceId} tem valor bruto ${formatBRL(row.gross)}, não positivo.`);
  }
  // The seller's coupon is a discount: the customer's debt goes down by it as well, and it is an expense.
  const amount = row.gross + row.coupon;
  const total = settled.reduce((sum, a) => sum + a.amount, 0);
  if (settled.length > 0 && (total !== amount || settled.some((a) => a.amount <= 0))) {
    throw new MercadoPagoPostingError(
      `As parcelas escolhidas para a venda ${row.sourceId} somam ${formatBRL(total)}, mas ela quita ${formatBRL(amount)}.`,
    );
  }
  return {
    kind: 'sale',
    sourceId: row.sourceId,
    settle:
      settled.length === 0 ? null : { installments: settled.map((a) => ({ ...a })), date: row.approvalDay, amount },
    createReceivable: settled.length === 0,
    fees: row.coupon === 0 ? fees : [...fees, { kind: 'coupon', amount: row.coupon }],
    toRelease: row.net,
    releaseDay: row.releaseDay,
  };
}

/** |gross| spread over what the sale settled, each at most its part: the last first when reopening, else the first. */
function undo(
  row: MercadoPagoSettlementForPostings,
  settled: readonly MercadoPagoAllocation[],
): MercadoPagoAllocation[] {
  const sign = Math.sign(row.gross);
  const total = settled.reduce((sum, a) => sum + a.amount, 0);
  if (Math.abs(row.gross) > total) {
    throw new MercadoPagoPostingError(
      `A operação ${row.sourceId} desfaz ${formatBRL(Math.abs(row.gross))}, mais que os ${formatBRL(total)} quitados pela venda.`,
    );
  }
  let left = Math.abs(row.gross);
  const out: MercadoPagoAllocation[] = [];
  for (const a of sign < 0 ? settled.toReversed() : settled) {
    if (left === 0) break;
    const part = Math.min(left, a.amount);
    out.push({ installmentId: a.installmentId, amount: sign * part });
    left -= part;
  }
  return out;
}

/** A release report row as reconciliation reads it. */
export type MercadoPagoReleaseForPostings = Pick<
  MercadoPagoReleaseRow,
  'sourceId' | 'recordType' | 'description' | 'netCredit' | 'netDebit' | 'payoutBankAccount'
> & {
  /** São Paulo's day of DATE; only the opening balance may have none. */
  day: string | null;
};

export interface MercadoPagoReleaseDay {
  day: string;
  /**
   * "saldo a liberar" → "disponível": what each release row added to the available balance (credit − debit):
   * positive for a payment's net, negative for a refund or chargeback taken from the available balance.
   */
  releases: { sourceId: string | null; description: string; amount: Centavos }[];
  released: Centavos;
  /** "disponível" → "saldo a liberar": what blocks held back (debit − credit), positive. */
  blocked: Centavos;
  /** "saldo a liberar" → "disponível": what unblocks gave back (credit − debit), positive. */
  unblocked: Centavos;
  /** "disponível" → a bank account: each withdrawal (debit − credit); negative when a withdrawal came back. */
  payouts: { sourceId: string | null; bankAccount: string | null; amount: Centavos }[];
  /** The available balance's change that day: released − blocked + unblocked − payouts. */
  change: Centavos;
}

export interface MercadoPagoReleasePostings {
  /** The opening available balance (credit − debit of its row), when the report has one. */
  opening: Centavos | null;
  /** By day, in order. */
  days: MercadoPagoReleaseDay[];
}

const PAYOUT_DESCRIPTIONS = new Set(['withdrawal', 'withdrawal_cancel', 'payout']);

/**
 * What the release report moves, per release day. Throws MercadoPagoPostingError (pt-BR) for a row without a day or
 * of a record type it does not know.
 */
export function releasePostings(rows: readonly MercadoPagoReleaseForPostings[]): MercadoPagoReleasePostings {
  let opening: Centavos | null = null;
  const days = new Map<string, MercadoPagoReleaseDay>();
  for (const row of rows) {
    const credit = row.netCredit - row.netDebit;
    if (row.recordType === 'initial_available_balance') {
      opening = (opening ?? 0) + credit;
      continue;
    }
    const what = `A linha ${row.recordType} ${row.description}${row.sourceId ? ` da operação ${row.sourceId}` : ''}`;
    if (!row.day) throw new MercadoPagoPostingError(`${what} não tem data de liberação.`);
    let day = days.get(row.day);
    if (!day) {
      day = { day: row.day, releases: [], released: 0, blocked: 0, unblocked: 0, payouts: [], change: 0 };
      days.set(row.day, day);
    }
    if (row.recordType === 'block') day.blocked -= credit;
    else if (row.recordType === 'unblock') day.unblocked += credit;
    else if (row.recordType !== 'release') {
      throw new MercadoPagoPostingError(`${what} é de um tipo de registro que não conhecemos.`);
    } else if (PAYOUT_DESCRIPTIONS.has(row.description)) {
      day.payouts.push({ sourceId: row.sourceId, bankAccount: row.payoutBankAccount, amount: -credit });
    } else {
      day.releases.push({ sourceId: row.sourceId, description: row.description, amount: credit });
      day.released += credit;
    }
    day.change += credit;
  }
  return { opening, days: [...days.values()].sort((a, b) => (a.day < b.day ? -1 : 1)) };
}

import { mercadopagoClient } from '../../api/trpc';

// TEMPORARY: the shapes of the procedures still being written on the server, as agreed; replaced by the router's
// own types once they land.
type Q<I, O> = { query: (input: I) => Promise<O> };
type M<I, O> = { mutate: (input: I) => Promise<O> };
type Keyed = { idempotencyKey: string };

export interface Settings {
  accountId: string;
  pendingAccountId: string;
  feeClassificationId: string;
  costCentreId: string | null;
  payoutAccountId: string | null;
  customerId: string | null;
  receivableClassificationId: string | null;
  paymentMethodId: string | null;
}
export interface FeesByKind {
  processing: number;
  marketplace: number;
  financing: number;
  shipping: number;
  taxes: number;
  coupon: number;
}
export interface DayTotals {
  sales: number;
  gross: number;
  fees: FeesByKind;
  feesTotal: number;
  net: number;
  refunds: number;
  released: number;
  toRelease: number;
  reconciled: number;
  unmatchedPayments: number;
  unmatchedReceivables: number;
  difference: number;
}
export type DayRow = DayTotals & { day: string };
export interface PaymentRow {
  id: string;
  sourceId: string;
  externalReference: string | null;
  transactionType: string;
  paymentMethod: string | null;
  installments: number | null;
  transactionAt: string;
  approvalDay: string;
  settlementDay: string | null;
  gross: number;
  fees: FeesByKind;
  feesTotal: number;
  net: number;
  coupon: number;
  status: 'reconciled' | 'suggested' | 'open' | 'reversal';
  reconciliation: {
    origin: string;
    paymentId: string | null;
    documents: { id: string; documentNumber: string | null; description: string; partyName: string | null }[];
    createdAt: string;
  } | null;
  suggestion: {
    score: number;
    automatic: boolean;
    reasons: { code: string; text: string }[];
    allocations: {
      installmentId: string;
      amount: number;
      documentId: string;
      documentNumber: string | null;
      partyName: string | null;
      number: number;
      count: number;
      dueDate: string;
    }[];
  } | null;
}
export interface ReceivableRow {
  installmentId: string;
  documentId: string;
  documentNumber: string | null;
  description: string;
  partyName: string | null;
  number: number;
  count: number;
  dueDate: string;
  amount: number;
  open: number;
}
interface Period {
  accountId: string;
  from: string;
  to: string;
}
interface Pending {
  settings: {
    get: Q<{ accountId: string }, Settings | null>;
    save: M<Omit<Settings, 'accountId'> & { accountId: string } & Keyed, unknown>;
  };
  reconciliation: {
    accept: M<{ accountId: string; settlementIds: string[] } & Keyed, { reconciled: number }>;
    acceptAll: M<Period & { minScore: number } & Keyed, { reconciled: number; reversals: number }>;
    match: M<{ settlementId: string; allocations: { installmentId: string; amount: number }[] } & Keyed, unknown>;
    createReceivable: M<
      {
        settlementId: string;
        partyId?: string | null;
        classificationId?: string | null;
        costCentreId?: string | null;
        description?: string | null;
      } & Keyed,
      unknown
    >;
    undo: M<{ settlementId: string; reason: string } & Keyed, unknown>;
  };
  releases: {
    book: M<Period & Keyed, { days: number }>;
  };
  overview: {
    days: Q<Period, { days: DayRow[]; totals: DayTotals }>;
    payments: Q<
      Period & {
        day?: string;
        status?: 'all' | 'open' | 'suggested' | 'reconciled' | 'reversal';
        search?: string;
        page: number;
        pageSize: number;
      },
      { rows: PaymentRow[]; total: number; page: number; pageSize: number }
    >;
    receivables: Q<
      Period & { search?: string; page: number; pageSize: number },
      { rows: ReceivableRow[]; total: number }
    >;
  };
}

/** The Mercado Pago API as this screen calls it. */
const pending = mercadopagoClient as unknown as Pending;
export const mp = {
  imports: mercadopagoClient.imports,
  settings: pending.settings,
  reconciliation: pending.reconciliation,
  releases: pending.releases,
  overview: pending.overview,
};

export type ImportPreview = Awaited<ReturnType<typeof mercadopagoClient.imports.preview.mutate>>;
export type ImportResult = Awaited<ReturnType<typeof mercadopagoClient.imports.commit.mutate>>;

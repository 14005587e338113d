import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { dateInput, MAX_AMOUNT, parseBRL } from '@financeiro/core';
import { rowsOf } from '../../db/client';
import { containsPattern, folded } from '../../db/search';
import { mustUseAccount, type LedgerScope } from '../ledger';
import { periodFields, withinPeriod } from './inputs';
import { suggestSales } from './suggest';

/*
 * The Mercado Pago reconciliation screen's figures, by payment approval day: per day the sales' gross, fees by kind
 * and net, what the release report released of them, what is reconciled and what is not; the payments behind a day;
 * the unit's open receivables to match by hand. Each call reads the account's rows of the period through the
 * (organization, account, approval day) index in one grouped query, so a large book costs no query per row.
 */

export const PAYMENT_STATUSES = ['all', 'open', 'suggested', 'reconciled', 'reversal'] as const;

/** What the search box sends: blank is no search. */
const searchField = z
  .string('A busca deve ser um texto.')
  .trim()
  .max(100, 'Use até 100 caracteres.')
  .nullish()
  .transform((v) => v || null);
const pageFields = {
  page: z.number('Página inválida.').int('Página inválida.').min(1, 'Página inválida.').max(100_000).default(1),
  pageSize: z
    .number('Tamanho de página inválido.')
    .int('Tamanho de página inválido.')
    .min(1, 'Mostre de 1 a 200 linhas por página.')
    .max(200, 'Mostre de 1 a 200 linhas por página.')
    .default(50),
};

export const overviewDaysInput = withinPeriod(z.object(periodFields));

export const overviewPaymentsInput = withinPeriod(
  z.object({
    ...periodFields,
    day: dateInput('Informe o dia.').nullish(),
    status: z.enum(PAYMENT_STATUSES, 'Situação inválida.').default('all'),
    search: searchField,
    ...pageFields,
  }),
).refine((p) => !p.day || (p.day >= p.from && p.day <= p.to), {
  path: ['day'],
  message: 'O dia escolhido fica fora do período.',
});

export const overviewReceivablesInput = withinPeriod(z.object({ ...periodFields, search: searchField, ...pageFields }));

type Period = { accountId: string; from: string; to: string };

/** Fees by kind, as costs: positive when charged, negative when given back. The coupon is the seller's discount. */
export interface FeesByKind {
  processing: number;
  marketplace: number;
  financing: number;
  shipping: number;
  taxes: number;
  coupon: number;
}

export interface DayTotals {
  /** Approved sales (count). */
  sales: number;
  gross: number;
  fees: FeesByKind;
  /** What Mercado Pago kept of the gross (the coupon apart, which was never in it): gross − net. */
  feesTotal: number;
  net: number;
  /** Refunds, chargebacks and disputes approved that day: their gross, signed as the report has it. */
  refunds: number;
  /** Of the net of the day's sales, what the release report has released. */
  released: number;
  /** net − released. */
  toRelease: number;
  /** The gross of the day's sales that are reconciled. */
  reconciled: number;
  /** The day's sales not reconciled. */
  unmatchedPayments: number;
  /** The unit's open receivable installments due that day. */
  unmatchedReceivables: number;
  /** gross − reconciled. */
  difference: number;
}

export interface DayRow extends DayTotals {
  day: string;
}

/** What counts as an approved sale, and as the undoing of one, among the settlement report's rows. */
const SALE = sql`(s.transaction_type = 'SETTLEMENT' and s.gross > 0)`;
const REVERSAL = sql`s.transaction_type in ('REFUND', 'CHARGEBACK', 'DISPUTE')`;

const emptyFees = (): FeesByKind => ({ processing: 0, marketplace: 0, financing: 0, shipping: 0, taxes: 0, coupon: 0 });
const FEE_KINDS = Object.keys(emptyFees()) as (keyof FeesByKind)[];

/** The account's rows of the period with a live reconciliation: that left join, on the settlement's id. */
const liveReconciliation = sql`left join mercadopago_reconciliations rec on rec.organization_id = s.organization_id
  and rec.settlement_id = s.id and rec.undone_at is null`;

interface DaySql {
  day: string;
  sales: string;
  gross: string;
  processing: string;
  marketplace: string;
  financing: string;
  shipping: string;
  taxes: string;
  coupon: string;
  net: string;
  refunds: string;
  released: string;
  reconciled: string;
  unmatched_payments: string;
  unmatched_receivables: string;
}

/**
 * Per approval day of the period with a sale, refund, chargeback or dispute: the figures of `DayRow`, and their sum.
 * One statement: the period's rows by the day index, each sale's released net from the release report by its
 * Mercado Pago id (released on or after the period's first day, so the release-day index bounds it), the live
 * reconciliations, and the unit's open receivables due on those days.
 */
export async function overviewDays(scope: LedgerScope, period: Period): Promise<{ days: DayRow[]; totals: DayTotals }> {
  await mustUseAccount(scope, period.accountId);
  const { organizationId, unitId } = scope.tenant;
  const { accountId, from, to } = period;
  const result = await scope.tx.execute(sql`
    with rows as (
      select s.id, s.organization_id, s.approval_day, s.source_id, s.gross, s.processing_fee, s.marketplace_fee,
        s.financing_fee, s.shipping_fee, s.taxes, s.coupon, s.net, ${SALE} as sale
      from mercadopago_settlements s
      where s.organization_id = ${organizationId} and s.account_id = ${accountId}
        and s.approval_day between ${from} and ${to} and (${SALE} or ${REVERSAL})
    ), released as (
      select r.source_id, sum(r.net_credit - r.net_debit) as amount
      from mercadopago_releases r
      where r.organization_id = ${organizationId} and r.account_id = ${accountId} and r.release_day >= ${from}
        and r.record_type = 'release' and r.description = 'payment'
        and r.source_id in (select source_id from rows where sale)
      group by r.source_id
    ), days as (
      select s.approval_day as day,
        count(*) filter (where s.sale) as sales,
        coalesce(sum(s.gross) filter (where s.sale), 0) as gross,
        coalesce(sum(s.processing_fee) filter (where s.sale), 0) as processing,
        coalesce(sum(s.marketplace_fee) filter (where s.sale), 0) as marketplace,
        coalesce(sum(s.financing_fee) filter (where s.sale), 0) as financing,
        coalesce(sum(s.shipping_fee) filter (where s.sale), 0) as shipping,
        coalesce(sum(s.taxes) filter (where s.sale), 0) as taxes,
        coalesce(sum(s.coupon) filter (where s.sale), 0) as coupon,
        coalesce(sum(s.net) filter (where s.sale), 0) as net,
        coalesce(sum(s.gross) filter (where not s.sale), 0) as refunds,
        coalesce(sum(least(s.net, greatest(coalesce(rel.amount, 0), 0))) filter (where s.sale), 0) as released,
        coalesce(sum(s.gross) filter (where s.sale and rec.id is not null), 0) as reconciled,
        count(*) filter (where s.sale and rec.id is null) as unmatched_payments
      from rows s
      left join released rel on s.sale and rel.source_id = s.source_id
      ${liveReconciliation}
      group by s.approval_day
    ), receivables as (
      select i.due_date as day, count(*) as n
      from ledger_installments_view i
      where i.organization_id = ${organizationId} and i.unit_id = ${unitId} and i.kind = 'receivable'
        and i.status in ('open', 'partial') and i.due_date between ${from} and ${to}
        and i.due_date in (select day from days)
      group by i.due_date
    )
    select d.day::text as day, d.sales::text, d.gross::text, d.processing::text, d.marketplace::text,
      d.financing::text, d.shipping::text, d.taxes::text, d.coupon::text, d.net::text, d.refunds::text,
      d.released::text, d.reconciled::text, d.unmatched_payments::text,
      coalesce(v.n, 0)::text as unmatched_receivables
    from days d left join receivables v on v.day = d.day
    order by d.day`);
  const days = rowsOf<DaySql>(result).map((r): DayRow => {
    const fees = {
      processing: Number(r.processing),
      marketplace: Number(r.marketplace),
      financing: Number(r.financing),
      shipping: Number(r.shipping),
      taxes: Number(r.taxes),
      coupon: Number(r.coupon),
    };
    const gross = Number(r.gross);
    const net = Number(r.net);
    const released = Number(r.released);
    const reconciled = Number(r.reconciled);
    return {
      day: r.day,
      sales: Number(r.sales),
      gross,
      fees,
      feesTotal: gross - net,
      net,
      refunds: Number(r.refunds),
      released,
      toRelease: Math.max(net - released, 0),
      reconciled,
      unmatchedPayments: Number(r.unmatched_payments),
      unmatchedReceivables: Number(r.unmatched_receivables),
      difference: gross - reconciled,
    };
  });
  return { days, totals: totalsOf(days) };
}

function totalsOf(days: DayRow[]): DayTotals {
  const totals: DayTotals = {
    sales: 0,
    gross: 0,
    fees: emptyFees(),
    feesTotal: 0,
    net: 0,
    refunds: 0,
    released: 0,
    toRelease: 0,
    reconciled: 0,
    unmatchedPayments: 0,
    unmatchedReceivables: 0,
    difference: 0,
  };
  for (const { day: _day, fees, ...figures } of days) {
    for (const kind of FEE_KINDS) totals.fees[kind] += fees[kind];
    for (const key of Object.keys(figures) as (keyof typeof figures)[]) totals[key] += figures[key];
  }
  return totals;
}

/** An amount a person typed in the search box ("150", "1.234,56"), when it is one the app keeps. */
function searchedAmount(search: string): number | null {
  const amount = parseBRL(search);
  return amount !== null && amount > 0 && amount <= MAX_AMOUNT ? amount : null;
}

/** What a search finds among the settlement rows: ids, references, the payment method, or the gross typed. */
function paymentSearch(search: string | null): SQL {
  if (!search) return sql`true`;
  const pattern = folded(sql`${containsPattern(search)}::text`);
  const amount = searchedAmount(search);
  return sql`(${folded(sql`s.source_id`)} like ${pattern}
    or ${folded(sql`coalesce(s.external_reference, '')`)} like ${pattern}
    or ${folded(sql`coalesce(s.order_id, '')`)} like ${pattern}
    or ${folded(sql`coalesce(s.payment_method, '')`)} like ${pattern}
    ${amount === null ? sql`` : sql`or abs(s.gross) = ${amount}`})`;
}

export type PaymentStatus = 'reconciled' | 'suggested' | 'open' | 'reversal';

interface PaymentSql {
  id: string;
  source_id: string;
  external_reference: string | null;
  transaction_type: string;
  payment_method: string | null;
  installments: number | null;
  transaction_at: string;
  approval_day: string;
  settlement_day: string | null;
  gross: string;
  processing: string;
  marketplace: string;
  financing: string;
  shipping: string;
  taxes: string;
  coupon: string;
  net: string;
  status: PaymentStatus;
  origin: string | null;
  payment_id: string | null;
  reconciled_at: string | null;
  documents: { id: string; documentNumber: string | null; description: string; partyName: string }[] | null;
  total: string;
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const isoOf = (column: SQL) => sql`to_char(${column} at time zone 'UTC', ${sql.raw(ISO)})`;

/**
 * A page of the period's sales, refunds, chargebacks and disputes, by approval instant: each with its fees, its
 * status (a reconciled sale, one the matcher suggests a receivable for, an open one, or the undoing of a sale), its
 * reconciliation's receipt and documents, and its suggestion. The suggestions are the whole period's, so a sale's
 * suggestion and status do not change with the day or page shown.
 */
export async function overviewPayments(scope: LedgerScope, input: z.output<typeof overviewPaymentsInput>) {
  await mustUseAccount(scope, input.accountId);
  const { organizationId } = scope.tenant;
  const { accountId, from, to, status, page, pageSize } = input;
  // The reconciled ones and the refunds need no suggestion: the matcher reads only sales still open.
  const suggested =
    status === 'reconciled' || status === 'reversal'
      ? { suggestions: [], installments: [] }
      : await suggestSales(scope, { accountId, from, to });
  const suggestionOf = new Map(suggested.suggestions.map((s) => [s.paymentId, s]));
  const suggestedIds = [...suggestionOf.keys()];
  const statusSql = sql`case when not ${SALE} then 'reversal' when rec.id is not null then 'reconciled'
    when suggested.id is not null then 'suggested' else 'open' end`;
  // The suggested ids joined as a set (hashed), not searched in an array row by row.
  const matching = sql`
    from mercadopago_settlements s
    ${liveReconciliation}
    left join unnest(${sql.param(suggestedIds)}::uuid[]) as suggested(id) on suggested.id = s.id
    where s.organization_id = ${organizationId} and s.account_id = ${accountId}
      and s.approval_day between ${input.day ?? from} and ${input.day ?? to} and (${SALE} or ${REVERSAL})
      and ${paymentSearch(input.search)}`;
  const result = await scope.tx.execute(sql`
    with matched as (
      select s.id, s.organization_id, s.source_id, s.external_reference, s.transaction_type, s.payment_method,
        s.installments, s.transaction_at, s.approval_day, s.settlement_day, s.gross, s.processing_fee,
        s.marketplace_fee, s.financing_fee, s.shipping_fee, s.taxes, s.coupon, s.net, ${statusSql} as status,
        rec.origin, rec.payment_id, coalesce(rec.payment_id, rec.reversed_payment_id) as receipt_id,
        rec.document_id, rec.created_at as reconciled_at
      ${matching}
    ), page as (
      select m.*, count(*) over () as total from matched m
      where ${status === 'all' ? sql`true` : sql`m.status = ${status}`}
      order by m.transaction_at, m.id
      limit ${pageSize} offset ${(page - 1) * pageSize}
    )
    select p.id, p.source_id, p.external_reference, p.transaction_type, p.payment_method, p.installments,
      ${isoOf(sql`p.transaction_at`)} as transaction_at, p.approval_day::text, p.settlement_day::text,
      p.gross::text, p.processing_fee::text as processing, p.marketplace_fee::text as marketplace,
      p.financing_fee::text as financing, p.shipping_fee::text as shipping, p.taxes::text, p.coupon::text,
      p.net::text, p.status, p.origin, p.payment_id, ${isoOf(sql`p.reconciled_at`)} as reconciled_at, docs.documents,
      p.total::text
    from page p
    left join lateral (
      select json_agg(json_build_object('id', d.id, 'documentNumber', d.document_number,
          'description', d.description, 'partyName', coalesce(party.trade_name, party.name))
        order by d.document_number, d.id) as documents
      from ledger_documents_view d
      join parties_view party on party.organization_id = d.organization_id and party.id = d.party_id
      where d.organization_id = p.organization_id and d.id in (
        select p.document_id
        union
        select i.document_id from ledger_settlements_view ls
        join ledger_installments_view i on i.organization_id = ls.organization_id and i.id = ls.installment_id
        where ls.organization_id = p.organization_id and ls.payment_id = p.receipt_id)
    ) docs on p.origin is not null
    order by p.transaction_at, p.id`);
  const rows = rowsOf<PaymentSql>(result);
  const total =
    rows.length > 0
      ? Number(rows[0]?.total)
      : page === 1
        ? 0
        : await countOf(
            scope,
            sql`select count(*)::text as n from (select ${statusSql} as status ${matching}) m
              where ${status === 'all' ? sql`true` : sql`m.status = ${status}`}`,
          );

  const installmentOf = new Map(suggested.installments.map((i) => [i.id, i]));
  const shownInstallments = rows.flatMap((r) =>
    r.status === 'suggested' ? (suggestionOf.get(r.id)?.allocations.map((a) => a.installmentId) ?? []) : [],
  );
  const countOfInstallment = await installmentCounts(scope, shownInstallments);

  return {
    rows: rows.map((r) => {
      const fees: FeesByKind = {
        processing: Number(r.processing),
        marketplace: Number(r.marketplace),
        financing: Number(r.financing),
        shipping: Number(r.shipping),
        taxes: Number(r.taxes),
        coupon: Number(r.coupon),
      };
      const gross = Number(r.gross);
      const net = Number(r.net);
      const suggestion = r.status === 'suggested' ? suggestionOf.get(r.id) : undefined;
      return {
        id: r.id,
        sourceId: r.source_id,
        externalReference: r.external_reference,
        transactionType: r.transaction_type,
        paymentMethod: r.payment_method,
        installments: r.installments,
        transactionAt: r.transaction_at,
        approvalDay: r.approval_day,
        settlementDay: r.settlement_day,
        gross,
        fees,
        feesTotal: gross - net,
        net,
        coupon: fees.coupon,
        status: r.status,
        reconciliation:
          r.origin === null
            ? null
            : {
                origin: r.origin,
                paymentId: r.payment_id,
                documents: r.documents ?? [],
                createdAt: r.reconciled_at,
              },
        suggestion: suggestion
          ? {
              score: suggestion.score,
              automatic: suggestion.automatic,
              reasons: suggestion.reasons,
              allocations: suggestion.allocations.map((a) => {
                const installment = installmentOf.get(a.installmentId);
                return {
                  installmentId: a.installmentId,
                  amount: a.amount,
                  documentId: installment?.documentId ?? null,
                  documentNumber: installment?.documentNumber ?? null,
                  partyName: installment?.partyName ?? null,
                  number: installment?.number ?? null,
                  count: countOfInstallment.get(a.installmentId) ?? null,
                  dueDate: installment?.dueDate ?? null,
                };
              }),
            }
          : null,
      };
    }),
    total,
    page,
    pageSize,
  };
}

async function countOf(scope: LedgerScope, query: SQL): Promise<number> {
  const [row] = rowsOf<{ n: string }>(await scope.tx.execute(query));
  return Number(row?.n ?? 0);
}

/** How many installments the documents of these installments have, for "2/3". */
async function installmentCounts(scope: LedgerScope, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const result = await scope.tx.execute(sql`
    select i.id, i.count from ledger_installments_view i
    where i.organization_id = ${scope.tenant.organizationId} and i.id = any(${sql.param([...new Set(ids)])}::uuid[])`);
  return new Map(rowsOf<{ id: string; count: number }>(result).map((r) => [r.id, Number(r.count)]));
}

interface ReceivableSql {
  id: string;
  document_id: string;
  document_number: string | null;
  description: string;
  party_name: string;
  number: number;
  count: number;
  due_date: string;
  amount: string;
  open: string;
  total: string;
}

/**
 * A page of the unit's open receivable installments due in the period, by due date, for matching a sale by hand and
 * for the day's unmatched receivables: the page's ids come from the installments alone (their list index), and only
 * those are joined to their document and customer, unless a search needs them.
 */
export async function overviewReceivables(scope: LedgerScope, input: z.output<typeof overviewReceivablesInput>) {
  await mustUseAccount(scope, input.accountId);
  const { organizationId, unitId } = scope.tenant;
  const { from, to, search, page, pageSize } = input;
  let searchSql = sql``;
  if (search) {
    const pattern = folded(sql`${containsPattern(search)}::text`);
    const amount = searchedAmount(search);
    searchSql = sql`and exists (select 1 from ledger_documents_view d
      join parties_view party on party.organization_id = d.organization_id and party.id = d.party_id
      where d.organization_id = i.organization_id and d.id = i.document_id
        and (${folded(sql`coalesce(i.document_number, '')`)} like ${pattern} or ${folded(sql`d.description`)} like ${pattern}
          or party.search_text like ${pattern}
          ${amount === null ? sql`` : sql`or i.amount - i.settled = ${amount} or i.amount = ${amount}`}))`;
  }
  const matching = sql`from ledger_installments_view i
    where i.organization_id = ${organizationId} and i.unit_id = ${unitId} and i.kind = 'receivable'
      and i.status in ('open', 'partial') and i.due_date between ${from} and ${to} ${searchSql}`;
  const result = await scope.tx.execute(sql`
    with page as (
      select i.id, i.organization_id, i.document_id, i.document_number, i.number, i.count, i.due_date, i.amount,
        i.settled, count(*) over () as total
      ${matching}
      order by i.due_date, i.id
      limit ${pageSize} offset ${(page - 1) * pageSize}
    )
    select p.id, p.document_id, p.document_number, d.description, coalesce(party.trade_name, party.name) as party_name,
      p.number, p.count, p.due_date::text, p.amount::text, (p.amount - p.settled)::text as open, p.total::text
    from page p
    join ledger_documents_view d on d.organization_id = p.organization_id and d.id = p.document_id
    join parties_view party on party.organization_id = d.organization_id and party.id = d.party_id
    order by p.due_date, p.id`);
  const rows = rowsOf<ReceivableSql>(result);
  const total =
    rows.length > 0
      ? Number(rows[0]?.total)
      : page === 1
        ? 0
        : await countOf(scope, sql`select count(*)::text as n ${matching}`);
  return {
    rows: rows.map((r) => ({
      installmentId: r.id,
      documentId: r.document_id,
      documentNumber: r.document_number,
      description: r.description,
      partyName: r.party_name,
      number: Number(r.number),
      count: Number(r.count),
      dueDate: r.due_date,
      amount: Number(r.amount),
      open: Number(r.open),
    })),
    total,
    page,
    pageSize,
  };
}

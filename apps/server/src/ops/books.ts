// The books check (issue 18): every invariant of the finance chain (decision 0015) verified on a whole database, or
// one organization of it, by set-based SQL: one query per invariant, each answering only the rows that break it. It
// reads as the connecting role (the database owner), so row-level security does not narrow it; `organizationId` does.
//
// What a constraint already makes impossible is not queried again:
// - a line key repeated in one account's statement: `bank_statement_lines_line_key` (and Mercado Pago's row keys:
//   `mercadopago_settlements_row_key`, `mercadopago_releases_row_key`) are unique constraints;
// - a document's net other than gross minus withheld: `ledger_documents_net_check`;
// - an installment's cached settled amount outside 0..amount, or a status that disagrees with it:
//   `ledger_installments_settled_check` and `ledger_installments_status_check` (what they cannot see, the cache
//   against the settlements, is checked here);
// - a statement line's cached reconciled amount above the line's, or its status: the line's CHECKs (the cache
//   against the links is checked here);
// - a movement that says it comes from a payment whose payment does not exist: the foreign key on
//   (organization_id, payment_id), with `account_movements_source_check` requiring the payment of payment and fee
//   movements;
// - an approved sale's (SETTLEMENT) fees and net not adding up to its gross: `mercadopago_settlements_settlement_check`.
// There is no cached account balance: a balance is always the opening balance plus the movements, read when shown,
// so what can break is the movements themselves (transfers, reversals, payments), which are checked here.
import { sql, type SQL } from 'drizzle-orm';
import { formatBRL, formatPercent } from '@financeiro/core';
import { rowsOf, type Db } from '../db/client';
import { apportionedPart } from '../modules/reports';

export interface BookProblem {
  /** Which invariant: a key of INVARIANTS. */
  invariant: string;
  organizationId: string;
  table: string;
  id: string;
  /** What is wrong, in pt-BR. */
  detail: string;
}

/** The invariants the check verifies, by key, with what each says (pt-BR, as the command prints them). */
export const INVARIANTS = {
  'document-net': 'Parcelas somam o líquido do título (bruto menos retenções)',
  'document-apportionment': 'O rateio do título soma 100% e o valor bruto',
  'settled-status': 'Baixas de cada parcela entre zero e o valor, e saldos e situações guardados conferem',
  'payment-movements': 'Cada pagamento tem suas baixas e seus movimentos na conta',
  'account-movements': 'Transferências com duas pernas que se anulam, estornos iguais ao movimento estornado',
  reconciliation: 'Conciliado nunca passa da linha do extrato nem do movimento',
  'mercadopago-fees': 'Mercado Pago: tarifas + líquido = bruto',
  'mercadopago-releases': 'Mercado Pago: o lançado de cada dia é o que o relatório de liberações moveu',
  split: 'Split: partes + retido = base = recebimentos',
  'report-summary': 'Resumo mensal dos relatórios igual ao recalculado dos livros',
} as const;

export type Invariant = keyof typeof INVARIANTS;

/** What every invariant's query answers: one row per problem, amounts in `a` and `b`, words in `c` and `d`. */
interface Row {
  organization_id: string;
  tbl: string;
  id: string;
  reason: string;
  a: string | number | null;
  b: string | number | null;
  c: string | null;
  d: string | null;
}

const brl = (value: Row['a']) => formatBRL(Number(value ?? 0));

const STATUS_NAMES: Record<string, string> = {
  open: 'em aberto',
  partial: 'paga em parte',
  paid: 'quitada',
  cancelled: 'cancelada',
};
const statusName = (status: string | null) => `"${STATUS_NAMES[status ?? ''] ?? status ?? ''}"`;

/** The pt-BR sentence of each reason a query answers. */
const DETAILS: Record<string, (r: Row) => string> = {
  installments: (r) => `Parcelas somam ${brl(r.a)}; o documento líquido é ${brl(r.b)}`,
  withheld: (r) => `Os impostos retidos somam ${brl(r.a)}; o documento retém ${brl(r.b)}`,
  'line-amounts': (r) => `As linhas do rateio somam ${brl(r.a)}; o valor bruto é ${brl(r.b)}`,
  'line-shares': (r) => `As linhas do rateio somam ${formatPercent(Number(r.a))}; deveriam somar 100%`,
  settled: (r) => `As baixas somam ${brl(r.a)} de principal; a parcela guarda ${brl(r.b)} baixado`,
  'settled-range': (r) =>
    `As baixas somam ${brl(r.a)} de principal, fora de R$ 0,00 a ${brl(r.b)} (o valor da parcela)`,
  'installment-status': (r) => `A situação guardada é ${statusName(r.c)}; pelas baixas seria ${statusName(r.d)}`,
  'document-status': (r) => `A situação guardada é ${statusName(r.c)}; pelas parcelas seria ${statusName(r.d)}`,
  'no-settlements': () => 'O pagamento não baixa parcela alguma',
  'payment-total': (r) => `As baixas somam ${brl(r.a)}; o pagamento guarda ${brl(r.b)}`,
  'payment-movement': (r) => `Os movimentos do pagamento na conta somam ${brl(r.a)}; o pagamento moveu ${brl(r.b)}`,
  'payment-fees': (r) => `Os movimentos de tarifa somam ${brl(r.a)}; a tarifa do pagamento é ${brl(r.b)}`,
  'payment-placement': () => 'Um movimento do pagamento está em outra conta, outra data ou é de outro tipo',
  'transfer-legs': (r) => `A transferência ${r.c} tem ${r.a} perna(s); deveria ter duas`,
  'transfer-sum': (r) => `As pernas da transferência ${r.c} somam ${brl(r.a)}; deveriam se anular`,
  'transfer-placement': (r) =>
    `As pernas da transferência ${r.c} não estão em duas contas na mesma data, com o mesmo tipo`,
  reversal: (r) => `O estorno move ${brl(r.a)}; o movimento estornado ${r.c} moveu ${brl(r.b)}`,
  'reversal-placement': (r) => `O estorno não está na conta, na data ou no tipo do movimento estornado ${r.c}`,
  'line-reconciled': (r) => `Os vínculos ativos somam ${brl(r.a)}; a linha guarda ${brl(r.b)} conciliado`,
  'line-exceeded': (r) => `Os vínculos ativos somam ${brl(r.a)}, mais que o valor da linha (${brl(r.b)})`,
  'movement-exceeded': (r) => `Os vínculos ativos somam ${brl(r.a)}, mais que o valor do movimento (${brl(r.b)})`,
  'link-placement': () => 'O vínculo liga uma linha e um movimento de contas diferentes ou de sinais opostos',
  'mp-fees': (r) => `Tarifas + líquido somam ${brl(r.a)}; o bruto é ${brl(r.b)}`,
  'mp-booking': (r) => `As liberações do dia ${r.c} somam ${brl(r.a)}; o lançamento transferiu ${brl(r.b)}`,
  'mp-movement': (r) => `O movimento do lançamento na conta é de ${brl(r.a)}; o lançamento é de ${brl(r.b)}`,
  'mp-undone': (r) =>
    r.c === 'live'
      ? 'O lançamento está ativo, mas sua transferência foi estornada'
      : 'O lançamento foi desfeito, mas sua transferência não foi estornada',
  'split-shares': (r) => `As partes e o retido somam ${brl(r.a)}; a base é ${brl(r.b)}`,
  'split-receipts': (r) => `Os recebimentos somam ${brl(r.a)}; a base é ${brl(r.b)}`,
  'split-payable': (r) => `A conta a pagar do parceiro é de ${brl(r.a)}; a parte é ${brl(r.b)}`,
  summary: (r) =>
    `O resumo guarda ${brl(r.a)} em ${r.c} lançamento(s); recalculado dos livros: ${brl(r.b)} em ${r.d} lançamento(s)`,
};

/** The queries, each given the filter of one organization (or none) on a table alias's organization_id. */
type Scope = (alias: string) => SQL;

/** 1. Σ installments = the document's net, and its withheld amount = Σ its withheld taxes. */
const documentNet = (only: Scope) => sql`
  with i as (
    select organization_id, document_id, sum(amount) as total from ledger_installments i
    where true ${only('i')} group by 1, 2),
  t as (
    select organization_id, document_id, sum(amount) as total from ledger_document_taxes t
    where true ${only('t')} group by 1, 2)
  select d.organization_id, 'ledger_documents' as tbl, d.id, r.reason, r.a, r.b, null as c, null as d
  from ledger_documents d
  left join i on i.organization_id = d.organization_id and i.document_id = d.id
  left join t on t.organization_id = d.organization_id and t.document_id = d.id
  cross join lateral (values
    ('installments', coalesce(i.total, 0), d.net_amount),
    ('withheld', coalesce(t.total, 0), d.withheld_amount)) r(reason, a, b)
  where r.a <> r.b ${only('d')}`;

/** 1b. A document's apportionment lines (when it has them) add up to 100% and to its gross. */
const documentApportionment = (only: Scope) => sql`
  with l as (
    select organization_id, document_id, sum(amount) as amount, sum(share) as share from ledger_document_lines l
    where true ${only('l')} group by 1, 2)
  select d.organization_id, 'ledger_documents' as tbl, d.id, r.reason, r.a, r.b, null as c, null as d
  from ledger_documents d
  join l on l.organization_id = d.organization_id and l.document_id = d.id
  cross join lateral (values
    ('line-amounts', l.amount, d.gross_amount),
    ('line-shares', l.share, 10000)) r(reason, a, b)
  where r.a <> r.b ${only('d')}`;

/**
 * 2. An installment's settled principal (Σ its settlements, reversals included) is within 0..amount and is what it
 * stores, with the status it implies (cancelled with its document); a document's status is what its installments'
 * say (a status is derived from the amounts, and stored).
 */
const settledStatus = (only: Scope) => sql`
  with s as (
    select organization_id, installment_id, sum(principal) as principal from ledger_settlements s
    where true ${only('s')} group by 1, 2),
  i as (
    select i.organization_id, i.id, i.document_id, i.amount, i.settled, i.status,
      coalesce(s.principal, 0) as principal, d.status as document_status
    from ledger_installments i
    join ledger_documents d on d.organization_id = i.organization_id and d.id = i.document_id
    left join s on s.organization_id = i.organization_id and s.installment_id = i.id
    where true ${only('i')}),
  derived as (
    select i.*, case when document_status = 'cancelled' then 'cancelled' when principal = 0 then 'open'
      when principal = amount then 'paid' else 'partial' end as expected
    from i)
  select organization_id, 'ledger_installments' as tbl, id, r.reason, r.a, r.b, r.c, r.d
  from derived
  cross join lateral (values
    ('settled', principal, settled, null, null, principal <> settled),
    ('settled-range', principal, amount, null, null, principal < 0 or principal > amount),
    ('installment-status', null, null, status, expected, status <> expected)) r(reason, a, b, c, d, broken)
  where r.broken
  union all
  select d.organization_id, 'ledger_documents', d.id, 'document-status', null, null, d.status, x.expected
  from ledger_documents d
  join (
    select organization_id, document_id,
      case when bool_and(status = 'cancelled') then 'cancelled' when bool_and(status = 'paid') then 'paid'
        when bool_or(settled > 0) then 'partial' else 'open' end as expected
    from ledger_installments i where true ${only('i')} group by 1, 2
  ) x on x.organization_id = d.organization_id and x.document_id = d.id
  where d.status <> x.expected ${only('d')}`;

/**
 * 3. Every payment settles something; its total is what its settlements moved (principal + interest + fine −
 * discount, + into the account for receivables, − out for payables); its movements in the account add up to that
 * total and its fee movements to minus its fees, in its account, on its date, of its kind (a reversal's of the
 * reversal kinds).
 */
const paymentMovements = (only: Scope) => sql`
  with s as (
    select organization_id, payment_id, count(*) as n, sum(principal + interest + fine - discount) as moved
    from ledger_settlements s where true ${only('s')} group by 1, 2),
  m as (
    select m.organization_id, m.payment_id,
      coalesce(sum(m.amount) filter (where m.kind in ('payment', 'reversal')), 0) as moved,
      coalesce(sum(m.amount) filter (where m.kind in ('fee', 'fee_reversal')), 0) as fees,
      bool_or(m.account_id <> p.account_id or m.date <> p.paid_date
        or (m.kind in ('payment', 'fee')) <> (p.reversal_of is null)) as misplaced
    from account_movements m
    join ledger_payments p on p.organization_id = m.organization_id and p.id = m.payment_id
    where m.payment_id is not null ${only('m')} group by 1, 2)
  select p.organization_id, 'ledger_payments' as tbl, p.id, r.reason, r.a, r.b, null as c, null as d
  from ledger_payments p
  left join s on s.organization_id = p.organization_id and s.payment_id = p.id
  left join m on m.organization_id = p.organization_id and m.payment_id = p.id
  cross join lateral (values
    ('no-settlements', null, null, s.n is null),
    ('payment-total', (case when p.kind = 'receivable' then 1 else -1 end) * coalesce(s.moved, 0), p.total,
      (case when p.kind = 'receivable' then 1 else -1 end) * coalesce(s.moved, 0) <> p.total),
    ('payment-movement', coalesce(m.moved, 0), p.total, coalesce(m.moved, 0) <> p.total),
    ('payment-fees', coalesce(m.fees, 0), -p.fees, coalesce(m.fees, 0) <> -p.fees),
    ('payment-placement', null, null, coalesce(m.misplaced, false))) r(reason, a, b, broken)
  where r.broken ${only('p')}`;

/**
 * 4. A transfer is two movements of one date, in two accounts, of one kind, that cancel out; a reversal of a transfer
 * leg or manual entry moves the opposite of it, in its account, on its date.
 */
const accountMovementPairs = (only: Scope) => sql`
  with legs as (
    select m.organization_id, m.id, m.transfer_id,
      count(*) over w as legs, sum(m.amount) over w as total,
      -- Of two legs: two accounts, one date, one kind.
      min(m.account_id::text) over w <> max(m.account_id::text) over w and min(m.date) over w = max(m.date) over w
        and min(m.kind) over w = max(m.kind) over w as placed
    from account_movements m
    where m.transfer_id is not null ${only('m')}
    window w as (partition by m.organization_id, m.transfer_id))
  select organization_id, 'account_movements' as tbl, id, r.reason, r.a, null as b, transfer_id::text as c, null as d
  from legs
  cross join lateral (values
    ('transfer-legs', legs, legs <> 2),
    ('transfer-sum', total, legs = 2 and total <> 0),
    ('transfer-placement', null, legs = 2 and not placed)) r(reason, a, broken)
  where r.broken
  union all
  select m.organization_id, 'account_movements', m.id, r.reason, r.a, r.b, o.id::text, null
  from account_movements m
  join account_movements o on o.organization_id = m.organization_id and o.id = m.reversal_of
  cross join lateral (values
    ('reversal', m.amount, o.amount, m.amount <> -o.amount),
    ('reversal-placement', null, null, m.account_id <> o.account_id or m.date <> o.date
      or m.kind <> o.kind || '_reversal')) r(reason, a, b, broken)
  where r.broken ${only('m')}`;

/**
 * 5. Reconciliation: a statement line's active (not undone) links add up to the reconciled amount it stores, and
 * never beyond the line; a movement's never beyond the movement; a link joins a line and a movement of its account,
 * of one sign.
 */
const reconciliation = (only: Scope) => sql`
  with k as (
    select organization_id, line_id, movement_id, amount from bank_reconciliation_links k
    where undone_at is null ${only('k')}),
  lines as (select organization_id, line_id, sum(amount) as total from k group by 1, 2),
  movements as (select organization_id, movement_id, sum(amount) as total from k group by 1, 2)
  select l.organization_id, 'bank_statement_lines' as tbl, l.id, r.reason, r.a, r.b, null as c, null as d
  from bank_statement_lines l
  left join lines x on x.organization_id = l.organization_id and x.line_id = l.id
  cross join lateral (values
    ('line-reconciled', coalesce(x.total, 0), l.reconciled, coalesce(x.total, 0) <> l.reconciled),
    ('line-exceeded', x.total, abs(l.amount), x.total > abs(l.amount))) r(reason, a, b, broken)
  where r.broken ${only('l')}
  union all
  select m.organization_id, 'account_movements', m.id, 'movement-exceeded', x.total, abs(m.amount), null, null
  from movements x
  join account_movements m on m.organization_id = x.organization_id and m.id = x.movement_id
  where x.total > abs(m.amount)
  union all
  select k.organization_id, 'bank_reconciliation_links', k.id, 'link-placement', null, null, null, null
  from bank_reconciliation_links k
  join bank_statement_lines l on l.organization_id = k.organization_id and l.id = k.line_id
  join account_movements m on m.organization_id = k.organization_id and m.id = k.movement_id
  where (l.account_id <> k.account_id or m.account_id <> k.account_id or sign(l.amount) <> sign(m.amount))
    ${only('k')}`;

/**
 * 7a. A settlement report row whose postings are in the books (an approved sale, or a refund, chargeback or dispute
 * reconciled with one): its fees and net add up to its gross, as the postings need. Rows nobody reconciled are the
 * report's as imported.
 */
const mercadopagoFees = (only: Scope) => sql`
  select s.organization_id, 'mercadopago_settlements' as tbl, s.id, 'mp-fees' as reason,
    s.processing_fee + s.marketplace_fee + s.financing_fee + s.shipping_fee + s.taxes + s.net as a, s.gross as b,
    null as c, null as d
  from mercadopago_settlements s
  where s.processing_fee + s.marketplace_fee + s.financing_fee + s.shipping_fee + s.taxes + s.net <> s.gross
    and (s.transaction_type = 'SETTLEMENT' or exists (select from mercadopago_reconciliations r
      where r.organization_id = s.organization_id and r.settlement_id = s.id and r.undone_at is null))
    ${only('s')}`;

/** The release report's rows that move money to the bank (withdrawals), as core's `releasePostings` reads them. */
const PAYOUTS = sql`('withdrawal', 'withdrawal_cancel', 'payout')`;

/**
 * 7b. A live release booking transferred what the release report moved on its day (releases, blocks and unblocks;
 * or the withdrawals), its movement is its transfer's leg in the account with that amount, and the transfer is
 * reversed exactly when the booking was undone.
 */
const mercadopagoReleases = (only: Scope) => sql`
  with moved as (
    select b.id, coalesce(sum(x.net_credit - x.net_debit), 0) as total
    from mercadopago_release_bookings b
    left join mercadopago_releases x on x.organization_id = b.organization_id and x.account_id = b.account_id
      and x.release_day = b.day
      and case when b.kind = 'payout' then x.record_type = 'release' and x.description in ${PAYOUTS}
        else x.record_type in ('block', 'unblock')
          or x.record_type = 'release' and x.description not in ${PAYOUTS} end
    where b.undone_at is null ${only('b')}
    group by b.id)
  select b.organization_id, 'mercadopago_release_bookings' as tbl, b.id, 'mp-booking' as reason,
    x.total as a, b.amount as b, b.day::text as c, null as d
  from moved x join mercadopago_release_bookings b on b.id = x.id
  where x.total <> b.amount
  union all
  select b.organization_id, 'mercadopago_release_bookings', b.id, r.reason, r.a, r.b, r.c, null
  from mercadopago_release_bookings b
  join account_movements m on m.organization_id = b.organization_id and m.id = b.movement_id
  left join account_movements v on v.organization_id = m.organization_id and v.reversal_of = m.id
  cross join lateral (values
    ('mp-movement', m.amount, b.amount, null,
      m.account_id <> b.account_id or m.kind <> 'transfer' or m.amount <> b.amount),
    ('mp-undone', null, null, case when b.undone_at is null then 'live' else 'undone' end,
      (b.undone_at is null) = (v.id is not null))) r(reason, a, b, c, broken)
  where r.broken ${only('b')}`;

/**
 * 8. A revenue split run: its partners' shares and the retained rest add up to its base, and so do the receipts it
 * took; each partner's payable is of its share.
 */
const split = (only: Scope) => sql`
  with shares as (
    select organization_id, run_id, sum(amount) as total from split_run_shares s where true ${only('s')} group by 1, 2),
  receipts as (
    select organization_id, run_id, sum(amount) as total from split_run_receipts x where true ${only('x')}
    group by 1, 2)
  select u.organization_id, 'split_runs' as tbl, u.id, r.reason, r.a, r.b, null as c, null as d
  from split_runs u
  left join shares s on s.organization_id = u.organization_id and s.run_id = u.id
  left join receipts x on x.organization_id = u.organization_id and x.run_id = u.id
  cross join lateral (values
    ('split-shares', coalesce(s.total, 0) + u.retained, u.base),
    ('split-receipts', coalesce(x.total, 0), u.base)) r(reason, a, b)
  where r.a <> r.b ${only('u')}
  union all
  select s.organization_id, 'split_run_shares', s.id, 'split-payable', d.gross_amount, s.amount, null, null
  from split_run_shares s
  join ledger_documents d on d.organization_id = s.organization_id and d.id = s.payable_id
  where d.gross_amount <> s.amount ${only('s')}`;

/** A null key compared as a value, for the full join of the summary with its recomputation. */
const NO_KEY = sql.raw(`'00000000-0000-0000-0000-000000000000'::uuid`);

/**
 * 9. The reports' monthly summary (`report_monthly_flows`, kept by the triggers of migrations 0041 and 0045) against
 * the same figures recomputed from the books by the rules of the reports' test oracle: cash basis, each settlement in
 * its payment's month apportioned over its document's lines exactly; accrual basis, each document that is not
 * cancelled in its competence, by line, but for a withheld tax's payable (its bill counts the gross); manual entries
 * on both bases. Amounts and entry counts; a summary row of zeros matches nothing.
 */
const reportSummary = (only: Scope) => {
  const part = apportionedPart(sql`m.value`, sql`l.share`, sql`m.settlement_id`, sql`l.id`);
  return sql`
  with moved as materialized (
    select s.id as settlement_id, s.organization_id, i.unit_id, p.kind, i.document_id,
      date_trunc('month', p.paid_date)::date as month, (s.principal + s.interest + s.fine - s.discount)::bigint as value
    from ledger_settlements s
    join ledger_payments p on p.organization_id = s.organization_id and p.id = s.payment_id
    join ledger_installments i on i.organization_id = s.organization_id and i.id = s.installment_id
    where true ${only('s')}),
  books as (
    select m.organization_id, m.unit_id, m.kind, 'cash' as basis, m.month, l.classification_id, l.cost_centre_id,
      ${part} as amount
    from moved m
    left join ledger_document_lines l on l.organization_id = m.organization_id and l.document_id = m.document_id
    union all
    select d.organization_id, d.unit_id, d.kind, 'accrual', d.competence, l.classification_id, l.cost_centre_id,
      coalesce(l.amount, d.gross_amount)
    from ledger_documents d
    left join ledger_document_lines l on l.organization_id = d.organization_id and l.document_id = d.id
    where d.status <> 'cancelled' and d.tax_of_document_id is null and d.tax_period is null ${only('d')}
    union all
    select m.organization_id, m.unit_id,
      case when (m.kind = 'manual') = (m.amount > 0) then 'receivable' else 'payable' end, b.basis,
      date_trunc('month', m.date)::date, m.classification_id, m.cost_centre_id,
      case when (m.kind = 'manual') = (m.amount > 0) then m.amount else -m.amount end
    from account_movements m cross join (values ('cash'), ('accrual')) b(basis)
    where m.kind in ('manual', 'manual_reversal') ${only('m')}),
  recomputed as (
    select organization_id, unit_id, kind, basis, month, classification_id, cost_centre_id,
      sum(amount)::bigint as amount, count(*)::bigint as entries
    from books group by 1, 2, 3, 4, 5, 6, 7),
  stored as (
    select * from report_monthly_flows f where true ${only('f')})
  select coalesce(f.organization_id, c.organization_id) as organization_id, 'report_monthly_flows' as tbl,
    concat_ws('/', coalesce(f.unit_id, c.unit_id), coalesce(f.kind, c.kind), coalesce(f.basis, c.basis),
      to_char(coalesce(f.month, c.month), 'YYYY-MM'), coalesce(f.classification_id, c.classification_id, ${NO_KEY}),
      coalesce(f.cost_centre_id, c.cost_centre_id, ${NO_KEY})) as id,
    'summary' as reason, coalesce(f.amount, 0) as a, coalesce(c.amount, 0) as b,
    coalesce(f.entries, 0)::text as c, coalesce(c.entries, 0)::text as d
  from stored f
  full join recomputed c on c.organization_id = f.organization_id and c.unit_id = f.unit_id and c.kind = f.kind
    and c.basis = f.basis and c.month = f.month
    and coalesce(c.classification_id, ${NO_KEY}) = coalesce(f.classification_id, ${NO_KEY})
    and coalesce(c.cost_centre_id, ${NO_KEY}) = coalesce(f.cost_centre_id, ${NO_KEY})
  where coalesce(f.amount, 0) <> coalesce(c.amount, 0) or coalesce(f.entries, 0) <> coalesce(c.entries, 0)`;
};

const QUERIES: Record<Invariant, (only: Scope) => SQL> = {
  'document-net': documentNet,
  'document-apportionment': documentApportionment,
  'settled-status': settledStatus,
  'payment-movements': paymentMovements,
  'account-movements': accountMovementPairs,
  reconciliation,
  'mercadopago-fees': mercadopagoFees,
  'mercadopago-releases': mercadopagoReleases,
  split,
  'report-summary': reportSummary,
};

/**
 * Checks the books of every organization, or of one: each invariant's problems, in the order of INVARIANTS, then
 * by organization, table and id. An empty answer means the books add up.
 */
export async function checkBooks(db: Db, options: { organizationId?: string } = {}): Promise<BookProblem[]> {
  const { organizationId } = options;
  const only: Scope = (alias) =>
    organizationId ? sql`and ${sql.raw(alias)}.organization_id = ${organizationId}::uuid` : sql``;
  const problems: BookProblem[] = [];
  for (const [invariant, query] of Object.entries(QUERIES)) {
    const rows = rowsOf<Row>(await db.execute(sql`select * from (${query(only)}) p order by 1, 2, 3, 4`));
    for (const row of rows) {
      const detail = DETAILS[row.reason]?.(row) ?? row.reason;
      problems.push({ invariant, organizationId: row.organization_id, table: row.tbl, id: String(row.id), detail });
    }
  }
  return problems;
}

import { sql } from 'drizzle-orm';
import {
  addMonths,
  todayInSaoPaulo,
  weekOf,
  type Dashboard,
  type DashboardNextBill,
  type DocumentKind,
  type StatusCell,
} from '@financeiro/core';
import { rowsOf, type Tx } from '../../db/client';
import { type ProcedureContext } from '../../trpc/init';
import { callerCan, organizationOf, unitOf } from '../../caller';
import { countOrders } from '../purchasing';
import { balancesAt, projection } from './projection';

/** How many payables the dashboard lists under "next bills". */
export const NEXT_BILLS = 8;
/** The dashboard's projection looks this many days ahead, by day. */
export const DASHBOARD_PROJECTION_DAYS = 30;

/** The unit's open installments due today and overdue, per kind: one read of the list's covering index. */
async function todayCells(ctx: ProcedureContext, today: string) {
  const rows = rowsOf<{ kind: DocumentKind; late: boolean; n: string; open: string }>(
    await ctx.tx.execute(sql`select i.kind, i.due_date < ${today}::date as late, count(*) as n,
        coalesce(sum(i.amount - i.settled), 0)::bigint as open
      from ledger_installments_view i
      where i.organization_id = ${organizationOf(ctx)} and i.unit_id = ${unitOf(ctx)}
        and i.status in ('open', 'partial') and i.due_date <= ${today}::date
      group by 1, 2`),
  );
  const cell = (kind: DocumentKind, late: boolean): StatusCell => {
    const row = rows.find((r) => r.kind === kind && r.late === late);
    return { count: Number(row?.n ?? 0), amount: Number(row?.open ?? 0) };
  };
  return {
    toPayToday: cell('payable', false),
    toReceiveToday: cell('receivable', false),
    overduePayables: cell('payable', true),
    overdueReceivables: cell('receivable', true),
  };
}

/**
 * The unit's open installments due this week, Monday to Sunday, per kind, the days already past included: the
 * installments list's "Esta semana" with its default statuses (open and partly paid).
 */
async function weekCells(ctx: ProcedureContext, week: { from: string; to: string }) {
  const rows = rowsOf<{ kind: DocumentKind; n: string; open: string }>(
    await ctx.tx.execute(sql`select i.kind, count(*) as n, coalesce(sum(i.amount - i.settled), 0)::bigint as open
      from ledger_installments_view i
      where i.organization_id = ${organizationOf(ctx)} and i.unit_id = ${unitOf(ctx)}
        and i.status in ('open', 'partial') and i.due_date between ${week.from}::date and ${week.to}::date
      group by 1`),
  );
  const cell = (kind: DocumentKind): StatusCell => {
    const row = rows.find((r) => r.kind === kind);
    return { count: Number(row?.n ?? 0), amount: Number(row?.open ?? 0) };
  };
  return { toPayThisWeek: cell('payable'), toReceiveThisWeek: cell('receivable') };
}

/** What came in and went out of one unit in each month from `first` to before `end`, cash basis. */
export async function monthlyFlows(tx: Tx, organizationId: string, unitId: string, first: string, end: string) {
  return rowsOf<{ month: string; inflows: string; outflows: string }>(
    await tx.execute(sql`select to_char(month, 'YYYY-MM-DD') as month,
        sum(case when kind = 'receivable' then amount else 0 end)::bigint as inflows,
        sum(case when kind = 'payable' then amount else 0 end)::bigint as outflows
      from report_monthly_flows
      where organization_id = ${organizationId} and unit_id = ${unitId} and basis = 'cash'
        and month >= ${first}::date and month < ${end}::date
      group by 1`),
  );
}

/**
 * Twelve months ending this month, cash basis, by the flows report's rules, from the reports' monthly summary
 * (decision 0026): what the unit's payments moved (principal + interest + fine − discount, reversals negative on
 * their own date) and its manual entries, an entry's reversal counted in the direction of the entry it undoes. Fees
 * and transfers are neither.
 */
async function monthly(ctx: ProcedureContext, today: string) {
  const last = `${today.slice(0, 7)}-01`;
  const first = addMonths(last, -11);
  const rows = await monthlyFlows(ctx.tx, organizationOf(ctx), unitOf(ctx), first, addMonths(last, 1));
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return Array.from({ length: 12 }, (_, k) => {
    const month = addMonths(first, k);
    const row = byMonth.get(month);
    return { month, inflows: Number(row?.inflows ?? 0), outflows: Number(row?.outflows ?? 0) };
  });
}

/** The unit's next payables not yet paid, from today on, by due date. */
async function nextBills(ctx: ProcedureContext, today: string): Promise<DashboardNextBill[]> {
  const rows = rowsOf<{
    installment_id: string;
    document_id: string;
    due_date: string;
    party_name: string;
    description: string;
    open: string;
  }>(
    await ctx.tx.execute(sql`select i.id as installment_id, i.document_id, i.due_date::text as due_date,
        coalesce(p.trade_name, p.name) as party_name, d.description, (i.amount - i.settled)::bigint as open
      from (
        select * from ledger_installments_view
        where organization_id = ${organizationOf(ctx)} and unit_id = ${unitOf(ctx)} and kind = 'payable'
          and status in ('open', 'partial') and due_date >= ${today}::date
        order by due_date, id limit ${NEXT_BILLS}
      ) i
      join ledger_documents_view d on d.organization_id = i.organization_id and d.id = i.document_id
      join parties_view p on p.organization_id = i.organization_id and p.id = i.party_id
      order by i.due_date, i.id`),
  );
  return rows.map((r) => ({
    installmentId: r.installment_id,
    documentId: r.document_id,
    dueDate: r.due_date,
    partyName: r.party_name,
    description: r.description,
    open: Number(r.open),
  }));
}

/** Statement lines of the accounts open to the unit that the bank reconciliation has not wholly matched yet. */
async function unreconciledLines(ctx: ProcedureContext): Promise<number> {
  const organizationId = organizationOf(ctx);
  const [row] = rowsOf<{ n: string }>(
    await ctx.tx.execute(sql`select count(*) as n from bank_statement_lines_view l
      where l.organization_id = ${organizationId} and l.status in ('open', 'partial')
        and l.account_id in (select a.id from accounts_view a where a.organization_id = ${organizationId}
          and a.unit_ids @> ${JSON.stringify([unitOf(ctx)])}::jsonb)`),
  );
  return Number(row?.n ?? 0);
}

/** Purchase orders waiting for the caller's approval, through the purchase lists' counters; null for a non-approver. */
async function ordersAwaitingMe(ctx: ProcedureContext): Promise<number | null> {
  const [approver] = rowsOf<{ found: boolean }>(
    await ctx.tx.execute(sql`select true as found from purchasing_centres_view c
      where c.organization_id = ${organizationOf(ctx)}
        and c.approvers @> ${JSON.stringify([{ userId: ctx.user.userId }])}::jsonb
      limit 1`),
  );
  if (!approver) return null;
  return (await countOrders(ctx)).waitingForMe;
}

/**
 * Everything the dashboard shows for the selected unit in one answer. What the caller's profile does not let them
 * read comes back null: payables without ler_contas_pagar, receivables without ler_contas_receber, the accounts'
 * balances and the months' cash without ler_transacoes, unreconciled lines without acessar_conciliacao, and the
 * projection (balances, payables and receivables together) without all three readings.
 */
export async function dashboard(ctx: ProcedureContext): Promise<Dashboard> {
  const today = todayInSaoPaulo();
  const payables = callerCan(ctx, 'ler_contas_pagar');
  const receivables = callerCan(ctx, 'ler_contas_receber');
  const transactions = callerCan(ctx, 'ler_transacoes');
  const cells = payables || receivables ? await todayCells(ctx, today) : null;
  const week = weekOf(today);
  const weekly = payables || receivables ? await weekCells(ctx, week) : null;
  const scope = { organizationId: organizationOf(ctx), unitId: unitOf(ctx) };
  const outlook =
    transactions && payables && receivables
      ? await projection(ctx.tx, { ...scope, step: 'day', days: DASHBOARD_PROJECTION_DAYS, today })
      : null;
  return {
    today,
    toPayToday: payables && cells ? cells.toPayToday : null,
    toReceiveToday: receivables && cells ? cells.toReceiveToday : null,
    overduePayables: payables && cells ? cells.overduePayables : null,
    overdueReceivables: receivables && cells ? cells.overdueReceivables : null,
    week,
    toPayThisWeek: payables && weekly ? weekly.toPayThisWeek : null,
    toReceiveThisWeek: receivables && weekly ? weekly.toReceiveThisWeek : null,
    // The projection already read today's balances; without it they are read on their own.
    balances: transactions ? (outlook?.balances ?? (await balancesAt(ctx.tx, scope, today))) : null,
    ordersAwaitingMe: await ordersAwaitingMe(ctx),
    unreconciledLines: callerCan(ctx, 'acessar_conciliacao') ? await unreconciledLines(ctx) : null,
    monthly: transactions ? await monthly(ctx, today) : null,
    projection: outlook,
    nextBills: payables ? await nextBills(ctx, today) : null,
  };
}

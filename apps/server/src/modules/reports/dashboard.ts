import { sql } from 'drizzle-orm';
import {
  addMonths,
  todayInSaoPaulo,
  type Dashboard,
  type DashboardNextBill,
  type DocumentKind,
  type StatusCell,
} from '@financeiro/core';
import { rowsOf } from '../../db/client';
import { callerCan, organizationOf, unitOf, type ProcedureContext } from '../../trpc/init';
import { countOrders } from '../purchasing/queries';
import { balanceAt, projection } from './projection';

/** How many payables the dashboard lists under "next bills". */
export const NEXT_BILLS = 8;
/** The dashboard's projection looks this many days ahead, by day. */
export const DASHBOARD_PROJECTION_DAYS = 30;

/** The unit's open installments due today and overdue, per kind: one read of the list's covering index. */
async function todayCells(ctx: ProcedureContext, today: string) {
  const rows = rowsOf<{ kind: DocumentKind; late: boolean; n: string; open: string }>(
    await ctx.tx.execute(sql`select i.kind, i.due_date < ${today}::date as late, count(*) as n,
        coalesce(sum(i.amount - i.settled), 0)::bigint as open
      from ledger_installments i
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
 * Twelve months ending this month, cash basis, by the flows report's rules: what the unit's payments moved
 * (principal + interest + fine − discount, reversals negative on their own date) and its manual entries, an entry's
 * reversal counted in the direction of the entry it undoes. Fees and transfers are neither.
 */
async function monthly(ctx: ProcedureContext, today: string) {
  const organizationId = organizationOf(ctx);
  const unitId = unitOf(ctx);
  const last = `${today.slice(0, 7)}-01`;
  const first = addMonths(last, -11);
  const end = addMonths(last, 1);
  const rows = rowsOf<{ month: string; inflows: string; outflows: string }>(
    await ctx.tx.execute(sql`select month, sum(inflows)::bigint as inflows, sum(outflows)::bigint as outflows from (
        select to_char(date_trunc('month', p.paid_date), 'YYYY-MM-DD') as month,
          case when p.kind = 'receivable' then p.total else 0 end as inflows,
          case when p.kind = 'payable' then -p.total else 0 end as outflows
        from ledger_payments p
        where p.organization_id = ${organizationId} and p.unit_id = ${unitId}
          and p.paid_date >= ${first}::date and p.paid_date < ${end}::date
        union all
        select to_char(date_trunc('month', m.date), 'YYYY-MM-DD'),
          case when (m.kind = 'manual') = (m.amount > 0) then m.amount else 0 end,
          case when (m.kind = 'manual') = (m.amount > 0) then 0 else -m.amount end
        from account_movements m
        where m.organization_id = ${organizationId} and m.unit_id = ${unitId}
          and m.kind in ('manual', 'manual_reversal') and m.date >= ${first}::date and m.date < ${end}::date
      ) flows group by 1`),
  );
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
        select * from ledger_installments
        where organization_id = ${organizationOf(ctx)} and unit_id = ${unitOf(ctx)} and kind = 'payable'
          and status in ('open', 'partial') and due_date >= ${today}::date
        order by due_date, id limit ${NEXT_BILLS}
      ) i
      join ledger_documents d on d.organization_id = i.organization_id and d.id = i.document_id
      join parties p on p.organization_id = i.organization_id and p.id = i.party_id
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
    await ctx.tx.execute(sql`select count(*) as n from bank_statement_lines l
      where l.organization_id = ${organizationId} and l.status in ('open', 'partial')
        and l.account_id in (select a.id from accounts a where a.organization_id = ${organizationId}
          and a.unit_ids @> ${JSON.stringify([unitOf(ctx)])}::jsonb)`),
  );
  return Number(row?.n ?? 0);
}

/** Purchase orders waiting for the caller's approval, through the purchase lists' counters; null for a non-approver. */
async function ordersAwaitingMe(ctx: ProcedureContext): Promise<number | null> {
  const [approver] = rowsOf<{ found: boolean }>(
    await ctx.tx.execute(sql`select true as found from purchasing_centres c
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
 * balance and the months' cash without ler_transacoes, unreconciled lines without acessar_conciliacao, and the
 * projection (balances, payables and receivables together) without all three readings.
 */
export async function dashboard(ctx: ProcedureContext): Promise<Dashboard> {
  const today = todayInSaoPaulo();
  const payables = callerCan(ctx, 'ler_contas_pagar');
  const receivables = callerCan(ctx, 'ler_contas_receber');
  const transactions = callerCan(ctx, 'ler_transacoes');
  const cells = payables || receivables ? await todayCells(ctx, today) : null;
  const scope = { organizationId: organizationOf(ctx), unitId: unitOf(ctx) };
  return {
    today,
    toPayToday: payables && cells ? cells.toPayToday : null,
    toReceiveToday: receivables && cells ? cells.toReceiveToday : null,
    overduePayables: payables && cells ? cells.overduePayables : null,
    overdueReceivables: receivables && cells ? cells.overdueReceivables : null,
    accountsBalance: transactions ? await balanceAt(ctx.tx, scope, today) : null,
    ordersAwaitingMe: await ordersAwaitingMe(ctx),
    unreconciledLines: callerCan(ctx, 'acessar_conciliacao') ? await unreconciledLines(ctx) : null,
    monthly: transactions ? await monthly(ctx, today) : null,
    projection:
      transactions && payables && receivables
        ? await projection(ctx.tx, { ...scope, step: 'day', days: DASHBOARD_PROJECTION_DAYS, today })
        : null,
    nextBills: payables ? await nextBills(ctx, today) : null,
  };
}

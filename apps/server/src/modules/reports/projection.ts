import { sql } from 'drizzle-orm';
import {
  addDays,
  PERIODICITY_MONTHS,
  periodsBetween,
  todayInSaoPaulo,
  type DocumentKind,
  type CashBalances,
  type Projection,
  type ProjectionPoint,
  type ProjectionStep,
  type RecurrencePeriodicity,
} from '@financeiro/core';
import { rowsOf, type Tx } from '../../db/client';
import { providerHeldAccountIds } from '../mercadopago';

/** What the projection reads: one organization's accounts and books, or one unit's. */
export interface ProjectionQuery {
  organizationId: string;
  unitId: string | null;
  step: ProjectionStep;
  /** How many days from today (today included). */
  days: number;
  today?: string;
}

/** The accounts the unit's money moves through (those open to it), or all the organization's. */
const accountsOf = (unitId: string | null) =>
  unitId ? sql`and a.unit_ids @> ${JSON.stringify([unitId])}::jsonb` : sql``;

/** Account kinds whose money is invested, not available to spend today (decision 0035). */
const INVESTMENT_KINDS = ['investment', 'savings'] as const;

/**
 * The accounts' balances at the end of `date` (opening balance plus every movement up to it), apart: available cash,
 * investments, and money payment providers hold until they release it (Mercado Pago's "saldo a liberar" accounts).
 */
export async function balancesAt(
  tx: Tx,
  q: Pick<ProjectionQuery, 'organizationId' | 'unitId'>,
  date: string,
): Promise<CashBalances> {
  const held = await providerHeldAccountIds(tx, q.organizationId);
  const isHeld =
    held.length > 0
      ? sql`a.id in (${sql.join(
          held.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql`false`;
  const rows = rowsOf<{ bucket: keyof CashBalances; total: string | null }>(
    await tx.execute(sql`select case when ${isHeld} then 'providers'
          when t.kind in (${sql.join(
            INVESTMENT_KINDS.map((k) => sql`${k}`),
            sql`, `,
          )}) then 'investments'
          else 'available' end as bucket,
        sum(a.opening_balance + coalesce((
          select sum(m.amount) from account_movements_view m
          where m.organization_id = ${q.organizationId} and m.account_id = a.id and m.date <= ${date}::date
        ), 0))::bigint as total
      from accounts_view a
      join account_types_view t on t.organization_id = a.organization_id and t.id = a.account_type_id
      where a.organization_id = ${q.organizationId} ${accountsOf(q.unitId)}
      group by 1`),
  );
  const of = (bucket: keyof CashBalances) => Number(rows.find((r) => r.bucket === bucket)?.total ?? 0);
  return { available: of('available'), investments: of('investments'), providers: of('providers') };
}

/** The first day of the step `date` falls in, never before `today` (the first step starts today). */
function stepStart(step: ProjectionStep, date: string, today: string): string {
  let start = date;
  if (step === 'week') {
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    start = addDays(date, -((weekday + 6) % 7));
  } else if (step === 'month') {
    start = `${date.slice(0, 7)}-01`;
  }
  return start < today ? today : start;
}

/**
 * The cash-flow projection: today's available cash (investments and provider-held money given apart, not in the
 * curve: decision 0035); then, day by day for `days` days, the open balance of
 * the installments falling due (receivables in, payables out) and the periods of active recurrences not yet generated
 * as documents; summed by step, with the balance at each step's end. What is already overdue is no money arriving or
 * leaving on any known day: it is given apart (`overdueIn`, `overdueOut`), never counted in the curve. Inflows and
 * outflows are positive amounts.
 */
export async function projection(tx: Tx, q: ProjectionQuery): Promise<Projection> {
  const today = q.today ?? todayInSaoPaulo();
  const last = addDays(today, q.days - 1);
  const unit = (column: string) => (q.unitId ? sql`and ${sql.raw(column)} = ${q.unitId}::uuid` : sql``);
  const balances = await balancesAt(tx, q, today);
  const opening = balances.available;

  const due = rowsOf<{ day: string; kind: DocumentKind; open: string }>(
    await tx.execute(sql`select i.due_date::text as day, i.kind, sum(i.amount - i.settled)::bigint as open
      from ledger_installments_view i
      where i.organization_id = ${q.organizationId} and i.status in ('open', 'partial')
        and i.due_date between ${today}::date and ${last}::date ${unit('i.unit_id')}
      group by 1, 2`),
  );
  const [overdue] = rowsOf<{ incoming: string | null; outgoing: string | null }>(
    await tx.execute(sql`select
        sum(i.amount - i.settled) filter (where i.kind = 'receivable')::bigint as incoming,
        sum(i.amount - i.settled) filter (where i.kind = 'payable')::bigint as outgoing
      from ledger_installments_view i
      where i.organization_id = ${q.organizationId} and i.status in ('open', 'partial')
        and i.due_date < ${today}::date ${unit('i.unit_id')}`),
  );

  const recurrences = rowsOf<{
    id: string;
    kind: DocumentKind;
    amount: string | number;
    periodicity: RecurrencePeriodicity;
    due_day: number;
    start_date: string;
    end_date: string | null;
  }>(
    await tx.execute(sql`select r.id, r.kind, r.amount, r.periodicity, r.due_day,
        r.start_date::text as start_date, r.end_date::text as end_date
      from ledger_recurrences_view r
      where r.organization_id = ${q.organizationId} and r.status = 'active' and r.start_date <= ${last}::date
        and (r.end_date is null or r.end_date >= ${today}::date) ${unit('r.unit_id')}`),
  );
  const planned: { day: string; kind: DocumentKind; open: number; recurrenceId: string; period: string }[] = [];
  for (const r of recurrences) {
    const rule = {
      startDate: r.start_date,
      endDate: r.end_date,
      months: PERIODICITY_MONTHS[r.periodicity],
      dueDay: r.due_day,
    };
    for (const p of periodsBetween(rule, today, last)) {
      planned.push({ day: p.dueDate, kind: r.kind, open: Number(r.amount), recurrenceId: r.id, period: p.period });
    }
  }
  if (planned.length > 0) {
    const generated = rowsOf<{ recurrence_id: string; period: string }>(
      await tx.execute(sql`select d.recurrence_id, d.recurrence_period::text as period
        from ledger_documents_view d
        where d.organization_id = ${q.organizationId}
          and d.recurrence_id in (${sql.join(
            [...new Set(planned.map((p) => p.recurrenceId))].map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
          and d.recurrence_period >= ${`${today.slice(0, 7)}-01`}::date`),
    );
    const done = new Set(generated.map((g) => `${g.recurrence_id}/${g.period}`));
    for (const p of planned) {
      if (!done.has(`${p.recurrenceId}/${p.period}`)) due.push({ day: p.day, kind: p.kind, open: String(p.open) });
    }
  }

  const points: ProjectionPoint[] = [];
  const byStart = new Map<string, ProjectionPoint>();
  for (let day = today; day <= last; day = addDays(day, 1)) {
    const start = stepStart(q.step, day, today);
    if (!byStart.has(start)) {
      const point = { date: start, inflows: 0, outflows: 0, balance: 0 };
      byStart.set(start, point);
      points.push(point);
    }
  }
  for (const d of due) {
    const point = byStart.get(stepStart(q.step, d.day, today));
    if (!point) continue;
    if (d.kind === 'receivable') point.inflows += Number(d.open);
    else point.outflows += Number(d.open);
  }
  let balance = opening;
  for (const point of points) {
    balance += point.inflows - point.outflows;
    point.balance = balance;
  }
  const [first] = points;
  const fallback = { date: today, inflows: 0, outflows: 0, balance: opening };
  const lowest = points.reduce((low, p) => (p.balance < low.balance ? p : low), first ?? fallback);
  return {
    today,
    opening,
    balances,
    overdueIn: Number(overdue?.incoming ?? 0),
    overdueOut: Number(overdue?.outgoing ?? 0),
    points,
    lowest,
  };
}

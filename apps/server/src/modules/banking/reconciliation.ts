import { and, asc, count, desc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import {
  addDays,
  DEFAULT_MATCH_WINDOW_DAYS,
  matchStatement,
  type BankLineForMatch,
  type DocumentKind,
  type MatchCandidate,
} from '@financeiro/core';
import type { z } from 'zod';
import { rowsOf } from '../../db/client';
import { NotFoundError } from '../../errors';
import type { periodInput, reconciliationGetInput } from './inputs';
import { closedDatesOf, mustUseAccount, type LedgerScope } from '../ledger';
import { bankReconciliationLinks, bankStatementImports, bankStatementLines } from './schema';
import { accountsView } from '../registries';

type Period = z.output<typeof periodInput>;

/** Movements that undo another, or that another undid: neither is waiting for the bank. */
const live = sql`m.kind not in ('reversal', 'fee_reversal', 'transfer_reversal', 'manual_reversal')
  and not exists (select 1 from account_movements_view r where r.organization_id = m.organization_id and r.reversal_of = m.id)
  and not (m.payment_id is not null and exists (
    select 1 from ledger_payments_view p where p.organization_id = m.organization_id and p.reversal_of = m.payment_id))`;

interface CandidateRow {
  source: 'line' | 'movement' | 'installment';
  id: string;
  date: string;
  /** Signed, what is left to reconcile. */
  amount: string;
  memo: string | null;
  fit_id: string | null;
  reference: string | null;
  kind: DocumentKind | null;
  party_id: string | null;
  party_name: string | null;
  party_document: string | null;
  document_number: string | null;
  fit_ids_seen: string[] | null;
}

/**
 * In one query: the account's lines of the period not yet wholly reconciled, the account's live movements around it
 * with something left to reconcile, and the unit's open installments falling due around it, each signed as the bank
 * sees it (payables out, receivables in).
 */
async function openRows(scope: LedgerScope, period: Period) {
  const { organizationId, unitId } = scope.tenant;
  const { accountId } = period;
  const from = addDays(period.from, -DEFAULT_MATCH_WINDOW_DAYS);
  const to = addDays(period.to, DEFAULT_MATCH_WINDOW_DAYS);
  const result = await scope.tx.execute(sql`
    select 'line' as source, l.id, l.date::text as date,
      (sign(l.amount) * (abs(l.amount) - l.reconciled))::text as amount, l.memo, l.fit_id, l.reference,
      null as kind, null::uuid as party_id, null as party_name, null as party_document, null as document_number,
      null::json as fit_ids_seen
    from bank_statement_lines l
    where l.organization_id = ${organizationId} and l.account_id = ${accountId}
      and l.status in ('open', 'partial') and l.date between ${period.from} and ${period.to}
    union all
    select 'movement', m.id, m.date::text,
      (sign(m.amount) * (abs(m.amount) - coalesce(k.taken, 0)))::text, m.description, null, null,
      null, party.id, party.name, party.document, null, coalesce(k.fit_ids, '[]'::json)
    from account_movements_view m
    left join lateral (
      select sum(k.amount) as taken, json_agg(l.fit_id) filter (where l.fit_id is not null) as fit_ids
      from bank_reconciliation_links k
      join bank_statement_lines l on l.organization_id = k.organization_id and l.id = k.line_id
      where k.organization_id = m.organization_id and k.movement_id = m.id and k.undone_at is null
    ) k on true
    left join lateral (
      select p.id, coalesce(p.trade_name, p.name) as name, p.document
      from ledger_settlements_view s
      join ledger_installments_view i on i.organization_id = s.organization_id and i.id = s.installment_id
      join parties_view p on p.organization_id = i.organization_id and p.id = i.party_id
      where s.organization_id = m.organization_id and s.payment_id = m.payment_id
      limit 1
    ) party on true
    where m.organization_id = ${organizationId} and m.account_id = ${accountId}
      and m.date between ${from} and ${to} and ${live}
      and abs(m.amount) > coalesce(k.taken, 0)
    union all
    select 'installment', i.id, i.due_date::text,
      (case when i.kind = 'receivable' then 1 else -1 end * (i.amount - i.settled))::text, d.description, null, null,
      i.kind, i.party_id, coalesce(p.trade_name, p.name), p.document, i.document_number, '[]'::json
    from ledger_installments_view i
    join ledger_documents_view d on d.organization_id = i.organization_id and d.id = i.document_id
    join parties_view p on p.organization_id = i.organization_id and p.id = i.party_id
    where i.organization_id = ${organizationId} and i.unit_id = ${unitId}
      and i.status in ('open', 'partial') and i.due_date between ${from} and ${to}
    order by 3, 2`);
  return rowsOf<CandidateRow>(result).map((r) => ({ ...r, amount: Number(r.amount) }));
}

/**
 * The matcher's suggestions for the account's open lines of a period, with what each candidate is; the lines of a
 * month closed in the unit are left out (they cannot be reconciled).
 */
export async function suggestMatches(scope: LedgerScope, period: Period, threshold?: number) {
  await mustUseAccount(scope, period.accountId);
  const rows = await openRows(scope, period);
  const lines: BankLineForMatch[] = [];
  const candidates: MatchCandidate[] = [];
  for (const r of rows) {
    if (r.source === 'line') {
      lines.push({
        id: r.id,
        date: r.date,
        amount: r.amount,
        memo: r.memo ?? '',
        fitId: r.fit_id,
        reference: r.reference,
      });
    } else {
      candidates.push({
        id: r.id,
        kind: r.source,
        date: r.date,
        amount: r.amount,
        partyName: r.party_name,
        partyDocument: r.party_document,
        documentNumber: r.document_number,
        partyId: r.party_id,
        fitIdsSeen: r.fit_ids_seen ?? [],
      });
    }
  }
  // A line of a closed month cannot be reconciled (decision 0036): it is not proposed, so accepting all goes on.
  const closed = await closedDatesOf(
    scope,
    lines.map((l) => l.date),
  );
  const open = lines.filter((l) => !closed(l.date));
  const suggestions = matchStatement(open, candidates, threshold === undefined ? {} : { threshold });
  const kindOf = new Map(candidates.map((c) => [c.id, c.kind]));
  return suggestions.map((s) => ({
    ...s,
    candidates: s.candidateIds.map((id) => ({ id, kind: kindOf.get(id) ?? 'movement' })),
  }));
}

/**
 * The reconciliation screen of one account over a period: a page of its bank lines with their links; the account's
 * movements still waiting for the bank and the unit's open installments around the period; and per day the balance
 * the bank states, the app's balance, the part of it the bank has confirmed, and the difference.
 */
export async function getReconciliation(scope: LedgerScope, input: z.output<typeof reconciliationGetInput>) {
  const { tx } = scope;
  const { organizationId } = scope.tenant;
  await mustUseAccount(scope, input.accountId);
  const [account] = await tx
    .select({ id: accountsView.id, name: accountsView.name, openingBalance: accountsView.openingBalance })
    .from(accountsView)
    .where(and(eq(accountsView.organizationId, organizationId), eq(accountsView.id, input.accountId)));
  if (!account) throw new NotFoundError('Conta não encontrada nesta organização.');

  const l = bankStatementLines;
  const inPeriod = and(
    eq(l.organizationId, organizationId),
    eq(l.accountId, input.accountId),
    gte(l.date, input.from),
    lte(l.date, input.to),
  );
  const [total] = await tx.select({ n: count() }).from(l).where(inPeriod);
  const k = bankReconciliationLinks;
  const lines = await tx
    .select({
      id: l.id,
      date: l.date,
      amount: l.amount,
      memo: l.memo,
      fitId: l.fitId,
      reference: l.reference,
      type: l.type,
      reconciled: l.reconciled,
      status: l.status,
      links: sql<
        { id: string; groupId: string; movementId: string; amount: number; origin: string; description: string }[]
      >`
        coalesce((select json_agg(json_build_object('id', k.id, 'groupId', k.group_id, 'movementId', k.movement_id,
            'amount', k.amount, 'origin', k.origin, 'description', m.description) order by k.id)
          from ${k} k join account_movements_view m on m.organization_id = k.organization_id and m.id = k.movement_id
          where k.organization_id = bank_statement_lines.organization_id and k.line_id = bank_statement_lines.id
            and k.undone_at is null), '[]'::json)`,
    })
    .from(l)
    .where(inPeriod)
    .orderBy(asc(l.date), asc(l.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);

  const waiting = (await openRows(scope, input)).filter((r) => r.source !== 'line');
  const movements = waiting
    .filter((r) => r.source === 'movement')
    .map((r) => ({ id: r.id, date: r.date, open: r.amount, description: r.memo ?? '', partyName: r.party_name }));
  const installments = waiting
    .filter((r) => r.source === 'installment')
    .map((r) => ({
      id: r.id,
      kind: r.kind,
      dueDate: r.date,
      open: r.amount,
      description: r.memo ?? '',
      partyName: r.party_name,
      documentNumber: r.document_number,
    }));

  return {
    account,
    lines: { rows: lines, total: total?.n ?? 0, page: input.page, pageSize: input.pageSize },
    movements,
    installments,
    days: await dailyBalances(scope, input, account.openingBalance),
  };
}

/**
 * Per day of the period: the bank's balance (the latest closing balance a file stated, carried by the lines), the
 * app's balance (opening plus movements), the reconciled balance, and the bank's minus the app's. Without a stated
 * balance the bank's is null. The reconciled balance is the app's balance without what the bank has not confirmed
 * since the account's first statement line: the books before it are taken as agreed with the bank, so when every
 * movement since is reconciled the two balances are one.
 */
async function dailyBalances(scope: LedgerScope, period: Period, openingBalance: number) {
  const { organizationId } = scope.tenant;
  const { accountId } = period;
  const i = bankStatementImports;
  const [anchor] = await scope.tx
    .select({ amount: i.closingBalance, date: i.closingBalanceDate })
    .from(i)
    .where(and(eq(i.organizationId, organizationId), eq(i.accountId, accountId), isNotNull(i.closingBalanceDate)))
    .orderBy(desc(i.closingBalanceDate), desc(i.createdAt))
    .limit(1);
  const last = period.to > (anchor?.date ?? period.to) ? period.to : (anchor?.date ?? period.to);
  const result = await scope.tx.execute(sql`
    with mov as (
      select date, sum(amount) as s from account_movements_view
      where organization_id = ${organizationId} and account_id = ${accountId} and date <= ${period.to}
      group by date
    ), rec as (
      select m.date, sum(sign(m.amount) * k.amount) as s
      from bank_reconciliation_links k
      join account_movements_view m on m.organization_id = k.organization_id and m.id = k.movement_id
      where k.organization_id = ${organizationId} and k.account_id = ${accountId} and k.undone_at is null
        and m.date <= ${period.to}
      group by m.date
    ), lin as (
      select date, sum(amount) as s from bank_statement_lines
      where organization_id = ${organizationId} and account_id = ${accountId} and date <= ${last}
      group by date
    )
    select d::date::text as day,
      (select coalesce(sum(s), 0) from mov where date <= d::date)::text as app,
      (select coalesce(sum(s), 0) from mov where date >= (select min(date) from lin) and date <= d::date)::text
        as moved_since,
      (select coalesce(sum(s), 0) from rec where date >= (select min(date) from lin) and date <= d::date)::text
        as reconciled_since,
      (select coalesce(sum(s), 0) from lin where date <= d::date)::text as lines,
      (select coalesce(sum(s), 0) from lin where date <= ${anchor?.date ?? period.to})::text as anchored
    from generate_series(${period.from}::date, ${period.to}::date, interval '1 day') as d
    order by 1`);
  type Day = {
    day: string;
    app: string;
    moved_since: string;
    reconciled_since: string;
    lines: string;
    anchored: string;
  };
  return rowsOf<Day>(result).map((r) => {
    const appBalance = openingBalance + Number(r.app);
    const bankBalance =
      anchor?.amount === null || anchor?.amount === undefined
        ? null
        : anchor.amount + Number(r.lines) - Number(r.anchored);
    return {
      date: r.day,
      bankBalance,
      appBalance,
      reconciledBalance: appBalance - Number(r.moved_since) + Number(r.reconciled_since),
      difference: bankBalance === null ? null : bankBalance - appBalance,
    };
  });
}

/** The line `lineId` of an account the unit may use, for an entry made from it. */
export async function lineForEntry(scope: LedgerScope, lineId: string) {
  const l = bankStatementLines;
  const [line] = await scope.tx
    .select({ id: l.id, accountId: l.accountId })
    .from(l)
    .where(and(eq(l.organizationId, scope.tenant.organizationId), eq(l.id, lineId)));
  if (!line) throw new NotFoundError('Linha do extrato não encontrada nesta organização.');
  await mustUseAccount(scope, line.accountId);
  return line;
}

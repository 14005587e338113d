import { and, asc, eq, sql } from 'drizzle-orm';
import { addMonths, todayInSaoPaulo, type AccountKind, type DocumentKind, type MovementKind } from '@financeiro/core';
import type { z } from 'zod';
import type { balancesInput, statementInput } from '@financeiro/core';
import { rowsOf } from '../../db/client';
import { NotFoundError } from '../../errors';
import type { LedgerScope } from './access';
import { accountsView, accountTypesView } from '../registries';

export type StatementQuery = z.output<typeof statementInput>;
export type BalancesQuery = z.output<typeof balancesInput>;

export interface StatementRow {
  id: string;
  date: string;
  kind: MovementKind;
  description: string;
  amount: number;
  /** The account's balance after this movement. */
  balance: number;
  /** The payment it comes from, with its document when it settled one document the unit can see. */
  paymentId: string | null;
  document: { id: string; kind: DocumentKind; number: string | null } | null;
  partyName: string | null;
  classificationName: string | null;
  costCentreName: string | null;
  /** The other account of a transfer. */
  counterpartAccountName: string | null;
  /** Undone by a reversal (of its payment, its transfer or itself). */
  reversed: boolean;
  /** Centavos of it the bank statement confirmed (its active reconciliation links); its whole size when reconciled. */
  reconciled: number;
}

/** Accounts a unit works with: the organization's accountsView open to the unit, as payments and transfers use them. */
const openToUnit = (scope: LedgerScope) =>
  and(
    eq(accountsView.organizationId, scope.tenant.organizationId),
    sql`${accountsView.unitIds} @> ${JSON.stringify([scope.tenant.unitId])}::jsonb`,
  );

const monthStart = (date: string) => `${date.slice(0, 7)}-01`;
const monthEnd = (date: string) => addMonths(monthStart(date), 0, 31);

/**
 * One account's statement over a period: the opening balance (the account's own plus every movement before the
 * period), one page of the period's movements by date and then by when they were written, each with the balance
 * after it, the closing balance and the period's totals. The running balance is a window over the whole period,
 * computed before paging, so page 2 goes on from where page 1 ended.
 */
export async function getStatement(scope: LedgerScope, input: StatementQuery) {
  const { tx } = scope;
  const { organizationId } = scope.tenant;
  // A period left open is a calendar month: today's, or the one of the date given.
  const from = input.from ?? monthStart(input.to ?? todayInSaoPaulo());
  const to = input.to ?? monthEnd(from);
  const [account] = await tx
    .select({
      id: accountsView.id,
      name: accountsView.name,
      openingBalance: accountsView.openingBalance,
      openingDate: accountsView.openingDate,
    })
    .from(accountsView)
    .where(and(openToUnit(scope), eq(accountsView.id, input.accountId)));
  if (!account) throw new NotFoundError('Conta não encontrada nesta organização, ou não liberada para esta unidade.');

  const [figures] = rowsOf<{ before: string; entries: string; exits: string; n: string }>(
    await tx.execute(sql`
      select coalesce(sum(amount) filter (where date < ${from}), 0)::bigint as before,
        coalesce(sum(amount) filter (where date >= ${from} and amount > 0), 0)::bigint as entries,
        coalesce(sum(amount) filter (where date >= ${from} and amount < 0), 0)::bigint as exits,
        count(*) filter (where date >= ${from}) as n
      from account_movements
      where organization_id = ${organizationId} and account_id = ${account.id} and date <= ${to}`),
  );
  const opening = account.openingBalance + Number(figures?.before ?? 0);
  const totalIn = Number(figures?.entries ?? 0);
  const totalOut = Number(figures?.exits ?? 0);

  const rows = rowsOf<{
    id: string;
    date: string;
    kind: MovementKind;
    description: string;
    amount: string;
    running: string;
    payment_id: string | null;
    classification_name: string | null;
    cost_centre_name: string | null;
    counterpart_name: string | null;
    reversed: boolean;
    reconciled: string;
  }>(
    await tx.execute(sql`
      with page as (
        select * from (
          select m.*, sum(m.amount) over (order by m.date, m.created_at, m.id rows unbounded preceding) as running
          from account_movements m
          where m.organization_id = ${organizationId} and m.account_id = ${account.id}
            and m.date between ${from} and ${to}
        ) w
        order by date, created_at, id
        limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}
      )
      select p.id, p.date::text as date, p.kind, p.description, p.amount::text as amount,
        p.running::text as running, p.payment_id, cl.name as classification_name, cc.name as cost_centre_name,
        (select a.name from account_movements c join accounts_view a
           on a.organization_id = c.organization_id and a.id = c.account_id
         where c.organization_id = p.organization_id and c.transfer_id = p.transfer_id and c.id <> p.id
         limit 1) as counterpart_name,
        (exists (select 1 from account_movements r
                 where r.organization_id = p.organization_id and r.reversal_of = p.id)
         or exists (select 1 from ledger_payments r
                    where r.organization_id = p.organization_id and r.reversal_of = p.payment_id)) as reversed,
        (select coalesce(sum(k.amount), 0) from bank_reconciliation_links_view k
         where k.organization_id = p.organization_id and k.movement_id = p.id and k.undone_at is null)::text
          as reconciled
      from page p
      left join classifications_view cl on cl.organization_id = p.organization_id and cl.id = p.classification_id
      left join cost_centres_view cc on cc.organization_id = p.organization_id and cc.id = p.cost_centre_id
      order by p.date, p.created_at, p.id`),
  );

  const paymentIds = [...new Set(rows.map((r) => r.payment_id).filter((id): id is string => Boolean(id)))];
  const documents = new Map<string, { id: string; kind: DocumentKind; number: string | null; party: string }[]>();
  if (paymentIds.length > 0) {
    // A reversal's settlements name the same installments as the payment it undoes.
    const found = rowsOf<{ payment_id: string; id: string; kind: DocumentKind; number: string | null; party: string }>(
      await tx.execute(sql`
        select distinct s.payment_id, d.id, d.kind, d.document_number as number,
          coalesce(pa.trade_name, pa.name) as party
        from ledger_settlements s
        join ledger_installments i on i.organization_id = s.organization_id and i.id = s.installment_id
        join ledger_documents d on d.organization_id = i.organization_id and d.id = i.document_id
        join parties_view pa on pa.organization_id = d.organization_id and pa.id = d.party_id
        where s.organization_id = ${organizationId}
          and s.payment_id in (${sql.join(
            paymentIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`),
    );
    for (const d of found) documents.set(d.payment_id, [...(documents.get(d.payment_id) ?? []), d]);
  }

  return {
    account: { id: account.id, name: account.name, openingDate: account.openingDate },
    from,
    to,
    openingBalance: opening,
    totalIn,
    totalOut,
    closingBalance: opening + totalIn + totalOut,
    total: Number(figures?.n ?? 0),
    page: input.page,
    pageSize: input.pageSize,
    rows: rows.map((r): StatementRow => {
      const paid = r.payment_id ? (documents.get(r.payment_id) ?? []) : [];
      const [only] = paid;
      return {
        id: r.id,
        date: r.date,
        kind: r.kind,
        description: r.description,
        amount: Number(r.amount),
        balance: opening + Number(r.running),
        paymentId: r.payment_id,
        document: paid.length === 1 && only ? { id: only.id, kind: only.kind, number: only.number } : null,
        partyName: only?.party ?? null,
        classificationName: r.classification_name,
        costCentreName: r.cost_centre_name,
        counterpartAccountName: r.counterpart_name,
        reversed: r.reversed,
        reconciled: Number(r.reconciled),
      };
    }),
  };
}

/**
 * Every account the unit works with and its balance at the end of a date (today by default): its opening balance
 * plus every movement up to that date; and the total of them all.
 */
export async function accountBalances(scope: LedgerScope, input: BalancesQuery) {
  const date = input.date ?? todayInSaoPaulo();
  const { organizationId } = scope.tenant;
  const rows = await scope.tx
    .select({
      id: accountsView.id,
      name: accountsView.name,
      kind: sql<AccountKind>`${accountTypesView.kind}`,
      status: accountsView.status,
      openingDate: accountsView.openingDate,
      balance: sql<string>`${accountsView.openingBalance} + coalesce((
        select sum(m.amount) from account_movements m
        where m.organization_id = ${organizationId} and m.account_id = ${accountsView.id} and m.date <= ${date}
      ), 0)`,
    })
    .from(accountsView)
    .innerJoin(
      accountTypesView,
      and(
        eq(accountTypesView.organizationId, accountsView.organizationId),
        eq(accountTypesView.id, accountsView.accountTypeId),
      ),
    )
    .where(openToUnit(scope))
    .orderBy(asc(accountsView.name));
  const list = rows.map((r) => ({ ...r, balance: Number(r.balance) }));
  return { date, accounts: list, total: list.reduce((sum, a) => sum + a.balance, 0) };
}

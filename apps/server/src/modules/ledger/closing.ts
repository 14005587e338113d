import { and, asc, between, count, eq, gte, inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { addMonths, formatCalendarDate, monthTitle, todayInSaoPaulo } from '@financeiro/core';
import { rowsOf, type Tx } from '../../db/client';
import { ConflictError, InvalidInputError } from '../../errors';
import { audit } from '../audit';
import { usersView } from '../identity';
import { unitsView } from '../tenancy';
import type { LedgerScope } from './access';
import { ledgerClosedMonths } from './schema';

/*
 * Closing a month (fechamento, decision 0036): per unit, a closed month takes no write dated in it on either basis
 * (a document's competence, not its issue date, which moves neither basis; a payment's or reversal's date; a
 * movement's date; a reconciled bank line's date). `mustBeOpen` is the one check: every ledger write calls it with the
 * dates it writes or changes, and the modules that book through the ledger (purchasing, NF-e, Mercado Pago, banking)
 * reach it through those writes.
 *
 * A write and a close of its month are serialized by a transaction-level advisory lock per organization, unit and
 * month: `mustBeOpen` takes it shared (writes of one month do not wait for each other), `closeMonth` exclusive. A
 * close waits until the writes that found the month open commit, and a write that asks while a close is under way
 * waits for it and then reads the month closed.
 */

/** The first day of the month of a date (YYYY-MM-DD). */
const monthOf = (date: string) => `${date.slice(0, 7)}-01`;

/** A closed month as the messages and the screen show it. */
interface ClosedMonth {
  month: string;
  closedAt: Date;
  closedByName: string | null;
}

/**
 * Takes the month locks of the scope's unit (shared or exclusive) until the transaction ends, in a fixed order. It is
 * a statement of its own, before the read of the closed months: under READ COMMITTED that read's snapshot is taken
 * once the lock is held, so it sees a close that committed while this transaction waited.
 */
async function lockMonths(scope: LedgerScope, months: string[], mode: 'shared' | 'exclusive'): Promise<void> {
  const { organizationId, unitId } = scope.tenant;
  const keys = sql.join(
    months.map((month) => sql`${`ledger_closed_months:${organizationId}:${unitId}:${month}`}`),
    sql`, `,
  );
  const lock = mode === 'shared' ? sql`pg_advisory_xact_lock_shared` : sql`pg_advisory_xact_lock`;
  await scope.tx.execute(
    sql`select ${lock}(hashtextextended(k, 0)) from (select unnest(array[${keys}]::text[]) as k order by 1) as keys`,
  );
}

async function closedMonths(scope: LedgerScope, months: string[]): Promise<ClosedMonth[]> {
  if (months.length === 0) return [];
  return scope.tx
    .select({ month: ledgerClosedMonths.month, closedAt: ledgerClosedMonths.closedAt, closedByName: usersView.name })
    .from(ledgerClosedMonths)
    .leftJoin(usersView, eq(usersView.id, ledgerClosedMonths.closedBy))
    .where(
      and(
        eq(ledgerClosedMonths.organizationId, scope.tenant.organizationId),
        eq(ledgerClosedMonths.unitId, scope.tenant.unitId),
        inArray(ledgerClosedMonths.month, months),
      ),
    )
    .orderBy(asc(ledgerClosedMonths.month));
}

async function unitName(scope: LedgerScope): Promise<string> {
  const [unit] = await scope.tx
    .select({ name: unitsView.name })
    .from(unitsView)
    .where(and(eq(unitsView.organizationId, scope.tenant.organizationId), eq(unitsView.id, scope.tenant.unitId)));
  return unit?.name ?? '';
}

const closedDay = (closedAt: Date) => formatCalendarDate(todayInSaoPaulo(closedAt));

/**
 * Refuses a write when any of its dates falls in a month closed in the scope's unit, naming the month, the unit and
 * who closed it. Empty dates are skipped; the dates are read once, whatever their number. The months stay locked
 * (shared) until the write's transaction ends, so no close of them commits in between.
 */
export async function mustBeOpen(scope: LedgerScope, dates: (string | null | undefined)[]): Promise<void> {
  const months = [...new Set(dates.filter((d): d is string => typeof d === 'string' && d.length >= 7).map(monthOf))];
  if (months.length === 0) return;
  await lockMonths(scope, months, 'shared');
  const [closed] = await closedMonths(scope, months);
  if (!closed) return;
  const who = closed.closedByName ?? 'um usuário removido';
  throw new ConflictError(
    `${monthTitle(closed.month)} está fechado para a unidade ${await unitName(scope)} (fechado por ${who} em ${closedDay(closed.closedAt)}): reabra o mês para lançar nele.`,
  );
}

/**
 * A month of the unit as work arriving for it sees it (a note issued then, decision 0036): when it is closed, the first
 * open month after it, where the person may choose to book the note; null when the month itself is open.
 */
export async function firstOpenMonthAfter(scope: LedgerScope, month: string): Promise<string | null> {
  const closed = await scope.tx
    .select({ month: ledgerClosedMonths.month })
    .from(ledgerClosedMonths)
    .where(
      and(
        eq(ledgerClosedMonths.organizationId, scope.tenant.organizationId),
        eq(ledgerClosedMonths.unitId, scope.tenant.unitId),
        gte(ledgerClosedMonths.month, month),
      ),
    )
    .orderBy(asc(ledgerClosedMonths.month));
  let open = month;
  for (const row of closed) {
    if (row.month !== open) break;
    open = addMonths(open, 1);
  }
  return open === month ? null : open;
}

/**
 * The competence a note is booked in: its issue month, or the later month the person chose for a note of a closed
 * month (the issue date stays the note's). A month before the issue is refused; a closed one is refused by the write.
 */
export function noteCompetence(issueDate: string, chosen: string | null | undefined): string {
  const issued = monthOf(issueDate);
  if (!chosen) return issued;
  if (chosen < issued) {
    throw new InvalidInputError(
      `A competência ${monthTitle(chosen).toLowerCase()} é anterior à emissão da nota (${formatCalendarDate(issueDate)}): escolha ${monthTitle(issued).toLowerCase()} ou um mês posterior.`,
    );
  }
  return chosen;
}

/**
 * Which of `dates` fall in a month closed in the scope's unit, read once and without a lock: for the readers that
 * leave such dates out of what they propose (the reconciliation's suggestions). A write still goes through
 * `mustBeOpen`.
 */
export async function closedDatesOf(scope: LedgerScope, dates: readonly string[]): Promise<(date: string) => boolean> {
  const closed = new Set((await closedMonths(scope, [...new Set(dates.map(monthOf))])).map((m) => m.month));
  return (date) => closed.has(monthOf(date));
}

/**
 * The months from `from` to `to` closed in every unit a report covers: `unitId`, or all the organization's units (a
 * month open in one of them is open for the whole). Row-level security shows the selected unit's rows only: the read
 * widens it to the organization's units and narrows it back before the transaction goes on.
 */
export async function monthsClosedInEveryUnit(
  tx: Tx,
  organizationId: string,
  period: { from: string; to: string; unitId: string | null },
): Promise<string[]> {
  const unitIds = period.unitId
    ? [period.unitId]
    : (await tx.select({ id: unitsView.id }).from(unitsView).where(eq(unitsView.organizationId, organizationId))).map(
        (u) => u.id,
      );
  if (unitIds.length === 0) return [];
  const [selected] = rowsOf<{ unit: string | null }>(
    await tx.execute(sql`select current_setting('app.unit_id', true) as unit, set_config('app.unit_id', '', true)`),
  );
  try {
    const rows = await tx
      .select({ month: ledgerClosedMonths.month, units: count() })
      .from(ledgerClosedMonths)
      .where(
        and(
          eq(ledgerClosedMonths.organizationId, organizationId),
          inArray(ledgerClosedMonths.unitId, unitIds),
          between(ledgerClosedMonths.month, period.from, period.to),
        ),
      )
      .groupBy(ledgerClosedMonths.month)
      .orderBy(asc(ledgerClosedMonths.month));
    return rows.filter((r) => r.units === unitIds.length).map((r) => r.month);
  } finally {
    await tx.execute(sql`select set_config('app.unit_id', ${selected?.unit ?? ''}, true)`);
  }
}

/** The twelve months of a year in the unit: closed (by whom, when) or open. */
export async function listMonths(scope: LedgerScope, year: number) {
  const months = Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}-01`);
  const byMonth = new Map((await closedMonths(scope, months)).map((r) => [r.month, r]));
  return months.map((month) => {
    const closed = byMonth.get(month);
    return {
      month,
      label: monthTitle(month),
      closed: Boolean(closed),
      closedAt: closed ? closed.closedAt.toISOString() : null,
      closedByName: closed ? (closed.closedByName ?? null) : null,
    };
  });
}

/** Closes a month of the unit; closing it twice is refused with its name. */
export async function closeMonth(scope: LedgerScope, month: string): Promise<{ month: string }> {
  const { organizationId, unitId } = scope.tenant;
  if (month > monthOf(todayInSaoPaulo())) {
    throw new InvalidInputError(`${monthTitle(month)} ainda não começou: só se fecha um mês já iniciado.`);
  }
  // Waits for the writes that found the month open; the writes that come after wait for this transaction.
  await lockMonths(scope, [month], 'exclusive');
  const [row] = await scope.tx
    .insert(ledgerClosedMonths)
    .values({ id: uuidv7(), organizationId, unitId, month, closedBy: scope.user.userId })
    .onConflictDoNothing()
    .returning({ id: ledgerClosedMonths.id });
  if (!row) {
    const [closed] = await closedMonths(scope, [month]);
    const who = closed
      ? ` (fechado por ${closed.closedByName ?? 'um usuário removido'} em ${closedDay(closed.closedAt)})`
      : '';
    throw new ConflictError(`${monthTitle(month)} já está fechado para a unidade ${await unitName(scope)}${who}.`);
  }
  await audit(scope, { action: 'unit.close_month', entity: 'unit', entityId: unitId, after: { month } });
  return { month };
}

/** Reopens a closed month of the unit, with the reason kept in the event log. */
export async function reopenMonth(scope: LedgerScope, month: string, reason: string): Promise<{ month: string }> {
  const { organizationId, unitId } = scope.tenant;
  const [closed] = await closedMonths(scope, [month]);
  const [row] = await scope.tx
    .delete(ledgerClosedMonths)
    .where(
      and(
        eq(ledgerClosedMonths.organizationId, organizationId),
        eq(ledgerClosedMonths.unitId, unitId),
        eq(ledgerClosedMonths.month, month),
      ),
    )
    .returning({ id: ledgerClosedMonths.id });
  if (!row || !closed) {
    throw new ConflictError(`${monthTitle(month)} não está fechado para a unidade ${await unitName(scope)}.`);
  }
  await audit(scope, {
    action: 'unit.reopen_month',
    entity: 'unit',
    entityId: unitId,
    before: { month, closedAt: closed.closedAt.toISOString(), closedByName: closed.closedByName },
    after: { month, reason },
  });
  return { month };
}

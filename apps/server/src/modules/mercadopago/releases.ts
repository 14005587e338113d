import { and, asc, between, eq, isNull, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  MercadoPagoPostingError,
  releasePostings,
  todayInSaoPaulo,
  type MercadoPagoReleaseDay,
} from '@financeiro/core';
import { InvalidInputError } from '../../errors';
import { auditEach } from '../audit';
import { reverseMovement, transferBetweenAccounts, type LedgerScope } from '../ledger';
import { lockAccount } from './reconcile';
import { settingsFor } from './settings';
import { mercadopagoReleaseBookings, mercadopagoReleases } from './schema';
import type { AccountPeriod } from './suggest';

/*
 * Booking the release report (decision 0023): per release day, one transfer from "saldo a liberar" to the available
 * Mercado Pago account of what the day's releases, blocks and unblocks moved, and one transfer of the day's
 * withdrawals from the available account to the bank account they went to, which bank reconciliation then matches
 * with the bank statement's line. A day is booked once; undoing reverses its transfers.
 */

const AVAILABLE = 'Mercado Pago: liberação do saldo a liberar';

async function liveBookings(scope: LedgerScope, accountId: string, from: string, to: string) {
  return scope.tx
    .select()
    .from(mercadopagoReleaseBookings)
    .where(
      and(
        eq(mercadopagoReleaseBookings.organizationId, scope.tenant.organizationId),
        eq(mercadopagoReleaseBookings.accountId, accountId),
        between(mercadopagoReleaseBookings.day, from, to),
        isNull(mercadopagoReleaseBookings.undoneAt),
      ),
    )
    .orderBy(asc(mercadopagoReleaseBookings.day));
}

/** The release report's days of the period, as postings. */
export async function releaseDays(scope: LedgerScope, period: AccountPeriod): Promise<MercadoPagoReleaseDay[]> {
  const rows = await scope.tx
    .select({
      sourceId: mercadopagoReleases.sourceId,
      recordType: mercadopagoReleases.recordType,
      description: mercadopagoReleases.description,
      netCredit: mercadopagoReleases.netCredit,
      netDebit: mercadopagoReleases.netDebit,
      payoutBankAccount: mercadopagoReleases.payoutBankAccount,
      day: mercadopagoReleases.releaseDay,
    })
    .from(mercadopagoReleases)
    .where(
      and(
        eq(mercadopagoReleases.organizationId, scope.tenant.organizationId),
        eq(mercadopagoReleases.accountId, period.accountId),
        between(mercadopagoReleases.releaseDay, period.from, period.to),
      ),
    )
    .orderBy(asc(mercadopagoReleases.releasedAt), asc(mercadopagoReleases.id));
  try {
    return releasePostings(rows).days;
  } catch (error) {
    if (error instanceof MercadoPagoPostingError) throw new InvalidInputError(error.message);
    throw error;
  }
}

/**
 * One signed transfer between two accounts: positive from `from` to `to`, negative the other way. Answers the leg in
 * the available account `available` (one of the two).
 */
async function signedTransfer(
  scope: LedgerScope,
  available: string,
  [from, to]: [string, string],
  amount: number,
  date: string,
  description: string,
): Promise<string> {
  const fromAccountId = amount > 0 ? from : to;
  const { movementIds } = await transferBetweenAccounts(scope, {
    fromAccountId,
    toAccountId: amount > 0 ? to : from,
    date,
    amount: Math.abs(amount),
    description,
  });
  return fromAccountId === available ? movementIds[0] : movementIds[1];
}

/**
 * Books the release days of the period not booked yet, up to today. Withdrawals are booked only when the account's
 * settings name the bank account they go to; the answer says how many days were left with unbooked withdrawals.
 */
export async function bookReleases(
  scope: LedgerScope,
  period: AccountPeriod,
): Promise<{ days: number; transfers: number; payoutsWithoutAccount: number }> {
  await lockAccount(scope, period.accountId);
  const settings = await settingsFor(scope, period.accountId);
  const days = await releaseDays(scope, period);
  const booked = new Set(
    (await liveBookings(scope, period.accountId, period.from, period.to)).map((b) => `${b.day}:${b.kind}`),
  );
  const today = todayInSaoPaulo();
  let transfers = 0;
  let payoutsWithoutAccount = 0;
  let daysBooked = 0;
  for (const day of days) {
    if (day.day > today) continue;
    const released = day.released - day.blocked + day.unblocked;
    const payouts = day.payouts.reduce((sum, p) => sum + p.amount, 0);
    const writes: { kind: 'release' | 'payout'; amount: number; movementId: string }[] = [];
    if (released !== 0 && !booked.has(`${day.day}:release`)) {
      const movementId = await signedTransfer(
        scope,
        period.accountId,
        [settings.pendingAccountId, period.accountId],
        released,
        day.day,
        AVAILABLE,
      );
      writes.push({ kind: 'release', amount: released, movementId });
    }
    if (payouts !== 0 && !booked.has(`${day.day}:payout`)) {
      if (!settings.payoutAccountId) payoutsWithoutAccount += 1;
      else {
        const movementId = await signedTransfer(
          scope,
          period.accountId,
          [period.accountId, settings.payoutAccountId],
          payouts,
          day.day,
          'Mercado Pago: saque para a conta bancária',
        );
        writes.push({ kind: 'payout', amount: -payouts, movementId });
      }
    }
    if (writes.length === 0) continue;
    daysBooked += 1;
    transfers += writes.length;
    await record(scope, period.accountId, day.day, writes);
  }
  return { days: daysBooked, transfers, payoutsWithoutAccount };
}

async function record(
  scope: LedgerScope,
  accountId: string,
  day: string,
  writes: { kind: 'release' | 'payout'; amount: number; movementId: string }[],
): Promise<void> {
  await scope.tx.insert(mercadopagoReleaseBookings).values(
    writes.map((w) => ({
      ...w,
      id: uuidv7(),
      organizationId: scope.tenant.organizationId,
      unitId: scope.tenant.unitId,
      accountId,
      day,
      createdBy: scope.user.userId,
    })),
  );
  await auditEach(scope, [
    {
      action: 'mercadopago_release.book',
      entity: 'financial_account',
      entityId: accountId,
      after: Object.fromEntries([['day', day], ...writes.map((w) => [w.kind, w.amount])]),
    },
  ]);
}

/** Undoes a booked release day: its transfers reversed, the bookings marked undone. */
export async function undoReleaseDay(scope: LedgerScope, accountId: string, day: string): Promise<{ undone: number }> {
  await lockAccount(scope, accountId);
  await settingsFor(scope, accountId);
  const bookings = await liveBookings(scope, accountId, day, day);
  if (bookings.length === 0) throw new InvalidInputError('Não há liberações lançadas neste dia.');
  for (const booking of bookings) {
    await reverseMovement(scope, {
      movementId: booking.movementId,
      reason: `Liberações do Mercado Pago de ${day} desfeitas`,
    });
  }
  await scope.tx
    .update(mercadopagoReleaseBookings)
    .set({ undoneAt: sql`now()`, undoneBy: scope.user.userId })
    .where(
      and(
        eq(mercadopagoReleaseBookings.organizationId, scope.tenant.organizationId),
        eq(mercadopagoReleaseBookings.accountId, accountId),
        eq(mercadopagoReleaseBookings.day, day),
        isNull(mercadopagoReleaseBookings.undoneAt),
      ),
    );
  await auditEach(scope, [
    {
      action: 'mercadopago_release.undo',
      entity: 'financial_account',
      entityId: accountId,
      before: Object.fromEntries([['day', day], ...bookings.map((b) => [b.kind, b.amount])]),
    },
  ]);
  return { undone: bookings.length };
}

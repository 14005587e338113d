import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { loadEnv } from '../../env';
import { formatCalendarDate, todayInSaoPaulo } from '@financeiro/core';
import { now } from '../../clock';
import { ConflictError } from '../../errors';
import { startDemoApp, type DemoApp } from '../../test/demo';
import { newAccount, newClassification } from '../../test/ledger-fixtures';
import { users } from '../identity/schema';
import { ledgerScope, type LedgerScope } from './access';
import { closeMonth } from './closing';
import { createManualEntry } from './movements';
import { accountMovements, ledgerClosedMonths } from './schema';

const { DATABASE_URL } = loadEnv();

/** A promise and the function that settles it: the test's steps wait on each other, never on the clock. */
function gate() {
  let open = () => undefined as void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

// Two transactions at once need two connections: PGlite runs one transaction at a time, so the race exists only on a
// PostgreSQL server (DATABASE_URL).
describe.skipIf(!DATABASE_URL)('closing a month and a write of that month at the same instant (PostgreSQL)', () => {
  let d: DemoApp;
  let userId = '';
  const ids = { account: '', classification: '' };
  const db = () => d.t.database.db;

  /** Runs `fn` in a transaction of its own connection, as the admin in Matriz. */
  const inTransaction = <T>(fn: (scope: LedgerScope) => Promise<T>) =>
    withTenant(db(), { userId, ...d.matriz }, (tx) => fn(ledgerScope(tx, d.matriz, userId)));
  const entry = (date: string) => ({
    accountId: ids.account,
    date,
    direction: 'out' as const,
    amount: 4_590,
    classificationId: ids.classification,
    costCentreId: null,
    description: 'Tarifa bancária',
  });
  const movementsOn = async (date: string) =>
    (await db().select({ n: count() }).from(accountMovements).where(eq(accountMovements.date, date)))[0]?.n;
  const closed = async (month: string) =>
    (await db().select().from(ledgerClosedMonths).where(eq(ledgerClosedMonths.month, month))).length === 1;
  /**
   * Resolves once a session of this database waits for an advisory lock (a month's lock), or once `other` settles
   * (without the lock, the other transaction does not wait): asked again after each answer, so it follows the
   * database's progress rather than a timer.
   */
  async function someoneWaitsForAMonth(other: Promise<unknown>): Promise<void> {
    let settled = false;
    void other.then(
      () => (settled = true),
      () => (settled = true),
    );
    while (!settled) {
      const [row] = rowsOf<{ waiting: number }>(
        await db().execute(sql`select count(*)::int as waiting from pg_locks
          where locktype = 'advisory' and not granted
            and database = (select oid from pg_database where datname = current_database())`),
      );
      if ((row?.waiting ?? 0) > 0) return;
    }
  }

  beforeAll(async () => {
    d = await startDemoApp();
    const admin = await d.as('admin', d.matriz);
    ids.account = await newAccount(admin, d.matriz.unitId, 'Conta movimento');
    ids.classification = await newClassification(admin, 'Tarifas');
    const [user] = await db().select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    userId = user?.id ?? '';
  });
  afterAll(() => d?.t.close());

  it('a close waits until a write that found the month open commits, and then closes a month holding it', async () => {
    const written = gate();
    const commit = gate();
    const order: string[] = [];
    const write = inTransaction(async (scope) => {
      await createManualEntry(scope, entry('2026-03-31'));
      written.open();
      await commit.promise;
    }).then(() => order.push('write committed'));
    await written.promise;

    const close = inTransaction((scope) => closeMonth(scope, '2026-03-01')).then(() => order.push('month closed'));
    await someoneWaitsForAMonth(close);
    expect(order).toEqual([]);
    expect(await closed('2026-03-01')).toBe(false);

    commit.open();
    await Promise.all([write, close]);
    expect(order).toEqual(['write committed', 'month closed']);
    expect(await movementsOn('2026-03-31')).toBe(1);
    expect(await closed('2026-03-01')).toBe(true);
  });

  it('a write asked while a close of its month is under way waits for it, then is refused and stores nothing', async () => {
    const closing = gate();
    const commit = gate();
    const close = inTransaction(async (scope) => {
      await closeMonth(scope, '2026-04-01');
      closing.open();
      await commit.promise;
    });
    await closing.promise;

    const refusal = inTransaction((scope) => createManualEntry(scope, entry('2026-04-30'))).then(
      () => null,
      (error: unknown) => error,
    );
    await someoneWaitsForAMonth(refusal);
    commit.open();
    await close;
    const error = await refusal;
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as Error).message).toBe(
      `Abril/2026 está fechado para a unidade Matriz (fechado por Ana Administradora em ${formatCalendarDate(todayInSaoPaulo(now()))}): reabra o mês para lançar nele.`,
    );
    expect(await movementsOn('2026-04-30')).toBe(0);
  });
});

import { and, eq, inArray, sql } from 'drizzle-orm';
import { addDays, addMonths, manualEntryInput, todayInSaoPaulo, transferInput } from '@financeiro/core';
import { rowsOf, type Tx } from '../../db/client';
import { ledgerScope, createManualEntry, reverseMovement, transferBetweenAccounts } from '../ledger';
import { accounts, classifications, costCentres } from '../registries/schema';

/**
 * The demo's own account movements since its accounts opened, written through the functions the API uses: the
 * treasury redeems from the investment account what the checking account needs for the month's bills and invests
 * what is left over, the bank charges its monthly fee and IOF every quarter, the investment yields, the sales wallet
 * is emptied into the bank, and a fee charged twice is reversed — so the statement shows a company's month, not only
 * its bills.
 */
export async function seedMovementSamples(
  tx: Tx,
  demo: { organizationId: string; unitId: string; userId: string },
): Promise<void> {
  const { organizationId } = demo;
  const scope = ledgerScope(tx, { organizationId, unitId: demo.unitId }, demo.userId, 'demo');
  const today = todayInSaoPaulo();
  const idOf = async (table: typeof accounts | typeof classifications | typeof costCentres, name: string) => {
    const [row] = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.organizationId, organizationId), eq(table.name, name)));
    return row?.id ?? '';
  };
  const names = ['Itaú movimento', 'Itaú aplicação automática', 'Mercado Pago vendas'];
  const found = await tx
    .select({ id: accounts.id, name: accounts.name, openingDate: accounts.openingDate })
    .from(accounts)
    .where(and(eq(accounts.organizationId, organizationId), inArray(accounts.name, names)));
  const account = (name: string) => found.find((a) => a.name === name);
  const bank = account('Itaú movimento');
  const investment = account('Itaú aplicação automática');
  const wallet = account('Mercado Pago vendas');
  if (!bank || !investment || !wallet) return;
  const fees = await idOf(classifications, 'Tarifas bancárias');
  const yields = await idOf(classifications, 'Rendimentos de aplicações');
  const iof = await idOf(classifications, 'IOF');
  const admin = await idOf(costCentres, 'Administrativo');

  const entry = (
    classificationId: string,
    accountId: string,
    date: string,
    direction: 'in' | 'out',
    amount: number,
    description: string,
  ) =>
    createManualEntry(
      scope,
      manualEntryInput.parse({
        accountId,
        date,
        direction,
        amount,
        classificationId,
        costCentreId: admin,
        description,
      }),
    );
  const transfer = (fromAccountId: string, toAccountId: string, date: string, amount: number, description: string) =>
    transferBetweenAccounts(scope, transferInput.parse({ fromAccountId, toAccountId, date, amount, description }));

  /** An account's balance at the end of a date: its opening balance plus every movement up to then. */
  const balanceAt = async (account: { id: string }, date: string) => {
    const [row] = rowsOf<{ balance: string }>(
      await tx.execute(sql`
        select a.opening_balance + coalesce((select sum(m.amount) from account_movements m
          where m.organization_id = a.organization_id and m.account_id = a.id and m.date <= ${date}), 0) as balance
        from accounts a where a.organization_id = ${organizationId} and a.id = ${account.id}`),
    );
    return Number(row?.balance ?? 0);
  };
  /** The lowest end-of-day balance an account reaches from one date to another, by what is booked already. */
  const lowestBetween = async (account: { id: string }, from: string, to: string) => {
    const before = await balanceAt(account, addDays(from, -1));
    const [row] = rowsOf<{ lowest: string | null }>(
      await tx.execute(sql`
        select min(running) as lowest from (
          select sum(sum(amount)) over (order by date) as running from account_movements
          where organization_id = ${organizationId} and account_id = ${account.id} and date between ${from} and ${to}
          group by date) days`),
    );
    return Math.min(before, before + Number(row?.lowest ?? 0));
  };
  const thousands = (centavos: number) => Math.ceil(centavos / 100_000) * 100_000;

  // The treasury's rule: redeem from the investment what keeps the checking account above a cushion through the
  // month's bills, and invest what is left above a ceiling at the month's end.
  const CUSHION = 3_000_000;
  const CEILING = 15_000_000;
  const start =
    [bank, investment, wallet]
      .map((a) => a.openingDate)
      .sort()
      .at(-1) ?? today;
  for (let month = `${start.slice(0, 7)}-01`, n = 0; month <= today; month = addMonths(month, 1), n++) {
    const first = month < start ? start : month;
    const last = addDays(addMonths(month, 1), -1);
    const end = last < today ? last : today;
    const day = (d: number) => addDays(month, d - 1);
    const within = (date: string) => date >= first && date <= today;
    const lowest = await lowestBetween(bank, first, end);
    if (lowest < CUSHION) {
      await transfer(investment.id, bank.id, first, thousands(CUSHION - lowest), 'Resgate da aplicação');
    }
    if (within(day(15))) {
      const sales = await balanceAt(wallet, day(15));
      if (sales >= 10_000) await transfer(wallet.id, bank.id, day(15), sales, 'Transferência das vendas');
    }
    if (within(day(10)) && n % 3 === 2) await entry(iof, bank.id, day(10), 'out', 1_873 + n * 11, 'IOF');
    if (within(day(20)) && n === 2) {
      const { movementId } = await entry(
        fees,
        bank.id,
        day(20),
        'out',
        8_990,
        'Tarifa de manutenção de conta (cobrada em dobro)',
      );
      await reverseMovement(scope, { movementId, reason: 'Tarifa cobrada em dobro, devolvida pelo banco' });
    }
    // The bank charges its package of services on the month's first day: every month's statement, today's included,
    // has a movement from its first day on.
    if (within(day(1))) await entry(fees, bank.id, day(1), 'out', 8_990, 'Tarifa de manutenção de conta');
    if (last <= today) {
      const invested = await balanceAt(investment, last);
      await entry(yields, investment.id, last, 'in', Math.round(invested * 0.0085), 'Rendimento da aplicação');
      const excess = (await balanceAt(bank, last)) - CEILING;
      if (excess > 0) await transfer(bank.id, investment.id, last, thousands(excess), 'Aplicação automática');
    }
  }
}

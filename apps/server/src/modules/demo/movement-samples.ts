import { and, eq, inArray } from 'drizzle-orm';
import { addDays, addMonths, manualEntryInput, todayInSaoPaulo, transferInput } from '@financeiro/core';
import type { Tx } from '../../db/client';
import { ledgerScope } from '../ledger/access';
import { createManualEntry, reverseMovement, transferBetweenAccounts } from '../ledger/movements';
import { accounts, classifications, costCentres } from '../registries/schema';

/**
 * The demo's own account movements since its accounts opened, written through the functions the API uses: each
 * month a transfer from the checking account to the investment account, the bank's fee and the investment's
 * yield as manual entries, IOF every quarter, a sales wallet emptied into the bank, and a fee charged twice and
 * reversed — so the statement shows a company's month, not only its bills.
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

  const start =
    [bank, investment, wallet]
      .map((a) => a.openingDate)
      .sort()
      .at(-1) ?? today;
  for (let month = `${start.slice(0, 7)}-01`, n = 0; month <= today; month = addMonths(month, 1), n++) {
    const day = (d: number) => addDays(month, d - 1);
    const within = (date: string) => date >= start && date <= today;
    if (within(day(6))) {
      await transfer(bank.id, investment.id, day(6), 2_000_000 + ((n * 37_500) % 300_000), 'Aplicação automática');
    }
    if (within(day(15))) {
      await transfer(wallet.id, bank.id, day(15), 350_000 + ((n * 12_340) % 90_000), 'Resgate das vendas');
    }
    if (within(day(10)) && n % 3 === 2)
      await entry(iof, bank.id, day(10), 'out', 1_873 + n * 11, 'IOF sobre saldo devedor');
    const last = addDays(addMonths(month, 1), -1);
    if (within(last)) {
      await entry(fees, bank.id, last, 'out', 8_990, 'Tarifa de manutenção de conta');
      await entry(yields, investment.id, last, 'in', 14_000 + n * 2_150, 'Rendimento da aplicação');
    }
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
  }
}

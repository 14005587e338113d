/** What the ledger's tests set up through the API, as a person would, and read back of what was generated. */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { DemoApp } from './demo';
import { ledgerDocuments, ledgerInstallments } from '../modules/ledger/schema';

/** The API as one member sees it at one unit. */
export type Callers = Awaited<ReturnType<DemoApp['as']>>;

/** A party of the caller's organization (a company unless `personType` says otherwise); its id. */
export async function newParty(
  as: Callers,
  party: { roles: ('supplier' | 'customer')[]; document: string; name: string; personType?: 'PJ' | 'PF' },
): Promise<string> {
  const input = { ...party, personType: party.personType ?? 'PJ' };
  // A supplier, or a party that is also one, is registered among suppliers; a customer alone among customers.
  const created = party.roles.includes('supplier')
    ? await as.registries.suppliers.create(input)
    : await as.registries.customers.create(input);
  return created.id;
}

/** A classification of the caller's organization, an expense unless said otherwise; its id. */
export async function newClassification(
  as: Callers,
  name: string,
  nature: 'expense' | 'income' = 'expense',
): Promise<string> {
  return (await as.registries.classifications.create({ name, nature })).id;
}

/** A cost centre of the caller's organization; its id. */
export async function newCostCentre(as: Callers, name: string): Promise<string> {
  return (await as.registries.costCentres.create({ name })).id;
}

/** A checking account of the caller's organization open to `unitId`, from 2026 with no opening balance; its id. */
export async function newAccount(as: Callers, unitId: string, name: string): Promise<string> {
  const type = await as.registries.accountTypes.create({ name: `Corrente de ${name}`, kind: 'checking' });
  const account = await as.registries.accounts.create({
    name,
    accountTypeId: type.id,
    openingBalance: 0,
    openingDate: '2026-01-01',
    unitIds: [unitId],
  });
  return account.id;
}

/** The documents a contract or a recurrence generated, one row per installment in due-date order, with its period. */
export function generatedDocuments(db: Db, source: { contractId: string } | { recurrenceId: string }) {
  const byContract = 'contractId' in source;
  return db
    .select({
      id: ledgerDocuments.id,
      kind: ledgerDocuments.kind,
      unitId: ledgerDocuments.unitId,
      partyId: ledgerDocuments.partyId,
      description: ledgerDocuments.description,
      documentType: ledgerDocuments.documentType,
      status: ledgerDocuments.status,
      grossAmount: ledgerDocuments.grossAmount,
      netAmount: ledgerDocuments.netAmount,
      competence: ledgerDocuments.competence,
      period: byContract ? ledgerDocuments.contractPeriod : ledgerDocuments.recurrencePeriod,
      dueDate: ledgerInstallments.dueDate,
      amount: ledgerInstallments.amount,
    })
    .from(ledgerDocuments)
    .innerJoin(ledgerInstallments, eq(ledgerInstallments.documentId, ledgerDocuments.id))
    .where(
      byContract
        ? eq(ledgerDocuments.contractId, source.contractId)
        : eq(ledgerDocuments.recurrenceId, source.recurrenceId),
    )
    .orderBy(asc(ledgerInstallments.dueDate));
}

import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  formatCalendarDate,
  todayInSaoPaulo,
  type manualEntryInput,
  type movementReverseInput,
  type transferInput,
} from '@financeiro/core';
import type { z } from 'zod';
import { insertMany } from '../../db/insert-many';
import { ConflictError, InvalidInputError, NotFoundError } from '../../errors';
import { auditEach } from '../audit';
import type { LedgerScope } from './access';
import { mustBeOpen } from './closing';
import { accountMovements } from './schema';
import { accountsView, classificationsView, costCentresView } from '../registries';

/** What a transfer, a manual entry or a reversal writes once its input has been checked by the shared schema. */
export type Transfer = Omit<z.output<typeof transferInput>, 'idempotencyKey'>;
export type ManualEntry = Omit<z.output<typeof manualEntryInput>, 'idempotencyKey'>;
export type MovementReversal = Omit<z.output<typeof movementReverseInput>, 'idempotencyKey'>;

export const MOVEMENT_NOT_FOUND = 'Movimento não encontrado nesta organização.';
const ACCOUNT_NOT_FOUND = 'Conta não encontrada nesta organização, ou não liberada para esta unidade.';

/**
 * The accountsView a movement of the unit goes through, by id: of the organization, open to the unit, active, and
 * opened by the movement's date (an account's balance starts at its opening date).
 */
async function usableAccounts(scope: LedgerScope, ids: string[], date: string) {
  const rows = await scope.tx
    .select({
      id: accountsView.id,
      name: accountsView.name,
      status: accountsView.status,
      openingDate: accountsView.openingDate,
    })
    .from(accountsView)
    .where(
      and(
        eq(accountsView.organizationId, scope.tenant.organizationId),
        inArray(accountsView.id, ids),
        sql`${accountsView.unitIds} @> ${JSON.stringify([scope.tenant.unitId])}::jsonb`,
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const account = byId.get(id);
    if (!account) throw new InvalidInputError(ACCOUNT_NOT_FOUND);
    if (account.status !== 'active') throw new InvalidInputError(`A conta "${account.name}" está inativa.`);
    if (date < account.openingDate) {
      throw new InvalidInputError(
        `A data não pode ser antes da abertura da conta "${account.name}" (${formatCalendarDate(account.openingDate)}).`,
      );
    }
    return account;
  });
}

function mustNotBeFuture(date: string): void {
  if (date > todayInSaoPaulo()) throw new InvalidInputError('A data não pode ser futura.');
}

/**
 * Moves money between two accountsView of the organization: two movements, out of one and into the other, sharing one
 * transfer id, written together in the caller's transaction with the event log of both accountsView.
 */
export async function transferBetweenAccounts(
  scope: LedgerScope,
  input: Transfer,
): Promise<{ transferId: string; movementIds: [string, string] }> {
  const { tx } = scope;
  const { organizationId, unitId } = scope.tenant;
  mustNotBeFuture(input.date);
  await mustBeOpen(scope, [input.date]);
  const [from, to] = await usableAccounts(scope, [input.fromAccountId, input.toAccountId], input.date);
  if (!from || !to) throw new InvalidInputError(ACCOUNT_NOT_FOUND);
  const transferId = uuidv7();
  const outId = uuidv7();
  const inId = uuidv7();
  const leg = { organizationId, unitId, date: input.date, transferId, kind: 'transfer' as const };
  const createdBy = scope.user.userId;
  await tx.insert(accountMovements).values([
    {
      ...leg,
      id: outId,
      accountId: from.id,
      amount: -input.amount,
      description: input.description ?? `Transferência para ${to.name}`,
      createdBy,
    },
    {
      ...leg,
      id: inId,
      accountId: to.id,
      amount: input.amount,
      description: input.description ?? `Transferência de ${from.name}`,
      createdBy,
    },
  ]);
  const after = { transferId, date: input.date, amount: input.amount, fromAccountId: from.id, toAccountId: to.id };
  await auditEach(scope, [
    { action: 'financial_account.transfer', entity: 'financial_account', entityId: from.id, after },
    { action: 'financial_account.transfer', entity: 'financial_account', entityId: to.id, after },
  ]);
  return { transferId, movementIds: [outId, inId] };
}

/**
 * A manual entry in one account (a bank fee, IOF, a yield, interest): signed by its direction, classified by an
 * active classification of the organization, optionally by a cost centre. The statement's "Novo lançamento" and the
 * bank reconciliation (an entry made from a bank line) both write through here.
 */
export async function createManualEntry(scope: LedgerScope, input: ManualEntry): Promise<{ movementId: string }> {
  const [entry] = await createManualEntries(scope, [input]);
  if (!entry) throw new InvalidInputError(ACCOUNT_NOT_FOUND);
  return entry;
}

/**
 * Many manual entries at once, each checked as `createManualEntry` checks one (the accountsView, classificationsView and cost
 * centres they name read once): Mercado Pago's fees of thousands of sales are booked this way.
 */
export async function createManualEntries(
  scope: LedgerScope,
  inputs: ManualEntry[],
): Promise<{ movementId: string }[]> {
  const { tx } = scope;
  const { organizationId, unitId } = scope.tenant;
  if (inputs.length === 0) return [];
  for (const input of inputs) mustNotBeFuture(input.date);
  await mustBeOpen(
    scope,
    inputs.map((i) => i.date),
  );
  const earliest = new Map<string, string>();
  for (const input of inputs) {
    const seen = earliest.get(input.accountId);
    if (!seen || input.date < seen) earliest.set(input.accountId, input.date);
  }
  for (const [accountId, date] of earliest) await usableAccounts(scope, [accountId], date);
  const classificationIds = [...new Set(inputs.map((i) => i.classificationId))];
  const found = await tx
    .select({ id: classificationsView.id, status: classificationsView.status, name: classificationsView.name })
    .from(classificationsView)
    .where(
      and(eq(classificationsView.organizationId, organizationId), inArray(classificationsView.id, classificationIds)),
    );
  for (const id of classificationIds) {
    const classification = found.find((c) => c.id === id);
    if (!classification) throw new InvalidInputError('Classificação não encontrada nesta organização.');
    if (classification.status !== 'active') {
      throw new InvalidInputError(`A classificação "${classification.name}" está inativa.`);
    }
  }
  const centreIds = [...new Set(inputs.flatMap((i) => (i.costCentreId ? [i.costCentreId] : [])))];
  if (centreIds.length > 0) {
    const centres = await tx
      .select({ id: costCentresView.id, status: costCentresView.status, name: costCentresView.name })
      .from(costCentresView)
      .where(and(eq(costCentresView.organizationId, organizationId), inArray(costCentresView.id, centreIds)));
    for (const id of centreIds) {
      const centre = centres.find((c) => c.id === id);
      if (!centre) throw new InvalidInputError('Centro de custo não encontrado nesta organização.');
      if (centre.status !== 'active') throw new InvalidInputError(`O centro de custo "${centre.name}" está inativo.`);
    }
  }
  const rows = inputs.map((input) => ({
    id: uuidv7(),
    organizationId,
    unitId,
    accountId: input.accountId,
    date: input.date,
    amount: input.direction === 'in' ? input.amount : -input.amount,
    kind: 'manual' as const,
    classificationId: input.classificationId,
    costCentreId: input.costCentreId,
    description: input.description,
    createdBy: scope.user.userId,
  }));
  await insertMany(tx, accountMovements, rows);
  await auditEach(
    scope,
    rows.map((row) => ({
      action: 'financial_account.entry',
      entity: 'financial_account',
      entityId: row.accountId,
      after: {
        movementId: row.id,
        date: row.date,
        amount: row.amount,
        description: row.description,
        classificationId: row.classificationId,
        ...(row.costCentreId ? { costCentreId: row.costCentreId } : {}),
      },
    })),
  );
  return rows.map((row) => ({ movementId: row.id }));
}

/**
 * Undoes a transfer (both legs) or a manual entry with compensating movements of the original date, as a payment's
 * reversal does: nothing that moved money is deleted. The movements to undo are locked in id order first, so two
 * reversals at once (of either leg) run one after the other and the second finds the first; the unique
 * `reversal_of` backs that up. Settlements' movements are reversed through their payment, never here.
 */
export async function reverseMovement(scope: LedgerScope, input: MovementReversal): Promise<{ movementIds: string[] }> {
  const { tx } = scope;
  const { organizationId, unitId } = scope.tenant;
  const [target] = await tx
    .select({ kind: accountMovements.kind, transferId: accountMovements.transferId })
    .from(accountMovements)
    .where(and(eq(accountMovements.organizationId, organizationId), eq(accountMovements.id, input.movementId)));
  if (!target) throw new NotFoundError(MOVEMENT_NOT_FOUND);
  if (target.kind === 'transfer_reversal' || target.kind === 'manual_reversal') {
    throw new InvalidInputError('Um estorno não pode ser estornado.');
  }
  if (target.kind !== 'transfer' && target.kind !== 'manual') {
    throw new InvalidInputError(
      'Este movimento vem de um pagamento ou recebimento: estorne-o pelo título, no pagamento correspondente.',
    );
  }
  const legs = await tx
    .select()
    .from(accountMovements)
    .where(
      and(
        eq(accountMovements.organizationId, organizationId),
        target.transferId
          ? eq(accountMovements.transferId, target.transferId)
          : eq(accountMovements.id, input.movementId),
      ),
    )
    .orderBy(asc(accountMovements.id))
    .for('update');
  // A unit undoes only what moved in accountsView it works with, as it moves only those.
  const [open] = await tx
    .select({ n: count() })
    .from(accountsView)
    .where(
      and(
        eq(accountsView.organizationId, organizationId),
        inArray(
          accountsView.id,
          legs.map((l) => l.accountId),
        ),
        sql`${accountsView.unitIds} @> ${JSON.stringify([unitId])}::jsonb`,
      ),
    );
  if ((open?.n ?? 0) !== new Set(legs.map((l) => l.accountId)).size) throw new NotFoundError(MOVEMENT_NOT_FOUND);
  if (target.transferId && legs.length !== 2) {
    throw new ConflictError('Esta transferência não tem as duas pernas esperadas. Nada foi estornado.');
  }
  // The compensating movements carry the original dates.
  await mustBeOpen(
    scope,
    legs.map((l) => l.date),
  );
  const [already] = await tx
    .select({ id: accountMovements.id })
    .from(accountMovements)
    .where(
      and(
        eq(accountMovements.organizationId, organizationId),
        inArray(
          accountMovements.reversalOf,
          legs.map((l) => l.id),
        ),
      ),
    )
    .limit(1);
  if (already) {
    throw new ConflictError(
      target.transferId ? 'Esta transferência já foi estornada.' : 'Este lançamento já foi estornado.',
    );
  }
  const reversalTransferId = target.transferId ? uuidv7() : null;
  const reversals = legs.map((leg) => ({
    id: uuidv7(),
    organizationId,
    unitId,
    accountId: leg.accountId,
    date: leg.date,
    amount: -leg.amount,
    kind: leg.kind === 'transfer' ? ('transfer_reversal' as const) : ('manual_reversal' as const),
    transferId: reversalTransferId,
    classificationId: leg.classificationId,
    costCentreId: leg.costCentreId,
    reversalOf: leg.id,
    description: `Estorno — ${leg.description}`,
    createdBy: scope.user.userId,
  }));
  await tx.insert(accountMovements).values(reversals);
  await auditEach(
    scope,
    legs.map((leg, i) => ({
      action: 'financial_account.reverse',
      entity: 'financial_account',
      entityId: leg.accountId,
      before: { movementId: leg.id, date: leg.date, amount: leg.amount, description: leg.description },
      after: { reversalId: reversals[i]?.id, reason: input.reason },
    })),
  );
  return { movementIds: reversals.map((r) => r.id) };
}

import { and, eq } from 'drizzle-orm';
import {
  contractPeriods,
  formatBRL,
  MAX_AMOUNT,
  type ContractGenerationInput,
  type DocumentKind,
} from '@financeiro/core';
import { InvalidInputError, NotFoundError } from '../../errors';
import type { LedgerScope } from './access';
import { generatedPeriods, writeGeneratedDocument } from './generated-document';
import { contractsView, partiesView } from '../registries';

export const CONTRACT_NOT_FOUND = 'Contrato não encontrado nesta organização.';

type Generation = Omit<ContractGenerationInput, 'kind'> & { kind?: DocumentKind | undefined };

/** The kinds a party's roles let its contract generate: payables from a supplier, receivables from a customer. */
function kindsOf(roles: readonly string[]): DocumentKind[] {
  const kinds: DocumentKind[] = [];
  if (roles.includes('supplier')) kinds.push('payable');
  if (roles.includes('customer')) kinds.push('receivable');
  return kinds;
}

/** The kind a contract's documents take: the one asked for, or the one its party's single role implies. */
function kindOf(asked: DocumentKind | undefined, roles: readonly string[]): DocumentKind {
  if (asked) return asked;
  const [only, ...more] = kindsOf(roles);
  if (only && more.length === 0) return only;
  throw new InvalidInputError('Escolha se o contrato gera contas a pagar ou contas a receber.');
}

/** The contract, locked so that two generations of it at once run one after the other. */
async function lockedContract(scope: LedgerScope, contractId: string) {
  const [contract] = await scope.tx
    .select({
      id: contractsView.id,
      status: contractsView.status,
      partyId: contractsView.partyId,
      object: contractsView.object,
      value: contractsView.value,
      periodicity: contractsView.periodicity,
      startDate: contractsView.startDate,
      endDate: contractsView.endDate,
      classificationId: contractsView.classificationId,
      costCentreId: contractsView.costCentreId,
    })
    .from(contractsView)
    .where(and(eq(contractsView.organizationId, scope.tenant.organizationId), eq(contractsView.id, contractId)))
    .for('update');
  if (!contract) throw new NotFoundError(CONTRACT_NOT_FOUND);
  return contract;
}

async function partyRoles(scope: LedgerScope, contractId: string): Promise<string[]> {
  const [row] = await scope.tx
    .select({ roles: partiesView.roles })
    .from(contractsView)
    .innerJoin(
      partiesView,
      and(eq(partiesView.organizationId, contractsView.organizationId), eq(partiesView.id, contractsView.partyId)),
    )
    .where(and(eq(contractsView.organizationId, scope.tenant.organizationId), eq(contractsView.id, contractId)));
  if (!row) throw new NotFoundError(CONTRACT_NOT_FOUND);
  return row.roles;
}

/** The kind a generation will produce, for the procedure to check the caller's permission before writing. */
export async function contractKind(scope: LedgerScope, input: Generation): Promise<DocumentKind> {
  return kindOf(input.kind, await partyRoles(scope, input.contractId));
}

/**
 * What a generation would meet, for the screen to show before it runs: the kinds the contract's party allows (both,
 * or none, mean the person chooses) and the periods in the range that already have their document.
 */
export async function contractPreview(
  scope: LedgerScope,
  input: { contractId: string; from: string; to: string },
): Promise<{ kinds: DocumentKind[]; existing: string[] }> {
  const kinds = kindsOf(await partyRoles(scope, input.contractId));
  const [contract] = await scope.tx
    .select({
      startDate: contractsView.startDate,
      endDate: contractsView.endDate,
      periodicity: contractsView.periodicity,
    })
    .from(contractsView)
    .where(and(eq(contractsView.organizationId, scope.tenant.organizationId), eq(contractsView.id, input.contractId)));
  if (!contract) throw new NotFoundError(CONTRACT_NOT_FOUND);
  const periods = contractPeriods(contract, input.from, input.to).map((p) => p.period);
  const done = await generatedPeriods(scope, { contractId: input.contractId }, periods);
  return { kinds, existing: periods.filter((p) => done.has(p)) };
}

/**
 * Generates, in the scope's unit, one document per period of the contract due from `from` to `to`: the contract's
 * value, party, classification and cost centre. A period that already has its document is left alone, so running
 * it again (or twice at once: the contract row is locked, and the unique (contract, period) is the last word)
 * generates nothing new.
 */
export async function generateFromContract(
  scope: LedgerScope,
  input: Generation,
): Promise<{ kind: DocumentKind; created: string[]; existing: number }> {
  const kind = await contractKind(scope, input);
  const contract = await lockedContract(scope, input.contractId);
  if (contract.status !== 'active') throw new InvalidInputError('Contrato inativo: reative-o para gerar os títulos.');
  if (contract.value > MAX_AMOUNT) {
    throw new InvalidInputError(`O valor do contrato passa do máximo de um título (${formatBRL(MAX_AMOUNT)}).`);
  }
  const periods = contractPeriods(contract, input.from, input.to);
  if (periods.length === 0) throw new InvalidInputError('O contrato não tem vencimentos neste período.');
  const done = await generatedPeriods(
    scope,
    { contractId: contract.id },
    periods.map((p) => p.period),
  );
  const created: string[] = [];
  for (const period of periods.filter((p) => !done.has(p.period))) {
    const { id } = await writeGeneratedDocument(
      scope,
      {
        kind,
        partyId: contract.partyId,
        description: contract.object,
        documentType: 'contrato',
        amount: contract.value,
        lines: [{ classificationId: contract.classificationId, costCentreId: contract.costCentreId, share: 10_000 }],
        paymentMethodId: null,
        accountId: null,
        period: period.period,
        dueDate: period.dueDate,
      },
      { contract: { id: contract.id, period: period.period } },
    );
    created.push(id);
  }
  return { kind, created, existing: periods.length - created.length };
}

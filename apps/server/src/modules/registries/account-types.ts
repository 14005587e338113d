import { accountTypeInput, type AccountKind } from '@financeiro/core';
import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../db/client';
import { registryRouter, sortableText } from './registry';
import { plural, usage, usages } from './references';
import { accounts, accountTypes } from './schema';

const DEFAULTS: [string, AccountKind][] = [
  ['Conta corrente', 'checking'],
  ['Poupança', 'savings'],
  ['Caixa', 'cash'],
  ['Cartão de crédito', 'credit_card'],
  ['Investimento', 'investment'],
  ['Carteira digital', 'digital_wallet'],
];

/** The account types a new organization starts with, one per kind. */
export async function seedAccountTypes(tx: DbOrTx, organizationId: string): Promise<void> {
  await tx.insert(accountTypes).values(DEFAULTS.map(([name, kind]) => ({ id: uuidv7(), organizationId, name, kind })));
}

/** parametrizacao/tipos_conta: /v1/registries/accountTypes.* */
export const accountTypesRouter = registryRouter({
  entity: 'account_type',
  scope: 'unit',
  permissions: { read: 'ler_tipos_conta', edit: 'editar_tipos_conta' },
  table: accountTypes,
  input: accountTypeInput,
  label: sql`${accountTypes.name}`,
  search: [accountTypes.name],
  sorts: { name: sortableText(accountTypes.name), kind: accountTypes.kind, updatedAt: accountTypes.updatedAt },
  importKeys: [{ field: 'name', column: accountTypes.name, message: 'Já existe um tipo de conta com este nome.' }],
  usages: (tx, organizationId, id) =>
    usages(() => usage(tx, accounts, organizationId, eq(accounts.accountTypeId, id), plural('conta', 'contas'))),
  messages: {
    notFound: 'Tipo de conta não encontrado nesta organização.',
    unique: { account_types_org_name_key: 'Já existe um tipo de conta com este nome.' },
  },
});

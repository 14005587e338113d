import { eq, sql } from 'drizzle-orm';
import { accountInput } from '@financeiro/core';
import { registryRouter, sortableText } from './registry';
import { mustExist, plural, usage, usages } from './references';
import { accounts, accountTypes, banks, paymentMethods } from './schema';
import { unitsView } from '../tenancy';

/** gestao_contas/contas: /v1/registries/accounts.* */
export const accountsRouter = registryRouter({
  entity: 'financial_account',
  scope: 'organization',
  permissions: { read: 'ler_contas', edit: 'editar_contas' },
  table: accounts,
  input: accountInput,
  label: sql`${accounts.name}`,
  search: [accounts.name, accounts.branch, accounts.number],
  sorts: {
    name: sortableText(accounts.name),
    openingBalance: accounts.openingBalance,
    openingDate: accounts.openingDate,
    updatedAt: accounts.updatedAt,
  },
  messages: {
    notFound: 'Conta não encontrada nesta organização.',
    unique: { accounts_org_name_key: 'Já existe uma conta com este nome.' },
  },
  prepare: async (ctx, values) => {
    await mustExist(ctx, accountTypes, [values.accountTypeId], 'Tipo de conta não encontrado nesta organização.');
    await mustExist(ctx, banks, [values.bankId], 'Banco não encontrado nesta organização.');
    await mustExist(ctx, unitsView, values.unitIds, 'Unidade não encontrada nesta organização.');
    return values;
  },
  usages: (tx, organizationId, id) =>
    usages(() =>
      usage(
        tx,
        paymentMethods,
        organizationId,
        eq(paymentMethods.defaultAccountId, id),
        plural('método de pagamento', 'métodos de pagamento'),
      ),
    ),
});

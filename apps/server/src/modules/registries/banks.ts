import { bankInput, brazilianInstitutions } from '@financeiro/core';
import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../db/client';
import { registryRouter, sortableText } from './registry';
import { plural, usage, usages } from './references';
import { accounts, banks, parties } from './schema';

/** The institutions a new organization starts with, by COMPE code, with the short names people use. */
const MAIN_INSTITUTIONS: Record<string, string> = {
  '001': 'Banco do Brasil',
  '033': 'Santander',
  '104': 'Caixa',
  '237': 'Bradesco',
  '341': 'Itaú',
  '260': 'Nubank',
  '077': 'Inter',
  '336': 'C6 Bank',
  '208': 'BTG Pactual',
  '756': 'Sicoob',
  '748': 'Sicredi',
  '041': 'Banrisul',
  '422': 'Safra',
  '004': 'Banco do Nordeste',
  '070': 'BRB',
  '003': 'Banco da Amazônia',
  '212': 'Banco Original',
  '655': 'Banco Votorantim',
  '389': 'Mercantil do Brasil',
  '136': 'Unicred',
  '085': 'Ailos',
  '102': 'XP',
  '290': 'PagBank',
  '323': 'Mercado Pago',
  '197': 'Stone',
  '380': 'PicPay',
};

/** Adds the main Brazilian banks and payment institutions to a new organization. */
export async function seedBanks(tx: DbOrTx, organizationId: string): Promise<void> {
  const rows = brazilianInstitutions()
    .filter((i) => i.code in MAIN_INSTITUTIONS)
    .map((i) => ({
      id: uuidv7(),
      organizationId,
      code: i.code,
      ispb: i.ispb,
      name: i.name,
      shortName: MAIN_INSTITUTIONS[i.code] ?? null,
    }));
  await tx.insert(banks).values(rows);
}

/** gestao_contas/bancos: /v1/registries/banks.* */
export const banksRouter = registryRouter({
  entity: 'bank',
  scope: 'unit',
  permissions: { read: 'ler_bancos', edit: 'editar_bancos' },
  table: banks,
  input: bankInput,
  label: sql`concat_ws(' · ', ${banks.code}, coalesce(${banks.shortName}, ${banks.name}))`,
  search: [banks.name, banks.shortName, banks.code, banks.ispb],
  // People know institutions by the short name: sort by it where there is one.
  sorts: {
    name: sortableText(sql`coalesce(${banks.shortName}, ${banks.name})`),
    code: banks.code,
    ispb: banks.ispb,
    updatedAt: banks.updatedAt,
  },
  importKeys: [
    { field: 'code', column: banks.code, message: 'Já existe uma instituição com este código COMPE.' },
    { field: 'ispb', column: banks.ispb, message: 'Já existe uma instituição com este ISPB.' },
  ],
  usages: (tx, organizationId, id) =>
    usages(
      () => usage(tx, accounts, organizationId, eq(accounts.bankId, id), plural('conta', 'contas')),
      () =>
        usage(
          tx,
          parties,
          organizationId,
          eq(parties.bankId, id),
          plural('cadastro de fornecedor, cliente ou parceiro', 'cadastros de fornecedores, clientes ou parceiros'),
        ),
    ),
  messages: {
    notFound: 'Instituição não encontrada nesta organização.',
    unique: {
      banks_org_code_key: 'Já existe uma instituição com este código COMPE.',
      banks_org_ispb_key: 'Já existe uma instituição com este ISPB.',
    },
  },
});

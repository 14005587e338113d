import { v7 as uuidv7 } from 'uuid';
import type { PermissionName, ProfilePermissions } from '@financeiro/core';
import type { Db } from '../../db/client';
import { createConfirmedUser } from '../identity';
import { seedRegistries } from '../registries';
import { seedLedgerSamples } from './ledger-samples';
import { seedMercadoPagoSamples } from './mercadopago-samples';
import { seedMovementSamples } from './movement-samples';
import { seedPurchaseSamples } from './purchase-samples';
import { seedSampleRecords } from './samples';
import { departments, memberships, organizations, profiles, units } from '../tenancy/schema';

export const DEMO_PASSWORD = 'Demo@2026';

interface DemoUser {
  username: string;
  name: string;
  email: string;
  profile: 'Administrador' | 'Financeiro' | 'Solicitante';
  /** Treasury pays: its account must use a second factor, set up at the first sign-in. */
  mfaRequired?: boolean;
}

export const DEMO_USERS: readonly DemoUser[] = [
  { username: 'admin', name: 'Ana Administradora', email: 'admin@demo.financeiro.local', profile: 'Administrador' },
  {
    username: 'financeiro',
    name: 'Fábio Financeiro',
    email: 'financeiro@demo.financeiro.local',
    profile: 'Financeiro',
  },
  {
    username: 'tesouraria',
    name: 'Tânia Tesouraria',
    email: 'tesouraria@demo.financeiro.local',
    profile: 'Financeiro',
    mfaRequired: true,
  },
  {
    username: 'solicitante',
    name: 'Sofia Solicitante',
    email: 'solicitante@demo.financeiro.local',
    profile: 'Solicitante',
  },
];

const FINANCE: PermissionName[] = [
  'access_unit',
  'acessar_painel',
  'read_departments',
  'ler_contas_pagar',
  'editar_contas_pagar',
  'ler_contas_receber',
  'editar_contas_receber',
  'ler_contas',
  'ler_bancos',
  'ler_centros_custo',
  'ler_classificacoes_financeiras',
  'ler_fornecedores',
  'editar_fornecedores',
  'ler_clientes',
  'editar_clientes',
  'ler_parceiros',
  'ler_contratos',
  'ler_produtos',
  // The monthly revenue split pays the partners: the finance team runs and undoes it, and keeps its settings.
  'ler_configuracoes_split',
  'editar_configuracoes_split',
  'acessar_conciliacao',
  'ler_transacoes',
  'editar_transacoes',
];

/** Every list of `compras/*`. */
const PURCHASE_LISTS: PermissionName[] = [
  'ler_pedidos_compra',
  'ler_wkfl_solicitados',
  'ler_wkfl_aguardando',
  'ler_wkfl_aprovados',
  'ler_wkfl_reprovados',
  'ler_wkfl_concluidos',
  'ler_wkfl_cancelados',
];

/**
 * What the finance team does across the organization: read its accounts, payment methods and apportionments, the
 * organization's reports (inflows, outflows, DRE and projection: with the purchase lists' group permission), and
 * evaluate and conclude every department's purchase orders.
 */
const FINANCE_ORGANIZATION: PermissionName[] = [
  'ler_contas',
  'ler_contas_pagar',
  'ler_metodos_pagamento',
  'ler_configuracoes_rateio_padrao',
  ...PURCHASE_LISTS,
  'avaliar_pedidos_compra',
  'concluir_pedidos_compra',
];

/** A requester makes and sends their department's orders and follows them in every list. */
const REQUESTER: PermissionName[] = [
  'access_department',
  ...PURCHASE_LISTS,
  'editar_pedidos_compra',
  'enviar_pedidos_compra',
];

/**
 * On an empty database, a demo organization with two units of two departments, three profiles and one user per
 * profile; with `samples`, also suppliers, customers, accounts, a contract and the like for each registry screen,
 * books and purchase orders (the tests start without them). Everything in one transaction: a failure leaves the database empty.
 */
export async function seedDemo(db: Db, options: { samples?: boolean } = {}): Promise<boolean> {
  const existing = await db.select({ id: organizations.id }).from(organizations).limit(1);
  if (existing.length > 0) return false;
  await db.transaction(async (tx) => {
    const organizationId = uuidv7();
    // The CNPJ the sample NF-e are addressed to, so that a purchase order concludes with one.
    await tx.insert(organizations).values({ id: organizationId, name: 'Demo', slug: 'demo', cnpj: '31827459000197' });
    const layout = [
      { name: 'Matriz', slug: 'matriz', departments: ['Financeiro', 'Compras'] },
      { name: 'Filial Campinas', slug: 'filial-campinas', departments: ['Administrativo', 'Comercial'] },
    ];
    const unitIds: string[] = [];
    const departmentIds = new Map<string, string>();
    for (const unit of layout) {
      const unitId = uuidv7();
      unitIds.push(unitId);
      await tx.insert(units).values({ id: unitId, organizationId, name: unit.name, slug: unit.slug });
      for (const name of unit.departments) {
        const id = uuidv7();
        departmentIds.set(`${unit.slug}/${name}`, id);
        const slug = name
          .toLowerCase()
          .normalize('NFD')
          .replace(/[^a-z]/g, '');
        await tx.insert(departments).values({ id, organizationId, unitId, name, slug });
      }
    }
    await seedRegistries(tx, organizationId);
    const [matriz = '', filial = ''] = unitIds;
    const profileGrants: Record<string, { description: string; permissions: ProfilePermissions }> = {
      Administrador: { description: 'Acesso total à organização', permissions: { organization: '*' } },
      Financeiro: {
        description: 'Contas a pagar e a receber, cadastros e conciliação nas unidades',
        permissions: { organization: FINANCE_ORGANIZATION, [`unit:${matriz}`]: FINANCE, [`unit:${filial}`]: FINANCE },
      },
      Solicitante: {
        description: 'Solicita compras pelo departamento de Compras da Matriz',
        permissions: { [`unit:${matriz}.department:${departmentIds.get('matriz/Compras')}`]: REQUESTER },
      },
    };
    const profileIds = new Map<string, string>();
    for (const [name, { description, permissions }] of Object.entries(profileGrants)) {
      const id = uuidv7();
      profileIds.set(name, id);
      await tx.insert(profiles).values({ id, organizationId, name, description, permissions });
    }
    const approvers: [string, number][] = [];
    let bookkeeper = '';
    for (const demo of DEMO_USERS) {
      const user = await createConfirmedUser(tx, {
        username: demo.username,
        password: DEMO_PASSWORD,
        name: demo.name,
        email: demo.email,
        organizationCreationEnabled: demo.profile === 'Administrador',
        mfaRequired: demo.mfaRequired ?? false,
      });
      await tx.insert(memberships).values({
        id: uuidv7(),
        organizationId,
        userId: user.id,
        profileId: profileIds.get(demo.profile) ?? '',
      });
      if (demo.username === 'admin') approvers.push([user.id, 5_000_000]);
      if (demo.username === 'financeiro') {
        approvers.push([user.id, 500_000]);
        bookkeeper = user.id;
      }
    }
    if (options.samples) {
      const departmentId = departmentIds.get('matriz/Compras') ?? '';
      await seedSampleRecords(tx, { organizationId, unitIds, departmentId, approvers });
      await seedLedgerSamples(tx, { organizationId, unitId: matriz, userId: bookkeeper });
      await seedMovementSamples(tx, { organizationId, unitId: matriz, userId: bookkeeper });
      await seedPurchaseSamples(tx, { organizationId, unitId: matriz, departmentId });
      await seedMercadoPagoSamples(tx, { organizationId, unitId: matriz, unitIds, userId: bookkeeper });
    }
  });
  return true;
}

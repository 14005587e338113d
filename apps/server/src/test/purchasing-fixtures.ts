/** What the purchasing tests set up through the API, as a person would, and read back of what was stored. */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { PermissionName, PurchaseOrderInput, TenantSelection } from '@financeiro/core';
import type { Db } from '../db/client';
import type { DemoApp } from './demo';
import { createConfirmedUser } from '../modules/identity';
import { users } from '../modules/identity/schema';
import { ledgerDocuments } from '../modules/ledger/schema';
import { newClassification, newCostCentre, newParty } from './ledger-fixtures';
import { outbox } from '../modules/outbox/schema';
import { departments, memberships, profiles } from '../modules/tenancy/schema';
import { purchaseOrderEvents, purchaseOrders } from '../modules/purchasing/schema';

/** What the demo's requester holds in Compras: every list, and making and sending orders. */
export const REQUESTER: PermissionName[] = [
  'access_department',
  'ler_pedidos_compra',
  'ler_wkfl_solicitados',
  'ler_wkfl_aguardando',
  'ler_wkfl_aprovados',
  'ler_wkfl_reprovados',
  'ler_wkfl_concluidos',
  'ler_wkfl_cancelados',
  'editar_pedidos_compra',
  'enviar_pedidos_compra',
];

/** The CNPJ the NF-e fixtures are addressed to, and the issuer of `three-duplicatas.xml`. */
export const BUYER_CNPJ = '31827459000197';
export const NFE_ISSUER = '24.581.367/0001-04';

/** A new member of Demo whose profile holds exactly `permissions` in one department; their user id. */
export async function departmentMember(
  db: Db,
  at: { organizationId: string; unitId: string; departmentId: string },
  username: string,
  permissions: PermissionName[],
): Promise<string> {
  const profileId = uuidv7();
  await db.insert(profiles).values({
    id: profileId,
    organizationId: at.organizationId,
    name: `Perfil ${username}`,
    permissions: { [`unit:${at.unitId}.department:${at.departmentId}`]: permissions },
  });
  const user = await createConfirmedUser(db, {
    username,
    password: 'Senha#Forte1',
    name: username,
    email: `${username}@example.com`,
  });
  await db.insert(memberships).values({ id: uuidv7(), organizationId: at.organizationId, userId: user.id, profileId });
  return user.id;
}

/**
 * Demo ready for purchase orders: a purchasing centre serving Compras of Matriz with financeiro approving up to
 * R$ 5.000,00 and admin up to R$ 50.000,00; the NF-e fixture's issuer and a second supplier; an expense
 * classification and a cost centre; a member of Financeiro (another department) with a requester's permissions;
 * and, in Outra, a supplier, a classification and a product for the cross-tenant checks.
 */
export async function setUpPurchasing(d: DemoApp) {
  const db = d.t.database.db;
  const rows = await db
    .select({ id: departments.id, slug: departments.slug })
    .from(departments)
    .where(eq(departments.unitId, d.matriz.unitId));
  const departmentId = (slug: string) => rows.find((r) => r.slug === slug)?.id ?? '';
  const compras = { ...d.matriz, departmentId: departmentId('compras') };
  const financeiroDepartment = { ...d.matriz, departmentId: departmentId('financeiro') };
  const people = await db.select({ id: users.id, username: users.username }).from(users);
  const userId = (username: string) => people.find((u) => u.username === username)?.id ?? '';

  const admin = await d.as('admin', d.matriz);
  await admin.registries.purchasingCentres.create({
    name: 'Compras Matriz',
    departmentIds: [compras.departmentId],
    approvers: [
      { userId: userId('admin'), limit: 5_000_000 },
      { userId: userId('financeiro'), limit: 500_000 },
    ],
  });
  const outro = await d.as('outro', d.elsewhere);
  const ids = {
    supplier: await newParty(admin, { roles: ['supplier'], document: NFE_ISSUER, name: 'Metalúrgica Serra Azul Ltda' }),
    supplier2: await newParty(admin, { roles: ['supplier'], document: '11.222.333/0001-81', name: 'Acme Materiais' }),
    supplier3: await newParty(admin, { roles: ['supplier'], document: '11.444.777/0001-61', name: 'Casa do Aço' }),
    classification: await newClassification(admin, 'Compras de materiais'),
    costCentre: await newCostCentre(admin, 'Produção'),
    product: (await admin.registries.products.create({ code: 'MT-1020', name: 'Chapa de aço', unit: 'UN', price: 0 }))
      .id,
    otherSupplier: await newParty(outro, {
      roles: ['supplier'],
      document: '46.301.928/0001-07',
      name: 'Fornecedor de Outra',
    }),
    otherClassification: await newClassification(outro, 'Despesa de Outra'),
    otherCostCentre: await newCostCentre(outro, 'Centro de Outra'),
    otherProduct: (
      await outro.registries.products.create({ code: 'OUT-1', name: 'Produto de Outra', unit: 'UN', price: 0 })
    ).id,
    admin: userId('admin'),
    financeiro: userId('financeiro'),
    solicitante: userId('solicitante'),
    stranger: await departmentMember(db, financeiroDepartment, 'compradora', REQUESTER),
  };
  return { compras, financeiroDepartment, ids };
}

export type PurchasingSetup = Awaited<ReturnType<typeof setUpPurchasing>>;

/** An order of one line worth `total` centavos from the NF-e's issuer, for Compras. */
export function orderOf(
  s: PurchasingSetup,
  total: number,
  overrides: Partial<PurchaseOrderInput> = {},
): PurchaseOrderInput {
  return {
    departmentId: s.compras.departmentId,
    supplierId: s.ids.supplier,
    neededBy: '2026-04-30',
    justification: 'Chapas para a linha de produção',
    classificationId: s.ids.classification,
    costCentreId: s.ids.costCentre,
    items: [{ description: 'Chapa de aço galvanizado 2 mm', quantity: 1, unit: 'UN', unitPrice: total }],
    ...overrides,
  };
}

/** How many orders, timeline events, payables and e-mails are stored: what a refusal must leave as it was. */
export async function stored(db: Db) {
  const [orders] = await db.select({ n: count() }).from(purchaseOrders);
  const [events] = await db.select({ n: count() }).from(purchaseOrderEvents);
  const [payables] = await db.select({ n: count() }).from(ledgerDocuments);
  const [emails] = await db.select({ n: count() }).from(outbox);
  return { orders: orders?.n ?? 0, events: events?.n ?? 0, payables: payables?.n ?? 0, emails: emails?.n ?? 0 };
}

/** One order's stored row and how many timeline events it has. */
export async function orderRow(db: Db, id: string) {
  const [row] = await db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id));
  const [events] = await db.select({ n: count() }).from(purchaseOrderEvents).where(eq(purchaseOrderEvents.orderId, id));
  return { status: row?.status, version: row?.version, total: row?.total, events: events?.n ?? 0, row };
}

/** The payables an order's conclusion created. */
export const payablesOf = (db: Db, orderIds: string[]) =>
  db.select().from(ledgerDocuments).where(inArray(ledgerDocuments.purchaseOrderId, orderIds));

/** The e-mails queued for `address`, oldest first. */
export const emailsTo = (db: Db, address: string) =>
  db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, 'email'), eq(outbox.recipient, address)))
    .orderBy(asc(outbox.createdAt), asc(outbox.id));

/** The API as one member sees it where they chose to work. */
export type Callers = Awaited<ReturnType<DemoApp['as']>>;

/**
 * A new order of the requester moved to `status`: sent by them, approved by `approver` (admin covers up to
 * R$ 50.000,00 at once), rejected or cancelled by admin; its id, number and version.
 */
export async function orderIn(
  s: PurchasingSetup,
  who: { requester: Callers; approver: Callers },
  status: 'criada' | 'aguardando_aprovacao' | 'aprovada' | 'reprovada' | 'cancelada',
  total = 100_000,
  overrides: Partial<PurchaseOrderInput> = {},
) {
  const { id, number } = await who.requester.purchasing.create({ order: orderOf(s, total, overrides) });
  let version = 1;
  if (status === 'cancelada') {
    version = (await who.approver.purchasing.transition({ type: 'cancelar', id, version, reason: 'Desistimos' }))
      .version;
  } else if (status !== 'criada') {
    version = (await who.requester.purchasing.transition({ type: 'enviar', id, version })).version;
    if (status === 'aprovada') {
      version = (await who.approver.purchasing.transition({ type: 'aprovar', id, version })).version;
    }
    if (status === 'reprovada') {
      version = (await who.approver.purchasing.transition({ type: 'reprovar', id, version, reason: 'Caro demais' }))
        .version;
    }
  }
  return { id, number, version, total };
}

/** A message as the server writes amounts: `formatBRL` puts a no-break space after "R$". */
export const brl = (text: string) => text.replaceAll('R$ ', 'R$\u00a0');

/** Calls a procedure over HTTP as the web client does, as `username` working at `at`: the status and the message. */
export async function overHttp(
  d: DemoApp,
  username: string,
  at: TenantSelection,
  kind: 'query' | 'mutation',
  path: string,
  input: unknown,
) {
  const headers: Record<string, string> = { authorization: `Bearer ${await d.t.tokenFor(username)}` };
  if (at.organizationId) headers['x-organization-id'] = at.organizationId;
  if (at.unitId) headers['x-unit-id'] = at.unitId;
  if (at.departmentId) headers['x-department-id'] = at.departmentId;
  const json = JSON.stringify(input);
  const response = await d.t.app.inject(
    kind === 'query'
      ? { method: 'GET', url: `/v1/purchasing/${path}?input=${encodeURIComponent(json)}`, headers }
      : {
          method: 'POST',
          url: `/v1/purchasing/${path}`,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: json,
        },
  );
  const body = response.json<{ error?: { message: string } }>();
  return { status: response.statusCode, message: body.error?.message ?? 'OK' };
}

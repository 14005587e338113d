import { and, eq, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Tx } from '../../db/client';
import {
  accounts,
  accountTypes,
  apportionmentTemplates,
  banks,
  classifications,
  contracts,
  costCentres,
  parties,
  products,
  purchasingCentres,
  splitConfigs,
} from '../registries/schema';

/** Ids of the organization's registry records the samples point at, found by code or name. */
function lookups(tx: Tx, organizationId: string) {
  return {
    bank: async (code: string) =>
      (
        await tx
          .select()
          .from(banks)
          .where(and(eq(banks.organizationId, organizationId), eq(banks.code, code)))
      )[0]?.id ?? null,
    accountType: async (name: string) =>
      (
        await tx
          .select()
          .from(accountTypes)
          .where(and(eq(accountTypes.organizationId, organizationId), eq(accountTypes.name, name)))
      )[0]?.id ?? '',
    classification: async (name: string) =>
      (
        await tx
          .select()
          .from(classifications)
          .where(and(eq(classifications.organizationId, organizationId), eq(classifications.name, name)))
      )[0]?.id ?? '',
  };
}

type Lookups = ReturnType<typeof lookups>;

/** What the demo's books start with, so that each registry screen shows how it is used. */
export async function seedSampleRecords(
  tx: Tx,
  demo: { organizationId: string; unitIds: string[]; departmentId: string; approvers: [string, number][] },
): Promise<void> {
  const { organizationId } = demo;
  const find = lookups(tx, organizationId);
  const centres = await tx
    .select()
    .from(costCentres)
    .where(and(eq(costCentres.organizationId, organizationId), inArray(costCentres.code, ['1', '2', '3'])));
  const rent = await find.classification('Aluguel e condomínio');
  const [admin, commercial, operations] = centres.sort((a, b) => a.code.localeCompare(b.code));
  const sharedRent = await insertSharedRent(tx, organizationId, rent, [admin?.id, commercial?.id, operations?.id]);
  const { landlordId, partnerId, agentId } = await insertSampleParties(tx, organizationId, find, sharedRent);
  await insertSampleAccounts(tx, demo, find);
  await tx.insert(contracts).values({
    id: uuidv7(),
    organizationId,
    partyId: landlordId,
    object: 'Locação do escritório da Matriz',
    value: 1_250_000,
    periodicity: 'monthly',
    startDate: '2026-01-10',
    endDate: '2027-12-10',
    readjustmentIndex: 'IGPM',
    readjustmentMonth: 1,
    classificationId: rent,
    costCentreId: admin?.id ?? '',
  });
  await insertConsultingAndItsSplit(tx, organizationId, find, { partnerId, agentId });
  await tx.insert(purchasingCentres).values({
    id: uuidv7(),
    organizationId,
    name: 'Compras da Matriz',
    departmentIds: [demo.departmentId],
    approvers: demo.approvers.map(([userId, limit]) => ({ userId, limit })).sort((a, b) => a.limit - b.limit),
  });
}

/** The rent is shared by the cost centres (administrative, commercial, operations); returns the template's id. */
async function insertSharedRent(
  tx: Tx,
  organizationId: string,
  rent: string,
  [admin, commercial, operations]: (string | undefined)[],
): Promise<string> {
  const sharedRent = uuidv7();
  await tx.insert(apportionmentTemplates).values({
    id: sharedRent,
    organizationId,
    name: 'Aluguel compartilhado',
    lines: [
      { costCentreId: admin ?? '', classificationId: rent, share: 5000 },
      { costCentreId: commercial ?? '', classificationId: rent, share: 3000 },
      { costCentreId: operations ?? '', classificationId: rent, share: 2000 },
    ],
  });
  return sharedRent;
}

/** Suppliers, customers and partners; the landlord's bills start with the shared rent's apportionment. */
async function insertSampleParties(tx: Tx, organizationId: string, find: Lookups, sharedRent: string) {
  const party = (values: Omit<typeof parties.$inferInsert, 'id' | 'organizationId'>) => {
    const id = uuidv7();
    return { id, row: { id, organizationId, ...values } };
  };
  const landlord = party({
    roles: ['supplier'],
    personType: 'PJ',
    document: '33441277000109',
    name: 'Imobiliária Horizonte Ltda',
    tradeName: 'Horizonte Imóveis',
    email: 'financeiro@horizonteimoveis.com.br',
    phone: '1132145566',
    cep: '01310100',
    street: 'Avenida Paulista',
    number: '1578',
    district: 'Bela Vista',
    city: 'São Paulo',
    uf: 'SP',
    bankId: await find.bank('341'),
    branch: '0912',
    accountNumber: '45781-2',
    pixKeyType: 'cnpj',
    pixKey: '33441277000109',
    apportionmentTemplateId: sharedRent,
  });
  const office = party({
    roles: ['supplier'],
    personType: 'PJ',
    document: '45997418000153',
    name: 'Papelaria Central Comércio de Materiais Ltda',
    tradeName: 'Papelaria Central',
    city: 'Campinas',
    uf: 'SP',
    pixKeyType: 'email',
    pixKey: 'vendas@papelariacentral.com.br',
  });
  const both = party({
    roles: ['customer', 'supplier'],
    personType: 'PJ',
    document: '60746948000112',
    name: 'Transportadora Rota Sul S.A.',
    tradeName: 'Rota Sul',
    city: 'Osasco',
    uf: 'SP',
  });
  // The issuer of the sample NF-e that concludes the tour's purchase order (three duplicatas).
  const metalworks = party({
    roles: ['supplier'],
    personType: 'PJ',
    document: '24581367000104',
    name: 'Metalúrgica Serra Azul Ltda',
    tradeName: 'Serra Azul Metais',
    email: 'vendas@serraazulmetais.com.br',
    cep: '12300000',
    street: 'Rua das Oficinas',
    number: '120',
    district: 'Distrito Industrial',
    city: 'São José dos Campos',
    uf: 'SP',
  });
  const customer = party({
    roles: ['customer'],
    personType: 'PJ',
    document: '07526557000100',
    name: 'Supermercados Bom Preço Ltda',
    tradeName: 'Bom Preço',
    city: 'Belo Horizonte',
    uf: 'MG',
  });
  const partner = party({
    roles: ['partner'],
    personType: 'PF',
    document: '52998224725',
    name: 'Marina Souza Consultoria',
    email: 'marina@souzaconsultoria.com.br',
    city: 'Curitiba',
    uf: 'PR',
    pixKeyType: 'cpf',
    pixKey: '52998224725',
  });
  const agent = party({
    roles: ['partner'],
    personType: 'PF',
    document: '12345678062',
    name: 'Rafael Lima Representações',
    city: 'Campinas',
    uf: 'SP',
  });
  await tx.insert(parties).values([landlord, office, both, metalworks, customer, partner, agent].map((p) => p.row));
  return { landlordId: landlord.id, partnerId: partner.id, agentId: agent.id };
}

/** The checking account, the Mercado Pago wallet, the automatic investment and the Matriz's cash. */
async function insertSampleAccounts(tx: Tx, demo: { organizationId: string; unitIds: string[] }, find: Lookups) {
  const { organizationId, unitIds } = demo;
  await tx.insert(accounts).values([
    {
      id: uuidv7(),
      organizationId,
      name: 'Itaú movimento',
      accountTypeId: await find.accountType('Conta corrente'),
      bankId: await find.bank('341'),
      branch: '0912',
      number: '12345-6',
      openingBalance: 15_432_190,
      openingDate: '2026-01-01',
      unitIds,
    },
    {
      id: uuidv7(),
      organizationId,
      name: 'Mercado Pago vendas',
      accountTypeId: await find.accountType('Carteira digital'),
      bankId: await find.bank('323'),
      openingBalance: 874_550,
      openingDate: '2026-01-01',
      unitIds,
    },
    {
      id: uuidv7(),
      organizationId,
      name: 'Itaú aplicação automática',
      accountTypeId: await find.accountType('Investimento'),
      bankId: await find.bank('341'),
      branch: '0912',
      number: '98765-4',
      openingBalance: 150_000_000,
      openingDate: '2026-01-01',
      unitIds,
    },
    {
      id: uuidv7(),
      organizationId,
      name: 'Caixa da Matriz',
      accountTypeId: await find.accountType('Caixa'),
      openingBalance: 50_000,
      openingDate: '2026-01-01',
      unitIds: unitIds.slice(0, 1),
    },
  ]);
}

/** Two products; the consulting the company sells with partners has each month's receipts split (the split flow). */
async function insertConsultingAndItsSplit(
  tx: Tx,
  organizationId: string,
  find: Lookups,
  { partnerId, agentId }: { partnerId: string; agentId: string },
) {
  const consulting = uuidv7();
  await tx.insert(products).values([
    {
      id: uuidv7(),
      organizationId,
      code: 'PAP-A4',
      name: 'Papel sulfite A4 (resma)',
      unit: 'PC',
      classificationId: await find.classification('Material de escritório'),
      price: 2_890,
    },
    {
      id: consulting,
      organizationId,
      code: 'SRV-CONS',
      name: 'Consultoria financeira',
      unit: 'H',
      classificationId: await find.classification('Prestação de serviços'),
      price: 25_000,
    },
  ]);
  await tx.insert(splitConfigs).values({
    id: uuidv7(),
    organizationId,
    name: 'Parceria de consultoria',
    coverage: 'product',
    productId: consulting,
    partners: [
      { partyId: partnerId, share: 2_000 },
      { partyId: agentId, share: 750 },
    ],
  });
}

import { and, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import {
  addDays,
  purchaseConcludeInput,
  purchaseOrderInput,
  settleInput,
  todayInSaoPaulo,
  type PurchaseItem,
  type TenantSelection,
} from '@financeiro/core';
import { rowsOf, type Tx } from '../../db/client';
import { users } from '../identity/schema';
import { ledgerScope, settleInstallments, type LedgerScope } from '../ledger';
import { ledgerInstallments } from '../ledger/schema';
import { outbox } from '../outbox/schema';
import { type PurchasingContext, concludeOrder, createOrder, lockOrder, transition, updateOrder } from '../purchasing';
import { purchaseOrderEvents, purchaseOrders } from '../purchasing/schema';
import { accounts, classifications, costCentres, parties, paymentMethods, products } from '../registries/schema';
import { loadMemberships } from '../tenancy';

type Who = 'solicitante' | 'financeiro' | 'admin';

/** An order's line: a product of the registry by its code (at its price unless negotiated), or free text. */
type Line =
  | { product: string; quantity: number; unitPrice?: number }
  | { description: string; quantity: number; unit: PurchaseItem['unit']; unitPrice: number };

/** What someone does to an order on a day counted from the one it was made, at a time of that day. */
type Step = { day: number; time: string; by: Who } & (
  | { do: 'enviar' | 'aprovar' }
  | { do: 'reprovar' | 'cancelar'; reason: string }
  | { do: 'editar'; add: Line[] }
  | { do: 'concluir'; documentNumber: string; dueInDays: number[] }
);

interface Sample {
  daysAgo: number;
  time: string;
  justification: string;
  supplier?: string;
  neededInDays?: number;
  classification?: string;
  costCentre: string;
  lines: Line[];
  quotations?: { supplier: string; total: number; deliveryDays: number; paymentTerms: string }[];
  quotationReason?: string;
  steps: Step[];
}

/** The suppliers the purchasing department buys from, besides those of the registry samples. */
const SUPPLIERS = [
  ['TecnoShop Informática Ltda', 'TecnoShop', '11223344000186', 'São Paulo'],
  ['Mega Byte Computadores Ltda', 'Mega Byte', '21876543000147', 'Campinas'],
  ['InfoPrime Distribuidora de Tecnologia Ltda', 'InfoPrime', '32918476000100', 'Barueri'],
  ['Clima Certo Refrigeração Ltda', 'Clima Certo', '43726198000106', 'São Paulo'],
  ['Limpeza Total Distribuidora Ltda', 'Limpeza Total', '54192837000109', 'Guarulhos'],
  ['Ergo Brasil Móveis Corporativos Ltda', 'Ergo Brasil', '65371829000146', 'São Bernardo do Campo'],
  ['SoftBrasil Licenciamento de Software Ltda', 'SoftBrasil', '76283914000179', 'São Paulo'],
  ['Audiovisual Center Equipamentos Ltda', 'AV Center', '87461925000118', 'Santo André'],
] as const;

const PAPELARIA = 'Papelaria Central Comércio de Materiais Ltda';

/** Three months of the requester's orders, oldest first, each left in the status its steps lead to. */
const SAMPLES: Sample[] = [
  {
    daysAgo: 86,
    time: '09:10',
    justification: 'Reposição de toner e papel das impressoras do administrativo: o estoque acaba nesta semana.',
    supplier: PAPELARIA,
    neededInDays: 7,
    classification: 'Material de escritório',
    costCentre: 'Administrativo',
    lines: [
      { product: 'PAP-A4', quantity: 40 },
      { description: 'Toner HP 58A original (CF258A)', quantity: 4, unit: 'UN', unitPrice: 45_990 },
    ],
    steps: [
      { day: 0, time: '09:25', by: 'solicitante', do: 'enviar' },
      { day: 1, time: '10:40', by: 'financeiro', do: 'aprovar' },
      { day: 6, time: '15:20', by: 'financeiro', do: 'concluir', documentNumber: '48213', dueInDays: [28] },
    ],
  },
  {
    daysAgo: 79,
    time: '08:45',
    justification:
      'Notebooks para os quatro vendedores contratados para a equipe comercial, que começam na próxima semana.',
    supplier: 'TecnoShop Informática Ltda',
    neededInDays: 10,
    classification: 'Equipamentos de informática',
    costCentre: 'Comercial',
    lines: [
      {
        description: 'Notebook Dell Latitude 3450, Core i5, 16 GB, SSD 512 GB',
        quantity: 4,
        unit: 'UN',
        unitPrice: 529_000,
      },
      { description: 'Mouse sem fio Logitech M280', quantity: 4, unit: 'UN', unitPrice: 7_990 },
    ],
    quotations: [
      {
        supplier: 'TecnoShop Informática Ltda',
        total: 2_147_960,
        deliveryDays: 10,
        paymentTerms: '3x sem juros no boleto',
      },
      { supplier: 'Mega Byte Computadores Ltda', total: 2_089_600, deliveryDays: 35, paymentTerms: 'À vista' },
      {
        supplier: 'InfoPrime Distribuidora de Tecnologia Ltda',
        total: 2_274_000,
        deliveryDays: 7,
        paymentTerms: '28 dias',
      },
    ],
    quotationReason:
      'A Mega Byte é a mais barata, mas só entrega em 35 dias; a TecnoShop entrega a tempo e parcela em 3 vezes sem juros por menos que a InfoPrime.',
    steps: [
      { day: 0, time: '09:05', by: 'solicitante', do: 'enviar' },
      { day: 1, time: '11:30', by: 'financeiro', do: 'aprovar' },
      { day: 2, time: '16:10', by: 'admin', do: 'aprovar' },
      {
        day: 9,
        time: '14:00',
        by: 'financeiro',
        do: 'concluir',
        documentNumber: '7731',
        dueInDays: [30, 60, 90],
      },
    ],
  },
  {
    daysAgo: 74,
    time: '13:30',
    justification: 'Frigobar e cafeteira para a copa do segundo andar, pedidos pela equipe na última reunião geral.',
    costCentre: 'Administrativo',
    classification: 'Móveis e utensílios',
    lines: [
      { description: 'Frigobar 120 L inox', quantity: 1, unit: 'UN', unitPrice: 189_900 },
      { description: 'Cafeteira expresso automática', quantity: 1, unit: 'UN', unitPrice: 154_900 },
    ],
    steps: [
      { day: 0, time: '13:45', by: 'solicitante', do: 'enviar' },
      {
        day: 1,
        time: '09:20',
        by: 'financeiro',
        do: 'reprovar',
        reason: 'Despesa fora do orçamento deste trimestre. Reapresente no próximo, com ao menos duas cotações.',
      },
    ],
  },
  {
    daysAgo: 68,
    time: '10:15',
    justification: 'Duas licenças do Adobe Creative Cloud para as peças da campanha de fim de ano.',
    supplier: 'SoftBrasil Licenciamento de Software Ltda',
    classification: 'Softwares e assinaturas',
    costCentre: 'Comercial',
    lines: [{ description: 'Adobe Creative Cloud, licença anual', quantity: 2, unit: 'UN', unitPrice: 329_000 }],
    steps: [
      { day: 0, time: '10:20', by: 'solicitante', do: 'enviar' },
      {
        day: 1,
        time: '17:05',
        by: 'solicitante',
        do: 'cancelar',
        reason:
          'O marketing passou a usar as licenças do contrato corporativo já em vigor: a compra ficou desnecessária.',
      },
    ],
  },
  {
    daysAgo: 61,
    time: '08:30',
    justification: 'Manutenção preventiva semestral dos aparelhos de ar-condicionado da Matriz (PMOC).',
    supplier: 'Clima Certo Refrigeração Ltda',
    neededInDays: 10,
    classification: 'Serviços de terceiros',
    costCentre: 'Operações',
    lines: [
      {
        description: 'Manutenção preventiva de split 12.000 BTUs (limpeza e higienização)',
        quantity: 8,
        unit: 'SV',
        unitPrice: 28_000,
      },
      { description: 'Troca de capacitor de partida', quantity: 2, unit: 'UN', unitPrice: 18_500 },
    ],
    steps: [
      { day: 0, time: '08:40', by: 'solicitante', do: 'enviar' },
      { day: 0, time: '15:10', by: 'financeiro', do: 'aprovar' },
      { day: 8, time: '11:00', by: 'financeiro', do: 'concluir', documentNumber: '1187', dueInDays: [15] },
    ],
  },
  {
    daysAgo: 52,
    time: '11:20',
    justification: 'Projetor e tela para as apresentações a clientes na sala de reuniões.',
    supplier: 'Audiovisual Center Equipamentos Ltda',
    classification: 'Máquinas e equipamentos',
    costCentre: 'Comercial',
    lines: [
      { description: 'Projetor Epson PowerLite, 4.000 lúmens, Full HD', quantity: 1, unit: 'UN', unitPrice: 589_000 },
      { description: 'Tela de projeção retrátil de 100 polegadas', quantity: 1, unit: 'UN', unitPrice: 146_000 },
    ],
    steps: [
      { day: 0, time: '11:30', by: 'solicitante', do: 'enviar' },
      { day: 1, time: '14:15', by: 'financeiro', do: 'aprovar' },
      {
        day: 3,
        time: '10:05',
        by: 'admin',
        do: 'reprovar',
        reason: 'A sala de reuniões será reformada no ano que vem; até lá, use a TV de 65 polegadas que já está nela.',
      },
    ],
  },
  {
    daysAgo: 40,
    time: '16:00',
    justification: 'Renovação anual do antivírus das 25 estações de trabalho.',
    supplier: 'SoftBrasil Licenciamento de Software Ltda',
    classification: 'Softwares e assinaturas',
    costCentre: 'Administrativo',
    lines: [{ description: 'Kaspersky Endpoint Security, licença anual', quantity: 25, unit: 'UN', unitPrice: 13_900 }],
    steps: [
      { day: 0, time: '16:10', by: 'solicitante', do: 'enviar' },
      { day: 1, time: '09:35', by: 'financeiro', do: 'aprovar' },
      {
        day: 5,
        time: '11:50',
        by: 'financeiro',
        do: 'cancelar',
        reason: 'A empresa de suporte de TI incluiu o antivírus no contrato mensal, sem custo adicional.',
      },
    ],
  },
  {
    daysAgo: 33,
    time: '10:30',
    justification: 'Cadeiras ergonômicas para o financeiro, conforme o laudo de ergonomia do SESMT.',
    supplier: 'Ergo Brasil Móveis Corporativos Ltda',
    neededInDays: 45,
    classification: 'Móveis e utensílios',
    costCentre: 'Financeiro',
    lines: [
      {
        description: 'Cadeira ergonômica com apoio lombar e braços reguláveis',
        quantity: 10,
        unit: 'UN',
        unitPrice: 124_900,
      },
    ],
    steps: [
      { day: 0, time: '10:45', by: 'solicitante', do: 'enviar' },
      { day: 1, time: '10:00', by: 'financeiro', do: 'aprovar' },
      { day: 2, time: '09:15', by: 'admin', do: 'aprovar' },
    ],
  },
  {
    daysAgo: 24,
    time: '14:20',
    justification:
      'Estrutura metálica das prateleiras do novo depósito da Matriz: chapas, cantoneiras e parafusos do projeto aprovado.',
    supplier: 'Metalúrgica Serra Azul Ltda',
    neededInDays: 20,
    classification: 'Móveis e utensílios',
    costCentre: 'Operações',
    lines: [
      { description: 'Chapa de aço galvanizado 2 mm', quantity: 20, unit: 'UN', unitPrice: 30_000 },
      { description: 'Cantoneira de aço 1 1/2 pol. x 6 m', quantity: 40, unit: 'UN', unitPrice: 7_500 },
      { description: 'Parafuso sextavado zincado M10 (cento)', quantity: 30, unit: 'CX', unitPrice: 10_000 },
    ],
    steps: [
      { day: 0, time: '14:35', by: 'solicitante', do: 'enviar' },
      { day: 1, time: '09:40', by: 'financeiro', do: 'aprovar' },
      { day: 1, time: '16:25', by: 'admin', do: 'aprovar' },
    ],
  },
  {
    daysAgo: 20,
    time: '09:50',
    justification: 'Renovação das 12 licenças do Microsoft 365 do administrativo, que vencem no fim do mês.',
    supplier: 'SoftBrasil Licenciamento de Software Ltda',
    neededInDays: 25,
    classification: 'Softwares e assinaturas',
    costCentre: 'Administrativo',
    lines: [
      {
        description: 'Microsoft 365 Business Standard, licença anual por usuário',
        quantity: 12,
        unit: 'UN',
        unitPrice: 70_000,
      },
    ],
    steps: [
      { day: 0, time: '10:00', by: 'solicitante', do: 'enviar' },
      { day: 2, time: '15:30', by: 'financeiro', do: 'aprovar' },
    ],
  },
  {
    daysAgo: 15,
    time: '08:55',
    justification: 'Material de limpeza do mês para a Matriz.',
    supplier: 'Limpeza Total Distribuidora Ltda',
    neededInDays: 5,
    costCentre: 'Administrativo',
    lines: [
      { description: 'Detergente neutro 5 L', quantity: 6, unit: 'UN', unitPrice: 3_290 },
      { description: 'Papel toalha interfolhado (fardo)', quantity: 10, unit: 'PC', unitPrice: 6_490 },
      { description: 'Álcool 70% 1 L', quantity: 24, unit: 'UN', unitPrice: 975 },
      { description: 'Saco de lixo 100 L (pacote)', quantity: 15, unit: 'PC', unitPrice: 2_190 },
    ],
    steps: [
      { day: 0, time: '09:10', by: 'solicitante', do: 'enviar' },
      { day: 1, time: '08:50', by: 'financeiro', do: 'aprovar' },
    ],
  },
  {
    daysAgo: 11,
    time: '15:40',
    justification: 'Monitores para o analista financeiro contratado neste mês.',
    supplier: 'TecnoShop Informática Ltda',
    neededInDays: 10,
    classification: 'Equipamentos de informática',
    costCentre: 'Financeiro',
    lines: [{ description: 'Monitor LG 24 pol. Full HD IPS', quantity: 2, unit: 'UN', unitPrice: 89_900 }],
    steps: [
      { day: 0, time: '15:50', by: 'solicitante', do: 'enviar' },
      { day: 1, time: '10:20', by: 'financeiro', do: 'aprovar' },
      {
        day: 3,
        time: '11:05',
        by: 'solicitante',
        do: 'editar',
        add: [{ description: 'Suporte articulado para monitor', quantity: 2, unit: 'UN', unitPrice: 18_990 }],
      },
    ],
  },
  {
    daysAgo: 6,
    time: '08:20',
    justification: 'O ar-condicionado da sala do servidor parou: a temperatura passa de 30 °C à tarde.',
    supplier: 'Clima Certo Refrigeração Ltda',
    neededInDays: 2,
    classification: 'Serviços de terceiros',
    costCentre: 'Operações',
    lines: [
      {
        description: 'Reparo do ar-condicionado da sala do servidor (troca do compressor)',
        quantity: 1,
        unit: 'SV',
        unitPrice: 185_000,
      },
    ],
    steps: [{ day: 0, time: '08:30', by: 'solicitante', do: 'enviar' }],
  },
  {
    daysAgo: 3,
    time: '16:30',
    justification: 'Café, açúcar e copos para a copa no próximo mês.',
    costCentre: 'Administrativo',
    lines: [
      { description: 'Café torrado e moído 500 g', quantity: 12, unit: 'PC', unitPrice: 1_890 },
      { description: 'Açúcar refinado 1 kg', quantity: 6, unit: 'PC', unitPrice: 549 },
      { description: 'Copo descartável 180 ml (pacote com 100)', quantity: 10, unit: 'PC', unitPrice: 690 },
    ],
    steps: [],
  },
  {
    daysAgo: 1,
    time: '11:15',
    justification: 'Consultoria para revisar o fluxo de caixa e o orçamento do próximo ano.',
    classification: 'Serviços de terceiros',
    costCentre: 'Financeiro',
    lines: [{ product: 'SRV-CONS', quantity: 16 }],
    steps: [],
  },
];

/** The installments of an amount, the first one taking the centavos the division leaves over. */
const split = (amount: number, count: number) => {
  const part = Math.floor(amount / count);
  return Array.from({ length: count }, (_, i) => (i === 0 ? amount - part * (count - 1) : part));
};

/** A São Paulo moment some days before `today` (the city keeps UTC−3 all year). */
const moment = (today: string, daysAgo: number, time: string) => `${addDays(today, -daysAgo)}T${time}:00-03:00`;

/** What the samples' orders are written with: each person's purchasing context, the catalogue and the records. */
interface PurchaseDemo {
  tx: Tx;
  organizationId: string;
  departmentId: string;
  today: string;
  as: Record<Who, PurchasingContext>;
  /** The finance user's ledger scope, to pay what the orders concluded into. */
  payments: LedgerScope;
  suppliers: { id: string; name: string }[];
  catalogue: (typeof products.$inferSelect)[];
  bank: string | null;
  boleto: string | null;
}

/**
 * Three months of purchase orders in Compras of Matriz, written through the purchasing module's own functions as
 * the demo's people would: drafts, orders waiting at the first level and after climbing to the second, approved at
 * one and at two levels, rejected, cancelled and concluded into payables (their installments due by today paid), one
 * with three quotations. The module stamps the present: each step is then moved to the day and time it tells of.
 */
export async function seedPurchaseSamples(
  tx: Tx,
  demo: { organizationId: string; unitId: string; departmentId: string },
): Promise<void> {
  const { organizationId } = demo;
  await tx.insert(parties).values(
    SUPPLIERS.map(([name, tradeName, document, city]) => ({
      id: uuidv7(),
      organizationId,
      roles: ['supplier' as const],
      personType: 'PJ' as const,
      document,
      name,
      tradeName,
      city,
      uf: 'SP',
    })),
  );
  const purchases = await purchaseDemo(tx, demo);
  for (const sample of SAMPLES) await seedSampleOrder(purchases, sample);
  // The steps queued e-mails about what happened weeks ago: the demo starts with none to send.
  await tx.delete(outbox).where(sql`${outbox.createdAt} = now()`);
}

async function byName(tx: Tx, organizationId: string, table: PgTable, name: string): Promise<string | null> {
  return (
    rowsOf<{ id: string }>(
      await tx.execute(sql`select id from ${table} where organization_id = ${organizationId} and name = ${name}`),
    )[0]?.id ?? null
  );
}

/** The demo's people as the purchasing module sees them, and the parties, products and records orders name. */
async function purchaseDemo(
  tx: Tx,
  demo: { organizationId: string; unitId: string; departmentId: string },
): Promise<PurchaseDemo> {
  const { organizationId } = demo;
  const suppliers = await tx
    .select({ id: parties.id, name: parties.name })
    .from(parties)
    .where(eq(parties.organizationId, organizationId));
  const catalogue = await tx.select().from(products).where(eq(products.organizationId, organizationId));
  const bank = await byName(tx, organizationId, accounts, 'Itaú movimento');
  const boleto = await byName(tx, organizationId, paymentMethods, 'Boleto');
  const contextOf = async (username: Who, tenant: TenantSelection): Promise<PurchasingContext> => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.username, username));
    const userId = user?.id ?? '';
    return {
      tx,
      tenant,
      user: { userId, username },
      memberships: await loadMemberships(tx, userId),
      requestId: 'demo',
      ip: null,
      env: { PUBLIC_URL: 'http://localhost:3000' },
    };
  };
  const as: Record<Who, PurchasingContext> = {
    solicitante: await contextOf('solicitante', {
      organizationId,
      unitId: demo.unitId,
      departmentId: demo.departmentId,
    }),
    financeiro: await contextOf('financeiro', { organizationId }),
    admin: await contextOf('admin', { organizationId }),
  };
  return {
    tx,
    organizationId,
    departmentId: demo.departmentId,
    today: todayInSaoPaulo(),
    as,
    payments: ledgerScope(tx, { organizationId, unitId: demo.unitId }, as.financeiro.user.userId, 'demo'),
    suppliers,
    catalogue,
    bank,
    boleto,
  };
}

/** The order a sample's requester fills in, with `lines` (the sample's, or more after an edit). */
async function orderOf(purchases: PurchaseDemo, sample: Sample, lines: Line[]) {
  const { tx, organizationId, today } = purchases;
  const supplierId = (name: string) => purchases.suppliers.find((p) => p.name === name)?.id ?? null;
  const item = (line: Line) => {
    if (!('product' in line)) return { productId: null, ...line };
    const product = purchases.catalogue.find((p) => p.code === line.product);
    if (!product) throw new Error(`Demo product ${line.product} is missing.`);
    const { id, name, unit, price } = product;
    return { productId: id, description: name, unit, quantity: line.quantity, unitPrice: line.unitPrice ?? price };
  };
  const quotations = (sample.quotations ?? []).map(({ supplier, ...quotation }) => ({
    ...quotation,
    supplierId: supplierId(supplier),
  }));
  const chosen = sample.quotations?.findIndex((q) => q.supplier === sample.supplier) ?? -1;
  return purchaseOrderInput.parse({
    departmentId: purchases.departmentId,
    supplierId: sample.supplier ? supplierId(sample.supplier) : null,
    neededBy: sample.neededInDays === undefined ? null : addDays(today, sample.neededInDays - sample.daysAgo),
    justification: sample.justification,
    classificationId: sample.classification
      ? await byName(tx, organizationId, classifications, sample.classification)
      : null,
    costCentreId: await byName(tx, organizationId, costCentres, sample.costCentre),
    items: lines.map(item),
    quotations,
    chosenQuotation: chosen < 0 ? null : chosen,
    quotationReason: sample.quotationReason ?? null,
  });
}

const thisOrder = (organizationId: string, id: string) =>
  and(eq(purchaseOrders.organizationId, organizationId), eq(purchaseOrders.id, id));

/** The event a step just wrote is the order's only one still at the transaction's time: it moves to `at`. */
function backdate({ tx, organizationId }: PurchaseDemo, orderId: string, at: string) {
  return tx
    .update(purchaseOrderEvents)
    .set({ at: sql`${at}::timestamptz` })
    .where(
      and(
        eq(purchaseOrderEvents.organizationId, organizationId),
        eq(purchaseOrderEvents.orderId, orderId),
        sql`${purchaseOrderEvents.at} = now()`,
      ),
    );
}

/** A sample's order, created and taken through its steps, each on the day and at the time it tells of. */
async function seedSampleOrder(purchases: PurchaseDemo, sample: Sample): Promise<void> {
  const { tx, organizationId, today, as } = purchases;
  const created = moment(today, sample.daysAgo, sample.time);
  let lines = sample.lines;
  const { id } = await createOrder(as.solicitante, await orderOf(purchases, sample, lines));
  await backdate(purchases, id, created);
  let last = created;
  for (const step of sample.steps) {
    const ctx = as[step.by];
    const day = addDays(today, step.day - sample.daysAgo);
    const at = moment(today, sample.daysAgo - step.day, step.time);
    const row = await lockOrder(ctx, id);
    if (step.do === 'editar') {
      lines = [...lines, ...step.add];
      await updateOrder(ctx, id, row.version, await orderOf(purchases, sample, lines));
    } else if (step.do === 'concluir') {
      await concludeAndPay(purchases, ctx, row, step, day);
    } else {
      const updated = await transition(
        ctx,
        row,
        step.do === 'reprovar' || step.do === 'cancelar' ? { type: step.do, reason: step.reason } : { type: step.do },
      );
      if (step.do === 'aprovar') {
        const given = new Date(at).toISOString();
        await tx
          .update(purchaseOrders)
          .set({
            approvals: updated.approvals.map((a) => (a.approverId === ctx.user.userId ? { ...a, at: given } : a)),
          })
          .where(thisOrder(organizationId, id));
      }
    }
    await backdate(purchases, id, at);
    last = at;
  }
  await tx
    .update(purchaseOrders)
    .set({ createdAt: sql`${created}::timestamptz`, updatedAt: sql`${last}::timestamptz` })
    .where(thisOrder(organizationId, id));
}

/** Concludes an order into a payable issued on `day`, and pays its installments due by today. */
async function concludeAndPay(
  purchases: PurchaseDemo,
  ctx: PurchasingContext,
  row: typeof purchaseOrders.$inferSelect,
  step: Extract<Step, { do: 'concluir' }>,
  day: string,
): Promise<void> {
  const { tx, organizationId, today, bank, boleto } = purchases;
  const amounts = split(row.total, step.dueInDays.length);
  const { payableId } = await concludeOrder(
    ctx,
    purchaseConcludeInput.parse({
      id: row.id,
      version: row.version,
      paymentMethodId: boleto,
      accountId: bank,
      documentNumber: step.documentNumber,
      issueDate: day,
      installments: step.dueInDays.map((due, i) => ({ dueDate: addDays(day, due), amount: amounts[i] })),
    }),
    null,
  );
  const due = await tx
    .select()
    .from(ledgerInstallments)
    .where(and(eq(ledgerInstallments.organizationId, organizationId), eq(ledgerInstallments.documentId, payableId)));
  for (const installment of due.filter((i) => i.dueDate <= today)) {
    await settleInstallments(
      purchases.payments,
      settleInput.parse({
        kind: 'payable',
        paidDate: installment.dueDate,
        accountId: bank,
        paymentMethodId: boleto,
        items: [{ installmentId: installment.id, principal: installment.amount }],
      }),
    );
  }
}

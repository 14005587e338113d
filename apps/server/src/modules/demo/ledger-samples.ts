import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import {
  addDays,
  addMonths,
  documentCreateInput,
  reverseInput,
  settleInput,
  todayInSaoPaulo,
  type DocumentCreateInput,
  type DocumentKind,
} from '@financeiro/core';
import { rowsOf, type Tx } from '../../db/client';
import {
  ledgerScope,
  type LedgerScope,
  cancelDocuments,
  generateFromContract,
  createDocument,
  reversePayment,
  settleInstallments,
  collectTaxes,
} from '../ledger';
import { ledgerInstallments } from '../ledger/schema';
import {
  accounts,
  apportionmentTemplates,
  classifications,
  contracts,
  costCentres,
  parties,
  paymentMethods,
  taxTypes,
} from '../registries/schema';
import { random } from './random';

/** A valid CNPJ from its first twelve digits (demo parties only). */
function cnpj(base: string): string {
  const digit = (digits: string) => {
    const weights =
      digits.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = [...digits].reduce((s, d, i) => s + Number(d) * (weights[i] ?? 0), 0);
    const rest = sum % 11;
    return rest < 2 ? '0' : String(11 - rest);
  };
  const first = base + digit(base);
  return first + digit(first);
}

const MONTHS = 18;
/** The demo's office lease (its contract in samples.ts) starts in this month. */
const LEASE_START = '2026-01-01';

/** The customers who buy each month, and how each of them pays. */
const CUSTOMERS = [
  ['Supermercados Bom Preço Ltda', 'on-time'],
  ['Padaria Pão Quente Ltda', 'late'],
  ['Clínica Vida Saudável Ltda', 'on-time'],
  ['Escola Aprender Mais Ltda', 'partial'],
  ['Construtora Alicerce S.A.', 'defaults'],
] as const;

/** How an installment due before today was paid: on which day and what share of it; null leaves it open. */
type Pays = (installment: { dueDate: string; amount: number }) => { paidDate: string; share: number } | null;

const onTime = (i: { dueDate: string }) => ({ paidDate: i.dueDate, share: 100 });
const one = (classificationId: string, costCentreId: string) => [{ classificationId, costCentreId, share: 10_000 }];
/** Installments on `dates`, the first one taking the centavos the division leaves over. */
const split = (amount: number, dates: string[]) => {
  const part = Math.floor(amount / dates.length);
  return dates.map((dueDate, i) => ({ dueDate, amount: i === 0 ? amount - part * (dates.length - 1) : part }));
};
/** Installments every 30 days from `issue`. */
const monthly = (issue: string, count: number) => Array.from({ length: count }, (_, k) => addDays(issue, 30 * (k + 1)));

/** The id of the organization's record of `table` named `name`, or '' when there is none. */
async function idByName(tx: Tx, organizationId: string, table: PgTable, name: string): Promise<string> {
  return (
    rowsOf<{ id: string }>(
      await tx.execute(sql`select id from ${table} where organization_id = ${organizationId} and name = ${name}`),
    )[0]?.id ?? ''
  );
}

/** The registry records the books name: parties by name, classifications, cost centres, tax, methods, account. */
type LedgerRecords = Awaited<ReturnType<typeof ledgerRecords>>;

/** What the demo's books are written with: the API's ledger scope, today, the seeded generator and the records. */
interface Books extends LedgerRecords {
  tx: Tx;
  scope: LedgerScope;
  organizationId: string;
  today: string;
  rng: ReturnType<typeof random>;
}

/** One month of the books: its number from the first, and how its days, competence and label read. */
interface Month {
  m: number;
  /** YYYY-MM. */
  competence: string;
  /** MM/YYYY. */
  label: string;
  /** The month's first day, YYYY-MM-01. */
  start: string;
  /** The month's `d`th day. */
  day: (d: number) => string;
}

/**
 * Eighteen months of the demo company's payables and receivables in its Matriz, written through the same functions
 * the API uses (so every invariant holds): rent from the shared apportionment, utilities, payroll, an accountant with
 * IRRF withheld and collected each month in a DARF, suppliers' invoices in installments, and customers who pay on time,
 * late with interest and fine, in part, or not yet; a couple of cancellations and a reversal.
 */
export async function seedLedgerSamples(
  tx: Tx,
  demo: { organizationId: string; unitId: string; userId: string },
): Promise<void> {
  const { organizationId } = demo;
  const today = todayInSaoPaulo();
  const books: Books = {
    tx,
    scope: ledgerScope(tx, { organizationId, unitId: demo.unitId }, demo.userId, 'demo'),
    organizationId,
    today,
    rng: random(20_260_101),
    ...(await ledgerRecords(tx, organizationId)),
  };
  const first = addMonths(`${today.slice(0, 7)}-01`, -(MONTHS - 1));
  const months: string[] = [];
  for (let m = 0; m <= MONTHS; m++) {
    const month = addMonths(first, m);
    const competence = month.slice(0, 7);
    const label = `${competence.slice(5, 7)}/${competence.slice(0, 4)}`;
    await seedMonth(books, { m, competence, label, start: month, day: (d) => addDays(month, d - 1) });
    months.push(month);
  }
  await seedDueToday(books);
  await seedLeaseMonths(books);
  await seedTaxCollections(books, months);
}

/** The parties the books add to the registry samples, then the ids of every record the books name. */
async function ledgerRecords(tx: Tx, organizationId: string) {
  const newParties = [
    ['supplier', 'Companhia Paulista de Energia S.A.', '334455660001'],
    ['supplier', 'Águas do Vale Saneamento S.A.', '445566770001'],
    ['supplier', 'Conecta Telecom Ltda', '556677880001'],
    ['supplier', 'Contabilidade Exata Ltda', '667788990001'],
    ['supplier', 'Receita Federal do Brasil', '003944600058'],
    ['supplier', 'Prefeitura do Município de São Paulo', '463950000001'],
    ['supplier', 'Colaboradores (folha de pagamento)', '778899000001'],
    ['customer', 'Padaria Pão Quente Ltda', '889900110001'],
    ['customer', 'Clínica Vida Saudável Ltda', '990011220001'],
    ['customer', 'Escola Aprender Mais Ltda', '101122330001'],
    ['customer', 'Construtora Alicerce S.A.', '121233440001'],
  ] as const;
  await tx.insert(parties).values(
    newParties.map(([role, name, base]) => ({
      id: uuidv7(),
      organizationId,
      roles: [role],
      personType: 'PJ' as const,
      document: cnpj(base),
      name,
    })),
  );
  const byName = (table: PgTable, name: string) => idByName(tx, organizationId, table, name);
  // One query at a time: the queries of one transaction share its connection.
  const p: Record<string, string> = {};
  for (const name of [
    ...newParties.map(([, name]) => name),
    'Imobiliária Horizonte Ltda',
    'Papelaria Central Comércio de Materiais Ltda',
    'Transportadora Rota Sul S.A.',
    'Supermercados Bom Preço Ltda',
  ]) {
    p[name] =
      (
        await tx
          .select({ id: parties.id })
          .from(parties)
          .where(and(eq(parties.organizationId, organizationId), eq(parties.name, name)))
      )[0]?.id ?? '';
  }
  const c = {
    energy: await byName(classifications, 'Energia elétrica'),
    water: await byName(classifications, 'Água e esgoto'),
    phone: await byName(classifications, 'Telefonia e internet'),
    office: await byName(classifications, 'Material de escritório'),
    accounting: await byName(classifications, 'Serviços contábeis'),
    salaries: await byName(classifications, 'Salários'),
    freight: await byName(classifications, 'Fretes sobre compras'),
    services: await byName(classifications, 'Prestação de serviços'),
    sales: await byName(classifications, 'Venda de produtos'),
  };
  const centre = {
    admin: await byName(costCentres, 'Administrativo'),
    sales: await byName(costCentres, 'Comercial'),
    ops: await byName(costCentres, 'Operações'),
  };
  const irrf = await byName(taxTypes, 'IRRF');
  const boleto = await byName(paymentMethods, 'Boleto');
  const pix = await byName(paymentMethods, 'PIX');
  const bank = await byName(accounts, 'Itaú movimento');
  const [rentTemplate] = await tx
    .select({ id: apportionmentTemplates.id })
    .from(apportionmentTemplates)
    .where(eq(apportionmentTemplates.organizationId, organizationId));
  return { p, c, centre, irrf, boleto, pix, bank, rentTemplateId: rentTemplate?.id ?? null };
}

/** Writes a document and settles its installments due before today as `pays` says (null: left open). */
async function book(books: Books, kind: DocumentKind, input: Omit<DocumentCreateInput, 'kind'>, pays: Pays) {
  const { tx, scope, organizationId, today, bank } = books;
  const { id } = await createDocument(scope, documentCreateInput.parse({ kind, ...input }));
  const installments = await tx
    .select()
    .from(ledgerInstallments)
    .where(and(eq(ledgerInstallments.organizationId, organizationId), eq(ledgerInstallments.documentId, id)));
  const payments: string[] = [];
  for (const installment of installments.sort((a, b) => a.number - b.number)) {
    if (installment.dueDate > today) continue;
    const paid = pays(installment);
    if (!paid || paid.paidDate > today) continue;
    const principal = Math.round((installment.amount * paid.share) / 100);
    const late = paid.paidDate > installment.dueDate;
    const days = late ? Math.round((Date.parse(paid.paidDate) - Date.parse(installment.dueDate)) / 86_400_000) : 0;
    const { paymentId } = await settleInstallments(
      scope,
      settleInput.parse({
        kind,
        paidDate: paid.paidDate,
        accountId: bank,
        paymentMethodId: kind === 'receivable' ? books.pix : books.boleto,
        items: [
          {
            installmentId: installment.id,
            principal,
            interest: late ? Math.round((principal * 100 * days) / 30 / 10_000) : 0,
            fine: late ? Math.round((principal * 200) / 10_000) : 0,
          },
        ],
      }),
    );
    payments.push(paymentId);
  }
  return { id, payments, installments };
}

/**
 * Each month's IRRF is collected in one DARF 1708 once the month is over (decision 0037), paid on its due date when
 * that has come; last month's is left for the team to make ("Gerar guia"). The city's ISS withheld from services is
 * a tax type of its own, due on the 10th.
 */
async function seedTaxCollections({ tx, scope, organizationId, today, bank, irrf, p }: Books, months: string[]) {
  await tx
    .update(taxTypes)
    .set({ collectorPartyId: p['Receita Federal do Brasil'] })
    .where(and(eq(taxTypes.organizationId, organizationId), eq(taxTypes.id, irrf)));
  await tx.insert(taxTypes).values({
    id: uuidv7(),
    organizationId,
    name: 'ISS retido',
    kind: 'ISS',
    rate: 200,
    withheld: true,
    dueDay: 10,
    collectorPartyId: p['Prefeitura do Município de São Paulo'],
  });
  const lastMonth = addMonths(`${today.slice(0, 7)}-01`, -1);
  for (const period of months.filter((m) => m < lastMonth)) {
    const collection = await collectTaxes(scope, { collection: '1708', period });
    if (collection.dueDate > today) continue;
    const [guide] = await tx
      .select({ id: ledgerInstallments.id })
      .from(ledgerInstallments)
      .where(
        and(eq(ledgerInstallments.organizationId, organizationId), eq(ledgerInstallments.documentId, collection.id)),
      );
    if (!guide) continue;
    await settleInstallments(
      scope,
      settleInput.parse({
        kind: 'payable',
        paidDate: collection.dueDate,
        accountId: bank,
        items: [{ installmentId: guide.id, principal: collection.total }],
      }),
    );
  }
}

/** A month's bills and receipts, in the order the seeded generator is drawn for them. */
async function seedMonth(books: Books, month: Month): Promise<void> {
  // Rent before the current lease began; the lease's months come from its contract (seedLeaseMonths).
  if (month.start < LEASE_START) await seedRent(books, month);
  await seedUtilities(books, month);
  await seedPayroll(books, month);
  await seedAccountant(books, month);
  await seedSupplierInvoices(books, month);
  if (month.m === 4) await seedCancelledDuplicate(books, month);
  for (const [index, [customer, habit]] of CUSTOMERS.entries()) {
    await seedCustomerMonth(books, month, index, customer, habit);
  }
}

async function seedRent(books: Books, { competence, label, day }: Month) {
  await book(
    books,
    'payable',
    {
      partyId: books.p['Imobiliária Horizonte Ltda'],
      description: `Aluguel do escritório ${label}`,
      documentType: 'boleto',
      documentNumber: `ALG-${competence}`,
      issueDate: day(1),
      competence: label,
      grossAmount: 1_250_000,
      lines: [],
      apportionmentTemplateId: books.rentTemplateId,
      paymentMethodId: books.boleto,
      accountId: books.bank,
      interestRate: 100,
      fineRate: 200,
      installments: [{ dueDate: day(10), amount: 1_250_000 }],
    },
    onTime,
  );
}

/** Energy, water and telephone; the energy bill of two months ago is left open. */
async function seedUtilities(books: Books, { m, competence, label, day }: Month) {
  const { c, rng } = books;
  const utilities = [
    ['Companhia Paulista de Energia S.A.', 'Energia elétrica', c.energy, rng.between(180_000, 260_000), 15],
    ['Águas do Vale Saneamento S.A.', 'Água e esgoto', c.water, rng.between(40_000, 65_000), 20],
    ['Conecta Telecom Ltda', 'Internet e telefonia', c.phone, 39_990, 5],
  ] as const;
  for (const [party, what, classificationId, amount, due] of utilities) {
    await book(
      books,
      'payable',
      {
        partyId: books.p[party],
        description: `${what} ${label}`,
        documentType: 'fatura',
        documentNumber: `${what.slice(0, 3).toUpperCase()}-${competence}`,
        issueDate: day(1),
        competence: label,
        grossAmount: amount,
        lines: one(classificationId, books.centre.admin),
        paymentMethodId: books.boleto,
        accountId: books.bank,
        installments: [{ dueDate: day(due), amount }],
      },
      (i) => (m === MONTHS - 2 && due === 15 ? null : onTime(i)),
    );
  }
}

/** The month's payroll, shared by the cost centres, paid on the fifth of the next month. */
async function seedPayroll(books: Books, { competence, label, day, start }: Month) {
  const { c, centre } = books;
  const payroll = books.rng.between(4_650_000, 5_100_000);
  await book(
    books,
    'payable',
    {
      partyId: books.p['Colaboradores (folha de pagamento)'],
      description: `Folha de pagamento ${label}`,
      documentType: 'outros',
      documentNumber: `FOLHA-${competence}`,
      issueDate: day(1),
      competence: label,
      grossAmount: payroll,
      lines: [
        { classificationId: c.salaries, costCentreId: centre.admin, share: 4_000 },
        { classificationId: c.salaries, costCentreId: centre.sales, share: 3_500 },
        { classificationId: c.salaries, costCentreId: centre.ops, share: 2_500 },
      ],
      paymentMethodId: books.pix,
      accountId: books.bank,
      installments: [{ dueDate: addDays(addMonths(start, 1), 4), amount: payroll }],
    },
    onTime,
  );
}

/** The accountant's fees, with IRRF withheld and owed to the Receita Federal. */
async function seedAccountant(books: Books, { m, label, day }: Month) {
  await book(
    books,
    'payable',
    {
      partyId: books.p['Contabilidade Exata Ltda'],
      description: `Honorários contábeis ${label}`,
      documentType: 'nfse',
      documentNumber: `NFS-${2300 + m}`,
      issueDate: day(2),
      competence: label,
      grossAmount: 350_000,
      lines: one(books.c.accounting, books.centre.admin),
      taxes: [{ taxTypeId: books.irrf }],
      paymentMethodId: books.pix,
      accountId: books.bank,
      installments: [{ dueDate: day(12), amount: 350_000 - 5_250 }],
    },
    onTime,
  );
}

/** Office supplies, and in some months freight, in one to three installments. */
async function seedSupplierInvoices(books: Books, { m, label, day }: Month) {
  const { p, c, centre, rng } = books;
  const invoices = rng.between(1, 2);
  for (let n = 0; n < invoices; n++) {
    const freight = n === 1;
    const amount = freight ? rng.between(120_000, 500_000) : rng.between(30_000, 400_000);
    const count = rng.between(1, 3);
    const issue = day(rng.between(2, 20));
    await book(
      books,
      'payable',
      {
        partyId: freight ? p['Transportadora Rota Sul S.A.'] : p['Papelaria Central Comércio de Materiais Ltda'],
        description: freight ? 'Frete de mercadorias' : 'Material de escritório e consumo',
        documentType: 'nfe',
        documentNumber: `${freight ? 'CTE' : 'NF'}-${10_000 + m * 10 + n}`,
        issueDate: issue,
        competence: label,
        grossAmount: amount,
        lines: one(freight ? c.freight : c.office, freight ? centre.ops : centre.admin),
        paymentMethodId: books.boleto,
        accountId: books.bank,
        installments: split(amount, monthly(issue, count)),
      },
      onTime,
    );
  }
}

/** An invoice booked twice, the copy cancelled. */
async function seedCancelledDuplicate(books: Books, { m, label, day }: Month) {
  const duplicate = await book(
    books,
    'payable',
    {
      partyId: books.p['Papelaria Central Comércio de Materiais Ltda'],
      description: 'Material de escritório e consumo',
      documentType: 'nfe',
      documentNumber: `NF-${10_000 + m * 10}`,
      issueDate: day(3),
      competence: label,
      grossAmount: 48_750,
      lines: one(books.c.office, books.centre.admin),
      installments: [{ dueDate: day(28), amount: 48_750 }],
    },
    () => null,
  );
  await cancelDocuments(books.scope, 'payable', [duplicate.id], 'Nota lançada em duplicidade');
}

/** What a customer buys in a month (four months in five) and pays as its habit is. */
async function seedCustomerMonth(
  books: Books,
  month: Month,
  index: number,
  customer: (typeof CUSTOMERS)[number][0],
  habit: (typeof CUSTOMERS)[number][1],
) {
  const { c, centre, rng, today } = books;
  const { m, label, day } = month;
  if (rng.next() < 0.2) return;
  const amount = rng.between(250_000, 2_500_000);
  const count = rng.between(1, 3);
  const issue = day(rng.between(1, 25));
  const { payments, installments } = await book(
    books,
    'receivable',
    {
      partyId: books.p[customer],
      description: rng.next() < 0.6 ? 'Consultoria e implantação' : 'Venda de produtos',
      documentType: 'nfse',
      documentNumber: `NFS-E ${5_000 + m * 10 + index}`,
      issueDate: issue,
      competence: label,
      grossAmount: amount,
      lines: one(habit === 'late' ? c.sales : c.services, centre.sales),
      paymentMethodId: books.pix,
      accountId: books.bank,
      interestRate: 100,
      fineRate: 200,
      installments: split(amount, monthly(issue, count)),
    },
    (i) => {
      if (habit === 'on-time') return onTime(i);
      if (habit === 'late') return { paidDate: addDays(i.dueDate, rng.between(3, 25)), share: 100 };
      if (habit === 'partial')
        return { paidDate: addDays(i.dueDate, 2), share: i.dueDate < addMonths(today, -2) ? 100 : 50 };
      return i.dueDate < addMonths(today, -6) ? { paidDate: addDays(i.dueDate, 45), share: 100 } : null;
    },
  );
  if (m === 6 && customer === 'Supermercados Bom Preço Ltda' && payments[0]) {
    await rebookInTheRightAccount(books, payments[0], installments);
  }
  if (m === 9 && habit === 'defaults') await seedWithdrawnProject(books, month, customer);
}

/** A receipt booked in the wrong account is reversed and booked again in the right one. */
async function rebookInTheRightAccount(
  books: Books,
  paymentId: string,
  installments: { id: string; number: number; dueDate: string; amount: number }[],
) {
  const { scope } = books;
  await reversePayment(scope, reverseInput.parse({ paymentId, reason: 'Recebimento lançado na conta errada' }));
  const [installment] = installments.sort((a, b) => a.number - b.number);
  if (installment) {
    await settleInstallments(
      scope,
      settleInput.parse({
        kind: 'receivable',
        paidDate: installment.dueDate,
        accountId: await idByName(books.tx, books.organizationId, accounts, 'Mercado Pago vendas'),
        items: [{ installmentId: installment.id, principal: installment.amount }],
      }),
    );
  }
}

/** A project the customer gave up on: its receivable cancelled. */
async function seedWithdrawnProject(books: Books, { m, label, day }: Month, customer: string) {
  const withdrawn = await book(
    books,
    'receivable',
    {
      partyId: books.p[customer],
      description: 'Projeto de implantação',
      documentType: 'nfse',
      documentNumber: `NFS-E ${5_999 + m}`,
      issueDate: day(5),
      competence: label,
      grossAmount: 1_800_000,
      lines: one(books.c.services, books.centre.sales),
      installments: [{ dueDate: day(25), amount: 1_800_000 }],
    },
    () => null,
  );
  await cancelDocuments(
    books.scope,
    'receivable',
    [withdrawn.id],
    'Serviço não prestado: cliente desistiu do contrato',
  );
}

/**
 * What the dashboard's cards show whatever the day: a bill and a receipt due today, and a receipt already late,
 * left open for the finance team (the bills of the months are paid on their due date, today's included).
 */
async function seedDueToday(books: Books) {
  const { today, c, centre } = books;
  const competence = `${today.slice(5, 7)}/${today.slice(0, 4)}`;
  await book(
    books,
    'payable',
    {
      partyId: books.p['Transportadora Rota Sul S.A.'],
      description: 'Frete de entrega expressa',
      documentType: 'nfe',
      documentNumber: `CTE-${today.replaceAll('-', '')}`,
      issueDate: addDays(today, -20),
      competence,
      grossAmount: 286_450,
      lines: one(c.freight, centre.ops),
      paymentMethodId: books.boleto,
      accountId: books.bank,
      installments: [{ dueDate: today, amount: 286_450 }],
    },
    () => null,
  );
  await book(
    books,
    'receivable',
    {
      partyId: books.p['Clínica Vida Saudável Ltda'],
      description: 'Consultoria e implantação',
      documentType: 'nfse',
      documentNumber: `NFS-E ${today.replaceAll('-', '')}`,
      issueDate: addDays(today, -40),
      competence,
      grossAmount: 1_230_000,
      lines: one(c.services, centre.sales),
      paymentMethodId: books.pix,
      accountId: books.bank,
      interestRate: 100,
      fineRate: 200,
      installments: [
        { dueDate: addDays(today, -10), amount: 615_000 },
        { dueDate: today, amount: 615_000 },
      ],
    },
    () => null,
  );
}

/** The lease's months, generated from the demo's contract as the finance team does, each paid on its due date. */
async function seedLeaseMonths({ tx, scope, organizationId, today, bank, boleto }: Books) {
  const [lease] = await tx
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(eq(contracts.organizationId, organizationId), eq(contracts.startDate, '2026-01-10')));
  if (!lease) return;
  const { created } = await generateFromContract(scope, {
    contractId: lease.id,
    from: LEASE_START,
    to: addDays(addMonths(`${today.slice(0, 7)}-01`, 2), -1),
  });
  const due = await tx
    .select()
    .from(ledgerInstallments)
    .where(and(eq(ledgerInstallments.organizationId, organizationId), inArray(ledgerInstallments.documentId, created)));
  for (const installment of due.filter((i) => i.dueDate <= today)) {
    await settleInstallments(
      scope,
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

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
  cancelDocuments,
  generateFromContract,
  createDocument,
  reversePayment,
  settleInstallments,
} from '../ledger';
import { ledgerDocuments, ledgerInstallments } from '../ledger/schema';
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

/**
 * Eighteen months of the demo company's payables and receivables in its Matriz, written through the same functions
 * the API uses (so every invariant holds): rent from the shared apportionment, utilities, payroll, an accountant with
 * IRRF withheld and owed to the Receita Federal, suppliers' invoices in installments, and customers who pay on time,
 * late with interest and fine, in part, or not yet; a couple of cancellations and a reversal.
 */
export async function seedLedgerSamples(
  tx: Tx,
  demo: { organizationId: string; unitId: string; userId: string },
): Promise<void> {
  const { organizationId } = demo;
  const scope = ledgerScope(tx, { organizationId, unitId: demo.unitId }, demo.userId, 'demo');
  const rng = random(20_260_101);
  const today = todayInSaoPaulo();
  const byName = async (table: PgTable, name: string) =>
    rowsOf<{ id: string }>(
      await tx.execute(sql`select id from ${table} where organization_id = ${organizationId} and name = ${name}`),
    )[0]?.id ?? '';
  const partyId = async (name: string) =>
    (
      await tx
        .select({ id: parties.id })
        .from(parties)
        .where(and(eq(parties.organizationId, organizationId), eq(parties.name, name)))
    )[0]?.id ?? '';

  const newParties = [
    ['supplier', 'Companhia Paulista de Energia S.A.', '334455660001'],
    ['supplier', 'Águas do Vale Saneamento S.A.', '445566770001'],
    ['supplier', 'Conecta Telecom Ltda', '556677880001'],
    ['supplier', 'Contabilidade Exata Ltda', '667788990001'],
    ['supplier', 'Receita Federal do Brasil', '003944600058'],
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
  // One query at a time: the queries of one transaction share its connection.
  const p: Record<string, string> = {};
  for (const name of [
    ...newParties.map(([, name]) => name),
    'Imobiliária Horizonte Ltda',
    'Papelaria Central Comércio de Materiais Ltda',
    'Transportadora Rota Sul S.A.',
    'Supermercados Bom Preço Ltda',
  ]) {
    p[name] = await partyId(name);
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

  const one = (classificationId: string, costCentreId: string) => [{ classificationId, costCentreId, share: 10_000 }];
  const split = (amount: number, dates: string[]) => {
    const part = Math.floor(amount / dates.length);
    return dates.map((dueDate, i) => ({ dueDate, amount: i === 0 ? amount - part * (dates.length - 1) : part }));
  };

  /** Writes a document and settles its installments due before today as `pays` says (null: left open). */
  async function book(
    kind: DocumentKind,
    input: Omit<DocumentCreateInput, 'kind'>,
    pays: (installment: { dueDate: string; amount: number }) => { paidDate: string; share: number } | null,
  ) {
    const { id } = await createDocument(scope, documentCreateInput.parse({ kind, ...input }));
    const installments = await tx
      .select()
      .from(ledgerInstallments)
      .where(and(eq(ledgerInstallments.organizationId, organizationId), eq(ledgerInstallments.documentId, id)));
    // The government's share withheld from this bill is paid on its own due date.
    const guides = await tx
      .select({ id: ledgerInstallments.id, dueDate: ledgerInstallments.dueDate, amount: ledgerInstallments.amount })
      .from(ledgerInstallments)
      .innerJoin(ledgerDocuments, eq(ledgerDocuments.id, ledgerInstallments.documentId))
      .where(and(eq(ledgerDocuments.organizationId, organizationId), eq(ledgerDocuments.taxOfDocumentId, id)));
    for (const guide of guides.filter((g) => g.dueDate <= today)) {
      await settleInstallments(
        scope,
        settleInput.parse({
          kind: 'payable',
          paidDate: guide.dueDate,
          accountId: bank,
          items: [{ installmentId: guide.id, principal: guide.amount }],
        }),
      );
    }
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
          paymentMethodId: kind === 'receivable' ? pix : boleto,
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
  const onTime = (i: { dueDate: string }) => ({ paidDate: i.dueDate, share: 100 });

  const first = addMonths(`${today.slice(0, 7)}-01`, -(MONTHS - 1));
  for (let m = 0; m <= MONTHS; m++) {
    const month = addMonths(first, m);
    const competence = month.slice(0, 7);
    const day = (d: number) => addDays(month, d - 1);
    const label = `${competence.slice(5, 7)}/${competence.slice(0, 4)}`;

    // Rent before the current lease began; the lease's months come from its contract below.
    if (month < LEASE_START) {
      await book(
        'payable',
        {
          partyId: p['Imobiliária Horizonte Ltda'],
          description: `Aluguel do escritório ${label}`,
          documentType: 'boleto',
          documentNumber: `ALG-${competence}`,
          issueDate: day(1),
          competence: label,
          grossAmount: 1_250_000,
          lines: [],
          apportionmentTemplateId: rentTemplate?.id ?? null,
          paymentMethodId: boleto,
          accountId: bank,
          interestRate: 100,
          fineRate: 200,
          installments: [{ dueDate: day(10), amount: 1_250_000 }],
        },
        onTime,
      );
    }
    const utilities = [
      ['Companhia Paulista de Energia S.A.', 'Energia elétrica', c.energy, rng.between(180_000, 260_000), 15],
      ['Águas do Vale Saneamento S.A.', 'Água e esgoto', c.water, rng.between(40_000, 65_000), 20],
      ['Conecta Telecom Ltda', 'Internet e telefonia', c.phone, 39_990, 5],
    ] as const;
    for (const [party, what, classificationId, amount, due] of utilities) {
      await book(
        'payable',
        {
          partyId: p[party],
          description: `${what} ${label}`,
          documentType: 'fatura',
          documentNumber: `${what.slice(0, 3).toUpperCase()}-${competence}`,
          issueDate: day(1),
          competence: label,
          grossAmount: amount,
          lines: one(classificationId, centre.admin),
          paymentMethodId: boleto,
          accountId: bank,
          installments: [{ dueDate: day(due), amount }],
        },
        (i) => (m === MONTHS - 2 && due === 15 ? null : onTime(i)),
      );
    }
    const payroll = rng.between(4_650_000, 5_100_000);
    await book(
      'payable',
      {
        partyId: p['Colaboradores (folha de pagamento)'],
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
        paymentMethodId: pix,
        accountId: bank,
        installments: [{ dueDate: addDays(addMonths(month, 1), 4), amount: payroll }],
      },
      onTime,
    );
    await book(
      'payable',
      {
        partyId: p['Contabilidade Exata Ltda'],
        description: `Honorários contábeis ${label}`,
        documentType: 'nfse',
        documentNumber: `NFS-${2300 + m}`,
        issueDate: day(2),
        competence: label,
        grossAmount: 350_000,
        lines: one(c.accounting, centre.admin),
        taxes: [
          { taxTypeId: irrf, partyId: p['Receita Federal do Brasil'], dueDate: addDays(addMonths(month, 1), 19) },
        ],
        paymentMethodId: pix,
        accountId: bank,
        installments: [{ dueDate: day(12), amount: 350_000 - 5_250 }],
      },
      onTime,
    );
    const invoices = rng.between(1, 2);
    for (let n = 0; n < invoices; n++) {
      const freight = n === 1;
      const amount = freight ? rng.between(120_000, 500_000) : rng.between(30_000, 400_000);
      const count = rng.between(1, 3);
      const issue = day(rng.between(2, 20));
      await book(
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
          paymentMethodId: boleto,
          accountId: bank,
          installments: split(
            amount,
            Array.from({ length: count }, (_, k) => addDays(issue, 30 * (k + 1))),
          ),
        },
        onTime,
      );
    }
    if (m === 4) {
      const duplicate = await book(
        'payable',
        {
          partyId: p['Papelaria Central Comércio de Materiais Ltda'],
          description: 'Material de escritório e consumo',
          documentType: 'nfe',
          documentNumber: `NF-${10_000 + m * 10}`,
          issueDate: day(3),
          competence: label,
          grossAmount: 48_750,
          lines: one(c.office, centre.admin),
          installments: [{ dueDate: day(28), amount: 48_750 }],
        },
        () => null,
      );
      await cancelDocuments(scope, 'payable', [duplicate.id], 'Nota lançada em duplicidade');
    }
    const customers = [
      ['Supermercados Bom Preço Ltda', 'on-time'],
      ['Padaria Pão Quente Ltda', 'late'],
      ['Clínica Vida Saudável Ltda', 'on-time'],
      ['Escola Aprender Mais Ltda', 'partial'],
      ['Construtora Alicerce S.A.', 'defaults'],
    ] as const;
    for (const [customer, habit] of customers) {
      if (rng.next() < 0.2) continue;
      const amount = rng.between(250_000, 2_500_000);
      const count = rng.between(1, 3);
      const issue = day(rng.between(1, 25));
      const { payments, installments } = await book(
        'receivable',
        {
          partyId: p[customer],
          description: rng.next() < 0.6 ? 'Consultoria e implantação' : 'Venda de produtos',
          documentType: 'nfse',
          documentNumber: `NFS-E ${5_000 + m * 10 + customers.findIndex(([name]) => name === customer)}`,
          issueDate: issue,
          competence: label,
          grossAmount: amount,
          lines: one(habit === 'late' ? c.sales : c.services, centre.sales),
          paymentMethodId: pix,
          accountId: bank,
          interestRate: 100,
          fineRate: 200,
          installments: split(
            amount,
            Array.from({ length: count }, (_, k) => addDays(issue, 30 * (k + 1))),
          ),
        },
        (i) => {
          if (habit === 'on-time') return onTime(i);
          if (habit === 'late') return { paidDate: addDays(i.dueDate, rng.between(3, 25)), share: 100 };
          if (habit === 'partial')
            return { paidDate: addDays(i.dueDate, 2), share: i.dueDate < addMonths(today, -2) ? 100 : 50 };
          return i.dueDate < addMonths(today, -6) ? { paidDate: addDays(i.dueDate, 45), share: 100 } : null;
        },
      );
      // A receipt booked in the wrong account is reversed and booked again in the right one.
      if (m === 6 && customer === 'Supermercados Bom Preço Ltda' && payments[0]) {
        await reversePayment(
          scope,
          reverseInput.parse({ paymentId: payments[0], reason: 'Recebimento lançado na conta errada' }),
        );
        const [installment] = installments.sort((a, b) => a.number - b.number);
        if (installment) {
          await settleInstallments(
            scope,
            settleInput.parse({
              kind: 'receivable',
              paidDate: installment.dueDate,
              accountId: await byName(accounts, 'Mercado Pago vendas'),
              items: [{ installmentId: installment.id, principal: installment.amount }],
            }),
          );
        }
      }
      if (m === 9 && habit === 'defaults') {
        const withdrawn = await book(
          'receivable',
          {
            partyId: p[customer],
            description: 'Projeto de implantação',
            documentType: 'nfse',
            documentNumber: `NFS-E ${5_999 + m}`,
            issueDate: day(5),
            competence: label,
            grossAmount: 1_800_000,
            lines: one(c.services, centre.sales),
            installments: [{ dueDate: day(25), amount: 1_800_000 }],
          },
          () => null,
        );
        await cancelDocuments(
          scope,
          'receivable',
          [withdrawn.id],
          'Serviço não prestado: cliente desistiu do contrato',
        );
      }
    }
  }

  // What the dashboard's cards show whatever the day: a bill and a receipt due today, and a receipt already late,
  // left open for the finance team (the bills above are paid on their due date, today's included).
  await book(
    'payable',
    {
      partyId: p['Transportadora Rota Sul S.A.'],
      description: 'Frete de entrega expressa',
      documentType: 'nfe',
      documentNumber: `CTE-${today.replaceAll('-', '')}`,
      issueDate: addDays(today, -20),
      competence: `${today.slice(5, 7)}/${today.slice(0, 4)}`,
      grossAmount: 286_450,
      lines: one(c.freight, centre.ops),
      paymentMethodId: boleto,
      accountId: bank,
      installments: [{ dueDate: today, amount: 286_450 }],
    },
    () => null,
  );
  await book(
    'receivable',
    {
      partyId: p['Clínica Vida Saudável Ltda'],
      description: 'Consultoria e implantação',
      documentType: 'nfse',
      documentNumber: `NFS-E ${today.replaceAll('-', '')}`,
      issueDate: addDays(today, -40),
      competence: `${today.slice(5, 7)}/${today.slice(0, 4)}`,
      grossAmount: 1_230_000,
      lines: one(c.services, centre.sales),
      paymentMethodId: pix,
      accountId: bank,
      interestRate: 100,
      fineRate: 200,
      installments: [
        { dueDate: addDays(today, -10), amount: 615_000 },
        { dueDate: today, amount: 615_000 },
      ],
    },
    () => null,
  );

  // The lease's months, generated from the demo's contract as the finance team does, each paid on its due date.
  const [lease] = await tx
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(eq(contracts.organizationId, organizationId), eq(contracts.startDate, '2026-01-10')));
  if (lease) {
    const { created } = await generateFromContract(scope, {
      contractId: lease.id,
      from: LEASE_START,
      to: addDays(addMonths(`${today.slice(0, 7)}-01`, 2), -1),
    });
    const due = await tx
      .select()
      .from(ledgerInstallments)
      .where(
        and(eq(ledgerInstallments.organizationId, organizationId), inArray(ledgerInstallments.documentId, created)),
      );
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
}

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DocumentCreateInput } from '@financeiro/core';
import { codeOf, messageOf } from '../../test/callers';
import { startDemoApp, type DemoApp } from '../../test/demo';
import { withTenant } from '../../db/tenant';
import { memberWith } from '../../test/members';
import { ledgerDocuments, ledgerInstallments } from '../ledger/schema';
import { newAccount, newClassification, newCostCentre, newParty, type Callers } from '../../test/ledger-fixtures';
import { splitConfigs } from '../registries/schema';
import { units } from '../tenancy/schema';
import { NO_COVERAGE, NOTHING_TO_SPLIT } from './access';
import { splitRunReceipts, splitRuns, splitRunShares } from './schema';

describe('revenue split: preview, run, list and reverse', () => {
  let d: DemoApp;
  let admin: Callers;
  let fin: Callers;
  const ids = {
    customer: '',
    otherCustomer: '',
    partnerA: '',
    partnerB: '',
    income: '',
    otherIncome: '',
    expense: '',
    centre: '',
    account: '',
    config: '',
    byCustomer: '',
    byProduct: '',
    otherOrgConfig: '',
  };
  const march = { from: '2026-03-01', to: '2026-03-31' };
  const april = { from: '2026-04-01', to: '2026-04-30' };
  const db = () => d.t.database.db;

  const receivable = (overrides: Partial<DocumentCreateInput>): DocumentCreateInput => ({
    kind: 'receivable',
    partyId: ids.customer,
    description: 'Consultoria em parceria',
    documentNumber: 'NFS-E 1',
    documentType: 'nfse',
    issueDate: '2026-02-01',
    competence: '02/2026',
    grossAmount: 100_000,
    lines: [{ classificationId: ids.income, costCentreId: ids.centre, share: 10_000 }],
    installments: [{ dueDate: '2026-03-10', amount: 100_000 }],
    ...overrides,
  });
  /** A receivable received in full on `paidDate`; the payment's id. */
  async function received(overrides: Partial<DocumentCreateInput>, paidDate: string): Promise<string> {
    const { id } = await admin.ledger.documents.create(receivable(overrides));
    const document = await admin.ledger.documents.get({ id });
    const items = document.installments.map((i) => ({ installmentId: i.id, principal: i.amount }));
    const { paymentId } = await admin.ledger.payments.settle({
      kind: 'receivable',
      paidDate,
      accountId: ids.account,
      items,
    });
    return paymentId;
  }
  const runInput = (period = march, extra: Record<string, unknown> = {}) => ({
    configId: ids.config,
    ...period,
    dueDate: '2026-04-10',
    classificationId: ids.expense,
    costCentreId: ids.centre,
    idempotencyKey: randomUUID(),
    ...extra,
  });
  const liveRuns = async (configId = ids.config) =>
    (
      await db()
        .select({ n: count() })
        .from(splitRuns)
        .where(and(eq(splitRuns.configId, configId)))
    )[0]?.n;
  const payablesOf = async (runId: string) =>
    db()
      .select({
        id: ledgerDocuments.id,
        partyId: ledgerDocuments.partyId,
        kind: ledgerDocuments.kind,
        description: ledgerDocuments.description,
        grossAmount: ledgerDocuments.grossAmount,
        status: ledgerDocuments.status,
      })
      .from(splitRunShares)
      .innerJoin(ledgerDocuments, eq(ledgerDocuments.id, splitRunShares.payableId))
      .where(eq(splitRunShares.runId, runId));

  beforeAll(async () => {
    d = await startDemoApp();
    admin = await d.as('admin', d.matriz);
    fin = await d.as('financeiro', d.matriz);
    ids.customer = await newParty(admin, { roles: ['customer'], document: '24681357000140', name: 'Rede Parceira' });
    ids.otherCustomer = await newParty(admin, { roles: ['customer'], document: '13579246000101', name: 'Loja Avulsa' });
    ids.partnerA = await newParty(admin, { roles: ['supplier'], document: '86420975000194', name: 'Ana Parceira' });
    ids.partnerB = await newParty(admin, { roles: ['supplier'], document: '97531864000171', name: 'Bruno Parceiro' });
    ids.income = await newClassification(admin, 'Receita de parceria', 'income');
    ids.otherIncome = await newClassification(admin, 'Receita própria', 'income');
    ids.expense = await newClassification(admin, 'Repasse a parceiros');
    ids.centre = await newCostCentre(admin, 'Parcerias');
    ids.account = await newAccount(admin, d.matriz.unitId, 'Conta das parcerias');
    const partners = [
      { partyId: ids.partnerA, share: '30' },
      { partyId: ids.partnerB, share: '12,5' },
    ];
    ids.config = (
      await admin.registries.splitConfigs.create({
        name: 'Parceria de consultoria',
        coverage: 'classification',
        classificationId: ids.income,
        partners,
      })
    ).id;
    ids.byCustomer = (
      await admin.registries.splitConfigs.create({
        name: 'Rede Parceira',
        coverage: 'party',
        coveredPartyId: ids.customer,
        partners,
      })
    ).id;
    const product = await admin.registries.products.create({
      code: 'CONS-PARC',
      name: 'Consultoria em parceria',
      unit: 'H',
      classificationId: ids.income,
      price: 0,
    });
    ids.byProduct = (
      await admin.registries.splitConfigs.create({
        name: 'Produto em parceria',
        coverage: 'product',
        productId: product.id,
        partners,
      })
    ).id;

    // March: R$ 1.000,00 received in full, and 60% of R$ 500,01 (the rest of its apportionment is another income).
    await received({}, '2026-03-10');
    await received(
      {
        documentNumber: 'NFS-E 2',
        grossAmount: 50_001,
        lines: [
          { classificationId: ids.income, costCentreId: ids.centre, share: 6_000 },
          { classificationId: ids.otherIncome, costCentreId: ids.centre, share: 4_000 },
        ],
        installments: [{ dueDate: '2026-03-20', amount: 50_001 }],
      },
      '2026-03-20',
    );
    // Not covered: another classification, a receipt that was reversed, and April's receipt.
    await received(
      {
        partyId: ids.otherCustomer,
        documentNumber: 'NFS-E 3',
        lines: [{ classificationId: ids.otherIncome, costCentreId: ids.centre, share: 10_000 }],
      },
      '2026-03-12',
    );
    const undone = await received(
      { documentNumber: 'NFS-E 4', grossAmount: 70_000, installments: [{ dueDate: '2026-03-15', amount: 70_000 }] },
      '2026-03-15',
    );
    await admin.ledger.payments.reverse({ paymentId: undone, reason: 'Recebimento em duplicidade' });
    await received(
      { documentNumber: 'NFS-E 5', grossAmount: 20_000, installments: [{ dueDate: '2026-04-05', amount: 20_000 }] },
      '2026-04-05',
    );
  });
  afterAll(() => d?.t.close());

  it('previews the receipts covered, the base, each partner’s share and the retained rest', async () => {
    const preview = await fin.split.preview({ configId: ids.config, ...march });
    expect(preview.period.label).toBe('março de 2026');
    expect(preview.receipts.map((r) => [r.documentNumber, r.partyName, r.paidDate, r.received, r.amount])).toEqual([
      ['NFS-E 1', 'Rede Parceira', '2026-03-10', 100_000, 100_000],
      ['NFS-E 2', 'Rede Parceira', '2026-03-20', 50_001, 30_001],
    ]);
    expect(preview.base).toBe(130_001);
    // 30% = 39.000,30 and 12,5% = 16.250,125: the leftover centavo goes to the largest remainder (the rest's ,575).
    expect(preview.shares.map((s) => [s.name, s.share, s.amount])).toEqual([
      ['Ana Parceira', 3_000, 39_000],
      ['Bruno Parceiro', 1_250, 16_250],
    ]);
    expect(preview.retained).toBe(74_751);
    expect(preview.existingRun).toBeNull();
    expect(preview.suggestedCostCentreId).toBe(ids.centre);
  });

  it('covers a customer’s receipts in full, and a product’s through its classification', async () => {
    const byCustomer = await fin.split.preview({ configId: ids.byCustomer, ...march });
    expect(byCustomer.base).toBe(150_001);
    const byProduct = await fin.split.preview({ configId: ids.byProduct, ...march });
    expect(byProduct.base).toBe(130_001);
  });

  it('runs the split once: one payable per partner whose amounts and the rest add up to the base', async () => {
    const input = runInput();
    const run = await fin.split.run(input);
    expect(run.base).toBe(130_001);
    expect(run.retained).toBe(74_751);
    const payables = await payablesOf(run.id);
    expect(payables).toHaveLength(2);
    for (const payable of payables) {
      expect(payable.kind).toBe('payable');
      expect(payable.status).toBe('open');
      expect(payable.description).toBe('Split Parceria de consultoria — março de 2026');
    }
    const byParty = new Map(payables.map((p) => [p.partyId, p.grossAmount]));
    expect(byParty.get(ids.partnerA)).toBe(39_000);
    expect(byParty.get(ids.partnerB)).toBe(16_250);
    expect(payables.reduce((sum, p) => sum + p.grossAmount, 0) + run.retained).toBe(run.base);
    const [installment] = await db()
      .select()
      .from(ledgerInstallments)
      .where(
        inArray(
          ledgerInstallments.documentId,
          payables.map((p) => p.id),
        ),
      );
    expect(installment?.dueDate).toBe('2026-04-10');
    const taken = await db().select().from(splitRunReceipts).where(eq(splitRunReceipts.runId, run.id));
    expect(taken.reduce((sum, r) => sum + r.amount, 0)).toBe(run.base);

    // The same key answers the first run; another key, or an overlapping range, is refused in pt-BR.
    expect(await fin.split.run(input)).toEqual(run);
    expect(await messageOf(fin.split.run(runInput()))).toBe(
      'Esta divisão de receitas já foi aplicada a março de 2026 nesta unidade: desfaça aquele split para dividir o período de novo.',
    );
    expect(await codeOf(fin.split.run(runInput({ from: '2026-03-25', to: '2026-04-10' })))).toBe('CONFLICT');
    expect(await liveRuns()).toBe(1);
    expect((await fin.split.preview({ configId: ids.config, ...march })).existingRun?.id).toBe(run.id);

    const [listed] = await fin.split.list({ configId: ids.config });
    expect(listed).toMatchObject({
      id: run.id,
      label: 'março de 2026',
      base: 130_001,
      retained: 74_751,
      receiptCount: 2,
    });
    expect(listed?.shares.map((s) => [s.name, s.amount, s.payableStatus])).toEqual([
      ['Ana Parceira', 39_000, 'open'],
      ['Bruno Parceiro', 16_250, 'open'],
    ]);
  });

  it('runs once when two runs of the same period arrive at once', async () => {
    const before = await liveRuns();
    const results = await Promise.allSettled([fin.split.run(runInput(april)), fin.split.run(runInput(april))]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    expect(
      await messageOf(refused?.status === 'rejected' ? Promise.reject(refused.reason) : Promise.resolve()),
    ).toContain('já foi aplicada a abril de 2026');
    expect(await liveRuns()).toBe((before ?? 0) + 1);
  });

  it('refuses to undo a split whose partner was paid, then undoes it and lets the period run again', async () => {
    const [run] = (await fin.split.list({ configId: ids.config })).filter((r) => r.label === 'março de 2026');
    const payable = run?.shares.find((s) => s.partyId === ids.partnerA)?.payableId ?? '';
    const bill = await fin.ledger.documents.get({ id: payable });
    const { paymentId } = await fin.ledger.payments.settle({
      kind: 'payable',
      paidDate: '2026-04-10',
      accountId: ids.account,
      items: [{ installmentId: bill.installments[0]?.id ?? '', principal: 39_000 }],
    });
    const reverse = { runId: run?.id ?? '', reason: 'Percentual errado', idempotencyKey: randomUUID() };
    expect(await messageOf(fin.split.reverse(reverse))).toBe(
      'A conta a pagar de Ana Parceira deste split já tem pagamento: estorne o pagamento em Contas a pagar antes de desfazer o split.',
    );
    expect((await payablesOf(run?.id ?? '')).map((p) => p.status).sort()).toEqual(['open', 'paid']);

    await fin.ledger.payments.reverse({ paymentId, reason: 'Pago antes da hora' });
    const undone = await fin.split.reverse({ ...reverse, idempotencyKey: randomUUID() });
    expect(undone.cancelledPayables).toBe(2);
    expect((await payablesOf(run?.id ?? '')).map((p) => p.status)).toEqual(['cancelled', 'cancelled']);
    const [stored] = await db()
      .select()
      .from(splitRuns)
      .where(eq(splitRuns.id, run?.id ?? ''));
    expect(stored?.reverseReason).toBe('Percentual errado');
    expect(await messageOf(fin.split.reverse({ ...reverse, idempotencyKey: randomUUID() }))).toBe(
      'Este split já foi desfeito.',
    );

    const again = await fin.split.run(runInput());
    expect(again.id).not.toBe(run?.id);
    expect((await payablesOf(again.id)).map((p) => p.grossAmount).sort()).toEqual([16_250, 39_000]);
    const listed = await fin.split.list({ configId: ids.config });
    expect(listed.filter((r) => r.label === 'março de 2026').map((r) => r.reversedAt === null)).toEqual([true, false]);
  });

  it('splits each unit’s own receipts: the other unit has nothing to split and sees no run of this one', async () => {
    const [filial] = await db().select().from(units).where(eq(units.slug, 'filial-campinas'));
    const there = await d.as('financeiro', { organizationId: d.matriz.organizationId, unitId: filial?.id ?? '' });
    const preview = await there.split.preview({ configId: ids.config, ...march });
    expect(preview.base).toBe(0);
    expect(preview.existingRun).toBeNull();
    expect(await messageOf(there.split.run(runInput(march)))).toBe(NOTHING_TO_SPLIT);
    expect(await there.split.list({ configId: ids.config })).toEqual([]);
  });

  it('refuses a setting saved before coverage existed with what to do', async () => {
    const id = uuidv7();
    await db()
      .insert(splitConfigs)
      .values({
        id,
        organizationId: d.matriz.organizationId,
        name: 'Antiga',
        partners: [{ partyId: ids.partnerA, share: 1_000 }],
      });
    expect(await messageOf(fin.split.preview({ configId: id, ...march }))).toBe(NO_COVERAGE);
    expect(await messageOf(fin.split.run(runInput(march, { configId: id })))).toBe(NO_COVERAGE);
  });

  it('lets each profile do what it holds: read only previews, payables without split settings cannot run', async () => {
    await memberWith(db(), d.matriz, 'leitor-split', ['ler_configuracoes_split']);
    await memberWith(db(), d.matriz, 'split-sem-pagar', ['ler_configuracoes_split', 'editar_configuracoes_split']);
    await memberWith(db(), d.matriz, 'pagar-sem-split', ['ler_contas_pagar', 'editar_contas_pagar']);
    const reader = await d.as('leitor-split', d.matriz);
    expect((await reader.split.preview({ configId: ids.config, ...april })).base).toBe(20_000);
    expect((await reader.split.list({ configId: ids.config })).length).toBeGreaterThan(0);
    const [run] = await reader.split.list({ configId: ids.config });
    for (const who of ['leitor-split', 'split-sem-pagar', 'pagar-sem-split', 'solicitante']) {
      const caller = await d.as(who, d.matriz);
      expect(await codeOf(caller.split.run(runInput({ from: '2026-05-01', to: '2026-05-31' }))), who).toBe('FORBIDDEN');
      expect(await codeOf(caller.split.reverse({ runId: run?.id ?? '', reason: 'x' })), who).toBe('FORBIDDEN');
    }
    for (const who of ['pagar-sem-split', 'solicitante']) {
      const caller = await d.as(who, d.matriz);
      expect(await codeOf(caller.split.preview({ configId: ids.config, ...march })), who).toBe('FORBIDDEN');
      expect(await codeOf(caller.split.list({})), who).toBe('FORBIDDEN');
    }
    expect(await db().select({ n: count() }).from(splitRuns).where(eq(splitRuns.periodStart, '2026-05-01'))).toEqual([
      { n: 0 },
    ]);
  });

  it('never reaches another organization’s settings or runs', async () => {
    const outro = await d.as('outro', d.elsewhere);
    const [run] = await fin.split.list({ configId: ids.config });
    expect(await codeOf(outro.split.preview({ configId: ids.config, ...march }))).toBe('NOT_FOUND');
    expect(await codeOf(outro.split.run(runInput({ from: '2026-06-01', to: '2026-06-30' })))).toBe('NOT_FOUND');
    expect(await codeOf(outro.split.reverse({ runId: run?.id ?? '', reason: 'intruso' }))).toBe('NOT_FOUND');
    expect(await outro.split.list({})).toEqual([]);
    expect(await codeOf((await d.as('outro', d.matriz)).split.list({}))).toBe('FORBIDDEN');
    // A classification of the other organization named in a run of ours is refused, and nothing is stored.
    const foreign = await newClassification(outro, 'Classificação da Outra');
    expect(
      await messageOf(fin.split.run(runInput({ from: '2026-07-01', to: '2026-07-31' }, { classificationId: foreign }))),
    ).toBe('Classificação não encontrada nesta organização.');
    expect(
      (await db().select({ n: count() }).from(splitRuns).where(eq(splitRuns.periodStart, '2026-07-01')))[0]?.n,
    ).toBe(0);
  });

  it('answers bad input with a pt-BR 4xx and stores nothing', async () => {
    const before = await db().select({ n: count() }).from(splitRuns);
    const [run] = await fin.split.list({ configId: ids.config });
    const cases: [() => Promise<unknown>, string | null][] = [
      [
        () => fin.split.preview({ configId: ids.config, from: '2026-03-31', to: '2026-03-01' }),
        'O fim do período vem antes do início.',
      ],
      [
        () => fin.split.preview({ configId: ids.config, from: '2025-01-01', to: '2026-03-01' }),
        'Escolha um período de até um ano.',
      ],
      [() => fin.split.preview({ configId: 'abc', ...march }), 'Escolha a divisão de receitas.'],
      [() => fin.split.preview({ configId: ids.config, from: 20260301, to: '2026-03-31' } as never), null],
      [
        () => fin.split.run({ ...runInput({ from: '2026-08-01', to: '2026-08-31' }), dueDate: '31/02/2026' }),
        'Data inválida: use DD/MM/AAAA.',
      ],
      [
        () => fin.split.run({ ...runInput({ from: '2026-08-01', to: '2026-08-31' }), classificationId: 42 } as never),
        null,
      ],
      [() => fin.split.reverse({ runId: run?.id ?? '', reason: 'a\u0000b' }), null],
      [() => fin.split.reverse({ runId: run?.id ?? '', reason: 'x'.repeat(501) }), 'Use até 500 caracteres.'],
      [() => fin.split.reverse({ runId: run?.id ?? '', reason: '   ' }), 'Informe o motivo para desfazer o split.'],
      [() => fin.split.reverse({ runId: randomUUID(), reason: 'não existe' }), 'Split não encontrado nesta unidade.'],
    ];
    for (const [call, message] of cases) {
      expect(['BAD_REQUEST', 'NOT_FOUND']).toContain(await codeOf(call()));
      if (message) expect(await messageOf(call())).toContain(message);
    }
    expect(await db().select({ n: count() }).from(splitRuns)).toEqual(before);
    expect(
      (
        await db()
          .select()
          .from(splitRuns)
          .where(eq(splitRuns.id, run?.id ?? ''))
      )[0]?.reversedAt,
    ).toBeNull();
  });

  it('keeps what a setting covers from being deleted while the setting names it', async () => {
    const [product] = (await admin.registries.products.list({ search: 'CONS-PARC' })).rows;
    expect(await messageOf(admin.registries.products.delete({ id: product?.id ?? '' }))).toContain(
      '1 divisão de receitas',
    );
    expect(await messageOf(admin.registries.customers.delete({ id: ids.customer }))).toContain('1 divisão de receitas');
    expect(await messageOf(admin.registries.classifications.delete({ id: ids.income }))).toContain(
      'divisão de receitas',
    );
  });

  it('keeps runs, shares and receipts behind row-level security: another organization, or another unit, sees none', async () => {
    const [filial] = await db().select().from(units).where(eq(units.slug, 'filial-campinas'));
    const demoUser = (await db().select({ createdBy: splitRuns.createdBy }).from(splitRuns))[0]?.createdBy ?? '';
    const seen = (at: { userId: string; organizationId: string; unitId?: string }) =>
      withTenant(db(), at, async (tx) => ({
        runs: (await tx.select().from(splitRuns)).length,
        shares: (await tx.select().from(splitRunShares)).length,
        receipts: (await tx.select().from(splitRunReceipts)).length,
      }));
    const here = await seen({ userId: demoUser, ...d.matriz });
    expect(here.runs).toBeGreaterThan(0);
    expect(here.shares).toBeGreaterThan(0);
    expect(here.receipts).toBeGreaterThan(0);
    expect(await seen({ userId: d.other.userId, ...d.elsewhere })).toEqual({ runs: 0, shares: 0, receipts: 0 });
    expect(
      (await seen({ userId: demoUser, organizationId: d.matriz.organizationId, unitId: filial?.id ?? '' })).runs,
    ).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray, isNull, sum, and } from 'drizzle-orm';
import fc from 'fast-check';
import { TRPCError } from '@trpc/server';
import type { DocumentCreateInput } from '@financeiro/core';
import { codeOf, messageOf } from '../../test/callers';
import { startDemoApp, type DemoApp } from '../../test/demo';
import { memberWith } from '../../test/members';
import { accountMovements, ledgerInstallments, ledgerPayments } from '../ledger/schema';
import { newAccount, newClassification, newCostCentre, newParty, type Callers } from '../../test/ledger-fixtures';
import { bankReconciliationLinks, bankStatementLines } from './schema';
import { linesOf, linksOf, storeLines } from '../../test/bank-lines';

describe('banking reconciliation: links between bank lines and the ledger', () => {
  let d: DemoApp;
  let fin: Callers;
  const ids = { supplier: '', customer: '', classification: '', fees: '', centre: '', account: '', other: '' };
  const db = () => d.t.database.db;

  const bill = (overrides: Partial<DocumentCreateInput> = {}): DocumentCreateInput => ({
    kind: 'payable',
    partyId: ids.supplier,
    description: 'Manutenção predial',
    documentNumber: 'NF-501',
    documentType: 'nfe',
    issueDate: '2026-10-01',
    competence: '10/2026',
    grossAmount: 100_000,
    lines: [{ classificationId: ids.classification, costCentreId: ids.centre, share: 10_000 }],
    installments: [{ dueDate: '2026-11-05', amount: 100_000 }],
    ...overrides,
  });
  async function newBill(overrides: Partial<DocumentCreateInput> = {}) {
    const { id } = await fin.ledger.documents.create(bill(overrides));
    const document = await fin.ledger.documents.get({ id });
    return { id, installments: document.installments.map((i) => ({ id: i.id, amount: i.amount })) };
  }
  const lines = (rows: { date: string; amount: number; memo: string; fitId?: string }[], accountId = ids.account) =>
    storeLines(db(), d.matriz, accountId, rows);
  const balanceOf = async (accountId: string) => {
    const [row] = await db()
      .select({ total: sum(accountMovements.amount) })
      .from(accountMovements)
      .where(eq(accountMovements.accountId, accountId));
    return Number(row?.total ?? 0);
  };
  const installment = async (id: string) =>
    (await db().select().from(ledgerInstallments).where(eq(ledgerInstallments.id, id)))[0];
  /** Σ active links of a movement: never above its amount. */
  const reconciledOfMovement = async (movementId: string) => {
    const [row] = await db()
      .select({ total: sum(bankReconciliationLinks.amount) })
      .from(bankReconciliationLinks)
      .where(and(eq(bankReconciliationLinks.movementId, movementId), isNull(bankReconciliationLinks.undoneAt)));
    return Number(row?.total ?? 0);
  };
  const linkCount = async () => (await db().select({ n: count() }).from(bankReconciliationLinks))[0]?.n ?? 0;
  /** A payment made in the ledger, as the bank shows it later: its movement's id. */
  async function paidMovement(amount: number, documentNumber: string) {
    const { installments } = await newBill({
      documentNumber,
      grossAmount: amount,
      installments: [{ dueDate: '2026-11-05', amount }],
    });
    const { paymentId } = await fin.ledger.payments.settle({
      kind: 'payable',
      paidDate: '2026-11-05',
      accountId: ids.account,
      items: [{ installmentId: installments[0]?.id ?? '', principal: amount }],
    });
    const [movement] = await db().select().from(accountMovements).where(eq(accountMovements.paymentId, paymentId));
    return movement?.id ?? '';
  }

  beforeAll(async () => {
    d = await startDemoApp();
    fin = await d.as('financeiro', d.matriz);
    const admin = await d.as('admin', d.matriz);
    ids.supplier = await newParty(admin, {
      roles: ['supplier'],
      document: '11.222.333/0001-81',
      name: 'Manutenção Predial Ltda',
    });
    ids.customer = await newParty(admin, {
      roles: ['customer'],
      personType: 'PF',
      document: '529.982.247-25',
      name: 'Carla Cliente',
    });
    ids.classification = await newClassification(admin, 'Manutenção');
    ids.fees = await newClassification(admin, 'Tarifas bancárias');
    ids.centre = await newCostCentre(admin, 'Operações');
    ids.account = await newAccount(admin, d.matriz.unitId, 'Banco da conciliação');
    ids.other = await newAccount(await d.as('outro', d.elsewhere), d.elsewhere.unitId, 'Conta da outra');
    await memberWith(db(), d.matriz, 'sem-conciliacao', ['ler_contas_pagar', 'editar_contas_pagar']);
    await memberWith(db(), d.matriz, 'so-conciliacao', ['acessar_conciliacao']);
  });
  afterAll(() => d?.t.close());

  it('reconciles one bank line with two installments: settles both in one payment with one movement, and undo restores both sides', async () => {
    const { id, installments } = await newBill({
      documentNumber: 'NF-510',
      grossAmount: 150_000,
      installments: [
        { dueDate: '2026-11-05', amount: 100_000 },
        { dueDate: '2026-11-06', amount: 50_000 },
      ],
    });
    const [lineId = ''] = await lines([
      { date: '2026-11-06', amount: -150_000, memo: 'PIX ENVIADO MANUTENCAO PREDIAL' },
    ]);
    const before = await balanceOf(ids.account);

    const result = await fin.banking.reconciliation.reconcile({
      accountId: ids.account,
      lines: [{ lineId }],
      installments: installments.map((i) => ({ installmentId: i.id })),
    });
    expect(result.paymentIds).toHaveLength(1);
    const movements = await db()
      .select()
      .from(accountMovements)
      .where(inArray(accountMovements.paymentId, result.paymentIds));
    expect(movements).toMatchObject([{ amount: -150_000, date: '2026-11-06', kind: 'payment' }]);
    expect(await balanceOf(ids.account)).toBe(before - 150_000);
    expect((await fin.ledger.documents.get({ id })).status).toBe('paid');
    expect((await linesOf(db(), [lineId]))[0]).toMatchObject({ reconciled: 150_000, status: 'reconciled' });
    expect(await linksOf(db(), result.groupId)).toMatchObject([{ amount: 150_000, origin: 'settlement' }]);

    // Another organization cannot undo it.
    const outro = await d.as('outro', d.elsewhere);
    expect(await messageOf(outro.banking.reconciliation.undo({ groupId: result.groupId }))).toBe(
      'Conciliação não encontrada.',
    );
    expect((await linesOf(db(), [lineId]))[0]).toMatchObject({ status: 'reconciled' });

    await fin.banking.reconciliation.undo({ groupId: result.groupId });
    expect((await linesOf(db(), [lineId]))[0]).toMatchObject({ reconciled: 0, status: 'open' });
    for (const i of installments) expect(await installment(i.id)).toMatchObject({ settled: 0, status: 'open' });
    expect((await fin.ledger.documents.get({ id })).status).toBe('open');
    expect(await balanceOf(ids.account)).toBe(before);
    const [reversal] = await db()
      .select()
      .from(ledgerPayments)
      .where(eq(ledgerPayments.reversalOf, result.paymentIds[0] ?? ''));
    expect(reversal).toMatchObject({ total: 150_000, reversalReason: 'Conciliação bancária desfeita' });
    const links = await linksOf(db(), result.groupId);
    expect(links.every((l) => l.undoneAt !== null)).toBe(true);
    expect(await codeOf(fin.banking.reconciliation.undo({ groupId: result.groupId }))).toBe('CONFLICT');
  });

  it('reconciles many bank lines with one movement, and a reconciled amount never exceeds the line or the movement', async () => {
    const movementId = await paidMovement(100_000, 'NF-520');
    const [a = '', b = '', c = ''] = await lines([
      { date: '2026-11-05', amount: -30_000, memo: 'PAGTO PARCIAL 1' },
      { date: '2026-11-05', amount: -70_000, memo: 'PAGTO PARCIAL 2' },
      { date: '2026-11-05', amount: -5_000, memo: 'OUTRO DEBITO' },
    ]);
    const { groupId } = await fin.banking.reconciliation.reconcile({
      accountId: ids.account,
      lines: [{ lineId: a }, { lineId: b }],
      movements: [{ movementId }],
    });
    expect(await linksOf(db(), groupId)).toHaveLength(2);
    expect(await reconciledOfMovement(movementId)).toBe(100_000);
    expect((await linesOf(db(), [a, b])).map((l) => l?.status)).toEqual(['reconciled', 'reconciled']);

    const links = await linkCount();
    // The movement is wholly taken: a third line finds nothing left of it.
    expect(
      await messageOf(
        fin.banking.reconciliation.reconcile({
          accountId: ids.account,
          lines: [{ lineId: c }],
          movements: [{ movementId, amount: 5_000 }],
        }),
      ),
    ).toBe('Este movimento acabou de ser conciliado por outra pessoa. Atualize a tela.');
    // A line asked for more than it holds, and parts that do not add up.
    const other = await paidMovement(5_000, 'NF-521');
    expect(
      await messageOf(
        fin.banking.reconciliation.reconcile({
          accountId: ids.account,
          lines: [{ lineId: c, amount: 6_000 }],
          movements: [{ movementId: other, amount: 5_000 }],
        }),
      ),
    ).toMatch(/passa do valor da linha/);
    expect(
      await messageOf(
        fin.banking.reconciliation.reconcile({
          accountId: ids.account,
          lines: [{ lineId: c, amount: 4_000 }],
          movements: [{ movementId: other }],
        }),
      ),
    ).toMatch(/^Os valores não fecham/);
    expect(await linkCount()).toBe(links);

    // Part of a line, then the rest: the line is partial in between and never goes beyond its amount.
    const [x = ''] = await lines([{ date: '2026-11-05', amount: -5_000, memo: 'DEBITO EM DUAS PARTES' }]);
    await fin.banking.reconciliation.reconcile({
      accountId: ids.account,
      lines: [{ lineId: c, amount: 2_000 }],
      movements: [{ movementId: other, amount: 2_000 }],
    });
    expect((await linesOf(db(), [c]))[0]).toMatchObject({ reconciled: 2_000, status: 'partial' });
    await fin.banking.reconciliation.reconcile({
      accountId: ids.account,
      lines: [{ lineId: c }],
      movements: [{ movementId: other }],
    });
    expect((await linesOf(db(), [c]))[0]).toMatchObject({ reconciled: 5_000, status: 'reconciled' });
    expect(
      await codeOf(
        fin.banking.reconciliation.reconcile({
          accountId: ids.account,
          lines: [{ lineId: x }],
          movements: [{ movementId: other }],
        }),
      ),
    ).toBe('CONFLICT');
    expect(await reconciledOfMovement(other)).toBe(5_000);
  });

  it('any sequence of reconciliations and undos keeps every line and movement within its amount, and undo exact', async () => {
    const entry = (amount: number) =>
      fin.ledger.movements.createEntry({
        accountId: ids.account,
        date: '2026-11-08',
        direction: 'out',
        amount,
        classificationId: ids.fees,
        description: 'Débito a conciliar',
      });
    let made = 0;
    const operation = fc.oneof(
      fc.record({
        kind: fc.constant('reconcile' as const),
        lines: fc.uniqueArray(fc.nat(2), { minLength: 1, maxLength: 3 }),
        movement: fc.nat(2),
        amount: fc.integer({ min: 1, max: 1_200 }),
      }),
      fc.record({ kind: fc.constant('undo' as const), group: fc.nat(9) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 8 }), async (operations) => {
        const lineIds = await lines([
          { date: '2026-11-08', amount: -1_000, memo: 'DEBITO A' },
          { date: '2026-11-08', amount: -500, memo: 'DEBITO B' },
          { date: '2026-11-08', amount: -700, memo: 'DEBITO C' },
        ]);
        const movementIds = [
          (await entry(900)).movementId,
          (await entry(600)).movementId,
          (await entry(1_200)).movementId,
        ];
        const groups: string[] = [];
        for (const op of operations) {
          if (op.kind === 'reconcile') {
            // The same amount on each side: split over the lines, all of it on one movement.
            const parts = op.lines.map(
              (_, i) => Math.floor(op.amount / op.lines.length) + (i === 0 ? op.amount % op.lines.length : 0),
            );
            if (parts.some((p) => p === 0)) continue;
            const result = await fin.banking.reconciliation
              .reconcile({
                accountId: ids.account,
                lines: op.lines.map((i, n) => ({ lineId: lineIds[i] ?? '', amount: parts[n] })),
                movements: [{ movementId: movementIds[op.movement] ?? '', amount: op.amount }],
              })
              .catch((error: unknown) => {
                // Refused with a reason (more than is left, sides that do not add up): nothing changes.
                if (error instanceof TRPCError && ['BAD_REQUEST', 'CONFLICT'].includes(error.code)) return null;
                throw error;
              });
            if (result) {
              groups.push(result.groupId);
              made += 1;
            }
          } else if (groups.length > 0) {
            const groupId = groups.splice(op.group % groups.length, 1)[0] ?? '';
            await fin.banking.reconciliation.undo({ groupId });
          }
          const stored = await linesOf(db(), lineIds);
          for (const line of stored) {
            const [linked] = await db()
              .select({ total: sum(bankReconciliationLinks.amount) })
              .from(bankReconciliationLinks)
              .where(and(eq(bankReconciliationLinks.lineId, line?.id ?? ''), isNull(bankReconciliationLinks.undoneAt)));
            expect(line?.reconciled).toBe(Number(linked?.total ?? 0));
            expect(line?.reconciled).toBeLessThanOrEqual(Math.abs(line?.amount ?? 0));
          }
          const limits = [900, 600, 1_200];
          for (const [i, movementId] of movementIds.entries()) {
            expect(await reconciledOfMovement(movementId)).toBeLessThanOrEqual(limits[i] ?? 0);
          }
        }
        for (const groupId of groups) await fin.banking.reconciliation.undo({ groupId });
        expect((await linesOf(db(), lineIds)).map((l) => l?.reconciled)).toEqual([0, 0, 0]);
        for (const movementId of movementIds) expect(await reconciledOfMovement(movementId)).toBe(0);
      }),
      { numRuns: 12 },
    );
    expect(made).toBeGreaterThan(0);
  });

  it('two reconciliations of one line at once: one wins, the other answers CONFLICT in pt-BR', async () => {
    const first = await paidMovement(12_345, 'NF-530');
    const second = await paidMovement(12_345, 'NF-531');
    const [lineId = ''] = await lines([{ date: '2026-11-05', amount: -12_345, memo: 'PIX DUPLO' }]);
    const results = await Promise.allSettled(
      [first, second].map((movementId) =>
        fin.banking.reconciliation.reconcile({
          accountId: ids.account,
          lines: [{ lineId }],
          movements: [{ movementId }],
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected');
    expect(failed?.status === 'rejected' && (failed.reason as Error).message).toBe(
      'Esta linha acabou de ser conciliada por outra pessoa. Atualize a tela.',
    );
    expect((await linesOf(db(), [lineId]))[0]).toMatchObject({ reconciled: 12_345, status: 'reconciled' });
    expect((await reconciledOfMovement(first)) + (await reconciledOfMovement(second))).toBe(12_345);
  });

  it('makes a manual entry from a bank fee line and links it; undo reverses the entry', async () => {
    const [lineId = ''] = await lines([{ date: '2026-11-07', amount: -1_290, memo: 'TARIFA PACOTE SERVICOS' }]);
    const before = await balanceOf(ids.account);
    const { movementId, groupId } = await fin.banking.reconciliation.createEntry({
      lineId,
      classificationId: ids.fees,
      costCentreId: ids.centre,
      description: 'Tarifa de pacote de serviços',
      idempotencyKey: crypto.randomUUID(),
    });
    const [entry] = await db().select().from(accountMovements).where(eq(accountMovements.id, movementId));
    expect(entry).toMatchObject({ amount: -1_290, kind: 'manual', date: '2026-11-07', classificationId: ids.fees });
    expect(await balanceOf(ids.account)).toBe(before - 1_290);
    expect((await linesOf(db(), [lineId]))[0]).toMatchObject({ status: 'reconciled' });
    expect(
      await messageOf(
        fin.banking.reconciliation.createEntry({ lineId, classificationId: ids.fees, description: 'De novo' }),
      ),
    ).toBe('Esta linha acabou de ser conciliada por outra pessoa. Atualize a tela.');

    await fin.banking.reconciliation.undo({ groupId });
    expect((await linesOf(db(), [lineId]))[0]).toMatchObject({ reconciled: 0, status: 'open' });
    expect(await balanceOf(ids.account)).toBe(before);
    const [reversal] = await db().select().from(accountMovements).where(eq(accountMovements.reversalOf, movementId));
    expect(reversal).toMatchObject({ amount: 1_290, kind: 'manual_reversal' });
  });

  it('suggests matches from one query and accepts every suggestion above the threshold in one go', async () => {
    const { installments } = await newBill({
      kind: 'receivable',
      partyId: ids.customer,
      documentNumber: 'FAT-77',
      grossAmount: 88_000,
      installments: [{ dueDate: '2026-11-10', amount: 88_000 }],
    });
    const [lineId = '', loose = ''] = await lines([
      { date: '2026-11-10', amount: 88_000, memo: 'PIX RECEBIDO CARLA CLIENTE 529.982.247-25' },
      { date: '2026-11-10', amount: 99_999, memo: 'DEPOSITO SEM IDENTIFICACAO' },
    ]);
    const period = { accountId: ids.account, from: '2026-11-01', to: '2026-11-30' };
    const suggestions = await fin.banking.reconciliation.suggest(period);
    const found = suggestions.find((s) => s.lineIds.includes(lineId));
    expect(found).toMatchObject({ candidateIds: [installments[0]?.id], automatic: true });
    expect(found?.score).toBeGreaterThanOrEqual(70);
    expect(found?.reasons.map((r) => r.code)).toContain('document_in_memo');
    expect(suggestions.some((s) => s.lineIds.includes(loose))).toBe(false);

    const accepted = await fin.banking.reconciliation.acceptAll({ ...period, threshold: 70 });
    expect(accepted.reconciled).toBeGreaterThanOrEqual(1);
    expect(await installment(installments[0]?.id ?? '')).toMatchObject({ settled: 88_000, status: 'paid' });
    expect((await linesOf(db(), [lineId, loose])).map((l) => l?.status)).toEqual(['reconciled', 'open']);

    const screen = await fin.banking.reconciliation.get({ ...period, page: 1, pageSize: 200 });
    expect(screen.lines.rows.find((l) => l.id === lineId)?.links).toHaveLength(1);
    expect(screen.installments.some((i) => i.id === installments[0]?.id)).toBe(false);
    const day = screen.days.find((x) => x.date === '2026-11-10');
    expect(day?.appBalance).toBe(await balanceOfUpTo('2026-11-10'));
    expect(day?.bankBalance).toBeNull();
    // The reconciled balance leaves out what the bank has not confirmed since the account's first statement line.
    const firstLine = (
      await db().select().from(bankStatementLines).where(eq(bankStatementLines.accountId, ids.account))
    )
      .map((l) => l.date)
      .sort()[0];
    const since = (
      await db().select().from(accountMovements).where(eq(accountMovements.accountId, ids.account))
    ).filter((m) => firstLine !== undefined && m.date >= firstLine && m.date <= '2026-11-10');
    let unconfirmed = 0;
    for (const m of since) unconfirmed += m.amount - Math.sign(m.amount) * (await reconciledOfMovement(m.id));
    expect(unconfirmed).not.toBe(0);
    expect(day?.reconciledBalance).toBe((day?.appBalance ?? 0) - unconfirmed);
  });

  async function balanceOfUpTo(date: string) {
    const rows = await db().select().from(accountMovements).where(eq(accountMovements.accountId, ids.account));
    return rows.filter((r) => r.date <= date).reduce((s, r) => s + r.amount, 0);
  }

  it('keeps reconciliation to its organization, its unit and who may reconcile, storing nothing', async () => {
    const movementId = await paidMovement(4_000, 'NF-540');
    const [lineId = ''] = await lines([{ date: '2026-11-05', amount: -4_000, memo: 'DEBITO' }]);
    const links = await linkCount();
    const request = { accountId: ids.account, lines: [{ lineId }], movements: [{ movementId }] };

    const outro = await d.as('outro', d.elsewhere);
    expect(await codeOf(outro.banking.reconciliation.reconcile(request))).toBe('BAD_REQUEST');
    expect(await messageOf(outro.banking.reconciliation.reconcile(request))).toMatch(/^Conta não encontrada/);
    expect(await codeOf(outro.banking.reconciliation.reconcile({ ...request, accountId: ids.other }))).toBe(
      'NOT_FOUND',
    );
    expect(await messageOf(outro.banking.reconciliation.reconcile({ ...request, accountId: ids.other }))).toBe(
      'Linha do extrato não encontrada nesta conta.',
    );
    expect(
      await codeOf(outro.banking.reconciliation.createEntry({ lineId, classificationId: ids.fees, description: 'x' })),
    ).toBe('NOT_FOUND');
    expect(
      await codeOf(outro.banking.reconciliation.get({ accountId: ids.account, from: '2026-11-01', to: '2026-11-30' })),
    ).toBe('BAD_REQUEST');

    // Per profile: the finance team and the administrator reconcile; a requester does not.
    const period = { accountId: ids.account, from: '2026-11-01', to: '2026-11-30' };
    for (const [username, code] of [
      ['admin', 'OK'],
      ['tesouraria', 'OK'],
      ['solicitante', 'FORBIDDEN'],
    ] as const) {
      const caller = await d.as(username, d.matriz);
      expect(await codeOf(caller.banking.reconciliation.suggest(period))).toBe(code);
      expect(await codeOf(caller.banking.rules.list())).toBe(code);
    }
    const solicitante = await d.as('solicitante', d.matriz);
    expect(await codeOf(solicitante.banking.reconciliation.reconcile(request))).toBe('FORBIDDEN');
    const semPermissao = await d.as('sem-conciliacao', d.matriz);
    expect(await codeOf(semPermissao.banking.reconciliation.reconcile(request))).toBe('FORBIDDEN');
    expect(
      await codeOf(
        semPermissao.banking.reconciliation.suggest({ accountId: ids.account, from: '2026-11-01', to: '2026-11-30' }),
      ),
    ).toBe('FORBIDDEN');
    expect(await codeOf(semPermissao.banking.rules.list())).toBe('FORBIDDEN');
    expect(await linkCount()).toBe(links);
    expect((await linesOf(db(), [lineId]))[0]).toMatchObject({ reconciled: 0, status: 'open' });

    // Reconciling is no back door to the books: who may only reconcile links what the ledger already holds, but
    // settles no bill, writes no entry and sets no rule that would write them.
    const soConciliacao = await d.as('so-conciliacao', d.matriz);
    // The accounts to reconcile are offered without the permission to read their statements.
    expect((await soConciliacao.banking.reconciliation.accounts()).map((a) => a.id)).toContain(ids.account);
    expect(await codeOf(soConciliacao.ledger.statement.balances({}))).toBe('FORBIDDEN');
    expect(await codeOf(solicitante.banking.reconciliation.accounts())).toBe('FORBIDDEN');
    expect((await outro.banking.reconciliation.accounts()).map((a) => a.id)).not.toContain(ids.account);
    const { installments } = await newBill({ documentNumber: 'NF-541' });
    const [billLine = ''] = await lines([{ date: '2026-11-05', amount: -100_000, memo: 'PAGTO NF-541' }]);
    const settle = {
      accountId: ids.account,
      lines: [{ lineId: billLine }],
      installments: [{ installmentId: installments[0]?.id ?? '' }],
    };
    expect(await codeOf(soConciliacao.banking.reconciliation.reconcile(settle))).toBe('FORBIDDEN');
    expect(await messageOf(soConciliacao.banking.reconciliation.reconcile(settle))).toBe(
      'Seu perfil não tem permissão para esta ação.',
    );
    expect(
      await codeOf(
        soConciliacao.banking.reconciliation.createEntry({ lineId, classificationId: ids.fees, description: 'Tarifa' }),
      ),
    ).toBe('FORBIDDEN');
    expect(
      await codeOf(
        soConciliacao.banking.rules.create({
          memoContains: 'TARIFA',
          classificationId: ids.fees,
          description: 'Tarifa',
        }),
      ),
    ).toBe('FORBIDDEN');
    expect(await installment(installments[0]?.id ?? '')).toMatchObject({ settled: 0, status: 'open' });
    expect(await codeOf(soConciliacao.banking.reconciliation.reconcile(request))).toBe('OK');
    expect(await reconciledOfMovement(movementId)).toBe(4_000);
  });

  it('refuses bad input with pt-BR messages', async () => {
    const [lineId = ''] = await lines([{ date: '2026-11-05', amount: -1_000, memo: 'DEBITO' }]);
    const entry = { lineId, classificationId: ids.fees, description: 'Tarifa' };
    const cases: [() => Promise<unknown>, string][] = [
      [
        () => fin.banking.reconciliation.createEntry({ ...entry, description: 'x'.repeat(201) }),
        'Use até 200 caracteres.',
      ],
      [() => fin.banking.reconciliation.createEntry({ ...entry, description: 'Tarifa\u0000' }), 'caractere nulo'],
      [() => fin.banking.reconciliation.createEntry({ ...entry, description: '  ' }), 'Descreva o lançamento.'],
      [() => fin.banking.reconciliation.createEntry({ ...entry, lineId: 'abc' }), 'Linha do extrato inválida.'],
      [
        () => fin.banking.reconciliation.reconcile({ accountId: ids.account, lines: [{ lineId }] } as never),
        'Escolha ao menos um movimento ou uma parcela para conciliar com o extrato.',
      ],
      [
        () =>
          fin.banking.reconciliation.reconcile({
            accountId: ids.account,
            lines: [{ lineId, amount: -5 }],
            movements: [{ movementId: lineId }],
          }),
        'O valor deve ser maior que zero.',
      ],
      [
        () =>
          fin.banking.reconciliation.reconcile({
            accountId: ids.account,
            lines: [{ lineId: 42 }],
            movements: [],
          } as never),
        'inválid',
      ],
      [
        () => fin.banking.reconciliation.suggest({ accountId: ids.account, from: '2026-11-30', to: '2026-11-01' }),
        'A data final não pode ser antes da inicial.',
      ],
      [
        () => fin.banking.reconciliation.suggest({ accountId: ids.account, from: '2024-01-01', to: '2026-11-01' }),
        'Escolha um período de até 366 dias.',
      ],
      [
        () =>
          fin.banking.reconciliation.reconcile({
            accountId: ids.account,
            lines: [{ lineId }],
            movements: [{ movementId: crypto.randomUUID() }],
          }),
        'Movimento não encontrado nesta conta.',
      ],
    ];
    for (const [call, expected] of cases) expect(await messageOf(call())).toContain(expected);
    expect((await linesOf(db(), [lineId]))[0]).toMatchObject({ reconciled: 0 });
    const [stored] = await db()
      .select({ n: count() })
      .from(bankStatementLines)
      .where(eq(bankStatementLines.id, lineId));
    expect(stored?.n).toBe(1);
  });
});

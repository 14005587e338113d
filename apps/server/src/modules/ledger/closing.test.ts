import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { formatCalendarDate, todayInSaoPaulo, type DocumentCreateInput } from '@financeiro/core';
import { now } from '../../clock';
import { withTenant } from '../../db/tenant';
import { codeOf, messageOf } from '../../test/callers';
import { startDemoApp, type DemoApp } from '../../test/demo';
import { storeLines } from '../../test/bank-lines';
import { memberWith } from '../../test/members';
import { orderIn, setUpPurchasing } from '../../test/purchasing-fixtures';
import { eventLog } from '../audit/schema';
import { units } from '../tenancy/schema';
import { accountMovements, ledgerClosedMonths, ledgerDocuments, ledgerPayments } from './schema';
import { newAccount, newClassification, newCostCentre, newParty, type Callers } from '../../test/ledger-fixtures';

const SERRA_AZUL = readFileSync(
  new URL('../../../../../packages/core/src/purchasing/fixtures/nfe/three-duplicatas.xml', import.meta.url),
  'utf8',
);

describe('closing a month (fechamento): per unit, nothing dated in a closed month is written', () => {
  let d: DemoApp;
  let admin: Callers;
  let fin: Callers;
  const ids = { supplier: '', classification: '', centre: '', account: '', investment: '' };
  const db = () => d.t.database.db;
  const closedToday = () => formatCalendarDate(todayInSaoPaulo(now()));
  const MARCH_CLOSED = () =>
    `Março/2026 está fechado para a unidade Matriz (fechado por Ana Administradora em ${closedToday()}): reabra o mês para lançar nele.`;

  const bill = (overrides: Partial<DocumentCreateInput> = {}): DocumentCreateInput => ({
    kind: 'payable',
    partyId: ids.supplier,
    description: 'Manutenção do ar-condicionado',
    documentType: 'nfe',
    issueDate: '2026-03-05',
    competence: '03/2026',
    grossAmount: 100_000,
    lines: [{ classificationId: ids.classification, costCentreId: ids.centre, share: 10_000 }],
    installments: [
      { dueDate: '2026-04-20', amount: 50_000 },
      { dueDate: '2026-05-20', amount: 50_000 },
    ],
    ...overrides,
  });
  const pay = (installmentId: string, paidDate: string, principal = 50_000) => ({
    kind: 'payable' as const,
    paidDate,
    accountId: ids.account,
    items: [{ installmentId, principal }],
  });
  const entry = (date: string) => ({
    accountId: ids.account,
    date,
    direction: 'out' as const,
    amount: 4_590,
    classificationId: ids.classification,
    description: 'Tarifa bancária',
  });
  const transfer = (date: string) => ({
    fromAccountId: ids.account,
    toAccountId: ids.investment,
    date,
    amount: 10_000,
  });
  const stored = async () => {
    const [documents] = await db().select({ n: count() }).from(ledgerDocuments);
    const [payments] = await db().select({ n: count() }).from(ledgerPayments);
    const [movements] = await db().select({ n: count() }).from(accountMovements);
    return { documents: documents?.n, payments: payments?.n, movements: movements?.n };
  };
  const closedRows = async () => (await db().select({ n: count() }).from(ledgerClosedMonths))[0]?.n ?? 0;
  /** The call is refused with the closed month's words, and nothing of the books changed. */
  async function refusedInMarch(call: () => Promise<unknown>) {
    const before = await stored();
    const promise = call();
    expect(await messageOf(promise)).toBe(MARCH_CLOSED());
    expect(await codeOf(call())).toBe('CONFLICT');
    expect(await stored()).toEqual(before);
  }

  beforeAll(async () => {
    d = await startDemoApp();
    admin = await d.as('admin', d.matriz);
    fin = await d.as('financeiro', d.matriz);
    ids.supplier = await newParty(admin, {
      roles: ['supplier'],
      document: '46.301.928/0001-07',
      name: 'Frio Bom Ltda',
    });
    ids.classification = await newClassification(admin, 'Manutenção');
    ids.centre = await newCostCentre(admin, 'Operações');
    ids.account = await newAccount(admin, d.matriz.unitId, 'Conta movimento');
    ids.investment = await newAccount(admin, d.matriz.unitId, 'Aplicação');
    await memberWith(db(), d.matriz, 'fechador', ['fechar_mes']);
  });
  afterAll(() => d?.t.close());

  it('lists the months, closes one with who and when, refuses closing it twice, and reopens it with a reason in the event log', async () => {
    const months = await admin.ledger.closing.list({ year: 2026 });
    expect(months).toHaveLength(12);
    expect(months.every((m) => !m.closed)).toBe(true);

    await admin.ledger.closing.close({ month: '01/2026' });
    const [january] = await admin.ledger.closing.list({ year: 2026 });
    expect(january).toMatchObject({ month: '2026-01-01', label: 'Janeiro/2026', closed: true });
    expect(january?.closedByName).toBe('Ana Administradora');

    const twice = admin.ledger.closing.close({ month: '2026-01' });
    expect(await messageOf(twice)).toBe(
      `Janeiro/2026 já está fechado para a unidade Matriz (fechado por Ana Administradora em ${closedToday()}).`,
    );
    expect(await codeOf(admin.ledger.closing.close({ month: '2026-01' }))).toBe('CONFLICT');
    expect(await closedRows()).toBe(1);

    expect(await codeOf(admin.ledger.closing.reopen({ month: '02/2026', reason: 'Engano' }))).toBe('CONFLICT');
    expect(await messageOf(admin.ledger.closing.reopen({ month: '02/2026', reason: 'Engano' }))).toBe(
      'Fevereiro/2026 não está fechado para a unidade Matriz.',
    );
    expect(await messageOf(admin.ledger.closing.reopen({ month: '01/2026', reason: '   ' }))).toContain(
      'Informe o motivo da reabertura.',
    );
    expect(await codeOf(admin.ledger.closing.reopen({ month: '01/2026' } as never))).toBe('BAD_REQUEST');
    expect(await closedRows()).toBe(1);

    await admin.ledger.closing.reopen({ month: '01/2026', reason: 'Nota de janeiro chegou atrasada' });
    expect((await admin.ledger.closing.list({ year: 2026 }))[0]?.closed).toBe(false);
    const events = await db()
      .select({ action: eventLog.action, after: eventLog.after })
      .from(eventLog)
      .where(and(eq(eventLog.entity, 'unit'), eq(eventLog.entityId, d.matriz.unitId)));
    expect(events.map((e) => e.action)).toEqual(['unit.close_month', 'unit.reopen_month']);
    expect(events[1]?.after).toEqual({ month: '2026-01-01', reason: 'Nota de janeiro chegou atrasada' });
  });

  it('takes the permission fechar_mes: a profile without it may read the months but gets FORBIDDEN closing', async () => {
    expect(await fin.ledger.closing.list({ year: 2026 })).toHaveLength(12);
    expect(await codeOf(fin.ledger.closing.close({ month: '02/2026' }))).toBe('FORBIDDEN');
    expect(await codeOf(fin.ledger.closing.reopen({ month: '02/2026', reason: 'x' }))).toBe('FORBIDDEN');
    const requester = await d.as('solicitante', d.matriz);
    expect(await codeOf(requester.ledger.closing.list({ year: 2026 }))).toBe('FORBIDDEN');
    expect(await closedRows()).toBe(0);

    const closer = await d.as('fechador', d.matriz);
    await closer.ledger.closing.close({ month: '02/2026' });
    expect((await closer.ledger.closing.list({ year: 2026 }))[1]).toMatchObject({
      closed: true,
      closedByName: 'fechador',
    });
    await closer.ledger.closing.reopen({ month: '02/2026', reason: 'Teste do perfil' });
    expect(await closedRows()).toBe(0);
  });

  it("keeps a unit's closed months under row-level security: another organization or unit sees none", async () => {
    await admin.ledger.closing.close({ month: '05/2026' });
    const [row] = await db().select().from(ledgerClosedMonths);
    const [filial] = await db().select().from(units).where(eq(units.slug, 'filial-campinas'));
    const seen = (at: { userId: string; organizationId: string; unitId: string }) =>
      withTenant(db(), at, async (tx) => (await tx.select().from(ledgerClosedMonths)).length);
    expect(await seen({ userId: row?.closedBy ?? '', ...d.matriz })).toBe(1);
    expect(await seen({ userId: d.other.userId, ...d.elsewhere })).toBe(0);
    expect(await seen({ userId: row?.closedBy ?? '', ...d.matriz, unitId: filial?.id ?? '' })).toBe(0);
    // The Filial's books take May.
    const filialAdmin = await d.as('admin', { ...d.matriz, unitId: filial?.id ?? '' });
    expect((await filialAdmin.ledger.closing.list({ year: 2026 }))[4]?.closed).toBe(false);
    await admin.ledger.closing.reopen({ month: '05/2026', reason: 'Teste de isolamento' });
  });

  it('refuses bad input in pt-BR and stores nothing', async () => {
    for (const month of ['0000-01', '9999-12', '13/2026', '\u0000', 'x'.repeat(70_000), '']) {
      expect(await codeOf(admin.ledger.closing.close({ month }))).toBe('BAD_REQUEST');
    }
    expect(await messageOf(admin.ledger.closing.close({ month: '9999-12' }))).toContain(
      'Competência inválida: use MM/AAAA.',
    );
    expect(await codeOf(admin.ledger.closing.close({ month: 202603 } as never))).toBe('BAD_REQUEST');
    expect(await codeOf(admin.ledger.closing.list({ year: 9999 }))).toBe('BAD_REQUEST');
    expect(await codeOf(admin.ledger.closing.list({ year: 0 }))).toBe('BAD_REQUEST');
    expect(await messageOf(admin.ledger.closing.reopen({ month: '03/2026', reason: 'x'.repeat(501) }))).toContain(
      'Use até 500 caracteres.',
    );
    // A month that has not begun cannot be closed.
    expect(await messageOf(admin.ledger.closing.close({ month: '12/2199' }))).toBe(
      'Dezembro/2199 ainda não começou: só se fecha um mês já iniciado.',
    );
    expect(await closedRows()).toBe(0);
  });

  it("is per organization and unit: another organization's unit is refused, and its closed month leaves ours open", async () => {
    const outsider = await d.as('outro', d.matriz);
    expect(await codeOf(outsider.ledger.closing.close({ month: '03/2026' }))).toBe('FORBIDDEN');
    expect(await codeOf(outsider.ledger.closing.list({ year: 2026 }))).toBe('FORBIDDEN');
    const outro = await d.as('outro', d.elsewhere);
    await outro.ledger.closing.close({ month: '03/2026' });
    expect((await outro.ledger.closing.list({ year: 2026 }))[2]?.closed).toBe(true);
    expect((await admin.ledger.closing.list({ year: 2026 }))[2]?.closed).toBe(false);
    // A write of Matriz in March goes on.
    const { id } = await fin.ledger.documents.create(bill({ description: 'Março de outra organização fechado' }));
    await fin.ledger.documents.cancel({ kind: 'payable', ids: [id], reason: 'Só um teste' });
    await outro.ledger.closing.reopen({ month: '03/2026', reason: 'Teste' });
  });

  it('refuses every write dated in the closed month, on either basis, allows the open ones, and allows them again once reopened', async () => {
    // Written while March was open.
    const march = await fin.ledger.documents.create(bill());
    const marchDocument = await fin.ledger.documents.get({ id: march.id });
    const [first, second] = marchDocument.installments;
    const marchPayment = await fin.ledger.payments.settle(pay(first?.id ?? '', '2026-03-20'));
    const marchTransfer = await fin.ledger.movements.transfer(transfer('2026-03-10'));
    const april = await fin.ledger.documents.create(
      bill({ issueDate: '2026-04-02', competence: '04/2026', description: 'Revisão de abril' }),
    );
    const aprilDocument = await fin.ledger.documents.get({ id: april.id });
    const [marchLine, aprilLine] = await storeLines(db(), d.matriz, ids.account, [
      { date: '2026-03-31', amount: -4_590, memo: 'TARIFA MARCO' },
      { date: '2026-04-30', amount: -4_590, memo: 'TARIFA ABRIL' },
    ]);

    const marchVersion = (await fin.ledger.documents.get({ id: march.id })).version;
    await admin.ledger.closing.close({ month: '03/2026' });

    // Documents by competence (whatever their issue date): created, changed, cancelled, rescheduled, from an NF-e.
    await refusedInMarch(() => fin.ledger.documents.create(bill()));
    await refusedInMarch(() => fin.ledger.documents.create(bill({ issueDate: '2026-04-01', competence: '03/2026' })));
    await refusedInMarch(() =>
      fin.ledger.documents.update({ ...bill({ description: 'Mudou' }), id: march.id, version: marchVersion }),
    );
    await refusedInMarch(() =>
      fin.ledger.documents.update({
        ...bill({ issueDate: '2026-04-02', competence: '03/2026' }),
        id: april.id,
        version: aprilDocument.version,
      }),
    );
    await refusedInMarch(() => fin.ledger.documents.cancel({ kind: 'payable', ids: [march.id], reason: 'Duplicado' }));
    await refusedInMarch(() =>
      fin.ledger.documents.reschedule({ kind: 'payable', installmentIds: [second?.id ?? ''], dueDate: '2026-06-20' }),
    );
    await refusedInMarch(() =>
      admin.ledger.documents.nfeImport({
        files: [{ fileName: 'serra.xml', xml: SERRA_AZUL }],
        classificationId: ids.classification,
        costCentreId: ids.centre,
        idempotencyKey: uuidv7(),
      }),
    );
    // Money: a payment dated in March, the reversal of March's payment, movements and their reversal.
    await refusedInMarch(() => fin.ledger.payments.settle(pay(second?.id ?? '', '2026-03-31')));
    await refusedInMarch(() => fin.ledger.payments.reverse({ paymentId: marchPayment.paymentId, reason: 'Errado' }));
    await refusedInMarch(() => fin.ledger.movements.transfer(transfer('2026-03-12')));
    await refusedInMarch(() => fin.ledger.movements.createEntry(entry('2026-03-31')));
    await refusedInMarch(() =>
      fin.ledger.movements.reverse({ movementId: marchTransfer.movementIds[0], reason: 'Errado' }),
    );
    // The bank reconciliation of a March line, and an entry made from it.
    await refusedInMarch(() => fin.banking.reconciliation.createEntry({ lineId: marchLine ?? '', ...entryOf() }));

    // What falls in April goes on: a note issued in March booked in April's competence (the issue date moves neither
    // basis), changed and cancelled there; a March bill paid in April, an April bill changed, April's movements and lines.
    const lateNote = await fin.ledger.documents.create(
      bill({ issueDate: '2026-03-30', competence: '04/2026', description: 'Nota emitida em março' }),
    );
    const lateDocument = await fin.ledger.documents.get({ id: lateNote.id });
    expect(lateDocument).toMatchObject({ issueDate: '2026-03-30', competence: '2026-04-01' });
    const [lateFirst] = lateDocument.installments;
    await fin.ledger.documents.reschedule({
      kind: 'payable',
      installmentIds: [lateFirst?.id ?? ''],
      dueDate: '2026-04-25',
    });
    await fin.ledger.documents.cancel({ kind: 'payable', ids: [lateNote.id], reason: 'Lançada em duplicidade' });
    const aprilPayment = await fin.ledger.payments.settle(pay(second?.id ?? '', '2026-04-10'));
    await fin.ledger.payments.reverse({ paymentId: aprilPayment.paymentId, reason: 'Conta errada' });
    await fin.ledger.documents.update({
      ...bill({ issueDate: '2026-04-02', competence: '04/2026', description: 'Revisão de abril (corrigida)' }),
      id: april.id,
      version: aprilDocument.version,
    });
    const aprilEntry = await fin.ledger.movements.createEntry(entry('2026-04-30'));
    await refusedInMarch(() =>
      fin.banking.reconciliation.reconcile({
        accountId: ids.account,
        lines: [{ lineId: marchLine ?? '' }],
        movements: [{ movementId: aprilEntry.movementId }],
      }),
    );
    await fin.banking.reconciliation.reconcile({
      accountId: ids.account,
      lines: [{ lineId: aprilLine ?? '' }],
      movements: [{ movementId: aprilEntry.movementId }],
    });
    await fin.ledger.movements.transfer(transfer('2026-04-12'));

    // Reopened, March takes writes again.
    await admin.ledger.closing.reopen({ month: '03/2026', reason: 'Nota de março chegou atrasada' });
    await fin.ledger.documents.create(bill({ description: 'Nota atrasada de março' }));
    await fin.ledger.payments.reverse({ paymentId: marchPayment.paymentId, reason: 'Pago em duplicidade' });
    await fin.ledger.movements.createEntry(entry('2026-03-31'));
  });

  it('refuses concluding a purchase order into a payable of a closed month, and concludes it into an open one', async () => {
    const s = await setUpPurchasing(d);
    const requester = await d.as('solicitante', s.compras);
    const order = await orderIn(s, { requester, approver: await d.as('admin', d.org) }, 'aprovada');
    const buyer = await d.as('financeiro', d.org);
    await admin.ledger.closing.close({ month: '06/2026' });
    const conclusion = (issueDate: string, competence?: string) => ({
      id: order.id,
      version: order.version,
      issueDate,
      competence,
      installments: [{ dueDate: '2026-07-20', amount: order.total }],
    });
    // The dialog asks which month a conclusion issued in June books in: June is closed, July the first open one.
    expect(await buyer.purchasing.competence({ id: order.id, issueDate: '2026-06-10' })).toEqual({
      issueDate: '2026-06-10',
      competence: '2026-06-01',
      firstOpenMonth: '2026-07-01',
    });
    expect(await buyer.purchasing.competence({ id: order.id, issueDate: '2026-05-31' })).toMatchObject({
      firstOpenMonth: null,
    });
    const before = await stored();
    expect(await messageOf(buyer.purchasing.conclude(conclusion('2026-06-10')))).toBe(
      MARCH_CLOSED().replace('Março/2026', 'Junho/2026'),
    );
    expect(await codeOf(buyer.purchasing.conclude(conclusion('2026-06-10', '06/2026')))).toBe('CONFLICT');
    expect(await messageOf(buyer.purchasing.conclude(conclusion('2026-06-10', '05/2026')))).toBe(
      'A competência maio/2026 é anterior à emissão da nota (10/06/2026): escolha junho/2026 ou um mês posterior.',
    );
    expect(await stored()).toEqual(before);
    // Issued in June, booked in July's competence as the person chose: the payable keeps June's issue date.
    const { payableId } = await buyer.purchasing.conclude(conclusion('2026-06-10', '07/2026'));
    expect(await fin.ledger.documents.get({ id: payableId })).toMatchObject({
      issueDate: '2026-06-10',
      competence: '2026-07-01',
    });
    expect((await stored()).documents).toBe((before.documents ?? 0) + 1);
    await admin.ledger.closing.reopen({ month: '06/2026', reason: 'Fim do teste' });
  });

  it('books an NF-e issued in a closed month in the first open month after it only when asked, with its true issue date', async () => {
    await admin.ledger.closing.close({ month: '03/2026' });
    await admin.ledger.closing.close({ month: '04/2026' });
    const file = (competence?: string) => ({ fileName: 'serra.xml', xml: SERRA_AZUL, competence });
    const importing = (competence?: string) =>
      admin.ledger.documents.nfeImport({
        files: [file(competence)],
        classificationId: ids.classification,
        costCentreId: ids.centre,
        idempotencyKey: uuidv7(),
      });
    // The preview says the note's month is closed and proposes the first open one (March and April are closed).
    const [row] = await admin.ledger.documents.nfePreview({ files: [file()] });
    expect(row).toMatchObject({ issueDate: '2026-03-10', competence: '2026-03-01', firstOpenMonth: '2026-05-01' });

    // Without a choice the note is refused as before; a closed or earlier month chosen is refused too.
    await refusedInMarch(() => importing());
    await refusedInMarch(() => importing('03/2026'));
    expect(await messageOf(importing('04/2026'))).toBe(MARCH_CLOSED().replace('Março/2026', 'Abril/2026'));
    expect(await codeOf(importing('04/2026'))).toBe('CONFLICT');
    expect(await messageOf(importing('02/2026'))).toBe(
      'A competência fevereiro/2026 é anterior à emissão da nota (10/03/2026): escolha março/2026 ou um mês posterior.',
    );

    // The first open month chosen, the note is booked there with its true issue date.
    const { ids: created } = await importing('05/2026');
    expect(await admin.ledger.documents.get({ id: created[0] ?? '' })).toMatchObject({
      issueDate: '2026-03-10',
      competence: '2026-05-01',
      documentType: 'nfe',
    });
    const [again] = await admin.ledger.documents.nfePreview({ files: [file()] });
    expect(again?.importedDocumentId).toBe(created[0]);

    // With April reopened the proposal is April; with both reopened the note's month is open and nothing is proposed.
    await admin.ledger.closing.reopen({ month: '04/2026', reason: 'Fim do teste' });
    expect((await admin.ledger.documents.nfePreview({ files: [file()] }))[0]?.firstOpenMonth).toBe('2026-04-01');
    await admin.ledger.closing.reopen({ month: '03/2026', reason: 'Fim do teste' });
    expect((await admin.ledger.documents.nfePreview({ files: [file()] }))[0]?.firstOpenMonth).toBeNull();
  });

  it('leaves the bank lines of a closed month out of the suggestions, so accepting them all reconciles the open ones', async () => {
    const [augustLine, septemberLine] = await storeLines(db(), d.matriz, ids.account, [
      { date: '2026-08-28', amount: -7_310, memo: 'TARIFA PACOTE SERVICOS' },
      { date: '2026-09-28', amount: -7_320, memo: 'TARIFA PACOTE SERVICOS' },
    ]);
    await fin.ledger.movements.createEntry({ ...entry('2026-08-28'), amount: 7_310 });
    await fin.ledger.movements.createEntry({ ...entry('2026-09-28'), amount: 7_320 });
    const period = { accountId: ids.account, from: '2026-08-01', to: '2026-09-30' };
    const suggested = async () => (await fin.banking.reconciliation.suggest(period)).flatMap((s) => s.lineIds);
    expect((await suggested()).sort()).toEqual([augustLine, septemberLine].sort());

    await admin.ledger.closing.close({ month: '08/2026' });
    expect(await suggested()).toEqual([septemberLine]);
    expect(await fin.banking.reconciliation.acceptAll({ ...period, threshold: 50 })).toMatchObject({ reconciled: 1 });
    const view = await fin.banking.reconciliation.get({ ...period, page: 1, pageSize: 50 });
    expect(view.lines.rows.map((l) => [l.memo, l.date, l.status])).toEqual(
      expect.arrayContaining([
        ['TARIFA PACOTE SERVICOS', '2026-08-28', 'open'],
        ['TARIFA PACOTE SERVICOS', '2026-09-28', 'reconciled'],
      ]),
    );
    await admin.ledger.closing.reopen({ month: '08/2026', reason: 'Fim do teste' });
    expect(await suggested()).toEqual([augustLine]);
  });

  it('reconciles a late bank line of a closed month only booked on the first open day after it, as the person chose', async () => {
    // A supplier's bill of June paid by the bank on 30/06, the line arriving after June (and July) were closed.
    const june = await fin.ledger.documents.create(
      bill({
        issueDate: '2026-06-05',
        competence: '06/2026',
        description: 'Manutenção de junho',
        installments: [{ dueDate: '2026-06-30', amount: 100_000 }],
      }),
    );
    const [installment] = (await fin.ledger.documents.get({ id: june.id })).installments;
    const [lateLine] = await storeLines(db(), d.matriz, ids.account, [
      { date: '2026-06-30', amount: -100_000, memo: 'PAG BOLETO FRIO BOM' },
    ]);
    await admin.ledger.closing.close({ month: '06/2026' });
    await admin.ledger.closing.close({ month: '07/2026' });
    const request = (bookOn?: string) => ({
      accountId: ids.account,
      lines: [{ lineId: lateLine ?? '' }],
      installments: [{ installmentId: installment?.id ?? '', principal: 100_000 }],
      ...(bookOn === undefined ? {} : { bookOn }),
    });
    const stillOpen = async () => (await fin.ledger.documents.get({ id: june.id })).installments[0]?.status;

    // On its own date it is refused as every write of June; on another day than August's first it is refused too.
    expect(await codeOf(fin.banking.reconciliation.reconcile(request()))).toBe('CONFLICT');
    expect(await messageOf(fin.banking.reconciliation.reconcile(request('2026-07-01')))).toBe(
      'Junho/2026 está fechado: a linha de 30/06/2026 é lançada em 01/08/2026, o primeiro dia do primeiro mês aberto.',
    );
    expect(await codeOf(fin.banking.reconciliation.reconcile(request('2026-08-15')))).toBe('BAD_REQUEST');
    expect(await codeOf(fin.banking.reconciliation.reconcile(request('2026-13-01')))).toBe('BAD_REQUEST');
    expect(await stillOpen()).toBe('open');

    // Booked on 01/08: the bill is paid on that day, the line reconciled with its own date kept.
    await fin.banking.reconciliation.reconcile(request('2026-08-01'));
    const paid = await fin.ledger.documents.get({ id: june.id });
    expect(paid.installments[0]?.status).toBe('paid');
    expect(paid.payments.map((p) => p.paidDate)).toEqual(['2026-08-01']);
    const view = await fin.banking.reconciliation.get({
      accountId: ids.account,
      from: '2026-06-01',
      to: '2026-06-30',
      page: 1,
      pageSize: 50,
    });
    expect(view.lines.rows.find((l) => l.id === lateLine)).toMatchObject({ date: '2026-06-30', status: 'reconciled' });

    // A line of an open month keeps its own date: asking for another is refused.
    await admin.ledger.closing.reopen({ month: '07/2026', reason: 'Fim do teste' });
    await admin.ledger.closing.reopen({ month: '06/2026', reason: 'Fim do teste' });
    const [openLine] = await storeLines(db(), d.matriz, ids.account, [
      { date: '2026-06-29', amount: -4_590, memo: 'TARIFA' },
    ]);
    const fee = await fin.ledger.movements.createEntry(entry('2026-06-29'));
    const early = fin.banking.reconciliation.reconcile({
      accountId: ids.account,
      lines: [{ lineId: openLine ?? '' }],
      movements: [{ movementId: fee.movementId }],
      bookOn: '2026-07-01',
    });
    expect(await messageOf(early)).toBe('Junho/2026 está aberto: concilie a linha de 29/06/2026 na data dela.');
  });

  it("tells the reports the months closed in every unit they cover: the chosen unit's, or all of the organization's", async () => {
    const unitIds = (
      await db().select({ id: units.id }).from(units).where(eq(units.organizationId, d.matriz.organizationId))
    ).map((u) => u.id);
    expect(unitIds.length).toBeGreaterThan(1);
    const filialId = unitIds.find((id) => id !== d.matriz.unitId) ?? '';
    const adminIn = (unitId: string) => d.as('admin', { ...d.matriz, unitId });
    await admin.ledger.closing.close({ month: '01/2026' });
    for (const unitId of unitIds) await (await adminIn(unitId)).ledger.closing.close({ month: '02/2026' });

    const period = { from: '2026-01-01', to: '2026-03-01' };
    const organizationWide = await d.as('admin', d.org);
    expect(await organizationWide.reports.closedMonths({ ...period, unitId: d.matriz.unitId })).toEqual([
      '2026-01-01',
      '2026-02-01',
    ]);
    expect(await organizationWide.reports.closedMonths({ ...period, unitId: filialId })).toEqual(['2026-02-01']);
    // January is open in the other units: for the whole organization only February is closed.
    expect(await organizationWide.reports.closedMonths(period)).toEqual(['2026-02-01']);
    // Asked with Matriz selected, the same answer; the unit's own reads stay narrowed to Matriz afterwards.
    expect(await admin.reports.closedMonths(period)).toEqual(['2026-02-01']);
    expect(await admin.reports.closedMonths({ ...period, to: '2026-01-01' })).toEqual([]);
    expect((await admin.ledger.closing.list({ year: 2026 })).filter((m) => m.closed).map((m) => m.month)).toEqual([
      '2026-01-01',
      '2026-02-01',
    ]);
    expect(await codeOf(organizationWide.reports.closedMonths({ ...period, unitId: d.elsewhere.unitId }))).toBe(
      'BAD_REQUEST',
    );
    expect(await codeOf((await d.as('outro', d.org)).reports.closedMonths(period))).toBe('FORBIDDEN');

    await admin.ledger.closing.reopen({ month: '01/2026', reason: 'Fim do teste' });
    for (const unitId of unitIds)
      await (await adminIn(unitId)).ledger.closing.reopen({ month: '02/2026', reason: 'Fim do teste' });
  });

  /** The fields of a manual entry made from a bank line. */
  function entryOf() {
    return { classificationId: ids.classification, description: 'Tarifa bancária' };
  }
});

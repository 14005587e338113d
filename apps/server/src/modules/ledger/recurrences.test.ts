import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  addDays,
  addMonths,
  periodsBetween,
  RECURRENCE_HORIZON_DAYS,
  todayInSaoPaulo,
  type RecurrenceCreateInput,
} from '@financeiro/core';
import { codeOf, messageOf } from '../../test/callers';
import { startDemoApp, type DemoApp } from '../../test/demo';
import { memberWith } from '../../test/members';
import { ledgerDocuments, ledgerRecurrences } from './schema';
import { generateDueRecurrences } from './recurrences';
import {
  generatedDocuments,
  newClassification,
  newCostCentre,
  newParty,
  type Callers,
} from '../../test/ledger-fixtures';

const silent = { info: () => undefined, error: () => undefined };

describe('ledger recurrences: recurring documents generated ahead by the worker', () => {
  let d: DemoApp;
  let admin: Callers;
  const today = todayInSaoPaulo();
  const ids = { supplier: '', classification: '', centre: '', otherParty: '' };

  const rent = (overrides: Partial<RecurrenceCreateInput> = {}): RecurrenceCreateInput => ({
    kind: 'payable',
    partyId: ids.supplier,
    description: 'Aluguel da sede',
    amount: 500_000,
    lines: [{ classificationId: ids.classification, costCentreId: ids.centre, share: 10_000 }],
    periodicity: 'monthly',
    dueDay: 31,
    startDate: addMonths(today, -2, 1),
    ...overrides,
  });

  const documentsOf = (recurrenceId: string) => generatedDocuments(d.t.database.db, { recurrenceId });

  const stored = async () => {
    const db = d.t.database.db;
    const [recurrences] = await db.select({ n: count() }).from(ledgerRecurrences);
    const [documents] = await db.select({ n: count() }).from(ledgerDocuments);
    return { recurrences: recurrences?.n ?? 0, documents: documents?.n ?? 0 };
  };

  /** The due dates a monthly recurrence on `dueDay` has from its start up to `until` plus the horizon. */
  const expectedDueDates = (startDate: string, dueDay: number, until: string, endDate: string | null = null) =>
    periodsBetween({ startDate, endDate, months: 1, dueDay }, startDate, addDays(until, RECURRENCE_HORIZON_DAYS)).map(
      (p) => p.dueDate,
    );

  beforeAll(async () => {
    d = await startDemoApp();
    admin = await d.as('admin', d.matriz);
    ids.supplier = await newParty(admin, {
      roles: ['supplier'],
      document: '11.222.333/0001-81',
      name: 'Imobiliária Aluga Bem',
    });
    ids.classification = await newClassification(admin, 'Aluguéis');
    ids.centre = await newCostCentre(admin, 'Sede');
    ids.otherParty = await newParty(await d.as('outro', d.elsewhere), {
      roles: ['supplier'],
      document: '11.444.777/0001-61',
      name: 'Fornecedor de Outra',
    });
    await memberWith(d.t.database.db, d.matriz, 'leitor', ['ler_contas_pagar']);
    await memberWith(d.t.database.db, d.matriz, 'recebedor', ['ler_contas_receber', 'editar_contas_receber']);
  });
  afterAll(() => d?.t.close());

  it('generates the documents due up to the horizon when created, on the due day clamped to the month', async () => {
    const { id } = await admin.ledger.recurrences.create(rent());
    const rows = await documentsOf(id);
    expect(rows.map((r) => r.dueDate)).toEqual(expectedDueDates(addMonths(today, -2, 1), 31, today));
    for (const row of rows) {
      expect(row.grossAmount).toBe(500_000);
      expect(row.period).toBe(`${row.dueDate.slice(0, 7)}-01`);
    }
    const [listed] = (await admin.ledger.recurrences.list({ kind: 'payable' })).filter((r) => r.id === id);
    expect(listed).toMatchObject({
      description: 'Aluguel da sede',
      partyName: 'Imobiliária Aluga Bem',
      generatedUntil: addDays(today, RECURRENCE_HORIZON_DAYS),
      endDate: null,
    });
    expect(listed?.nextDueDate).toBe(
      periodsBetween(
        { startDate: addMonths(today, -2, 1), endDate: null, months: 1, dueDay: 31 },
        today,
        addDays(today, 62),
      )[0]?.dueDate,
    );
  });

  it('the worker generates further as days pass, once however often it runs, also when two run at once', async () => {
    const { id } = await admin.ledger.recurrences.create(rent({ description: 'Folha', dueDay: 5 }));
    const later = addDays(today, 70);
    const [first, second] = await Promise.all([
      generateDueRecurrences(d.t.database.db, silent, later),
      generateDueRecurrences(d.t.database.db, silent, later),
    ]);
    expect((first?.failed ?? 0) + (second?.failed ?? 0)).toBe(0);
    const expected = expectedDueDates(addMonths(today, -2, 1), 5, later);
    const rows = await documentsOf(id);
    expect(rows.map((r) => r.dueDate)).toEqual(expected);
    expect(new Set(rows.map((r) => r.period)).size).toBe(rows.length);
    const again = await generateDueRecurrences(d.t.database.db, silent, later);
    expect(again).toEqual({ recurrences: 0, documents: 0, failed: 0 });
    expect(await documentsOf(id)).toHaveLength(expected.length);
  });

  it('applies a change to the periods not generated yet, and refuses a stale version', async () => {
    const { id } = await admin.ledger.recurrences.create(rent({ description: 'Limpeza', dueDay: 10 }));
    const before = await documentsOf(id);
    const { kind: _kind, ...fields } = rent({ description: 'Limpeza', dueDay: 10, amount: 550_000 });
    expect(await admin.ledger.recurrences.update({ ...fields, id, version: 1 })).toEqual({ id, version: 2 });
    expect(await codeOf(admin.ledger.recurrences.update({ ...fields, id, version: 1 }))).toBe('CONFLICT');
    await generateDueRecurrences(d.t.database.db, silent, addDays(today, 100));
    const after = await documentsOf(id);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.length).toBeGreaterThan(before.length);
    for (const row of after.slice(before.length)) expect(row.grossAmount).toBe(550_000);
  });

  it('ends a recurrence: later documents that moved no money are cancelled, and nothing more is generated', async () => {
    const { id } = await admin.ledger.recurrences.create(rent({ description: 'Internet', dueDay: 20 }));
    const endDate = addDays(today, -1);
    const generated = await documentsOf(id);
    const result = await admin.ledger.recurrences.end({ id, endDate });
    const rows = await documentsOf(id);
    expect(result.cancelled).toBe(generated.filter((r) => r.dueDate > endDate).length);
    for (const row of rows) expect(row.status).toBe(row.dueDate > endDate ? 'cancelled' : 'open');
    await generateDueRecurrences(d.t.database.db, silent, addDays(today, 200));
    expect(await documentsOf(id)).toHaveLength(rows.length);
    expect(await messageOf(admin.ledger.recurrences.end({ id, endDate: '2000-01-01' }))).toBe(
      'O fim não pode ser antes do início da recorrência.',
    );
  });

  it('creates once per idempotency key', async () => {
    const key = '01890a5d-ac96-774b-bcce-b302099a8057';
    const before = await stored();
    const first = await admin.ledger.recurrences.create({
      ...rent({ description: 'Vigilância' }),
      idempotencyKey: key,
    });
    const second = await admin.ledger.recurrences.create({
      ...rent({ description: 'Vigilância' }),
      idempotencyKey: key,
    });
    expect(second).toEqual(first);
    expect((await stored()).recurrences).toBe(before.recurrences + 1);
  });

  it("never reaches another organization's recurrences nor names its records", async () => {
    const { id } = await admin.ledger.recurrences.create(rent({ description: 'Água' }));
    const before = await stored();
    const outro = await d.as('outro', d.elsewhere);
    expect((await outro.ledger.recurrences.list({ kind: 'payable' })).map((r) => r.id)).not.toContain(id);
    const { kind: _kind, ...fields } = rent({ description: 'Água' });
    expect(await codeOf(outro.ledger.recurrences.update({ ...fields, id, version: 1 }))).toBe('NOT_FOUND');
    expect(await messageOf(outro.ledger.recurrences.end({ id, endDate: today }))).toBe(
      'Recorrência não encontrada nesta organização.',
    );
    expect(await messageOf(admin.ledger.recurrences.create(rent({ partyId: ids.otherParty })))).toBe(
      'Fornecedor ou cliente não encontrado nesta organização.',
    );
    expect(await stored()).toEqual(before);
  });

  it('needs the permission of the kind: to read for the list, to edit for the changes', async () => {
    const before = await stored();
    const leitor = await d.as('leitor', d.matriz);
    expect(await codeOf(leitor.ledger.recurrences.list({ kind: 'payable' }))).toBe('OK');
    expect(await codeOf(leitor.ledger.recurrences.create(rent()))).toBe('FORBIDDEN');
    const recebedor = await d.as('recebedor', d.matriz);
    expect(await codeOf(recebedor.ledger.recurrences.list({ kind: 'payable' }))).toBe('FORBIDDEN');
    expect(await codeOf(recebedor.ledger.recurrences.create(rent()))).toBe('FORBIDDEN');
    const [existing] = await admin.ledger.recurrences.list({ kind: 'payable' });
    expect(await codeOf(recebedor.ledger.recurrences.end({ id: existing?.id ?? '', endDate: today }))).toBe(
      'FORBIDDEN',
    );
    expect(await stored()).toEqual(before);
  });

  it('refuses bad input in pt-BR and stores nothing', async () => {
    const before = await stored();
    const line = { classificationId: ids.classification, costCentreId: ids.centre, share: 10_000 };
    const cases: [RecurrenceCreateInput, string][] = [
      [rent({ amount: 0 }), 'O valor deve ser maior que zero.'],
      [rent({ amount: 100_000_000_000 }), 'O valor não pode passar de'],
      [rent({ lines: [{ ...line, share: 6_000 }] }), 'A soma dos percentuais do rateio deve ser exatamente 100%'],
      [rent({ lines: [] }), 'Informe a classificação e o centro de custo.'],
      [rent({ dueDay: 32 }), 'O dia de vencimento vai de 1 a 31.'],
      [rent({ startDate: '2026-05-01', endDate: '2026-04-01' }), 'O fim não pode ser antes do início.'],
      [rent({ description: ' ' }), 'Descreva a recorrência.'],
    ];
    for (const [input, message] of cases) {
      expect(await messageOf(admin.ledger.recurrences.create(input))).toContain(message);
      expect(await codeOf(admin.ledger.recurrences.create(input))).toBe('BAD_REQUEST');
    }
    expect(await stored()).toEqual(before);
    expect(
      await d.t.database.db
        .select({ n: count() })
        .from(ledgerRecurrences)
        .where(and(eq(ledgerRecurrences.description, ' '))),
    ).toEqual([{ n: 0 }]);
  });
});

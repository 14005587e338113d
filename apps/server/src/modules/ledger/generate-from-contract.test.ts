import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { codeOf, messageOf } from '../../test/callers';
import { startDemoApp, type DemoApp } from '../../test/demo';
import { memberWith } from '../../test/members';
import { ledgerDocumentLines, ledgerDocuments } from './schema';
import {
  generatedDocuments,
  newClassification,
  newCostCentre,
  newParty,
  type Callers,
} from '../../test/ledger-fixtures';

describe('ledger contracts: documents generated from a contract', () => {
  let d: DemoApp;
  let admin: Callers;
  const ids = { supplier: '', customer: '', both: '', classification: '', centre: '', otherContract: '' };

  const contract = async (partyId: string, overrides: Record<string, unknown> = {}) =>
    (
      await admin.registries.contracts.create({
        partyId,
        object: 'Aluguel da loja',
        value: 150_000,
        periodicity: 'monthly',
        startDate: '2026-01-31',
        readjustmentIndex: 'none',
        classificationId: ids.classification,
        costCentreId: ids.centre,
        ...overrides,
      })
    ).id;

  const documentsOf = (contractId: string) => generatedDocuments(d.t.database.db, { contractId });

  const storedDocuments = async () => (await d.t.database.db.select({ n: count() }).from(ledgerDocuments))[0]?.n ?? 0;

  beforeAll(async () => {
    d = await startDemoApp();
    admin = await d.as('admin', d.matriz);
    const party = (roles: ('supplier' | 'customer')[], document: string, name: string) =>
      newParty(admin, { roles, document, name });
    ids.supplier = await party(['supplier'], '11.222.333/0001-81', 'Imobiliária Aluga Bem');
    ids.customer = await party(['customer'], '11.444.777/0001-61', 'Cliente Mensalista');
    ids.both = await party(['customer', 'supplier'], '45.723.174/0001-10', 'Parceiro de Mão Dupla');
    ids.classification = await newClassification(admin, 'Aluguéis');
    ids.centre = await newCostCentre(admin, 'Loja');
    const outro = await d.as('outro', d.elsewhere);
    const otherParty = await newParty(outro, {
      roles: ['supplier'],
      document: '11.222.333/0001-81',
      name: 'Fornecedor de Outra',
    });
    ids.otherContract = (
      await outro.registries.contracts.create({
        partyId: otherParty,
        object: 'Contrato de Outra',
        value: 1_000,
        periodicity: 'monthly',
        startDate: '2026-01-10',
        readjustmentIndex: 'none',
        classificationId: await newClassification(outro, 'Outra'),
        costCentreId: await newCostCentre(outro, 'Outra'),
      })
    ).id;
    await memberWith(d.t.database.db, d.matriz, 'leitor', ['ler_contas_pagar', 'ler_contratos']);
    await memberWith(d.t.database.db, d.matriz, 'semcontratos', ['ler_contas_pagar', 'editar_contas_pagar']);
    await memberWith(d.t.database.db, d.matriz, 'recebedor', [
      'ler_contas_receber',
      'editar_contas_receber',
      'ler_contratos',
    ]);
  });
  afterAll(() => d?.t.close());

  it("generates a payable per month in the range, with the contract's value, party, classification and cost centre", async () => {
    const contractId = await contract(ids.supplier);
    const result = await admin.ledger.contracts.generate({ contractId, from: '2026-01-01', to: '2026-03-31' });
    expect(result).toMatchObject({ kind: 'payable', created: 3, existing: 0 });
    const rows = await documentsOf(contractId);
    expect(rows.map((r) => [r.period, r.dueDate, r.competence])).toEqual([
      ['2026-01-01', '2026-01-31', '2026-01-01'],
      ['2026-02-01', '2026-02-28', '2026-02-01'],
      ['2026-03-01', '2026-03-31', '2026-03-01'],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        kind: 'payable',
        unitId: d.matriz.unitId,
        partyId: ids.supplier,
        documentType: 'contrato',
        grossAmount: 150_000,
        netAmount: 150_000,
        amount: 150_000,
      });
    }
    expect(rows[1]?.description).toBe('Aluguel da loja (02/2026)');
    const lines = await d.t.database.db
      .select()
      .from(ledgerDocumentLines)
      .where(eq(ledgerDocumentLines.documentId, rows[0]?.id ?? ''));
    expect(lines).toMatchObject([
      { classificationId: ids.classification, costCentreId: ids.centre, share: 10_000, amount: 150_000 },
    ]);
  });

  it('generates nothing new when run again, and only the new months for a longer range', async () => {
    const contractId = await contract(ids.supplier, { startDate: '2026-02-10' });
    await admin.ledger.contracts.generate({ contractId, from: '2026-02-01', to: '2026-04-30' });
    const before = await storedDocuments();
    expect(await admin.ledger.contracts.generate({ contractId, from: '2026-02-01', to: '2026-04-30' })).toMatchObject({
      created: 0,
      existing: 3,
    });
    expect(await storedDocuments()).toBe(before);
    expect(await admin.ledger.contracts.generate({ contractId, from: '2026-03-01', to: '2026-06-30' })).toMatchObject({
      created: 2,
      existing: 2,
    });
    expect((await documentsOf(contractId)).map((r) => r.dueDate)).toEqual([
      '2026-02-10',
      '2026-03-10',
      '2026-04-10',
      '2026-05-10',
      '2026-06-10',
    ]);
  });

  it('previews the kinds the party allows and the periods already generated, writing nothing', async () => {
    const contractId = await contract(ids.supplier, { startDate: '2026-02-10' });
    const range = { contractId, from: '2026-01-01', to: '2026-05-31' };
    expect(await admin.ledger.contracts.preview(range)).toEqual({ kinds: ['payable'], existing: [] });
    await admin.ledger.contracts.generate({ contractId, from: '2026-03-01', to: '2026-04-30' });
    const before = await storedDocuments();
    expect(await admin.ledger.contracts.preview(range)).toEqual({
      kinds: ['payable'],
      existing: ['2026-03-01', '2026-04-01'],
    });
    expect(await storedDocuments()).toBe(before);
    const both = await contract(ids.both);
    expect((await admin.ledger.contracts.preview({ ...range, contractId: both })).kinds).toEqual([
      'payable',
      'receivable',
    ]);
    expect(await codeOf(admin.ledger.contracts.preview({ ...range, contractId: ids.otherContract }))).toBe('NOT_FOUND');
    expect(await messageOf((await d.as('semcontratos', d.matriz)).ledger.contracts.preview(range))).toBe(
      'Seu perfil não tem permissão para ver contratos.',
    );
  });

  it('generates each month once when two generations run at once', async () => {
    const contractId = await contract(ids.supplier, { startDate: '2026-01-15', periodicity: 'monthly' });
    const other = await d.as('financeiro', d.matriz);
    const range = { contractId, from: '2026-01-01', to: '2026-12-31' };
    const results = await Promise.all([admin.ledger.contracts.generate(range), other.ledger.contracts.generate(range)]);
    expect(results.map((r) => r.created).reduce((a, b) => a + b, 0)).toBe(12);
    expect(results.map((r) => r.existing).sort()).toEqual([0, 12]);
    const rows = await documentsOf(contractId);
    expect(new Set(rows.map((r) => r.period)).size).toBe(12);
    expect(rows).toHaveLength(12);
  });

  it("takes the kind from the party's role, or from the input when the party plays both", async () => {
    const receivable = await contract(ids.customer);
    expect(
      await admin.ledger.contracts.generate({ contractId: receivable, from: '2026-01-01', to: '2026-01-31' }),
    ).toMatchObject({ kind: 'receivable', created: 1 });
    const both = await contract(ids.both);
    const before = await storedDocuments();
    expect(
      await messageOf(admin.ledger.contracts.generate({ contractId: both, from: '2026-01-01', to: '2026-01-31' })),
    ).toBe('Escolha se o contrato gera contas a pagar ou contas a receber.');
    expect(await storedDocuments()).toBe(before);
    expect(
      await admin.ledger.contracts.generate({
        contractId: both,
        from: '2026-01-01',
        to: '2026-01-31',
        kind: 'receivable',
      }),
    ).toMatchObject({ kind: 'receivable', created: 1 });
  });

  it("never reaches another organization's contract", async () => {
    const before = await storedDocuments();
    const range = { contractId: ids.otherContract, from: '2026-01-01', to: '2026-03-31' };
    expect(await codeOf(admin.ledger.contracts.generate(range))).toBe('NOT_FOUND');
    expect(await messageOf(admin.ledger.contracts.generate(range))).toBe('Contrato não encontrado nesta organização.');
    const ours = await contract(ids.supplier);
    const outro = await d.as('outro', d.elsewhere);
    expect(
      await codeOf(outro.ledger.contracts.generate({ contractId: ours, from: '2026-01-01', to: '2026-03-31' })),
    ).toBe('NOT_FOUND');
    const outroHere = await d.as('outro', d.matriz);
    expect(
      await codeOf(outroHere.ledger.contracts.generate({ contractId: ours, from: '2026-01-01', to: '2026-03-31' })),
    ).toBe('FORBIDDEN');
    expect(await storedDocuments()).toBe(before);
  });

  it('needs the edit permission of the kind and the permission to read contracts', async () => {
    const contractId = await contract(ids.supplier);
    const range = { contractId, from: '2026-01-01', to: '2026-03-31' };
    const before = await storedDocuments();
    expect(await codeOf((await d.as('leitor', d.matriz)).ledger.contracts.generate(range))).toBe('FORBIDDEN');
    expect(await messageOf((await d.as('semcontratos', d.matriz)).ledger.contracts.generate(range))).toBe(
      'Seu perfil não tem permissão para ver contratos.',
    );
    const recebedor = await d.as('recebedor', d.matriz);
    expect(await codeOf(recebedor.ledger.contracts.generate(range))).toBe('FORBIDDEN');
    expect(await codeOf(recebedor.ledger.contracts.generate({ ...range, kind: 'receivable' }))).toBe('OK');
    expect(await storedDocuments()).toBe(before + 3);
  });

  it('refuses bad ranges in pt-BR and stores nothing', async () => {
    const contractId = await contract(ids.supplier, { startDate: '2026-05-05', endDate: '2026-08-05' });
    const before = await storedDocuments();
    const cases: [Record<string, unknown>, string][] = [
      [{ contractId, from: '2026-03-01', to: '2026-02-01' }, 'O fim do período não pode ser antes do início.'],
      [{ contractId, from: '2026-01-01', to: '2029-01-01' }, 'Gere até 36 meses de uma vez.'],
      [{ contractId, from: '31/13/2026', to: '2026-02-01' }, 'Data inválida: use DD/MM/AAAA.'],
      [{ contractId: 'x', from: '2026-01-01', to: '2026-02-01' }, 'Escolha o contrato.'],
      [{ contractId, from: '2026-01-01', to: '2026-04-30' }, 'O contrato não tem vencimentos neste período.'],
      [{ contractId, from: '2026-09-01', to: '2026-12-31' }, 'O contrato não tem vencimentos neste período.'],
    ];
    for (const [input, message] of cases) {
      const call = admin.ledger.contracts.generate(input as Parameters<Callers['ledger']['contracts']['generate']>[0]);
      expect(await messageOf(call)).toContain(message);
      expect(await codeOf(admin.ledger.contracts.generate(input as never))).toBe('BAD_REQUEST');
    }
    expect(await storedDocuments()).toBe(before);
    const inactive = await contract(ids.supplier);
    await admin.registries.contracts.setStatus({ id: inactive, status: 'inactive' });
    expect(
      await messageOf(admin.ledger.contracts.generate({ contractId: inactive, from: '2026-01-01', to: '2026-02-28' })),
    ).toBe('Contrato inativo: reative-o para gerar os títulos.');
    expect(
      await d.t.database.db
        .select({ n: count() })
        .from(ledgerDocuments)
        .where(and(eq(ledgerDocuments.contractId, inactive))),
    ).toEqual([{ n: 0 }]);
  });
});

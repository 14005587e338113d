import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DocumentCreateInput } from '@financeiro/core';
import { codeOf, messageOf } from '../../test/callers';
import { startDemoApp, type DemoApp } from '../../test/demo';
import { memberWith } from '../../test/members';
import { eventLog } from '../audit/schema';
import { ledgerDocumentLines, ledgerDocuments, ledgerDocumentTaxes, ledgerInstallments } from './schema';
import { newAccount, newClassification, newCostCentre, newParty, type Callers } from '../../test/ledger-fixtures';

describe('ledger documents: create, read, list, change, cancel', () => {
  let d: DemoApp;
  let admin: Callers;
  const ids = {
    supplier: '',
    customer: '',
    classification: '',
    revenue: '',
    centreA: '',
    centreB: '',
    account: '',
    irrf: '',
    otherParty: '',
    otherClassification: '',
  };

  const bill = (overrides: Partial<DocumentCreateInput> = {}): DocumentCreateInput => ({
    kind: 'payable',
    partyId: ids.supplier,
    description: 'Material de escritório',
    documentNumber: 'NF-1001',
    documentType: 'nfe',
    issueDate: '2026-03-02',
    competence: '03/2026',
    grossAmount: 123_456,
    lines: [
      { classificationId: ids.classification, costCentreId: ids.centreA, share: 6000 },
      { classificationId: ids.classification, costCentreId: ids.centreB, share: 4000 },
    ],
    installments: [
      { dueDate: '2026-04-02', amount: 41_152 },
      { dueDate: '2026-05-02', amount: 41_152 },
      { dueDate: '2026-06-02', amount: 41_152 },
    ],
    ...overrides,
  });

  const stored = async () => {
    const db = d.t.database.db;
    const [documents] = await db.select({ n: count() }).from(ledgerDocuments);
    const [installments] = await db.select({ n: count() }).from(ledgerInstallments);
    return { documents: documents?.n ?? 0, installments: installments?.n ?? 0 };
  };

  beforeAll(async () => {
    d = await startDemoApp();
    admin = await d.as('admin', d.matriz);
    ids.supplier = await newParty(admin, {
      roles: ['supplier'],
      document: '11.222.333/0001-81',
      name: 'Acme Materiais Ltda',
    });
    ids.customer = await newParty(admin, {
      roles: ['customer'],
      personType: 'PF',
      document: '529.982.247-25',
      name: 'Carla Cliente',
    });
    ids.classification = await newClassification(admin, 'Despesas gerais');
    ids.revenue = await newClassification(admin, 'Serviços', 'income');
    ids.centreA = await newCostCentre(admin, 'Administrativo');
    ids.centreB = await newCostCentre(admin, 'Comercial');
    ids.account = await newAccount(admin, d.matriz.unitId, 'Banco movimento');
    ids.irrf = (
      await admin.registries.taxTypes.create({ name: 'IRRF do teste', kind: 'IRRF', rate: 150, withheld: true })
    ).id;
    const outro = await d.as('outro', d.elsewhere);
    ids.otherParty = await newParty(outro, {
      roles: ['supplier'],
      document: '11.444.777/0001-61',
      name: 'Fornecedor de Outra',
    });
    ids.otherClassification = await newClassification(outro, 'Despesa de Outra');
    await memberWith(d.t.database.db, d.matriz, 'leitor', ['ler_contas_pagar']);
    await memberWith(d.t.database.db, d.matriz, 'pagador', ['ler_contas_pagar', 'editar_contas_pagar']);
  });
  afterAll(() => d?.t.close());

  it('creates a bill: lines add up to the gross, installments to the net, IRRF withheld for the month’s DARF', async () => {
    const caller = await d.as('financeiro', d.matriz);
    const withheld = 1852; // 1.5% of R$ 1.234,56, half up
    const net = 123_456 - withheld;
    const third = Math.floor(net / 3);
    const { id } = await caller.ledger.documents.create(
      bill({
        accountId: ids.account,
        taxes: [{ taxTypeId: ids.irrf }],
        installments: [
          { dueDate: '2026-04-02', amount: net - 2 * third },
          { dueDate: '2026-05-02', amount: third },
          { dueDate: '2026-06-02', amount: third },
        ],
      }),
    );
    const document = await caller.ledger.documents.get({ id });
    expect(document).toMatchObject({
      kind: 'payable',
      status: 'open',
      grossAmount: 123_456,
      withheldAmount: withheld,
      netAmount: net,
      competence: '2026-03-01',
    });
    expect(document.lines.map((l) => l.amount)).toEqual([74_074, 49_382]);
    expect(document.lines.reduce((s, l) => s + l.amount, 0)).toBe(123_456);
    expect(document.installments.reduce((s, i) => s + i.amount, 0)).toBe(net);
    expect(document.installments.map((i) => `${i.number}/${i.count}`)).toEqual(['1/3', '2/3', '3/3']);
    // The withholding waits for its month's collection (ledger.taxes.collect): no payable of its own.
    expect(document.taxes).toMatchObject([
      { name: 'IRRF do teste', rate: 150, base: 123_456, amount: withheld, taxDocumentId: null },
    ]);
    expect(document.history.map((e) => e.action)).toEqual(['payable.create']);
  });

  it('refuses bad input with a pt-BR message and stores nothing', async () => {
    const caller = await d.as('financeiro', d.matriz);
    const before = await stored();
    const cases: [DocumentCreateInput, string][] = [
      [bill({ grossAmount: 0 }), 'O valor deve ser maior que zero.'],
      [bill({ grossAmount: -5 }), 'O valor deve ser maior que zero.'],
      [bill({ grossAmount: 10 ** 15 }), 'O valor não pode passar de'],
      [
        bill({ installments: [{ dueDate: '2026-03-01', amount: 123_456 }] }),
        'O vencimento da parcela 1 não pode ser antes da emissão.',
      ],
      [
        bill({ lines: [{ classificationId: ids.classification, costCentreId: ids.centreA, share: 9000 }] }),
        'A soma dos percentuais do rateio deve ser exatamente 100%',
      ],
      [bill({ description: 'x'.repeat(201) }), 'Use até 200 caracteres.'],
      [bill({ installments: [{ dueDate: '2026-04-02', amount: 100 }] }), 'A soma das parcelas'],
      [bill({ installments: [] }), 'Inclua ao menos uma parcela.'],
      [
        bill({ installments: Array.from({ length: 361 }, () => ({ dueDate: '2026-04-02', amount: 1 })) }),
        'Use até 360 parcelas.',
      ],
      [
        bill({ installments: [{ dueDate: '2026-04-02', amount: 123_456, barcode: '1234' }] }),
        'Código de barras da parcela 1 inválido',
      ],
      [
        // A real slip's line with one digit of its second field changed.
        bill({
          installments: [
            {
              dueDate: '2026-04-02',
              amount: 123_456,
              barcode: '03399.16140 07000.001913 81556.001014 4 11370000038936',
            },
          ],
        }),
        'Código de barras da parcela 1 inválido',
      ],
      [
        bill({ installments: [{ dueDate: '2026-04-02', amount: 123_456, pixCode: '000201xyz' }] }),
        'PIX copia e cola da parcela 1 inválido',
      ],
      [bill({ issueDate: '0000-01-01' }), 'Use uma data entre 1900 e 2199.'],
      [bill({ installments: [{ dueDate: '9999-12-31', amount: 123_456 }] }), 'Use uma data entre 1900 e 2199.'],
      [bill({ competence: '13/2026' }), 'Competência inválida: use MM/AAAA.'],
      [bill({ taxes: [{ taxTypeId: ids.irrf, rate: 10_001 }] }), 'Percentual inválido: use de 0 a 100'],
      [bill({ taxes: [{ taxTypeId: ids.irrf, rate: -150 }] }), 'Percentual inválido: use de 0 a 100'],
    ];
    for (const [input, message] of cases) {
      const call = caller.ledger.documents.create(input);
      expect(await messageOf(call)).toContain(message);
      expect(await codeOf(caller.ledger.documents.create(input))).toBe('BAD_REQUEST');
    }
    expect(await stored()).toEqual(before);
  });

  it('stores a bank slip typed as its linha digitável as the 44 digits of its barcode', async () => {
    const caller = await d.as('financeiro', d.matriz);
    const { id } = await caller.ledger.documents.create(
      bill({
        documentNumber: 'NF-BOLETO',
        installments: [
          { dueDate: '2026-04-02', amount: 123_456, barcode: '03399.16140 07000.001912 81556.001014 4 11370000038936' },
        ],
      }),
    );
    const document = await caller.ledger.documents.get({ id });
    expect(document.installments[0]?.barcode).toMatch(/^0339\d{40}$/);
  });

  it('refuses a party, classification or account of another organization, and stores nothing', async () => {
    const caller = await d.as('financeiro', d.matriz);
    const before = await stored();
    expect(await messageOf(caller.ledger.documents.create(bill({ partyId: ids.otherParty })))).toBe(
      'Fornecedor ou cliente não encontrado nesta organização.',
    );
    const foreignLine = [{ classificationId: ids.otherClassification, costCentreId: ids.centreA, share: 10_000 }];
    expect(await messageOf(caller.ledger.documents.create(bill({ lines: foreignLine })))).toBe(
      'Classificação não encontrada nesta organização.',
    );
    expect(await codeOf(caller.ledger.documents.create(bill({ accountId: uuidv7() })))).toBe('BAD_REQUEST');
    expect(await stored()).toEqual(before);
  });

  it('keeps organizations apart: Outra’s administrator neither reads nor changes Demo’s documents', async () => {
    const caller = await d.as('financeiro', d.matriz);
    const { id } = await caller.ledger.documents.create(bill({ documentNumber: 'NF-CROSS' }));
    const [installment] = (await caller.ledger.documents.get({ id })).installments;
    const outroHere = await d.as('outro', d.matriz);
    expect(await codeOf(outroHere.ledger.documents.get({ id }))).toBe('FORBIDDEN');
    expect(await codeOf(outroHere.ledger.documents.list({ kind: 'payable' }))).toBe('FORBIDDEN');
    const outro = await d.as('outro', d.elsewhere);
    expect(await codeOf(outro.ledger.documents.get({ id }))).toBe('NOT_FOUND');
    expect(JSON.stringify(await outro.ledger.documents.list({ kind: 'payable' }))).not.toContain(id);
    expect(await codeOf(outro.ledger.documents.cancel({ kind: 'payable', ids: [id], reason: 'x' }))).toBe('NOT_FOUND');
    expect(
      await codeOf(
        outro.ledger.documents.reschedule({
          kind: 'payable',
          installmentIds: [installment?.id ?? ''],
          dueDate: '2026-12-01',
        }),
      ),
    ).toBe('NOT_FOUND');
    expect((await caller.ledger.documents.get({ id })).status).toBe('open');
  });

  it('asks the permission of the kind: payables do not grant receivables, reading does not grant editing', async () => {
    const reader = await d.as('leitor', d.matriz);
    expect(await codeOf(reader.ledger.documents.list({ kind: 'payable' }))).toBe('OK');
    expect(await codeOf(reader.ledger.documents.list({ kind: 'receivable' }))).toBe('FORBIDDEN');
    expect(await codeOf(reader.ledger.documents.create(bill()))).toBe('FORBIDDEN');
    const payer = await d.as('pagador', d.matriz);
    expect(await codeOf(payer.ledger.documents.list({ kind: 'receivable' }))).toBe('FORBIDDEN');
    const receivable = bill({
      kind: 'receivable',
      partyId: ids.customer,
      lines: [{ classificationId: ids.revenue, costCentreId: ids.centreA, share: 10_000 }],
    });
    expect(await codeOf(payer.ledger.documents.create(receivable))).toBe('FORBIDDEN');
    const financeiro = await d.as('financeiro', d.matriz);
    const { id } = await financeiro.ledger.documents.create(receivable);
    expect(await codeOf(payer.ledger.documents.get({ id }))).toBe('FORBIDDEN');
    expect(await codeOf(payer.ledger.documents.cancel({ kind: 'payable', ids: [id], reason: 'x' }))).toBe('NOT_FOUND');
    const requester = await d.as('solicitante', d.matriz);
    expect(await codeOf(requester.ledger.documents.list({ kind: 'payable' }))).toBe('FORBIDDEN');
  });

  it('lists one row per installment with filters, and totals that agree with the rows', async () => {
    const caller = await d.as('financeiro', d.matriz);
    const { id } = await caller.ledger.documents.create(
      bill({
        documentNumber: 'NF-LIST',
        description: 'Aluguel da loja',
        grossAmount: 30_000,
        lines: [{ classificationId: ids.classification, costCentreId: ids.centreB, share: 10_000 }],
        installments: [
          { dueDate: '2020-01-10', amount: 10_000 },
          { dueDate: '2099-02-10', amount: 20_000 },
        ],
        issueDate: '2020-01-01',
      }),
    );
    const all = await caller.ledger.documents.list({ kind: 'payable', pageSize: 200 });
    expect(all.total).toBe(all.rows.length);
    expect(all.totals.amount).toBe(all.rows.reduce((s, r) => s + r.amount, 0));
    expect(all.totals.open).toBe(all.rows.reduce((s, r) => s + r.open, 0));
    expect(all.totals.byStatus.overdue.count).toBe(all.rows.filter((r) => r.overdue).length);
    const byNumber = await caller.ledger.documents.list({ kind: 'payable', filters: { documentNumber: 'NF-LIST' } });
    expect(byNumber.rows.map((r) => [r.documentId, r.number, r.overdue])).toEqual([
      [id, 1, true],
      [id, 2, false],
    ]);
    expect(byNumber.totals).toMatchObject({ count: 2, amount: 30_000, open: 30_000, overdue: 10_000, paid: 0 });
    const overdue = await caller.ledger.documents.list({
      kind: 'payable',
      filters: { status: ['overdue'], search: 'aluguel' },
    });
    expect(overdue.rows.map((r) => r.dueDate)).toEqual(['2020-01-10']);
    const byCentre = await caller.ledger.documents.list({
      kind: 'payable',
      filters: { costCentreId: ids.centreB, amountMin: 15_000 },
    });
    expect(byCentre.rows.every((r) => r.amount >= 15_000)).toBe(true);
    expect(byCentre.rows.map((r) => r.documentId)).toContain(id);
    const exported = await caller.ledger.documents.export({ kind: 'payable', filters: { documentNumber: 'NF-LIST' } });
    expect(exported).toMatchObject({ truncated: false });
    expect(exported.rows).toHaveLength(2);
    const pageTwo = await caller.ledger.documents.list({ kind: 'payable', page: 2, pageSize: 1 });
    expect(pageTwo.rows).toHaveLength(1);
    expect(pageTwo.total).toBe(all.total);
  });

  it('cancels with who, when and why, keeping the document; reschedules open installments', async () => {
    const caller = await d.as('financeiro', d.matriz);
    const { id } = await caller.ledger.documents.create(bill({ documentNumber: 'NF-CANCEL' }));
    const first = (await caller.ledger.documents.get({ id })).installments[0];
    await caller.ledger.documents.reschedule({
      kind: 'payable',
      installmentIds: [first?.id ?? ''],
      dueDate: '10/07/2026',
    });
    expect((await caller.ledger.documents.get({ id })).installments[0]?.dueDate).toBe('2026-07-10');
    expect(
      await messageOf(
        caller.ledger.documents.reschedule({
          kind: 'payable',
          installmentIds: [first?.id ?? ''],
          dueDate: '2026-01-01',
        }),
      ),
    ).toContain('não pode ser antes da emissão');
    expect(await messageOf(caller.ledger.documents.cancel({ kind: 'payable', ids: [id], reason: '  ' }))).toContain(
      'Informe o motivo do cancelamento.',
    );
    expect(await caller.ledger.documents.cancel({ kind: 'payable', ids: [id], reason: 'Lançado em dobro' })).toEqual({
      cancelled: 1,
    });
    const cancelled = await caller.ledger.documents.get({ id });
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'Lançado em dobro' });
    expect(cancelled.cancelledAt).not.toBeNull();
    expect(cancelled.installments.every((i) => i.status === 'cancelled')).toBe(true);
    expect(cancelled.history.map((e) => e.action)).toEqual(['payable.create', 'payable.reschedule', 'payable.cancel']);
    expect(await codeOf(caller.ledger.documents.update({ ...bill(), id, version: cancelled.version }))).toBe(
      'CONFLICT',
    );
  });

  it('updates a document that moved no money, refusing a stale version', async () => {
    const caller = await d.as('financeiro', d.matriz);
    const { id } = await caller.ledger.documents.create(bill({ documentNumber: 'NF-UPDATE' }));
    const changed = bill({
      documentNumber: 'NF-UPDATE',
      description: 'Material de escritório e limpeza',
      grossAmount: 50_000,
      lines: [{ classificationId: ids.classification, costCentreId: ids.centreA, share: 10_000 }],
      installments: [{ dueDate: '2026-04-10', amount: 50_000 }],
    });
    const { kind: _kind, idempotencyKey: _key, ...fields } = changed;
    expect(await caller.ledger.documents.update({ ...fields, id, version: 1 })).toEqual({ id, version: 2 });
    const after = await caller.ledger.documents.get({ id });
    expect(after).toMatchObject({ grossAmount: 50_000, netAmount: 50_000, description: changed.description });
    expect(after.installments).toMatchObject([{ number: 1, count: 1, amount: 50_000 }]);
    expect(after.lines).toMatchObject([{ share: 10_000, amount: 50_000 }]);
    expect(await codeOf(caller.ledger.documents.update({ ...fields, id, version: 1 }))).toBe('CONFLICT');
    const [event] = await d.t.database.db
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.entityId, id), eq(eventLog.action, 'payable.update')));
    expect(event).toBeDefined();
  });

  it('keeps a document’s files checked by content, apart from other organizations', async () => {
    const caller = await d.as('financeiro', d.matriz);
    const { id } = await caller.ledger.documents.create(bill({ documentNumber: 'NF-FILE' }));
    const pdf = Buffer.from('%PDF-1.4 boleto').toString('base64');
    const fake = Buffer.from('MZ not a pdf').toString('base64');
    expect(
      await messageOf(
        caller.ledger.attachments.upload({
          documentId: id,
          fileName: 'x.pdf',
          contentType: 'application/pdf',
          content: fake,
        }),
      ),
    ).toBe('O conteúdo do arquivo não é um PDF ou uma imagem válida.');
    const file = await caller.ledger.attachments.upload({
      documentId: id,
      fileName: 'C:\\boletos\\boleto.pdf',
      contentType: 'application/pdf',
      content: pdf,
    });
    expect(file.fileName).toBe('boleto.pdf');
    expect(await caller.ledger.attachments.list({ documentId: id })).toMatchObject([{ fileName: 'boleto.pdf' }]);
    expect((await caller.ledger.attachments.download({ id: file.id })).content).toBe(pdf);
    const outro = await d.as('outro', d.elsewhere);
    expect(await codeOf(outro.ledger.attachments.download({ id: file.id }))).toBe('NOT_FOUND');
    expect(await codeOf(outro.ledger.attachments.delete({ id: file.id }))).toBe('NOT_FOUND');
    expect(await caller.ledger.attachments.delete({ id: file.id })).toEqual({ ok: true });
    const history = (await caller.ledger.documents.get({ id })).history.map((e) => e.action);
    expect(history).toEqual(['payable.create', 'payable.attach', 'payable.detach']);
  });

  it('creates once when the same submission arrives twice at once', async () => {
    const caller = await d.as('financeiro', d.matriz);
    const input = bill({ documentNumber: 'NF-TWICE', idempotencyKey: uuidv7() });
    const [a, b] = await Promise.all([caller.ledger.documents.create(input), caller.ledger.documents.create(input)]);
    expect(a.id).toBe(b.id);
    const [found] = await d.t.database.db
      .select({ n: count() })
      .from(ledgerDocuments)
      .where(eq(ledgerDocuments.documentNumber, 'NF-TWICE'));
    expect(found?.n).toBe(1);
  });

  it('keeps lines, taxes and installments of every document consistent in the database', async () => {
    const db = d.t.database.db;
    const documents = await db.select().from(ledgerDocuments);
    for (const document of documents) {
      const lines = await db.select().from(ledgerDocumentLines).where(eq(ledgerDocumentLines.documentId, document.id));
      const taxes = await db.select().from(ledgerDocumentTaxes).where(eq(ledgerDocumentTaxes.documentId, document.id));
      const installments = await db
        .select()
        .from(ledgerInstallments)
        .where(eq(ledgerInstallments.documentId, document.id));
      expect(lines.reduce((s, l) => s + l.share, 0)).toBe(10_000);
      expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(document.grossAmount);
      expect(taxes.reduce((s, t) => s + t.amount, 0)).toBe(document.withheldAmount);
      expect(installments.reduce((s, i) => s + i.amount, 0)).toBe(document.netAmount);
    }
  });
});

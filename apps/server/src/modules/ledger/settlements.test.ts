import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, sql, sum } from 'drizzle-orm';
import fc from 'fast-check';
import { MAX_ATTACHMENTS, todayInSaoPaulo, type DocumentCreateInput } from '@financeiro/core';
import { codeOf, messageOf } from '../../test/callers';
import { startDemoApp, type DemoApp } from '../../test/demo';
import { memberWith } from '../../test/members';
import { units } from '../tenancy/schema';
import { accountMovements, ledgerAttachments, ledgerInstallments, ledgerPayments, ledgerSettlements } from './schema';
import { newAccount, newClassification, newCostCentre, newParty, type Callers } from '../../test/ledger-fixtures';

describe('ledger payments: settle and reverse', () => {
  let d: DemoApp;
  let fin: Callers;
  const ids = { supplier: '', supplier2: '', customer: '', classification: '', centre: '', account: '', other: '' };
  const today = todayInSaoPaulo();

  const bill = (overrides: Partial<DocumentCreateInput> = {}): DocumentCreateInput => ({
    kind: 'payable',
    partyId: ids.supplier,
    description: 'Serviço de manutenção',
    documentNumber: 'NF-77',
    documentType: 'nfe',
    issueDate: '2026-01-05',
    competence: '01/2026',
    grossAmount: 100_000,
    interestRate: 100,
    fineRate: 200,
    lines: [{ classificationId: ids.classification, costCentreId: ids.centre, share: 10_000 }],
    installments: [
      { dueDate: '2026-02-05', amount: 50_000 },
      { dueDate: '2026-03-05', amount: 50_000 },
    ],
    ...overrides,
  });

  async function newBill(overrides: Partial<DocumentCreateInput> = {}) {
    const { id } = await fin.ledger.documents.create(bill(overrides));
    const document = await fin.ledger.documents.get({ id });
    return { id, installments: document.installments };
  }

  const pay = (installmentId: string, principal: number, extra: Record<string, number> = {}) => ({
    kind: 'payable' as const,
    paidDate: today,
    accountId: ids.account,
    items: [{ installmentId, principal, ...extra }],
  });

  const db = () => d.t.database.db;
  const balanceOf = async (accountId: string) => {
    const [row] = await db()
      .select({ total: sum(accountMovements.amount) })
      .from(accountMovements)
      .where(eq(accountMovements.accountId, accountId));
    return Number(row?.total ?? 0);
  };
  const counts = async () => {
    const [payments] = await db().select({ n: count() }).from(ledgerPayments);
    const [settlements] = await db().select({ n: count() }).from(ledgerSettlements);
    const [movements] = await db().select({ n: count() }).from(accountMovements);
    const [attachments] = await db().select({ n: count() }).from(ledgerAttachments);
    return {
      payments: payments?.n,
      settlements: settlements?.n,
      movements: movements?.n,
      attachments: attachments?.n,
    };
  };

  /** A PNG as a bank app saves a transfer's receipt: the signature, then some bytes. */
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from('comprovante PIX'),
  ]).toString('base64');
  const proof = (overrides: Record<string, unknown> = {}) => ({
    fileName: 'comprovante.png',
    contentType: 'image/png' as const,
    content: png,
    ...overrides,
  });
  const proofsOf = (documentId: string) =>
    db().select().from(ledgerAttachments).where(eq(ledgerAttachments.documentId, documentId));

  beforeAll(async () => {
    d = await startDemoApp();
    fin = await d.as('financeiro', d.matriz);
    const admin = await d.as('admin', d.matriz);
    const supplier = (document: string, name: string) => newParty(admin, { roles: ['supplier'], document, name });
    ids.supplier = await supplier('11.222.333/0001-81', 'Manutenção Predial Ltda');
    ids.supplier2 = await supplier('11.444.777/0001-61', 'Limpeza Total Ltda');
    ids.customer = await newParty(admin, {
      roles: ['customer'],
      personType: 'PF',
      document: '529.982.247-25',
      name: 'Carla Cliente',
    });
    ids.classification = await newClassification(admin, 'Manutenção');
    ids.centre = await newCostCentre(admin, 'Operações');
    ids.account = await newAccount(admin, d.matriz.unitId, 'Banco do teste');
    ids.other = await newAccount(await d.as('outro', d.elsewhere), d.elsewhere.unitId, 'Conta da outra');
    await memberWith(db(), d.matriz, 'leitor', ['ler_contas_pagar']);
    await memberWith(db(), d.matriz, 'pagador', ['ler_contas_pagar', 'editar_contas_pagar', 'ler_contas_receber']);
  });
  afterAll(() => d?.t.close());

  it('pays part of an installment with interest, moves the account, and the reversal brings back the exact balance', async () => {
    const { id, installments } = await newBill();
    const first = installments[0]?.id ?? '';
    const before = await balanceOf(ids.account);
    const { paymentId } = await fin.ledger.payments.settle({
      ...pay(first, 20_000, { interest: 150, fine: 1_000, discount: 50 }),
      fees: 350,
    });
    let document = await fin.ledger.documents.get({ id });
    expect(document.status).toBe('partial');
    expect(document.installments[0]).toMatchObject({ settled: 20_000, open: 30_000, status: 'partial' });
    expect(await balanceOf(ids.account)).toBe(before - (20_000 + 150 + 1_000 - 50) - 350);
    expect(document.payments).toMatchObject([{ id: paymentId, total: -21_100, fees: 350, reversed: false }]);

    const { list } = { list: await fin.ledger.documents.list({ kind: 'payable', filters: { partyId: ids.supplier } }) };
    expect(list.rows.find((r) => r.id === first)).toMatchObject({ settled: 20_000, open: 30_000, status: 'partial' });

    await fin.ledger.payments.reverse({ paymentId, reason: 'Baixa lançada na conta errada' });
    document = await fin.ledger.documents.get({ id });
    expect(document.status).toBe('open');
    expect(document.installments[0]).toMatchObject({ settled: 0, open: 50_000, status: 'open' });
    expect(await balanceOf(ids.account)).toBe(before);
    const original = document.payments.find((p) => p.id === paymentId);
    expect(original?.reversed).toBe(true);
    expect(document.payments.find((p) => p.reversalOf === paymentId)).toMatchObject({
      total: 21_100,
      reversalReason: 'Baixa lançada na conta errada',
    });
    expect(document.history.map((e) => e.action)).toEqual(['payable.create', 'payable.settle', 'payable.reverse']);
    expect(await codeOf(fin.ledger.payments.reverse({ paymentId, reason: 'de novo' }))).toBe('CONFLICT');
    const reversal = document.payments.find((p) => p.reversalOf === paymentId)?.id ?? '';
    expect(await messageOf(fin.ledger.payments.reverse({ paymentId: reversal, reason: 'x' }))).toBe(
      'Um estorno não pode ser estornado.',
    );
  });

  it('pays several bills of one supplier in one payment with one movement, and the whole document becomes paid', async () => {
    const a = await newBill({ documentNumber: 'NF-80' });
    const b = await newBill({ documentNumber: 'NF-81' });
    const items = [...a.installments, ...b.installments].map((i) => ({ installmentId: i.id, principal: i.amount }));
    const { paymentId } = await fin.ledger.payments.settle({ ...pay('', 0), items });
    const movements = await db().select().from(accountMovements).where(eq(accountMovements.paymentId, paymentId));
    expect(movements).toHaveLength(1);
    expect(movements[0]).toMatchObject({ amount: -200_000, kind: 'payment', date: today });
    expect((await fin.ledger.documents.get({ id: a.id })).status).toBe('paid');
    expect((await fin.ledger.documents.get({ id: b.id })).status).toBe('paid');
  });

  it('receives a late receivable: money comes into the account', async () => {
    const { id, installments } = await newBill({
      kind: 'receivable',
      partyId: ids.customer,
      documentNumber: 'FAT-9',
      installments: [{ dueDate: '2026-02-05', amount: 100_000 }],
    });
    const before = await balanceOf(ids.account);
    await fin.ledger.payments.settle({
      ...pay(installments[0]?.id ?? '', 100_000, { interest: 500, fine: 2_000 }),
      kind: 'receivable',
    });
    expect(await balanceOf(ids.account)).toBe(before + 102_500);
    expect((await fin.ledger.documents.get({ id })).status).toBe('paid');
  });

  it('refuses what must not be paid, with a pt-BR message, storing nothing', async () => {
    const { id, installments } = await newBill({ documentNumber: 'NF-90' });
    const first = installments[0]?.id ?? '';
    const other = await newBill({ partyId: ids.supplier2, documentNumber: 'NF-91' });
    const before = await counts();
    const cases: [() => Promise<unknown>, string][] = [
      [() => fin.ledger.payments.settle(pay(first, 50_001)), 'passa do saldo em aberto'],
      [() => fin.ledger.payments.settle(pay(first, 0)), 'O valor deve ser maior que zero.'],
      [() => fin.ledger.payments.settle(pay(first, -10)), 'O valor deve ser maior que zero.'],
      [() => fin.ledger.payments.settle(pay(first, 10 ** 15)), 'O valor não pode passar de'],
      [
        () => fin.ledger.payments.settle(pay(first, 100, { discount: 200 })),
        'O desconto não pode passar do valor pago.',
      ],
      [() => fin.ledger.payments.settle({ ...pay(first, 100), paidDate: '2199-01-01' }), 'não pode ser futura'],
      [() => fin.ledger.payments.settle({ ...pay(first, 100), paidDate: '2025-12-31' }), 'antes da emissão'],
      [() => fin.ledger.payments.settle({ ...pay(first, 100), accountId: ids.other }), 'Conta não encontrada'],
      [() => fin.ledger.payments.settle({ ...pay(first, 100), kind: 'receivable' }), 'Parcela não encontrada'],
      [
        () =>
          fin.ledger.payments.settle({
            ...pay(first, 100),
            items: [
              { installmentId: first, principal: 100 },
              { installmentId: other.installments[0]?.id ?? '', principal: 100 },
            ],
          }),
        'de um só fornecedor',
      ],
      [() => fin.ledger.payments.settle({ ...pay(first, 100), notes: 'x'.repeat(2001) }), 'Use até 2000 caracteres.'],
    ];
    for (const [call, message] of cases) expect(await messageOf(call())).toContain(message);
    await fin.ledger.documents.cancel({ kind: 'payable', ids: [other.id], reason: 'Lançada em duplicidade' });
    expect(await messageOf(fin.ledger.payments.settle({ ...pay(other.installments[0]?.id ?? '', 100) }))).toContain(
      'está cancelada',
    );
    expect(await counts()).toEqual(before);

    const { paymentId } = await fin.ledger.payments.settle(pay(first, 100));
    expect(await messageOf(fin.ledger.documents.cancel({ kind: 'payable', ids: [id], reason: 'Errado' }))).toContain(
      'estorne o pagamento',
    );
    await fin.ledger.payments.reverse({ paymentId, reason: 'Pago por engano' });
    expect(await fin.ledger.documents.cancel({ kind: 'payable', ids: [id], reason: 'Errado' })).toEqual({
      cancelled: 1,
    });
  });

  it('two payments of one installment at once never pay it beyond its amount', async () => {
    const { installments } = await newBill({ documentNumber: 'NF-100' });
    const first = installments[0]?.id ?? '';
    const results = await Promise.allSettled([
      fin.ledger.payments.settle(pay(first, 30_000)),
      fin.ledger.payments.settle(pay(first, 30_000)),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [row] = await db().select().from(ledgerInstallments).where(eq(ledgerInstallments.id, first));
    expect(row).toMatchObject({ settled: 30_000, status: 'partial' });
  });

  it('the same payment sent twice at once (one idempotency key) pays once; two reversals at once reverse once', async () => {
    const { installments } = await newBill({ documentNumber: 'NF-101' });
    const first = installments[0]?.id ?? '';
    const key = crypto.randomUUID();
    const [a, b] = await Promise.all([
      fin.ledger.payments.settle({ ...pay(first, 10_000), idempotencyKey: key }),
      fin.ledger.payments.settle({ ...pay(first, 10_000), idempotencyKey: key }),
    ]);
    expect(a.paymentId).toBe(b.paymentId);
    const reversals = await Promise.allSettled([
      fin.ledger.payments.reverse({ paymentId: a.paymentId, reason: 'Duplicado' }),
      fin.ledger.payments.reverse({ paymentId: a.paymentId, reason: 'Duplicado' }),
    ]);
    expect(reversals.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [row] = await db().select().from(ledgerInstallments).where(eq(ledgerInstallments.id, first));
    expect(row).toMatchObject({ settled: 0, status: 'open' });
  });

  it('keeps payments to who may make them, in their organization and unit', async () => {
    const { id, installments } = await newBill({ documentNumber: 'NF-102' });
    const first = installments[0]?.id ?? '';
    const leitor = await d.as('leitor', d.matriz);
    expect(await codeOf(leitor.ledger.payments.settle(pay(first, 100)))).toBe('FORBIDDEN');
    const { installments: owed } = await newBill({
      kind: 'receivable',
      partyId: ids.customer,
      documentNumber: 'FAT-10',
    });
    const pagador = await d.as('pagador', d.matriz);
    expect(await codeOf(pagador.ledger.payments.settle({ ...pay(owed[0]?.id ?? '', 100), kind: 'receivable' }))).toBe(
      'FORBIDDEN',
    );
    const { paymentId } = await pagador.ledger.payments.settle(pay(first, 100));
    expect(await codeOf(leitor.ledger.payments.reverse({ paymentId, reason: 'x' }))).toBe('FORBIDDEN');

    const outro = await d.as('outro', d.elsewhere);
    expect(await codeOf(outro.ledger.payments.settle({ ...pay(first, 100), accountId: ids.other }))).toBe('NOT_FOUND');
    expect(await codeOf(outro.ledger.payments.reverse({ paymentId, reason: 'x' }))).toBe('NOT_FOUND');

    // Another unit of the same organization sees neither the bills nor the payments of Matriz.
    const [filial] = await db().select().from(units).where(eq(units.slug, 'filial-campinas'));
    const inFilial = await d.as('admin', { organizationId: d.matriz.organizationId, unitId: filial?.id ?? '' });
    expect(await codeOf(inFilial.ledger.payments.reverse({ paymentId, reason: 'x' }))).toBe('NOT_FOUND');
    expect(await codeOf(inFilial.ledger.documents.get({ id }))).toBe('NOT_FOUND');
    const listed = await inFilial.ledger.documents.list({ kind: 'payable', filters: { documentNumber: 'NF-102' } });
    expect(listed.rows).toHaveLength(0);
  });

  it('keeps the proof with the payment, as a file of each document of a batch, logged with the settlement', async () => {
    const a = await newBill({ documentNumber: 'NF-200' });
    const b = await newBill({ documentNumber: 'NF-201' });
    const items = [a.installments[0], b.installments[0], b.installments[1]].map((i) => ({
      installmentId: i?.id ?? '',
      principal: 50_000,
    }));
    const { paymentId } = await fin.ledger.payments.settle({
      ...pay('', 0),
      items,
      proof: proof({ fileName: 'C:\\pix\\comprovante.png' }),
    });
    for (const id of [a.id, b.id]) {
      const document = await fin.ledger.documents.get({ id });
      expect(document.attachments).toMatchObject([
        { paymentId, fileName: 'comprovante.png', contentType: 'image/png' },
      ]);
      const [file] = document.attachments;
      expect((await fin.ledger.attachments.download({ id: file?.id ?? '' })).content).toBe(png);
      const settled = document.history.find((e) => e.action === 'payable.settle');
      expect(settled?.after).toMatchObject({
        paymentId,
        proof: { fileName: 'comprovante.png', size: Buffer.from(png, 'base64').length, sha256: expect.any(String) },
      });
      // A payment's proof is evidence of what was paid: it stays.
      expect(await codeOf(fin.ledger.attachments.delete({ id: file?.id ?? '' }))).toBe('CONFLICT');
    }
    // Another organization reaches neither the files nor their content.
    const outro = await d.as('outro', d.elsewhere);
    for (const file of await proofsOf(a.id)) {
      expect(await codeOf(outro.ledger.attachments.download({ id: file.id }))).toBe('NOT_FOUND');
    }
    expect(await codeOf(outro.ledger.attachments.list({ documentId: a.id }))).toBe('NOT_FOUND');
    // Without a proof, a payment attaches nothing.
    const c = await newBill({ documentNumber: 'NF-202' });
    await fin.ledger.payments.settle({ ...pay(c.installments[0]?.id ?? '', 100), proof: null });
    expect(await proofsOf(c.id)).toHaveLength(0);
  });

  it('refuses a payment whose proof is not a valid file, or does not fit, with a pt-BR message, storing nothing', async () => {
    const a = await newBill({ documentNumber: 'NF-210' });
    const b = await newBill({ documentNumber: 'NF-211' });
    const first = a.installments[0]?.id ?? '';
    const both = {
      ...pay('', 0),
      items: [a.installments[0], b.installments[0]].map((i) => ({ installmentId: i?.id ?? '', principal: 100 })),
    };
    const pdf = Buffer.from('%PDF-1.4 boleto').toString('base64');
    for (let n = 0; n < MAX_ATTACHMENTS; n++) {
      await fin.ledger.attachments.upload({
        documentId: b.id,
        fileName: `nota-${n}.pdf`,
        contentType: 'application/pdf',
        content: pdf,
      });
    }
    const before = await counts();
    const balance = await balanceOf(ids.account);
    // A malformed field's pt-BR message names it; a direct caller reads it inside the issues' JSON, quotes escaped.
    const cases: [() => Promise<unknown>, string | RegExp][] = [
      [
        () =>
          fin.ledger.payments.settle({
            ...pay(first, 100),
            proof: proof({ content: Buffer.from('MZ exe').toString('base64') }),
          }),
        'O conteúdo do arquivo não é um PDF ou uma imagem válida.',
      ],
      [
        () => fin.ledger.payments.settle({ ...pay(first, 100), proof: proof({ content: '' }) }),
        'O arquivo está vazio.',
      ],
      [
        () => fin.ledger.payments.settle({ ...pay(first, 100), proof: proof({ content: 'não é base64!' }) }),
        'Arquivo ilegível.',
      ],
      [
        () => fin.ledger.payments.settle({ ...pay(first, 100), proof: proof({ contentType: 'text/html' }) }),
        'Anexe PDF ou imagem (PNG, JPEG ou WebP).',
      ],
      [
        () => fin.ledger.payments.settle({ ...pay(first, 100), proof: proof({ fileName: 'x'.repeat(201) }) }),
        /Valor inválido em \\?"proof\.fileName\\?"/,
      ],
      [
        () => fin.ledger.payments.settle({ ...pay(first, 100), proof: proof({ fileName: 'comprovante\u0000.png' }) }),
        'caracteres inválidos',
      ],
      [() => fin.ledger.payments.settle({ ...pay(first, 100), proof: 42 as never }), /Valor inválido em \\?"proof\\?"/],
      [
        () => fin.ledger.payments.settle({ ...both, proof: proof() }),
        `O título "Serviço de manutenção — NF-211" já tem ${MAX_ATTACHMENTS} anexos, o máximo: o comprovante não cabe nele.`,
      ],
    ];
    for (const [call, message] of cases) expect(await messageOf(call())).toMatch(message);
    expect(await counts()).toEqual(before);
    expect(await balanceOf(ids.account)).toBe(balance);
    const [row] = await db().select().from(ledgerInstallments).where(eq(ledgerInstallments.id, first));
    expect(row).toMatchObject({ settled: 0, status: 'open' });
  });

  it('a payment with its proof sent again with the same idempotency key keeps one payment and one proof', async () => {
    const { id, installments } = await newBill({ documentNumber: 'NF-220' });
    const input = { ...pay(installments[0]?.id ?? '', 10_000), proof: proof(), idempotencyKey: crypto.randomUUID() };
    const [a, b] = await Promise.all([fin.ledger.payments.settle(input), fin.ledger.payments.settle(input)]);
    const again = await fin.ledger.payments.settle(input);
    expect(new Set([a.paymentId, b.paymentId, again.paymentId]).size).toBe(1);
    expect(await proofsOf(id)).toMatchObject([{ paymentId: a.paymentId }]);
    expect((await fin.ledger.documents.get({ id })).payments).toHaveLength(1);
  });

  it('keeps paying with a proof to who may pay, in their organization', async () => {
    const { id, installments } = await newBill({ documentNumber: 'NF-230' });
    const first = installments[0]?.id ?? '';
    const before = await counts();
    const leitor = await d.as('leitor', d.matriz);
    expect(await codeOf(leitor.ledger.payments.settle({ ...pay(first, 100), proof: proof() }))).toBe('FORBIDDEN');
    const owed = await newBill({ kind: 'receivable', partyId: ids.customer, documentNumber: 'FAT-230' });
    const pagador = await d.as('pagador', d.matriz);
    expect(
      await codeOf(
        pagador.ledger.payments.settle({
          ...pay(owed.installments[0]?.id ?? '', 100),
          kind: 'receivable',
          proof: proof(),
        }),
      ),
    ).toBe('FORBIDDEN');
    const outro = await d.as('outro', d.elsewhere);
    expect(
      await codeOf(outro.ledger.payments.settle({ ...pay(first, 100), accountId: ids.other, proof: proof() })),
    ).toBe('NOT_FOUND');
    expect(await counts()).toEqual(before);
    const { paymentId } = await pagador.ledger.payments.settle({ ...pay(first, 100), proof: proof() });
    expect(await proofsOf(id)).toMatchObject([{ paymentId }]);
  });

  it('any sequence of partial payments and reversals keeps settled = Σ live principal ≤ amount, and the account = Σ payments', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.integer({ min: 1, max: 60_000 }), fc.constant(0)), { minLength: 1, maxLength: 6 }),
        async (steps) => {
          const { installments } = await newBill({ documentNumber: `P-${crypto.randomUUID().slice(0, 8)}` });
          const first = installments[0]?.id ?? '';
          const live: { paymentId: string; principal: number }[] = [];
          for (const step of steps) {
            const settled = live.reduce((s, p) => s + p.principal, 0);
            if (step === 0) {
              const last = live.pop();
              if (last) await fin.ledger.payments.reverse({ paymentId: last.paymentId, reason: 'Teste' });
              continue;
            }
            const result = fin.ledger.payments.settle(pay(first, step, { interest: step % 97 }));
            if (step > 50_000 - settled) {
              expect(await codeOf(result)).toBe('BAD_REQUEST');
            } else {
              live.push({ paymentId: (await result).paymentId, principal: step });
            }
          }
          const expected = live.reduce((s, p) => s + p.principal, 0);
          const [row] = await db().select().from(ledgerInstallments).where(eq(ledgerInstallments.id, first));
          expect(row?.settled).toBe(expected);
          expect(row?.status).toBe(expected === 0 ? 'open' : expected === 50_000 ? 'paid' : 'partial');
          const paymentIds = (
            await db()
              .select({ id: ledgerSettlements.paymentId })
              .from(ledgerSettlements)
              .where(eq(ledgerSettlements.installmentId, first))
          ).map((p) => p.id);
          if (paymentIds.length === 0) return;
          const [paid] = await db()
            .select({ total: sum(ledgerPayments.total) })
            .from(ledgerPayments)
            .where(inArray(ledgerPayments.id, paymentIds));
          const [moved] = await db()
            .select({ total: sum(accountMovements.amount) })
            .from(accountMovements)
            .where(and(inArray(accountMovements.paymentId, paymentIds), sql`${accountMovements.kind} <> 'fee'`));
          expect(Number(moved?.total ?? 0)).toBe(Number(paid?.total ?? 0));
          const liveCharges = live.reduce((s, p) => s + p.principal + (p.principal % 97), 0);
          expect(Number(paid?.total ?? 0) + liveCharges).toBe(0);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('starts the payment form from what is still open of each installment, in due-date order, with its party', async () => {
    const { installments } = await newBill();
    const [first, second] = installments.map((i) => i.id);
    await fin.ledger.payments.settle(pay(first ?? '', 20_000));
    const rows = await fin.ledger.documents.rows({ kind: 'payable', ids: [second ?? '', first ?? ''] });
    expect(rows).toMatchObject([
      { id: first, number: 1, count: 2, dueDate: '2026-02-05', amount: 50_000, open: 30_000, status: 'partial' },
      { id: second, number: 2, count: 2, dueDate: '2026-03-05', amount: 50_000, open: 50_000, status: 'open' },
    ]);
    expect(rows.map((r) => r.partyName)).toEqual(['Manutenção Predial Ltda', 'Manutenção Predial Ltda']);
  });
});

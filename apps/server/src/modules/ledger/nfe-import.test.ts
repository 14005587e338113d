import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { addDays, formatBRL, todayInSaoPaulo } from '@financeiro/core';
import { now } from '../../clock';
import { codeOf, messageOf } from '../../test/callers';
import { startDemoApp, type DemoApp } from '../../test/demo';
import { memberWith } from '../../test/members';
import { heavyNotes, renumbered } from '../../test/nfe';
import { loadEnv } from '../../env';
import { tooSlow } from '../../uploads/pool';
import { parties } from '../registries/schema';
import { organizations } from '../tenancy/schema';
import { NFE_ALREADY_IMPORTED } from './nfe';
import { ledgerDocuments, ledgerInstallments } from './schema';
import { newClassification, newCostCentre, type Callers } from '../../test/ledger-fixtures';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../../packages/core/src/purchasing/fixtures/nfe/${name}`, import.meta.url), 'utf8');
const SERRA_AZUL = fixture('three-duplicatas.xml');
const PAPELARIA = fixture('without-cobr.xml');
const PAPELARIA_TEN_DECIMALS = fixture('unit-price-ten-decimals.xml');
const LUMEN = fixture('prefixed-namespace.xml');
const file = (fileName: string, xml: string) => ({ fileName, xml });

/** Whether a due date has passed by the server's clock: the preview flags such installments. */
const overdue = (dueDate: string) => dueDate < todayInSaoPaulo(now());

describe('payables from NF-e XML files: preview and import', () => {
  let d: DemoApp;
  let admin: Callers;
  const refs = { classificationId: '', costCentreId: '' };
  const importing = (files: { fileName: string; xml: string; difference?: 'discount' }[]) => ({
    files,
    ...refs,
    idempotencyKey: uuidv7(),
  });

  const stored = async () => {
    const db = d.t.database.db;
    const [documents] = await db.select({ n: count() }).from(ledgerDocuments);
    const [suppliers] = await db.select({ n: count() }).from(parties);
    return { documents: documents?.n ?? 0, parties: suppliers?.n ?? 0 };
  };
  const payablesOfKey = (key: string) =>
    d.t.database.db.select().from(ledgerDocuments).where(eq(ledgerDocuments.nfeKey, key));

  beforeAll(async () => {
    d = await startDemoApp();
    await d.t.database.db
      .update(organizations)
      .set({ cnpj: '31827459000197' })
      .where(eq(organizations.id, d.org.organizationId));
    admin = await d.as('admin', d.matriz);
    refs.classificationId = await newClassification(admin, 'Compras de materiais');
    refs.costCentreId = await newCostCentre(admin, 'Operações');
  });
  afterAll(() => d?.t.close());

  it('previews each file: the note, its installments, a new supplier, and what is wrong with the others', async () => {
    const before = await stored();
    const rows = await admin.ledger.documents.nfePreview({
      files: [
        file('serra.xml', SERRA_AZUL),
        file('papelaria.xml', PAPELARIA),
        file('digito.xml', fixture('wrong-check-digit.xml')),
        file('antiga.xml', fixture('version-3.10.xml')),
        file('de-novo.xml', SERRA_AZUL),
      ],
    });
    expect(rows[0]).toMatchObject({
      fileName: 'serra.xml',
      accessKey: '35260324581367000104550010000045211839204171',
      number: '4521',
      series: '1',
      issuer: { document: '24581367000104', name: 'Metalúrgica Serra Azul Ltda', tradeName: 'Serra Azul Metais' },
      total: 1_200_000,
      grossAmount: 1_200_000,
      difference: 0,
      installments: [
        { dueDate: '2026-04-09', amount: 400_000, overdue: overdue('2026-04-09') },
        { dueDate: '2026-05-09', amount: 400_000, overdue: overdue('2026-05-09') },
        { dueDate: '2026-06-08', amount: 400_000, overdue: overdue('2026-06-08') },
      ],
      newSupplier: true,
      importedDocumentId: null,
      sameAs: null,
      problems: [],
    });
    // A note without duplicatas is paid in one installment of its total on the issue day.
    expect(rows[1]?.installments).toEqual([{ dueDate: '2026-02-03', amount: 123_450, overdue: overdue('2026-02-03') }]);
    expect(rows[2]?.problems[0]).toContain('dígito verificador errado');
    expect(rows[3]?.problems[0]).toBe('A NF-e está no leiaute 3.10; só o leiaute 4.00 é aceito.');
    expect(rows[4]).toMatchObject({ sameAs: 'serra.xml', problems: [] });
    expect(await stored()).toEqual(before);
  });

  it('imports one payable per note, registers a supplier once per issuer, and answers a repeat with the same result', async () => {
    const before = await stored();
    const input = importing([
      file('serra.xml', SERRA_AZUL),
      file('papelaria-1.xml', PAPELARIA),
      file('papelaria-2.xml', PAPELARIA_TEN_DECIMALS),
      file('serra-de-novo.xml', SERRA_AZUL),
    ]);
    const result = await admin.ledger.documents.nfeImport(input);
    expect(result.created).toBe(3);
    expect(await admin.ledger.documents.nfeImport(input)).toEqual(result);
    expect(await stored()).toEqual({ documents: before.documents + 3, parties: before.parties + 2 });

    const [payable] = await payablesOfKey('35260324581367000104550010000045211839204171');
    expect(payable).toMatchObject({
      id: result.ids[0],
      kind: 'payable',
      unitId: d.matriz.unitId,
      documentType: 'nfe',
      documentNumber: '4521/1',
      issueDate: '2026-03-10',
      competence: '2026-03-01',
      grossAmount: 1_200_000,
      netAmount: 1_200_000,
    });
    const installments = await d.t.database.db
      .select({ dueDate: ledgerInstallments.dueDate, amount: ledgerInstallments.amount })
      .from(ledgerInstallments)
      .where(eq(ledgerInstallments.documentId, payable?.id ?? ''))
      .orderBy(asc(ledgerInstallments.number));
    expect(installments).toEqual([
      { dueDate: '2026-04-09', amount: 400_000 },
      { dueDate: '2026-05-09', amount: 400_000 },
      { dueDate: '2026-06-08', amount: 400_000 },
    ]);
    // The bill keeps the note: its XML among the files, its items with the units the note states.
    const items = await admin.ledger.documents.nfeItems({ id: payable?.id ?? '' });
    expect(items.map((i) => [i.code, i.quantity, i.unit, i.unitPrice])).toEqual([
      ['MT-1020', '20.0000', 'UN', 30_000],
      ['MT-2210', '40.0000', 'BR', 7_500],
      ['MT-3005', '30.0000', 'CT', 10_000],
    ]);
    const outro = await d.as('outro', d.elsewhere);
    expect(await codeOf(outro.ledger.documents.nfeItems({ id: payable?.id ?? '' }))).toBe('NOT_FOUND');
    expect(
      await codeOf((await d.as('solicitante', d.matriz)).ledger.documents.nfeItems({ id: payable?.id ?? '' })),
    ).toBe('FORBIDDEN');
    const papelaria = await d.t.database.db
      .select({ name: parties.name, roles: parties.roles })
      .from(parties)
      .where(and(eq(parties.organizationId, d.org.organizationId), eq(parties.document, '52714086000118')));
    expect(papelaria).toEqual([{ name: 'Papelaria Ponto Certo Ltda', roles: ['supplier'] }]);

    // The preview now points at the payable, and a new note of a known issuer needs no new supplier.
    const [again, next] = await admin.ledger.documents.nfePreview({
      files: [file('serra.xml', SERRA_AZUL), file('serra-4522.xml', renumbered(SERRA_AZUL, 4522))],
    });
    expect(again).toMatchObject({ importedDocumentId: result.ids[0], problems: [NFE_ALREADY_IMPORTED] });
    expect(next).toMatchObject({ number: '4522', newSupplier: false, problems: [] });
  });

  it('flags before saving the installments already past due, and only those', async () => {
    const today = todayInSaoPaulo(now());
    const later = addDays(today, 30);
    const xml = renumbered(PAPELARIA_TEN_DECIMALS, 8801)
      .replace('<vDup>111.70</vDup>', '<vDup>60.00</vDup>')
      .replace('</dup>', `</dup><dup><nDup>002</nDup><dVenc>${later}</dVenc><vDup>51.70</vDup></dup>`);
    const [row] = await admin.ledger.documents.nfePreview({ files: [file('vencida.xml', xml)] });
    expect(row?.installments).toEqual([
      { dueDate: '2026-06-04', amount: 6_000, overdue: true },
      { dueDate: later, amount: 5_170, overdue: false },
    ]);
    expect(row?.problems).toEqual([]);
  });

  it('asks what the difference is when the duplicatas do not add up, and books it as chosen', async () => {
    const xml = renumbered(PAPELARIA_TEN_DECIMALS, 8802).replace('<vDup>111.70</vDup>', '<vDup>100.00</vDup>');
    const key = /Id="NFe(\d{44})"/.exec(xml)?.[1] ?? '';
    const [row] = await admin.ledger.documents.nfePreview({ files: [file('soma.xml', xml)] });
    const problem = `As duplicatas somam ${formatBRL(10_000)}, e o total da nota é ${formatBRL(11_170)}: diga como tratar a diferença de ${formatBRL(1_170)}.`;
    expect(row).toMatchObject({ difference: 1_170, grossAmount: 11_170, problems: [problem] });
    const before = await stored();
    const refused = admin.ledger.documents.nfeImport(importing([file('soma.xml', xml)]));
    expect(await messageOf(refused)).toBe(`soma.xml: ${problem}`);
    expect(await stored()).toEqual(before);

    // Each choice, as the preview shows it before saving.
    const previewOf = async (difference: 'sight' | 'discount' | 'adjustLast') =>
      (await admin.ledger.documents.nfePreview({ files: [{ ...file('soma.xml', xml), difference }] }))[0];
    expect(await previewOf('sight')).toMatchObject({
      grossAmount: 11_170,
      installments: [
        { dueDate: '2026-05-05', amount: 1_170 },
        { dueDate: '2026-06-04', amount: 10_000 },
      ],
      problems: [],
    });
    expect(await previewOf('adjustLast')).toMatchObject({
      grossAmount: 11_170,
      installments: [{ dueDate: '2026-06-04', amount: 11_170 }],
    });
    expect(await previewOf('discount')).toMatchObject({
      grossAmount: 10_000,
      installments: [{ dueDate: '2026-06-04', amount: 10_000 }],
    });

    // A discount: the payable is what the duplicatas ask, the note says so, and the XML is kept with it.
    const result = await admin.ledger.documents.nfeImport(
      importing([{ ...file('soma.xml', xml), difference: 'discount' }]),
    );
    const [payable] = await payablesOfKey(key);
    expect(payable).toMatchObject({ id: result.ids[0], grossAmount: 10_000, netAmount: 10_000 });
    expect(payable?.notes).toContain(`Desconto de ${formatBRL(1_170)} sobre o total da nota (${formatBRL(11_170)})`);
    const files = await admin.ledger.attachments.list({ documentId: payable?.id ?? '' });
    expect(files).toMatchObject([{ fileName: `NFe${key}.xml`, contentType: 'application/xml' }]);
    const download = await admin.ledger.attachments.download({ id: files[0]?.id ?? '' });
    expect(Buffer.from(download.content, 'base64').toString('utf8')).toBe(xml);
  });

  it('refuses a note already imported, and with it the whole batch', async () => {
    const before = await stored();
    const once = admin.ledger.documents.nfeImport(importing([file('serra.xml', SERRA_AZUL)]));
    expect(await codeOf(once)).toBe('CONFLICT');
    const batch = admin.ledger.documents.nfeImport(
      importing([file('lumen.xml', LUMEN), file('serra.xml', SERRA_AZUL)]),
    );
    expect(await messageOf(batch)).toBe(`serra.xml: ${NFE_ALREADY_IMPORTED}`);
    const unreadable = admin.ledger.documents.nfeImport(
      importing([file('lumen.xml', LUMEN), file('digito.xml', fixture('wrong-check-digit.xml'))]),
    );
    expect(await messageOf(unreadable)).toMatch(
      /^digito\.xml: A chave de acesso .* tem o dígito verificador errado\.$/,
    );
    expect(await stored()).toEqual(before);
  });

  it('refuses a note addressed to another company, and asks for the CNPJ an organization has not registered', async () => {
    const elsewhere = SERRA_AZUL.replace('<CNPJ>31827459000197</CNPJ>', '<CNPJ>11222333000181</CNPJ>');
    const [row] = await admin.ledger.documents.nfePreview({ files: [file('outra.xml', elsewhere)] });
    expect(row?.problems).toEqual(['A NF-e foi emitida para 11.222.333/0001-81, que não é um CNPJ desta organização.']);
    const outro = await d.as('outro', d.elsewhere);
    expect(await messageOf(outro.ledger.documents.nfePreview({ files: [file('serra.xml', SERRA_AZUL)] }))).toBe(
      'Cadastre o CNPJ da organização para lançar NF-e: sem ele não há como conferir o destinatário.',
    );
  });

  it('keeps each organization apart', async () => {
    const before = await stored();
    const outroHere = await d.as('outro', d.matriz);
    const lumen = [file('lumen.xml', LUMEN)];
    expect(await codeOf(outroHere.ledger.documents.nfePreview({ files: lumen }))).toBe('FORBIDDEN');
    expect(await codeOf(outroHere.ledger.documents.nfeImport(importing(lumen)))).toBe('FORBIDDEN');
    // In its own organization, with the same buyer's CNPJ by mistake, Outra does not see Demo's payable.
    await d.t.database.db
      .update(organizations)
      .set({ cnpj: '31827459000197' })
      .where(eq(organizations.id, d.other.organizationId));
    const outro = await d.as('outro', d.elsewhere);
    const [row] = await outro.ledger.documents.nfePreview({ files: [file('serra.xml', SERRA_AZUL)] });
    expect(row).toMatchObject({ importedDocumentId: null, newSupplier: true, problems: [] });
    // Demo's classification is not Outra's to use.
    const refused = outro.ledger.documents.nfeImport(importing([file('serra.xml', SERRA_AZUL)]));
    expect(await messageOf(refused)).toBe('Classificação não encontrada nesta organização.');
    expect(await stored()).toEqual(before);
  });

  it('lets only who edits payables import, and only who registers suppliers bring a new one', async () => {
    const before = await stored();
    const lumen = [file('lumen.xml', LUMEN)];
    const solicitante = await d.as('solicitante', d.matriz);
    expect(await codeOf(solicitante.ledger.documents.nfePreview({ files: lumen }))).toBe('FORBIDDEN');
    expect(await codeOf(solicitante.ledger.documents.nfeImport(importing(lumen)))).toBe('FORBIDDEN');
    await memberWith(d.t.database.db, d.matriz, 'leitor-pagar', ['ler_contas_pagar', 'ler_contas_receber']);
    const reader = await d.as('leitor-pagar', d.matriz);
    expect(await codeOf(reader.ledger.documents.nfeImport(importing(lumen)))).toBe('FORBIDDEN');
    await memberWith(d.t.database.db, d.matriz, 'editor-recebers', ['ler_contas_receber', 'editar_contas_receber']);
    const receivables = await d.as('editor-recebers', d.matriz);
    expect(await codeOf(receivables.ledger.documents.nfeImport(importing(lumen)))).toBe('FORBIDDEN');
    await memberWith(d.t.database.db, d.matriz, 'editor-pagar', ['ler_contas_pagar', 'editar_contas_pagar']);
    const editor = await d.as('editor-pagar', d.matriz);
    const [row] = await editor.ledger.documents.nfePreview({ files: lumen });
    expect(row?.problems).toEqual([
      'Seu perfil não tem permissão para cadastrar o fornecedor desta nota: cadastre-o antes.',
    ]);
    expect(await codeOf(editor.ledger.documents.nfeImport(importing(lumen)))).toBe('FORBIDDEN');
    expect(await stored()).toEqual(before);
    // A note of a registered supplier is theirs to import.
    const known = await editor.ledger.documents.nfeImport(importing([file('4523.xml', renumbered(SERRA_AZUL, 4523))]));
    expect(known.created).toBe(1);
  });

  it('refuses files that are not NF-e text with a pt-BR message, storing nothing', async () => {
    const before = await stored();
    const nul = admin.ledger.documents.nfeImport(importing([file('nul.xml', `${LUMEN}\u0000`)]));
    expect(await codeOf(nul)).toBe('BAD_REQUEST');
    expect(await messageOf(nul)).toContain('caracteres inválidos');
    const huge = admin.ledger.documents.nfePreview({ files: [file('grande.xml', 'x'.repeat(5_000_001))] });
    expect(await messageOf(huge)).toContain('grande.xml: o arquivo passa de 5 MB.');
    const text = admin.ledger.documents.nfeImport(importing([file('nota.xml', 'Nota fiscal 123, valor R$ 10,00')]));
    expect(await codeOf(text)).toBe('BAD_REQUEST');
    expect(await messageOf(text)).toMatch(/^nota\.xml: O arquivo não é um XML válido/);
    const none = admin.ledger.documents.nfeImport(importing([]));
    expect(await messageOf(none)).toContain('Escolha ao menos um arquivo XML.');
    const many = admin.ledger.documents.nfePreview({
      files: Array.from({ length: 51 }, (_, i) => file(`${i}.xml`, LUMEN)),
    });
    expect(await messageOf(many)).toContain('Importe até 50 arquivos por vez.');
    // A note of 10,000 items is past the size of a file; one of 991 (its first item 989 times, and two more) past
    // what the layout numbers (990).
    const item = /<det nItem="1">[\s\S]*?<\/det>/.exec(SERRA_AZUL)?.[0] ?? '';
    for (const [name, count, message] of [
      ['dez-mil.xml', 10_000, 'dez-mil.xml: o arquivo passa de 5 MB.'],
      ['itens.xml', 989, 'itens.xml: A NF-e tem 991 itens, e uma NF-e tem no máximo 990.'],
    ] as const) {
      const call = admin.ledger.documents.nfeImport(
        importing([file(name, SERRA_AZUL.replace(item, item.repeat(count)))]),
      );
      expect(await codeOf(call)).toBe('BAD_REQUEST');
      expect(await messageOf(call)).toContain(message);
    }
    const twenty = admin.ledger.documents.nfeImport(importing([file('vinte.xml', SERRA_AZUL.padEnd(20_000_000, ' '))]));
    expect(await messageOf(twenty)).toContain('vinte.xml: o arquivo passa de 5 MB.');
    expect(await stored()).toEqual(before);
  });

  it('makes one payable of a note imported twice at the same moment', async () => {
    const xml = renumbered(LUMEN, 306);
    const key = /Id="NFe(\d{44})"/.exec(xml)?.[1] ?? '';
    const second = await d.as('admin', d.matriz);
    const outcomes = await Promise.all([
      codeOf(admin.ledger.documents.nfeImport(importing([file('a.xml', xml)]))),
      codeOf(second.ledger.documents.nfeImport(importing([file('b.xml', xml)]))),
    ]);
    expect(outcomes.sort()).toEqual(['CONFLICT', 'OK']);
    expect(await payablesOfKey(key)).toHaveLength(1);
  });

  it("reads a 27 MB batch of notes while another user's requests answer at once, before the batch does", async () => {
    const finance = await d.as('financeiro', d.matriz);
    let previewDone = false;
    // Read whole, or, on a machine too busy to read it within the time limit, refused saying so.
    const answer = admin.ledger.documents
      .nfePreview({ files: heavyNotes().map((xml, i) => file(`pesada-${i + 1}.xml`, xml)) })
      .finally(() => (previewDone = true))
      .then(
        (rows) => rows.length,
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
    // The notes are read in a parser worker: the thread that answers requests stays free meanwhile.
    const answeredMs: number[] = [];
    for (let i = 0; i < 8; i++) {
      const started = performance.now();
      await finance.registries.suppliers.list({ search: 'Serra' });
      answeredMs.push(performance.now() - started);
    }
    expect(previewDone).toBe(false);
    expect(Math.min(...answeredMs)).toBeLessThan(100);
    expect([50, tooSlow(loadEnv().UPLOAD_TIME_LIMIT_SECONDS)]).toContain(await answer);
  });
});

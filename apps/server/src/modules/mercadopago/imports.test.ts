import { readFileSync } from 'node:fs';
import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { readCsvRecords } from '@financeiro/core';
import { codeOf, messageOf } from '../../test/callers';
import { startDemoApp, type DemoApp } from '../../test/demo';
import type { Callers } from '../../test/ledger-fixtures';
import { mercadopagoReleases, mercadopagoReportImports, mercadopagoSettlements } from './schema';

const fixtureText = (name: string) =>
  readFileSync(new URL(`../../../../../packages/core/src/mercadopago/fixtures/${name}`, import.meta.url), 'utf8');
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const fixture = (name: string) => base64(fixtureText(name));

/**
 * The API's settlement report: four approved payments (one with Mercado Livre's commission) from the 3rd to the 5th
 * of October, then a refund, a chargeback and a payout.
 */
const ENGLISH = 'settlement-english-comma.csv';
const englishLines = fixtureText(ENGLISH).trimEnd().split('\n');
/** The same report exported on the 5th: the header and the four sales. */
const EARLY = base64(englishLines.slice(0, 5).join('\n'));

/** An XLSX workbook whose first sheet holds `rows`; cells that look like plain numbers are stored as numbers. */
async function xlsx(rows: string[][], numbers: (header: string, cell: string) => boolean) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Relatório');
  const [header = [], ...data] = rows;
  sheet.addRow(header);
  for (const cells of data) {
    sheet.addRow(cells.map((cell, i) => (numbers(header[i] ?? '', cell) ? Number(cell.replace(',', '')) : cell)));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
}

/** A sheet built cell by cell: `place` puts its values. */
async function sheetWith(place: (sheet: ExcelJS.Worksheet) => void) {
  const workbook = new ExcelJS.Workbook();
  place(workbook.addWorksheet('Relatório'));
  return Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
}

/** A zip whose entries are deflated, with a true central directory: what a zip bomb looks like from outside. */
function zipOf(entries: { name: string; content: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const { name, content } of entries) {
    const packed = deflateRawSync(content, { level: 9 });
    const fileName = Buffer.from(name);
    // Both headers carry the checksum, the two sizes and the name's length in the same order.
    const sizes = (header: Buffer, at: number) => {
      header.writeUInt32LE(crc32(content), at);
      header.writeUInt32LE(packed.length, at + 4);
      header.writeUInt32LE(content.length, at + 8);
      header.writeUInt16LE(fileName.length, at + 12);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    sizes(local, 14);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    sizes(central, 16);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, packed);
    directory.push(central, fileName);
    offset += local.length + fileName.length + packed.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directoryBytes, end]);
}

describe('Mercado Pago report imports', () => {
  let d: DemoApp;
  let fin: Callers;
  let admin: Callers;
  const ids = { account: '', second: '', third: '', foreign: '' };
  const db = () => d.t.database.db;
  const settlementsOf = (accountId: string) =>
    db().select().from(mercadopagoSettlements).where(eq(mercadopagoSettlements.accountId, accountId));
  const countOf = async (
    table: typeof mercadopagoSettlements | typeof mercadopagoReleases | typeof mercadopagoReportImports,
  ) => (await db().select({ n: count() }).from(table))[0]?.n ?? 0;

  beforeAll(async () => {
    d = await startDemoApp();
    fin = await d.as('financeiro', d.matriz);
    admin = await d.as('admin', d.matriz);
    const type = await admin.registries.accountTypes.create({ name: 'Carteira Mercado Pago', kind: 'digital_wallet' });
    const account = async (name: string) =>
      (
        await admin.registries.accounts.create({
          name,
          accountTypeId: type.id,
          bankId: null,
          openingBalance: 0,
          openingDate: '2026-01-01',
          unitIds: [d.matriz.unitId],
        })
      ).id;
    ids.account = await account('Mercado Pago vendas online');
    ids.second = await account('Mercado Pago loja');
    ids.third = await account('Mercado Pago eventos');
    const outro = await d.as('outro', d.elsewhere);
    const otherType = await outro.registries.accountTypes.create({ name: 'Carteira', kind: 'digital_wallet' });
    ids.foreign = (
      await outro.registries.accounts.create({
        name: 'Mercado Pago da Outra',
        accountTypeId: otherType.id,
        bankId: null,
        openingBalance: 0,
        openingDate: '2026-01-01',
        unitIds: [d.elsewhere.unitId],
      })
    ).id;
  });
  afterAll(() => d?.t.close());

  it('previews a settlement report with its approval days and money, imports it, and the same file again adds nothing', async () => {
    const file = {
      accountId: ids.account,
      fileName: 'settlement.csv',
      format: 'csv' as const,
      content: EARLY,
    };
    const preview = await fin.mercadopago.imports.preview(file);
    expect(preview).toMatchObject({
      kind: 'settlement',
      format: 'csv',
      // 2026-10-04T02:30Z is still the 3rd in São Paulo.
      periodStart: '2026-10-03',
      periodEnd: '2026-10-05',
      rowCount: 4,
      newCount: 4,
      alreadyImported: 0,
      rejected: [],
      sums: {
        kind: 'settlement',
        gross: 166_446,
        fees: { processing: 2_932, marketplace: 959, financing: 200, shipping: 284, taxes: 400 },
        feeTotal: 4_775,
        net: 161_671,
      },
    });
    expect(await settlementsOf(ids.account)).toHaveLength(0);

    const commit = { ...file, acceptRejected: false, idempotencyKey: crypto.randomUUID() };
    const first = await fin.mercadopago.imports.commit(commit);
    expect(first).toMatchObject({ kind: 'settlement', newCount: 4, duplicateCount: 0, rejectedCount: 0 });
    // The same submission again (a double click) answers the first result.
    expect(await fin.mercadopago.imports.commit(commit)).toEqual(first);
    const stored = await settlementsOf(ids.account);
    expect(stored).toHaveLength(4);
    expect(stored.find((s) => s.sourceId === '90000000003')).toMatchObject({
      externalReference: '2000001122334455',
      transactionType: 'SETTLEMENT',
      paymentMethod: 'account_money',
      gross: 7_990,
      processingFee: 0,
      marketplaceFee: 959,
      shippingFee: 284,
      net: 6_747,
      approvalDay: '2026-10-04',
      settlementDay: '2026-10-04',
      installments: 1,
      orderId: '2000001122334455',
      importId: first.importId,
    });
    expect(stored.find((s) => s.sourceId === '90000000002')?.approvalDay).toBe('2026-10-03');

    const again = await fin.mercadopago.imports.commit({ ...commit, idempotencyKey: crypto.randomUUID() });
    expect(again).toMatchObject({ newCount: 0, duplicateCount: 4 });
    expect(await settlementsOf(ids.account)).toHaveLength(4);
    expect(await fin.mercadopago.imports.preview(file)).toMatchObject({ newCount: 0, alreadyImported: 4 });

    // A later export overlapping the first adds only its new rows: a refund of an imported sale is one of them.
    const overlapping = [englishLines[0], ...englishLines.slice(3)].join('\n');
    const overlap = await fin.mercadopago.imports.commit({
      ...commit,
      fileName: 'settlement-ate-dia-6.csv',
      content: base64(overlapping),
      idempotencyKey: crypto.randomUUID(),
    });
    expect(overlap).toMatchObject({ newCount: 3, duplicateCount: 2 });
    const rows = await settlementsOf(ids.account);
    expect(rows).toHaveLength(7);
    expect(rows.filter((r) => r.sourceId === '90000000001').map((r) => [r.transactionType, r.gross])).toEqual(
      expect.arrayContaining([
        ['SETTLEMENT', 15_000],
        ['REFUND', -15_000],
      ]),
    );
    const imports = await db()
      .select()
      .from(mercadopagoReportImports)
      .where(eq(mercadopagoReportImports.accountId, ids.account));
    expect(imports.map((i) => [i.newCount, i.duplicateCount, i.periodStart, i.periodEnd])).toEqual([
      [4, 0, '2026-10-03', '2026-10-05'],
      [0, 4, '2026-10-03', '2026-10-05'],
      [3, 2, '2026-10-04', '2026-10-08'],
    ]);
  });

  it("reads the panel's Portuguese export and refuses its unreadable rows unless they are accepted", async () => {
    const file = {
      accountId: ids.second,
      fileName: 'todas-as-transacoes.csv',
      format: 'csv' as const,
      content: fixture('settlement-portuguese-panel-semicolon.csv'),
    };
    const preview = await fin.mercadopago.imports.preview(file);
    expect(preview).toMatchObject({ kind: 'settlement', rowCount: 3, newCount: 3, periodEnd: '2026-10-04' });
    expect(preview.rejected).toEqual([{ line: 8, message: expect.stringContaining('não dá o valor líquido') }]);
    expect(await messageOf(fin.mercadopago.imports.commit({ ...file, acceptRejected: false }))).toBe(
      '1 linha do relatório não pôde ser lida (linha 8). Confirme que quer importar as demais sem ela.',
    );
    expect(await settlementsOf(ids.second)).toHaveLength(0);
    expect(await fin.mercadopago.imports.commit({ ...file, acceptRejected: true })).toMatchObject({
      newCount: 3,
      rejectedCount: 1,
    });
    const rows = await settlementsOf(ids.second);
    expect(rows.find((r) => r.transactionType === 'REFUND')).toMatchObject({
      gross: -1_230,
      approvalDay: '2026-10-04',
    });

    // Saved by Excel: PACK_ID, ORDER_ID and a reference in scientific notation cost their rows nothing; a damaged
    // operation id (line 3) is the one that keeps its row out.
    const excel = {
      ...file,
      fileName: 'aberto-no-excel.csv',
      content: fixture('excel-mangled-ids.csv'),
    };
    const mangled = await fin.mercadopago.imports.preview(excel);
    expect(mangled).toMatchObject({ rowCount: 3, sums: { gross: 20_000, net: 19_000 } });
    expect(mangled.rejected.map((r) => r.line)).toEqual([3]);
    expect(mangled.damaged.map((d) => [d.column, d.lines])).toEqual([
      ['PACK_ID', [2, 4, 5]],
      ['ORDER_ID', [4]],
      ['EXTERNAL_REFERENCE', [5]],
    ]);
    expect(mangled.damaged[0]?.message).toContain('nada depende dela');
    expect(await fin.mercadopago.imports.commit({ ...excel, acceptRejected: true })).toMatchObject({ newCount: 3 });
    expect(
      (await settlementsOf(ids.second))
        .filter((r) => r.sourceId.startsWith('92'))
        .map((r) => [r.sourceId, r.externalReference, r.packId, r.gross])
        .sort(),
    ).toEqual([
      ['92000000001', 'CR-2026-0201', null, 5_000],
      ['92000000003', 'CR-2026-0203', null, 7_000],
      ['92000000004', null, null, 8_000],
    ]);
  });

  it('imports a release report: credits, debits and release days; re-importing adds nothing', async () => {
    const file = {
      accountId: ids.account,
      fileName: 'liberacoes.csv',
      format: 'csv' as const,
      content: fixture('release-report.csv'),
    };
    const preview = await fin.mercadopago.imports.preview(file);
    expect(preview).toMatchObject({
      kind: 'release',
      periodStart: '2026-11-01',
      // The withdrawal at 2026-11-07T02:10Z is the 6th in São Paulo; the total row is no release.
      periodEnd: '2026-11-06',
      rowCount: 7,
      newCount: 7,
      sums: { kind: 'release', credit: 120_848, debit: 78_838 },
      rejected: [],
    });
    expect(await fin.mercadopago.imports.commit({ ...file, acceptRejected: false })).toMatchObject({
      kind: 'release',
      newCount: 7,
    });
    expect(await fin.mercadopago.imports.commit({ ...file, acceptRejected: false })).toMatchObject({
      newCount: 0,
      duplicateCount: 7,
    });
    const rows = await db().select().from(mercadopagoReleases).where(eq(mercadopagoReleases.accountId, ids.account));
    expect(rows).toHaveLength(7);
    expect(rows.find((r) => r.recordType === 'initial_available_balance')).toMatchObject({
      netCredit: 100_000,
      balance: 100_000,
      releaseDay: '2026-11-01',
    });
    expect(rows.find((r) => r.description === 'withdrawal')?.payoutBankAccount).toBe('0001-12345678-9');
    expect(rows.find((r) => r.description === 'refund')).toMatchObject({
      sourceId: '90000000001',
      recordType: 'release',
      netCredit: 0,
      netDebit: 14_101,
      gross: -15_000,
      processingFee: -699,
      financingFee: -200,
      balance: 106_747,
      releaseDay: '2026-11-04',
    });
  });

  it('reads an XLSX sheet with numbers as the sheet shows them: the same report as its CSV adds nothing, a mangled pack id costs nothing, a mangled operation id keeps its row out', async () => {
    const rows = readCsvRecords(fixtureText(ENGLISH), ',').map((r) => r.cells);
    const numeric = (header: string, cell: string) =>
      /AMOUNT$|^SOURCE_ID$|^PACK_ID$|^INSTALLMENTS$/.test(header) && /^-?[\d,]+(\.\d+)?$/.test(cell);
    const content = await xlsx(rows, numeric);
    const file = { accountId: ids.account, fileName: 'settlement.xlsx', format: 'xlsx' as const, content };
    const preview = await fin.mercadopago.imports.preview(file);
    expect(preview).toMatchObject({
      kind: 'settlement',
      format: 'xlsx',
      rowCount: 7,
      rejected: [],
      // The rows are the CSV's, already imported into this account.
      newCount: 0,
      alreadyImported: 7,
      sums: { gross: 93_456, net: 89_580, feeTotal: 3_876 },
    });
    expect(
      await fin.mercadopago.imports.commit({ ...file, accountId: ids.third, acceptRejected: false }),
    ).toMatchObject({ newCount: 7 });
    expect(new Set((await settlementsOf(ids.third)).map((r) => r.sourceId))).toEqual(
      new Set(['90000000001', '90000000002', '90000000003', '90000000004', '95000000001']),
    );

    // Excel turned 16-digit ids into numbers, shown as 2,12345E+15 in the General format: every PACK_ID, and the
    // operation id of line 3.
    const packColumn = rows[0]?.indexOf('PACK_ID') ?? -1;
    const mangled = rows.map((cells, i) =>
      i === 0
        ? cells
        : cells.map((c, j) => (j === packColumn ? '2000001234567890' : j === 1 && i === 2 ? '2123450000000000' : c)),
    );
    const withMangled = await fin.mercadopago.imports.preview({ ...file, content: await xlsx(mangled, numeric) });
    expect(withMangled.rowCount).toBe(6);
    expect(withMangled.damaged.map((d) => [d.column, d.lines])).toEqual([['PACK_ID', [2, 4, 5, 6, 7, 8]]]);
    expect(withMangled.rejected).toEqual([
      {
        line: 3,
        message:
          'O ID da operação 2.12345E+15 foi alterado pelo Excel (notação científica), e é ele que identifica o pagamento: exporte o relatório de novo em CSV, sem abri-lo no Excel.',
      },
    ]);
  });

  it('refuses at once, naming the limit, a sheet too wide, too long or unpacking too large, and stores nothing', async () => {
    const file = { accountId: ids.third, fileName: 'relatorio.xlsx', format: 'xlsx' as const };
    const before = await countOf(mercadopagoReportImports);
    // 1,000 rows with one value in the last column Excel has (XFD), a few kilobytes on the wire.
    const wide = await sheetWith((sheet) => {
      for (let row = 1; row <= 1_000; row += 1) sheet.getCell(row, 16_384).value = row;
    });
    expect(await messageOf(fin.mercadopago.imports.preview({ ...file, content: wide }))).toBe(
      'A planilha tem valores além da coluna 200 (linha 1): um relatório tem bem menos colunas.',
    );
    // One value in the last row Excel has.
    const far = await sheetWith((sheet) => void (sheet.getCell(1_048_576, 1).value = 'x'));
    expect(await messageOf(fin.mercadopago.imports.preview({ ...file, content: far }))).toBe(
      'A planilha passa de 200.000 linhas, o limite de leitura. Exporte um período menor.',
    );
    // A sheet of 120 MB of spaces deflated into about a tenth of a megabyte.
    const bomb = zipOf([
      { name: '[Content_Types].xml', content: Buffer.from('<Types/>') },
      { name: 'xl/worksheets/sheet1.xml', content: Buffer.alloc(120 * 1024 * 1024, ' ') },
    ]);
    expect(bomb.length).toBeLessThan(200_000);
    const refused = fin.mercadopago.imports.commit({
      ...file,
      acceptRejected: false,
      content: bomb.toString('base64'),
    });
    expect(await codeOf(refused)).toBe('BAD_REQUEST');
    expect(await messageOf(refused)).toBe(
      'A planilha descompactada passa de 100 MB, o limite de leitura. Exporte o relatório em CSV ou por um período menor.',
    );
    expect(await countOf(mercadopagoReportImports)).toBe(before);
  });

  it('reads a sheet by the cells that hold values, not by the extent it declares or its formatted empty cells', async () => {
    const content = await sheetWith((sheet) => {
      sheet.addRow(['SOURCE_ID', 'TRANSACTION_TYPE', 'TRANSACTION_AMOUNT', 'TRANSACTION_DATE', 'FEE_AMOUNT']);
      sheet.getCell(1, 6).value = 'SETTLEMENT_NET_AMOUNT';
      sheet.addRow(['96000000077', 'SETTLEMENT', 50, '2026-10-06T10:00:00.000-03:00', -2.5, 47.5]);
      // Formatting alone, far beyond the report: no value, so nothing to read there.
      sheet.getCell(900_000, 16_000).numFmt = '0.00';
      sheet.getCell(3, 16_384).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFFF00' } };
    });
    const file = { accountId: ids.third, fileName: 'formatada.xlsx', format: 'xlsx' as const, content };
    expect(await fin.mercadopago.imports.preview(file)).toMatchObject({
      rowCount: 1,
      rejected: [],
      sums: { gross: 5_000, feeTotal: 250, net: 4_750 },
    });
  });

  it("reads a date cell as São Paulo's clock and an amount cell in its number format", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Vendas');
    sheet.addRow([
      'SOURCE_ID',
      'TRANSACTION_TYPE',
      'TRANSACTION_AMOUNT',
      'TRANSACTION_DATE',
      'FEE_AMOUNT',
      'SETTLEMENT_NET_AMOUNT',
    ]);
    // 01:30 of the 4th on the sheet's clock: still the 3rd in UTC, the 4th in São Paulo.
    const row = sheet.addRow(['96000000001', 'SETTLEMENT', 120, new Date(Date.UTC(2026, 9, 4, 1, 30)), -6, 114]);
    row.getCell(3).numFmt = '#,##0.00';
    const content = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
    const file = { accountId: ids.third, fileName: 'vendas.xlsx', format: 'xlsx' as const, content };
    expect(await fin.mercadopago.imports.preview(file)).toMatchObject({
      rowCount: 1,
      rejected: [],
      periodStart: '2026-10-04',
      sums: { gross: 12_000, feeTotal: 600, net: 11_400 },
    });
    await fin.mercadopago.imports.commit({ ...file, acceptRejected: false });
    const [sale] = await db()
      .select()
      .from(mercadopagoSettlements)
      .where(eq(mercadopagoSettlements.sourceId, '96000000001'));
    expect(sale?.transactionAt.toISOString()).toBe('2026-10-04T04:30:00.000Z');
    expect(sale?.approvalDay).toBe('2026-10-04');
  });

  it('stores the rows of one file once when two imports of it run at once', async () => {
    const before = await db()
      .select({ n: count() })
      .from(mercadopagoReleases)
      .where(eq(mercadopagoReleases.accountId, ids.second));
    expect(before[0]?.n).toBe(0);
    const commit = () =>
      fin.mercadopago.imports.commit({
        accountId: ids.second,
        fileName: 'liberacoes.csv',
        format: 'csv',
        content: fixture('release-report.csv'),
        acceptRejected: false,
        idempotencyKey: crypto.randomUUID(),
      });
    const results = await Promise.all([commit(), commit()]);
    expect(results.map((r) => r.newCount).sort()).toEqual([0, 7]);
    const after = await db()
      .select({ n: count() })
      .from(mercadopagoReleases)
      .where(eq(mercadopagoReleases.accountId, ids.second));
    expect(after[0]?.n).toBe(7);
  });

  it('lets whoever reconciles import: the administrator and Financeiro, not a requester', async () => {
    const file = {
      accountId: ids.account,
      fileName: 'liberacoes.csv',
      format: 'csv' as const,
      content: fixture('release-report.csv'),
    };
    expect(await codeOf(admin.mercadopago.imports.preview(file))).toBe('OK');
    expect(await codeOf(fin.mercadopago.imports.preview(file))).toBe('OK');
    const requester = await d.as('solicitante', d.matriz);
    expect(await codeOf(requester.mercadopago.imports.preview(file))).toBe('FORBIDDEN');
    expect(await codeOf(requester.mercadopago.imports.commit({ ...file, acceptRejected: true }))).toBe('FORBIDDEN');
  });

  it("keeps imports to their organization: no one imports into another organization's account", async () => {
    const importsBefore = await countOf(mercadopagoReportImports);
    const file = {
      fileName: 'settlement.csv',
      format: 'csv' as const,
      content: fixture(ENGLISH),
      acceptRejected: false,
    };
    const outro = await d.as('outro', d.elsewhere);
    const refused = 'Conta não encontrada nesta organização, ou não liberada para esta unidade.';
    expect(await messageOf(outro.mercadopago.imports.preview({ ...file, accountId: ids.account }))).toBe(refused);
    expect(await codeOf(outro.mercadopago.imports.commit({ ...file, accountId: ids.account }))).toBe('BAD_REQUEST');
    expect(await messageOf(fin.mercadopago.imports.commit({ ...file, accountId: ids.foreign }))).toBe(refused);
    expect(await codeOf(fin.mercadopago.imports.preview({ ...file, accountId: ids.foreign }))).toBe('BAD_REQUEST');
    expect(await countOf(mercadopagoReportImports)).toBe(importsBefore);
    expect(await settlementsOf(ids.foreign)).toHaveLength(0);
  });

  it('refuses bad files and bad input with pt-BR messages, storing nothing', async () => {
    const before = await Promise.all([
      countOf(mercadopagoReportImports),
      countOf(mercadopagoSettlements),
      countOf(mercadopagoReleases),
    ]);
    const file = { accountId: ids.account, fileName: 'r.csv', format: 'csv' as const, content: fixture(ENGLISH) };
    const commit = { ...file, acceptRejected: true };
    // A sale beyond the largest amount the app keeps is a rejected row, not a database error.
    const huge = base64(
      `${englishLines[0]}\n${englishLines[1]?.replace('150.00', '999999999999.00').replace('141.01', '999999999990.01')}`,
    );
    expect((await fin.mercadopago.imports.preview({ ...file, content: huge })).rejected).toEqual([
      {
        line: 2,
        message: expect.stringMatching(/^Valor acima de R\$\s999\.999\.999,99, o maior que o sistema guarda\.$/),
      },
    ]);
    const cases: [() => Promise<unknown>, string][] = [
      [() => fin.mercadopago.imports.preview({ ...file, content: '' }), 'O arquivo está vazio.'],
      [() => fin.mercadopago.imports.preview({ ...file, content: 'não é base64!' }), 'base64 inválido'],
      [
        () => fin.mercadopago.imports.preview({ ...file, content: 'A'.repeat(28_000_000) }),
        'O arquivo passa de 20 MB, o limite para relatórios do Mercado Pago.',
      ],
      [() => fin.mercadopago.imports.preview({ ...file, fileName: 'r\u0000.csv' }), 'caractere nulo'],
      [() => fin.mercadopago.imports.preview({ ...file, format: 'pdf' } as never), 'Envie o relatório em CSV ou XLSX.'],
      [() => fin.mercadopago.imports.preview({ ...file, accountId: 'x' }), 'Escolha a conta do Mercado Pago.'],
      [() => fin.mercadopago.imports.commit({ ...commit, acceptRejected: 'sim' } as never), 'Informe se as linhas'],
      [
        () => fin.mercadopago.imports.commit({ ...commit, content: base64('olá, isto não é um relatório\n1,2,3') }),
        'Não encontramos a linha de títulos de um relatório do Mercado Pago',
      ],
      [
        () => fin.mercadopago.imports.commit({ ...commit, content: fixture('missing-columns.csv') }),
        'Faltam colunas no relatório de todas as transações do Mercado Pago',
      ],
      [
        () => fin.mercadopago.imports.commit({ ...commit, format: 'xlsx', content: fixture(ENGLISH) }),
        'O arquivo não é uma planilha XLSX que possamos ler.',
      ],
      [
        () => fin.mercadopago.imports.commit({ ...commit, content: huge }),
        'O relatório não tem nenhuma linha para importar.',
      ],
    ];
    for (const [call, expected] of cases) {
      const message = await messageOf(call());
      expect(message).toContain(expected);
      expect(message).not.toMatch(/violates|constraint|stack|at \//);
    }
    expect(
      await codeOf(fin.mercadopago.imports.preview({ ...file, format: 'xlsx', content: base64('PK garbage') })),
    ).toBe('BAD_REQUEST');
    const after = await Promise.all([
      countOf(mercadopagoReportImports),
      countOf(mercadopagoSettlements),
      countOf(mercadopagoReleases),
    ]);
    expect(after).toEqual(before);
  });
});

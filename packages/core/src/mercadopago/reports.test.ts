import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBRL } from '../money';
import {
  MercadoPagoReportError,
  type MercadoPagoReport,
  type MercadoPagoReleaseRow,
  type MercadoPagoSettlementRow,
  readMercadoPagoCsv,
  readMercadoPagoReport,
} from './reports';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

const settlement = (report: MercadoPagoReport): MercadoPagoSettlementRow[] => {
  expect(report.kind).toBe('settlement');
  return report.kind === 'settlement' ? report.rows : [];
};
const release = (report: MercadoPagoReport): MercadoPagoReleaseRow[] => {
  expect(report.kind).toBe('release');
  return report.kind === 'release' ? report.rows : [];
};

const noFees = { processing: 0, marketplace: 0, financing: 0, shipping: 0, taxes: 0 };

describe('readMercadoPagoCsv: the settlement report', () => {
  it('reads the API export (",", decimal points, ISO dates with offsets) with fees as positive costs by kind', () => {
    const report = readMercadoPagoCsv(fixture('settlement-english-comma.csv'));
    expect(report.rejected).toEqual([]);
    const rows = settlement(report);
    expect(rows.map((r) => [r.line, r.sourceId, r.transactionType, r.gross, r.feeTotal, r.net])).toEqual([
      [2, '90000000001', 'SETTLEMENT', 15_000, 899, 14_101],
      [3, '90000000002', 'SETTLEMENT', 123_456, 1_235, 122_221],
      [4, '90000000003', 'SETTLEMENT', 7_990, 1_243, 6_747],
      [5, '90000000004', 'SETTLEMENT', 20_000, 1_398, 18_602],
      [6, '90000000001', 'REFUND', -15_000, -899, -14_101],
      [7, '90000000003', 'CHARGEBACK', -7_990, 0, -7_990],
      [8, '95000000001', 'PAYOUT', -50_000, 0, -50_000],
    ]);
    expect(rows[0]).toEqual({
      line: 2,
      sourceId: '90000000001',
      externalReference: 'CR-2026-0001',
      transactionType: 'SETTLEMENT',
      paymentMethodType: 'credit_card',
      paymentMethod: 'master',
      installments: 3,
      currency: 'BRL',
      gross: 15_000,
      fees: { ...noFees, processing: 699, financing: 200 },
      feeTotal: 899,
      net: 14_101,
      coupon: 0,
      transactionDate: { instant: '2026-10-03T17:22:05.000Z', day: '2026-10-03' },
      settlementDate: { instant: '2026-10-03T17:22:06.000Z', day: '2026-10-03' },
      orderId: null,
      packId: null,
      shippingId: null,
      storeId: null,
      posId: null,
    });
    // FEE_AMOUNT folds Mercado Livre's commission and shipping; taxes come on top of it.
    expect(rows[2]).toMatchObject({
      fees: { ...noFees, marketplace: 959, shipping: 284 },
      orderId: '2000001122334455',
      packId: '2000009988776655',
      shippingId: '41000000001',
    });
    expect(rows[3]).toMatchObject({ fees: { ...noFees, processing: 998, taxes: 400 }, storeId: '5001', posId: '7001' });
    // A refund gives the fees back: negative costs.
    expect(rows[4]?.fees).toEqual({ ...noFees, processing: -699, financing: -200 });
  });

  it('cuts days at midnight in São Paulo: a payment at 02:30Z on the 4th is on the 3rd', () => {
    const rows = settlement(readMercadoPagoCsv(fixture('settlement-english-comma.csv')));
    expect(rows[1]?.transactionDate).toEqual({ instant: '2026-10-04T02:30:00.000Z', day: '2026-10-03' });
    expect(rows[2]?.transactionDate).toEqual({ instant: '2026-10-04T12:05:00.000Z', day: '2026-10-04' });
  });

  it('reads the panel export in Portuguese: BOM, title rows, ";", CRLF, decimal commas and dd/mm/yyyy dates', () => {
    const report = readMercadoPagoCsv(fixture('settlement-portuguese-panel-semicolon.csv'));
    const rows = settlement(report);
    expect(rows.map((r) => [r.line, r.externalReference, r.gross, r.fees, r.net, r.transactionDate])).toEqual([
      [
        5,
        'CR-2026-0101',
        123_456,
        { ...noFees, processing: 6_173 },
        117_283,
        { instant: '2026-10-03T17:22:05.000Z', day: '2026-10-03' },
      ],
      [
        6,
        'CR-2026-0102',
        8_990,
        { ...noFees, processing: 448, financing: 300 },
        8_242,
        { instant: '2026-10-04T02:59:59.000Z', day: '2026-10-03' },
      ],
      [7, 'CR-2026-0101', -1_230, noFees, -1_230, { instant: '2026-10-04T03:00:00.000Z', day: '2026-10-04' }],
    ]);
    expect(rows[1]).toMatchObject({ installments: 2, paymentMethod: 'master', settlementDate: null });
    expect(report.rejected).toEqual([
      {
        line: 8,
        message: `O valor bruto (${formatBRL(10_000)}) menos as tarifas (${formatBRL(500)}) não dá o valor líquido (${formatBRL(9_400)}).`,
      },
    ]);
  });

  it('finds columns in another order, by any of their names, and ignores columns it does not know', () => {
    const report = readMercadoPagoCsv(fixture('reordered-extra-columns.csv'));
    expect(report.rejected).toEqual([]);
    expect(settlement(report)).toMatchObject([
      {
        line: 2,
        sourceId: '93000000001',
        externalReference: 'CR-2026-0301',
        transactionType: 'SETTLEMENT',
        gross: 7_990,
        fees: { ...noFees, marketplace: 1_243 },
        net: 6_747,
        transactionDate: { instant: '2026-10-12T12:30:00.000Z', day: '2026-10-12' },
      },
      { line: 3, transactionType: 'DISPUTE', gross: -2_000, feeTotal: 0, net: -2_000 },
    ]);
  });

  it('reads the money of rows whose spare ids Excel turned into scientific notation, saying which column it set aside', () => {
    const report = readMercadoPagoCsv(fixture('excel-mangled-ids.csv'));
    expect(
      settlement(report).map((r) => [r.line, r.sourceId, r.externalReference, r.orderId, r.packId, r.gross]),
    ).toEqual([
      [2, '92000000001', 'CR-2026-0201', null, null, 5_000],
      [4, '92000000003', 'CR-2026-0203', null, null, 7_000],
      [5, '92000000004', null, null, null, 8_000],
    ]);
    expect(report.damaged).toEqual([
      {
        column: 'PACK_ID',
        lines: [2, 4, 5],
        message:
          'A coluna "PACK_ID" foi alterada pelo Excel em 3 linhas (notação científica, como 2E+15) e foi deixada de lado nessas linhas: nada depende dela: as vendas são conciliadas pelo ID da operação (SOURCE_ID), pela referência externa, pela data e pelo valor.',
      },
      {
        column: 'ORDER_ID',
        lines: [4],
        message:
          'A coluna "ORDER_ID" foi alterada pelo Excel na linha 4 (notação científica, como 2,1E+10) e foi deixada de lado nessas linhas: nada depende dela: as vendas são conciliadas pelo ID da operação (SOURCE_ID), pela referência externa, pela data e pelo valor.',
      },
      {
        column: 'EXTERNAL_REFERENCE',
        lines: [5],
        message:
          'A coluna "EXTERNAL_REFERENCE" foi alterada pelo Excel na linha 5 (notação científica, como 4,5E+11) e foi deixada de lado nessas linhas: essas vendas são conciliadas pelo ID da operação (SOURCE_ID), pela data e pelo valor.',
      },
    ]);
    // The operation's own id is what identifies the payment: without it the row cannot be kept.
    expect(report.rejected).toEqual([
      {
        line: 3,
        message:
          'O ID da operação 2.12345E+15 foi alterado pelo Excel (notação científica), e é ele que identifica o pagamento: exporte o relatório de novo em CSV, sem abri-lo no Excel.',
      },
    ]);
  });

  it('names a damaged column by the header the panel gave it', () => {
    const csv = [
      'ID da operação no Mercado Pago;Tipo de operação;Valor da operação;Data de aprovação;Tarifa do Mercado Pago;Valor líquido da operação;ID do pacote',
      '93000000001;SETTLEMENT;10,00;03/10/2026 10:00:00;-0,50;9,50;2E+15',
    ].join('\n');
    const report = readMercadoPagoCsv(csv);
    expect(report.rejected).toEqual([]);
    expect(report.damaged.map((d) => d.message)).toEqual([
      'A coluna "ID do pacote" (PACK_ID) foi alterada pelo Excel na linha 2 (notação científica, como 2E+15) e foi deixada de lado nessas linhas: nada depende dela: as vendas são conciliadas pelo ID da operação (SOURCE_ID), pela referência externa, pela data e pelo valor.',
    ]);
  });

  it('refuses a report missing required columns, naming them in Portuguese and as the API does', () => {
    expect(() => readMercadoPagoCsv(fixture('missing-columns.csv'))).toThrow(
      new MercadoPagoReportError(
        'Faltam colunas no relatório de todas as transações do Mercado Pago: "Tarifa do Mercado Pago" (FEE_AMOUNT), "Valor líquido da operação" (SETTLEMENT_NET_AMOUNT). Exporte o relatório de novo com elas.',
      ),
    );
  });

  it('refuses a file with no header of a Mercado Pago report', () => {
    expect(() => readMercadoPagoCsv('Data;Histórico;Valor\n03/10/2026;PIX;10,00\n')).toThrow(
      new MercadoPagoReportError(
        'Não encontramos a linha de títulos de um relatório do Mercado Pago (todas as transações ou liberações) nas 30 primeiras linhas.',
      ),
    );
    expect(() => readMercadoPagoCsv('')).toThrow(MercadoPagoReportError);
  });
});

describe('readMercadoPagoCsv: the release report', () => {
  it('reads releases, a block, a refund, a chargeback and a withdrawal, and skips the total', () => {
    const report = readMercadoPagoCsv(fixture('release-report.csv'));
    expect(report.rejected).toEqual([]);
    const rows = release(report);
    expect(
      rows.map((r) => [r.line, r.recordType, r.description, r.sourceId, r.netCredit, r.netDebit, r.gross]),
    ).toEqual([
      [2, 'initial_available_balance', '', null, 100_000, 0, 100_000],
      [3, 'release', 'payment', '90000000001', 14_101, 0, 15_000],
      [4, 'release', 'payment', '90000000003', 6_747, 0, 7_990],
      [5, 'release', 'refund', '90000000001', 0, 14_101, -15_000],
      [6, 'block', 'reserve_for_dispute', '90000000003', 0, 6_747, 0],
      [7, 'release', 'chargeback', '90000000003', 0, 7_990, -7_990],
      [8, 'release', 'withdrawal', '95000000001', 0, 50_000, -50_000],
    ]);
    expect(rows[1]).toMatchObject({
      date: { instant: '2026-11-02T12:15:00.000Z', day: '2026-11-02' },
      externalReference: 'CR-2026-0001',
      fees: { ...noFees, processing: 699, financing: 200 },
      installments: 3,
      paymentMethod: 'master',
      balance: 114_101,
      payoutBankAccount: null,
    });
    expect(rows[2]?.fees).toEqual({ ...noFees, processing: 959, shipping: 284 });
    expect(rows[3]?.fees).toEqual({ ...noFees, processing: -699, financing: -200 });
    expect(rows[6]).toMatchObject({
      date: { instant: '2026-11-07T02:10:00.000Z', day: '2026-11-06' },
      payoutBankAccount: '0001-12345678-9',
      balance: 42_010,
    });
    // The movements explain the balance: the opening balance plus credits minus debits.
    const moved = rows.reduce((sum, r) => sum + r.netCredit - r.netDebit, 0);
    expect(moved).toBe(rows.at(-1)?.balance);
  });
});

describe('readMercadoPagoReport', () => {
  const header = ['SOURCE_ID', 'TRANSACTION_TYPE', 'TRANSACTION_AMOUNT', 'TRANSACTION_DATE', 'FEE_AMOUNT'];
  const rows = (...data: string[][]) => [
    ['Mercado Pago'],
    [],
    [...header, 'SETTLEMENT_NET_AMOUNT'],
    ...data.map((d) => ['9', 'SETTLEMENT', ...d]),
  ];

  it('reads rows from a sheet, numbering them as the sheet does', () => {
    const report = readMercadoPagoReport(rows(['1234.5', '2026-10-03', '-4.5', '1230.00']));
    expect(settlement(report)).toMatchObject([
      {
        line: 4,
        gross: 123_450,
        feeTotal: 450,
        net: 123_000,
        transactionDate: { instant: '2026-10-03T03:00:00.000Z', day: '2026-10-03' },
      },
    ]);
  });

  it("reads a date without an offset on São Paulo's clock of that day, summer time included", () => {
    const report = readMercadoPagoReport(
      rows(['10.00', '01/12/2018 10:00:00', '0', '10.00'], ['10.00', '2026-12-01T10:00:00', '0', '10.00']),
    );
    expect(settlement(report).map((r) => r.transactionDate)).toEqual([
      { instant: '2018-12-01T12:00:00.000Z', day: '2018-12-01' },
      { instant: '2026-12-01T13:00:00.000Z', day: '2026-12-01' },
    ]);
  });

  it('rejects a row with an unreadable amount or date, or none where one is required, saying which column', () => {
    const report = readMercadoPagoReport(
      rows(
        ['12,3x', '2026-10-03', '0', '12.30'],
        ['12.30', '31/02/2026', '0', '12.30'],
        ['', '2026-10-03', '0', '12.30'],
        ['12.30', '2026-10-03', '', '12.30'],
      ),
    );
    expect(report.rejected).toEqual([
      { line: 4, message: 'Na coluna "TRANSACTION_AMOUNT", valor ilegível "12,3x".' },
      { line: 5, message: 'Na coluna "TRANSACTION_DATE", data inválida "31/02/2026".' },
      { line: 6, message: 'Na coluna "TRANSACTION_AMOUNT", falta o valor.' },
    ]);
    // An empty fee is no fee.
    expect(settlement(report)).toMatchObject([{ line: 7, gross: 1_230, feeTotal: 0, net: 1_230 }]);
  });

  it('rejects a sale whose fee breakdown exceeds the fee, which folds it', () => {
    const report = readMercadoPagoReport([
      [...header, 'SETTLEMENT_NET_AMOUNT', 'MKP_FEE_AMOUNT'],
      ['9', 'SETTLEMENT', '100.00', '2026-10-03T10:00:00-03:00', '-5.00', '95.00', '-8.00'],
    ]);
    expect(report).toEqual({
      kind: 'settlement',
      rows: [],
      rejected: [
        { line: 2, message: `As tarifas detalhadas (${formatBRL(800)}) passam da tarifa total (${formatBRL(500)}).` },
      ],
      damaged: [],
    });
  });
});

describe('readMercadoPagoCsv on any input', () => {
  const samples = [
    fixture('settlement-english-comma.csv'),
    fixture('settlement-portuguese-panel-semicolon.csv'),
    fixture('release-report.csv'),
  ];
  const alphabet = fc.constantFrom(...'0123456789.,;-+E/:TZ "\n\r abcSETLMN_'.split(''));
  const input = fc.oneof(
    fc.string({ unit: alphabet, maxLength: 200 }),
    fc
      .tuple(fc.constantFrom(...samples), fc.nat(), fc.nat(), fc.string({ unit: alphabet, maxLength: 12 }))
      .map(([sample, a, b, noise]) => {
        const from = a % sample.length;
        const to = Math.min(sample.length, from + (b % 40));
        return sample.slice(0, from) + noise + sample.slice(to);
      }),
  );

  it('answers rows, rejected rows or a MercadoPagoReportError, and every sale read keeps fees + net = gross', () => {
    fc.assert(
      fc.property(input, (text) => {
        let report: MercadoPagoReport;
        try {
          report = readMercadoPagoCsv(text);
        } catch (error) {
          expect(error).toBeInstanceOf(MercadoPagoReportError);
          return;
        }
        if (report.kind !== 'settlement') return;
        for (const row of report.rows) {
          const { processing, marketplace, financing, shipping, taxes } = row.fees;
          expect(processing + marketplace + financing + shipping + taxes).toBe(row.feeTotal);
          if (row.transactionType === 'SETTLEMENT') expect(row.feeTotal + row.net).toBe(row.gross);
        }
      }),
      { numRuns: 400 },
    );
  });
});

/**
 * Mercado Pago's own reports as a seller downloads them from the panel or the reports API: the settlement report
 * ("todas as transações", `settlement_report`) and the release report ("liberações", `release_report`). Rows come
 * from a CSV (`readMercadoPagoCsv`) or a sheet read by the server; the report is told by its header row, whose
 * columns are found by name (the API's English names or the panel's Portuguese ones), in any order.
 *
 * Amounts are integer centavos, read exactly from "1.234,56", "1,234.56", "1234.5" or "-12,30". Mercado Pago writes
 * its fees as money leaving the seller (negative; positive when a refund gives one back); here they are costs:
 * positive when charged, negative when returned. Gross and net amounts keep the report's sign (a refund or a
 * chargeback is negative). Dates keep the instant and São Paulo's calendar day; a date written without an offset
 * is São Paulo's clock.
 */
import { readCsvRecords } from '../banking/csv';
import { canonicalText, quoted, readAmount } from '../banking/statement-lines';
import { TIME_ZONE } from '../dates';
import { parseDateText } from '../masks';
import { type Centavos, formatBRL } from '../money';

export type MercadoPagoReportKind = 'settlement' | 'release';

/** A file-level problem (no header row, a missing column), in pt-BR; nothing in the file is read. */
export class MercadoPagoReportError extends Error {
  override name = 'MercadoPagoReportError';
}

type Use = 'required' | 'optional';

/**
 * Every column the reader knows: the name the API's CSV gives it, the Portuguese names the panel's export may give
 * it, and in which report it is required or optional. Other columns are ignored.
 */
const COLUMNS = {
  EXTERNAL_REFERENCE: {
    pt: ['Código de referência', 'Referência externa'],
    settlement: 'optional',
    release: 'optional',
  },
  SOURCE_ID: { pt: ['ID da operação no Mercado Pago', 'ID da operação'], settlement: 'required', release: 'required' },
  USER_ID: { pt: ['Código da conta do vendedor'], settlement: 'optional' },
  PAYMENT_METHOD_TYPE: { pt: ['Tipo de meio de pagamento'], settlement: 'optional' },
  PAYMENT_METHOD: { pt: ['Meio de pagamento'], settlement: 'optional', release: 'optional' },
  SITE: { pt: ['País de origem da conta do Mercado Pago', 'País'], settlement: 'optional' },
  TRANSACTION_TYPE: { pt: ['Tipo de operação'], settlement: 'required' },
  TRANSACTION_AMOUNT: { pt: ['Valor da operação', 'Valor bruto da operação'], settlement: 'required' },
  TRANSACTION_CURRENCY: { pt: ['Moeda da operação'], settlement: 'optional' },
  TRANSACTION_DATE: { pt: ['Data de aprovação', 'Data da operação'], settlement: 'required' },
  FEE_AMOUNT: { pt: ['Tarifa do Mercado Pago', 'Tarifas'], settlement: 'required' },
  SETTLEMENT_NET_AMOUNT: { pt: ['Valor líquido da operação', 'Valor líquido'], settlement: 'required' },
  SETTLEMENT_CURRENCY: { pt: ['Moeda do valor líquido'], settlement: 'optional' },
  SETTLEMENT_DATE: { pt: ['Data de crédito', 'Data de liquidação'], settlement: 'optional' },
  REAL_AMOUNT: { pt: ['Valor real'], settlement: 'optional' },
  COUPON_AMOUNT: { pt: ['Cupom de desconto', 'Valor do cupom'], settlement: 'optional', release: 'optional' },
  METADATA: { pt: ['Dados adicionais'], settlement: 'optional' },
  MKP_FEE_AMOUNT: { pt: ['Tarifa do Mercado Livre', 'Comissão do Mercado Livre'], settlement: 'optional' },
  FINANCING_FEE_AMOUNT: {
    pt: ['Custo de parcelamento', 'Custo de oferecer parcelamento'],
    settlement: 'optional',
    release: 'optional',
  },
  SHIPPING_FEE_AMOUNT: { pt: ['Custo de envio', 'Tarifa de envio'], settlement: 'optional', release: 'optional' },
  TAXES_AMOUNT: { pt: ['Impostos', 'Impostos cobrados'], settlement: 'optional', release: 'optional' },
  INSTALLMENTS: { pt: ['Parcelas', 'Número de parcelas'], settlement: 'optional', release: 'optional' },
  TAX_DETAIL: { pt: ['Detalhe dos impostos'], settlement: 'optional' },
  ORDER_ID: { pt: ['ID do pedido', 'Número do pedido'], settlement: 'optional' },
  SHIPPING_ID: { pt: ['ID do envio'], settlement: 'optional' },
  SHIPMENT_MODE: { pt: ['Modo de envio'], settlement: 'optional' },
  PACK_ID: { pt: ['ID do pacote', 'ID do carrinho'], settlement: 'optional' },
  POS_ID: { pt: ['ID do caixa'], settlement: 'optional' },
  STORE_ID: { pt: ['ID da loja'], settlement: 'optional' },
  DATE: { pt: ['Data da liberação', 'Data de liberação'], release: 'required' },
  RECORD_TYPE: { pt: ['Tipo de registro'], release: 'required' },
  DESCRIPTION: { pt: ['Descrição'], release: 'required' },
  NET_CREDIT_AMOUNT: { pt: ['Valor líquido creditado', 'Crédito líquido'], release: 'required' },
  NET_DEBIT_AMOUNT: { pt: ['Valor líquido debitado', 'Débito líquido'], release: 'required' },
  GROSS_AMOUNT: { pt: ['Valor bruto'], release: 'optional' },
  MP_FEE_AMOUNT: { pt: ['Tarifa do Mercado Pago'], release: 'optional' },
  BALANCE_AMOUNT: { pt: ['Saldo'], release: 'optional' },
  PAYOUT_BANK_ACCOUNT_NUMBER: { pt: ['Conta bancária de destino', 'Conta bancária do saque'], release: 'optional' },
} as const satisfies Record<string, { pt: readonly string[]; settlement?: Use; release?: Use }>;

type Column = keyof typeof COLUMNS;

const REPORT_NAMES: Record<MercadoPagoReportKind, string> = {
  settlement: 'todas as transações',
  release: 'liberações',
};

/** A header as compared: letters and digits only, upper case, no accents ("Valor líquido" → "VALORLIQUIDO"). */
const headerKey = (text: string) => canonicalText(text).replace(/[^A-Z0-9]/g, '');

/** Each report's columns by every name they may have. */
const NAMES = Object.fromEntries(
  (['settlement', 'release'] as const).map((kind) => {
    const names = new Map<string, Column>();
    for (const [column, spec] of Object.entries(COLUMNS) as [Column, (typeof COLUMNS)[Column]][]) {
      if (!(kind in spec)) continue;
      for (const name of [column, ...spec.pt]) names.set(headerKey(name), column);
    }
    return [kind, names];
  }),
) as Record<MercadoPagoReportKind, Map<string, Column>>;

/** The column a header cell names; a panel header may also give the API name in parentheses ("Valor (X_AMOUNT)"). */
function columnOf(kind: MercadoPagoReportKind, cell: string): Column | undefined {
  const names = NAMES[kind];
  const found = names.get(headerKey(cell));
  if (found) return found;
  const inParentheses = /\(([^()]+)\)\s*$/.exec(cell);
  return inParentheses ? names.get(headerKey(inParentheses[1] ?? '')) : undefined;
}

/** The columns of one report a row names, the first cell of each name counting. */
function namedColumns(kind: MercadoPagoReportKind, cells: readonly string[]): Map<Column, number> {
  const columns = new Map<Column, number>();
  cells.forEach((cell, i) => {
    const column = columnOf(kind, cell);
    if (column && !columns.has(column)) columns.set(column, i);
  });
  return columns;
}

/** How many rows are looked through for the header (titles and blank rows may come first). */
const HEADER_SEARCH_ROWS = 30;
/** A row naming at least this many columns of a report is its header. */
const HEADER_MIN_COLUMNS = 3;

interface Header {
  index: number;
  cells: readonly string[];
  kind: MercadoPagoReportKind;
  columns: Map<Column, number>;
}

function findHeader(rows: readonly (readonly string[])[]): Header {
  for (const [index, cells] of rows.slice(0, HEADER_SEARCH_ROWS).entries()) {
    const settlement = namedColumns('settlement', cells);
    const release = namedColumns('release', cells);
    if (Math.max(settlement.size, release.size) < HEADER_MIN_COLUMNS) continue;
    if (settlement.size === release.size) {
      throw new MercadoPagoReportError(
        'Não conseguimos saber se o arquivo é o relatório de todas as transações ou o de liberações do Mercado Pago: exporte-o de novo com todas as colunas.',
      );
    }
    const kind = settlement.size > release.size ? 'settlement' : 'release';
    const columns = kind === 'settlement' ? settlement : release;
    const missing = (Object.keys(COLUMNS) as Column[]).filter(
      (column) =>
        (COLUMNS[column] as { [k in MercadoPagoReportKind]?: Use })[kind] === 'required' && !columns.has(column),
    );
    if (missing.length > 0) {
      const names = missing.map((column) => `"${COLUMNS[column].pt[0]}" (${column})`).join(', ');
      throw new MercadoPagoReportError(
        `Faltam colunas no relatório de ${REPORT_NAMES[kind]} do Mercado Pago: ${names}. Exporte o relatório de novo com elas.`,
      );
    }
    return { index, cells, kind, columns };
  }
  throw new MercadoPagoReportError(
    `Não encontramos a linha de títulos de um relatório do Mercado Pago (todas as transações ou liberações) nas ${HEADER_SEARCH_ROWS} primeiras linhas.`,
  );
}

/** A moment of the report: the instant (ISO, UTC) and its calendar day in São Paulo (YYYY-MM-DD). */
export interface MercadoPagoMoment {
  instant: string;
  day: string;
}

/** Fees as costs in centavos, by kind. */
export interface MercadoPagoFees {
  /** Mercado Pago's processing fee. */
  processing: Centavos;
  /** Mercado Livre's sale commission. */
  marketplace: Centavos;
  /** The cost of interest-free installments the seller offered. */
  financing: Centavos;
  shipping: Centavos;
  /** Taxes withheld from the payment. */
  taxes: Centavos;
}

export interface MercadoPagoSettlementRow {
  /** 1-based line of the file (or row of the sheet). */
  line: number;
  /** Mercado Pago's id of the operation (the payment id for a sale). */
  sourceId: string;
  /** The seller's reference (our receivable or order), when the sale carried one. */
  externalReference: string | null;
  /** SETTLEMENT (approved payment), REFUND, CHARGEBACK, DISPUTE, CANCELLATION, PAYOUT, …, in upper case. */
  transactionType: string;
  paymentMethodType: string | null;
  paymentMethod: string | null;
  installments: number | null;
  currency: string | null;
  /** TRANSACTION_AMOUNT: what the buyer paid (after a coupon the seller gave), negative on a refund or chargeback. */
  gross: Centavos;
  fees: MercadoPagoFees;
  /** The fees together; for a SETTLEMENT row, gross − feeTotal = net, or the row is rejected. */
  feeTotal: Centavos;
  /** SETTLEMENT_NET_AMOUNT: what reached the seller's Mercado Pago balance. */
  net: Centavos;
  /** A discount coupon's amount; the seller's coupon is already out of the gross, so it is not a fee. */
  coupon: Centavos;
  /** TRANSACTION_DATE: when the payment was approved, the date reconciliation goes by. */
  transactionDate: MercadoPagoMoment;
  /** SETTLEMENT_DATE: when the amount was credited, when the report gives it. */
  settlementDate: MercadoPagoMoment | null;
  orderId: string | null;
  packId: string | null;
  shippingId: string | null;
  storeId: string | null;
  posId: string | null;
}

export interface MercadoPagoReleaseRow {
  line: number;
  /** DATE: when the money was released (or blocked, unblocked) in the available balance; the opening balance's may be empty. */
  date: MercadoPagoMoment | null;
  sourceId: string | null;
  externalReference: string | null;
  /** initial_available_balance, release, block, unblock, …, in lower case. */
  recordType: string;
  /** payment, refund, chargeback, withdrawal, reserve_for_dispute, …, in lower case. */
  description: string;
  /** NET_CREDIT_AMOUNT and NET_DEBIT_AMOUNT, both as the report writes them (positive). */
  netCredit: Centavos;
  netDebit: Centavos;
  gross: Centavos;
  /** MP_FEE_AMOUNT is the processing fee; this report has no marketplace column, so `marketplace` is 0. */
  fees: MercadoPagoFees;
  coupon: Centavos;
  installments: number | null;
  paymentMethod: string | null;
  /** BALANCE_AMOUNT, the available balance after the row, when the report gives it. */
  balance: Centavos | null;
  payoutBankAccount: string | null;
}

export interface MercadoPagoRejectedRow {
  line: number;
  message: string;
}

/** An identifier column Excel damaged in some rows: those rows were read without it, and the message says what stood in. */
export interface MercadoPagoDamagedColumn {
  /** The column's API name (PACK_ID). */
  column: string;
  /** The lines where it was damaged, in file order. */
  lines: number[];
  message: string;
}

export type MercadoPagoReport = (
  { kind: 'settlement'; rows: MercadoPagoSettlementRow[] } | { kind: 'release'; rows: MercadoPagoReleaseRow[] }
) & { rejected: MercadoPagoRejectedRow[]; damaged: MercadoPagoDamagedColumn[] };

/** A problem with one row: the row is rejected with this message. */
class RowProblem extends Error {}

const HOUR_MS = 3_600_000;
const SCIENTIFIC = /^[+-]?\d+(?:[.,]\d+)?E[+-]?\d+$/i;
const ISO_MOMENT =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const PANEL_MOMENT = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

const saoPauloClock = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** São Paulo's offset from UTC (ms) at an instant, remembered per hour: a report's instants fall in few hours. */
function saoPauloOffsets(): (instant: number) => number {
  const byHour = new Map<number, number>();
  return (instant) => {
    const hour = Math.floor(instant / HOUR_MS);
    let offset = byHour.get(hour);
    if (offset === undefined) {
      const p = Object.fromEntries(saoPauloClock.formatToParts(new Date(hour * HOUR_MS)).map((x) => [x.type, x.value]));
      const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
      offset = wall - hour * HOUR_MS;
      byHour.set(hour, offset);
    }
    return offset;
  };
}

/**
 * A report date: ISO with an offset or "Z" ("2026-10-03T14:22:05.000-03:00"), ISO without one or the panel's
 * "03/10/2026 14:22:05" (São Paulo's clock), or a bare date (its midnight in São Paulo). Null when unreadable.
 */
function readMoment(text: string, offsetAt: (instant: number) => number): MercadoPagoMoment | null {
  const iso = ISO_MOMENT.exec(text);
  const panel = iso ? null : PANEL_MOMENT.exec(text);
  const [y, mo, d, h, mi, s, fraction, zone] = iso
    ? iso.slice(1)
    : panel
      ? [panel[3], panel[2], panel[1], panel[4], panel[5], panel[6], undefined, undefined]
      : [];
  const date = y && mo && d ? parseDateText(`${y}-${mo.padStart(2, '0')}-${d.padStart(2, '0')}`) : null;
  const year = Number(y);
  const [hours, minutes, seconds] = [Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0)];
  if (!date || year < 1970 || year > 2999 || hours > 23 || minutes > 59 || seconds > 59) return null;
  const wall =
    Date.UTC(year, Number(mo) - 1, Number(d), hours, minutes, seconds) +
    Number((fraction ?? '').slice(0, 3).padEnd(3, '0'));
  let instant: number;
  if (zone === undefined) {
    // Twice: the offset at the first guess may differ from the one at the answer when the clocks changed between.
    instant = wall - offsetAt(wall + 3 * HOUR_MS);
    instant = wall - offsetAt(instant);
  } else {
    const offset = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
    const offsetMinutes = offset ? (Number(offset[2]) * 60 + Number(offset[3] ?? 0)) * (offset[1] === '-' ? -1 : 1) : 0;
    if (Math.abs(offsetMinutes) > 14 * 60) return null;
    instant = wall - offsetMinutes * 60_000;
  }
  return {
    instant: new Date(instant).toISOString(),
    day: new Date(instant + offsetAt(instant)).toISOString().slice(0, 10),
  };
}

/**
 * The identifier columns whose loss costs a row nothing, with what the product goes by without them. Excel saves a
 * long number it shows in scientific notation ("2E+15") as that text, so the digits are gone; SOURCE_ID, the
 * operation itself, is the one identifier a row cannot do without.
 */
const SPARE_IDS: Partial<Record<Column, string>> = {
  EXTERNAL_REFERENCE: 'essas vendas são conciliadas pelo ID da operação (SOURCE_ID), pela data e pelo valor',
  ORDER_ID:
    'nada depende dela: as vendas são conciliadas pelo ID da operação (SOURCE_ID), pela referência externa, pela data e pelo valor',
  PACK_ID:
    'nada depende dela: as vendas são conciliadas pelo ID da operação (SOURCE_ID), pela referência externa, pela data e pelo valor',
  SHIPPING_ID:
    'nada depende dela: as vendas são conciliadas pelo ID da operação (SOURCE_ID), pela referência externa, pela data e pelo valor',
  STORE_ID:
    'nada depende dela: as vendas são conciliadas pelo ID da operação (SOURCE_ID), pela referência externa, pela data e pelo valor',
  POS_ID:
    'nada depende dela: as vendas são conciliadas pelo ID da operação (SOURCE_ID), pela referência externa, pela data e pelo valor',
  PAYOUT_BANK_ACCOUNT_NUMBER: 'esses saques ficam sem a conta de destino; os valores não mudam',
};

/** Where each spare identifier column was found damaged: its lines and an example of what Excel left. */
type Damage = Map<Column, { lines: number[]; example: string }>;

function damagedColumns(header: Header, damage: Damage): MercadoPagoDamagedColumn[] {
  return [...damage].map(([column, { lines, example }]) => {
    const name = quoted((header.cells[header.columns.get(column) ?? -1] ?? column).trim());
    const where = lines.length === 1 ? `na linha ${lines[0]}` : `em ${lines.length} linhas`;
    const label = name === quoted(column) ? name : `${name} (${column})`;
    return {
      column,
      lines,
      message: `A coluna ${label} foi alterada pelo Excel ${where} (notação científica, como ${example}) e foi deixada de lado nessas linhas: ${SPARE_IDS[column]}.`,
    };
  });
}

/** The cells of one data row, read by column; each reader throws RowProblem. */
function rowReader(header: Header, cells: readonly string[], offsetAt: (instant: number) => number) {
  /** The spare identifiers Excel damaged in this row, with what it left of each. */
  const damaged: [Column, string][] = [];
  const name = (column: Column) => quoted((header.cells[header.columns.get(column) ?? -1] ?? column).trim());
  const text = (column: Column) => {
    const index = header.columns.get(column);
    return index === undefined ? '' : (cells[index] ?? '').trim();
  };
  const missing = (column: Column, what: string) => new RowProblem(`Na coluna ${name(column)}, falta ${what}.`);
  const amount = (column: Column): Centavos => {
    const value = text(column);
    if (value === '') return 0;
    const reading = readAmount(value, null);
    if ('problem' in reading) throw new RowProblem(`Na coluna ${name(column)}, ${reading.problem}.`);
    return reading.amount;
  };
  const id = (column: Column): string | null => {
    const value = text(column);
    if (!SCIENTIFIC.test(value)) return value || null;
    if (!SPARE_IDS[column]) {
      throw new RowProblem(
        `O ID da operação ${value} foi alterado pelo Excel (notação científica), e é ele que identifica o pagamento: exporte o relatório de novo em CSV, sem abri-lo no Excel.`,
      );
    }
    damaged.push([column, value]);
    return null;
  };
  const moment = (column: Column): MercadoPagoMoment | null => {
    const value = text(column);
    if (value === '') return null;
    const read = readMoment(value, offsetAt);
    if (!read) throw new RowProblem(`Na coluna ${name(column)}, data inválida ${quoted(value)}.`);
    return read;
  };
  return {
    damaged,
    text,
    amount,
    id,
    moment,
    requiredAmount(column: Column): Centavos {
      if (text(column) === '') throw missing(column, 'o valor');
      return amount(column);
    },
    requiredId(column: Column): string {
      const value = id(column);
      if (value === null) throw missing(column, 'o ID');
      return value;
    },
    requiredMoment(column: Column): MercadoPagoMoment {
      const value = moment(column);
      if (value === null) throw missing(column, 'a data');
      return value;
    },
    requiredText(column: Column): string {
      const value = text(column);
      if (value === '') throw missing(column, 'o tipo');
      return value;
    },
    installments(column: Column): number | null {
      const value = text(column);
      if (value === '') return null;
      if (!/^\d{1,3}$/.test(value))
        throw new RowProblem(`Na coluna ${name(column)}, parcelas inválidas ${quoted(value)}.`);
      return Number(value);
    },
  };
}

type RowReader = ReturnType<typeof rowReader>;

/**
 * Mercado Pago's glossary: FEE_AMOUNT is the sum of the processing, shipping and financing fees the seller bears
 * (Mercado Livre's commission, MKP_FEE_AMOUNT, is that processing on a marketplace sale), and SETTLEMENT_NET_AMOUNT
 * is TRANSACTION_AMOUNT with every charge taken out, taxes withheld (TAXES_AMOUNT) among them. So the processing
 * fee is what FEE_AMOUNT holds beyond the marketplace, financing and shipping columns, and the fees together are
 * FEE_AMOUNT and TAXES_AMOUNT. A SETTLEMENT row whose columns break that is rejected.
 */
function settlementRow(read: RowReader, line: number): MercadoPagoSettlementRow {
  const sourceId = read.requiredId('SOURCE_ID');
  const transactionType = canonicalText(read.requiredText('TRANSACTION_TYPE'));
  const gross = read.requiredAmount('TRANSACTION_AMOUNT');
  const net = read.requiredAmount('SETTLEMENT_NET_AMOUNT');
  const cost = (column: Column) => 0 - read.amount(column); // not -x, which makes -0 of 0
  const feeAmount = cost('FEE_AMOUNT');
  const marketplace = cost('MKP_FEE_AMOUNT');
  const financing = cost('FINANCING_FEE_AMOUNT');
  const shipping = cost('SHIPPING_FEE_AMOUNT');
  const taxes = cost('TAXES_AMOUNT');
  const fees = { processing: feeAmount - marketplace - financing - shipping, marketplace, financing, shipping, taxes };
  const feeTotal = feeAmount + taxes;
  if (transactionType === 'SETTLEMENT') {
    if (fees.processing < 0) {
      throw new RowProblem(
        `As tarifas detalhadas (${formatBRL(marketplace + financing + shipping)}) passam da tarifa total (${formatBRL(feeAmount)}).`,
      );
    }
    if (gross - feeTotal !== net) {
      throw new RowProblem(
        `O valor bruto (${formatBRL(gross)}) menos as tarifas (${formatBRL(feeTotal)}) não dá o valor líquido (${formatBRL(net)}).`,
      );
    }
  }
  return {
    line,
    sourceId,
    externalReference: read.id('EXTERNAL_REFERENCE'),
    transactionType,
    paymentMethodType: read.text('PAYMENT_METHOD_TYPE') || null,
    paymentMethod: read.text('PAYMENT_METHOD') || null,
    installments: read.installments('INSTALLMENTS'),
    currency: read.text('TRANSACTION_CURRENCY').toUpperCase() || null,
    gross,
    fees,
    feeTotal,
    net,
    coupon: read.amount('COUPON_AMOUNT'),
    transactionDate: read.requiredMoment('TRANSACTION_DATE'),
    settlementDate: read.moment('SETTLEMENT_DATE'),
    orderId: read.id('ORDER_ID'),
    packId: read.id('PACK_ID'),
    shippingId: read.id('SHIPPING_ID'),
    storeId: read.id('STORE_ID'),
    posId: read.id('POS_ID'),
  };
}

/** The release report's summary rows, which restate the rows above them. */
const SUMMARY_RECORDS = new Set(['total', 'subtotal']);

function releaseRow(read: RowReader, line: number, recordType: string): MercadoPagoReleaseRow {
  const cost = (column: Column) => 0 - read.amount(column); // not -x, which makes -0 of 0
  return {
    line,
    date: recordType === 'initial_available_balance' ? read.moment('DATE') : read.requiredMoment('DATE'),
    sourceId: read.id('SOURCE_ID'),
    externalReference: read.id('EXTERNAL_REFERENCE'),
    recordType,
    description: read.text('DESCRIPTION').toLowerCase(),
    netCredit: read.amount('NET_CREDIT_AMOUNT'),
    netDebit: read.amount('NET_DEBIT_AMOUNT'),
    gross: read.amount('GROSS_AMOUNT'),
    fees: {
      processing: cost('MP_FEE_AMOUNT'),
      marketplace: 0,
      financing: cost('FINANCING_FEE_AMOUNT'),
      shipping: cost('SHIPPING_FEE_AMOUNT'),
      taxes: cost('TAXES_AMOUNT'),
    },
    coupon: read.amount('COUPON_AMOUNT'),
    installments: read.installments('INSTALLMENTS'),
    paymentMethod: read.text('PAYMENT_METHOD') || null,
    balance: read.text('BALANCE_AMOUNT') === '' ? null : read.amount('BALANCE_AMOUNT'),
    payoutBankAccount: read.id('PAYOUT_BANK_ACCOUNT_NUMBER'),
  };
}

function readReport(rows: readonly (readonly string[])[], lineOf: (index: number) => number): MercadoPagoReport {
  const header = findHeader(rows);
  const offsetAt = saoPauloOffsets();
  const damage: Damage = new Map();
  const rejected: MercadoPagoRejectedRow[] = [];
  const settlement: MercadoPagoSettlementRow[] = [];
  const release: MercadoPagoReleaseRow[] = [];
  for (let index = header.index + 1; index < rows.length; index += 1) {
    const cells = rows[index] ?? [];
    if (cells.every((cell) => cell.trim() === '')) continue;
    const line = lineOf(index);
    const read = rowReader(header, cells, offsetAt);
    try {
      if (header.kind === 'settlement') {
        settlement.push(settlementRow(read, line));
      } else {
        const recordType = read.requiredText('RECORD_TYPE').toLowerCase();
        if (!SUMMARY_RECORDS.has(recordType)) release.push(releaseRow(read, line, recordType));
      }
      for (const [column, example] of read.damaged) {
        const found = damage.get(column) ?? { lines: [], example };
        found.lines.push(line);
        damage.set(column, found);
      }
    } catch (error) {
      if (!(error instanceof RowProblem)) throw error;
      rejected.push({ line, message: error.message });
    }
  }
  const damaged = damagedColumns(header, damage);
  return header.kind === 'settlement'
    ? { kind: 'settlement', rows: settlement, rejected, damaged }
    : { kind: 'release', rows: release, rejected, damaged };
}

/**
 * Reads a Mercado Pago report from its rows, as read from a CSV or a sheet: the header is the first of the first
 * 30 rows naming at least 3 columns of a report (titles and blank rows above it are skipped), and tells which report
 * it is. Rows it cannot read are rejected with a pt-BR message and their 1-based row number; the others are read.
 * Throws MercadoPagoReportError when no header is found or a required column is missing.
 */
export function readMercadoPagoReport(rows: readonly (readonly string[])[]): MercadoPagoReport {
  return readReport(rows, (index) => index + 1);
}

/**
 * Reads a Mercado Pago report exported as CSV: a leading byte-order mark is dropped; the separator, "," or ";", is
 * the one whose split of the first rows names more of a report's columns (";" on a tie); quoted cells may hold
 * separators, quotes and line breaks. Rejected rows carry the line where they start in the file.
 */
export function readMercadoPagoCsv(text: string): MercadoPagoReport {
  const clean = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const named = (separator: string) =>
    Math.max(
      0,
      ...readCsvRecords(clean, separator, HEADER_SEARCH_ROWS).flatMap(({ cells }) => [
        namedColumns('settlement', cells).size,
        namedColumns('release', cells).size,
      ]),
    );
  const separator = named(',') > named(';') ? ',' : ';';
  const records = readCsvRecords(clean, separator);
  return readReport(
    records.map((record) => record.cells),
    (index) => records[index]?.line ?? index + 1,
  );
}

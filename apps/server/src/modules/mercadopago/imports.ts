import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import {
  decodeStatementBytes,
  formatBRL,
  idempotencyKeyInput,
  MAX_AMOUNT,
  MercadoPagoReportError,
  readMercadoPagoCsv,
  readMercadoPagoReport,
  requiredId,
  requiredText,
  STATEMENT_FILE_MAX_BYTES,
  type Centavos,
  type MercadoPagoDamagedColumn,
  type MercadoPagoRejectedRow,
  type MercadoPagoReleaseRow,
  type MercadoPagoReport,
  type MercadoPagoSettlementRow,
} from '@financeiro/core';
import { rowsOf } from '../../db/client';
import { InvalidInputError } from '../../errors';
import { audit } from '../audit';
import { mustUseAccount, type LedgerScope } from '../ledger';
import {
  MERCADOPAGO_FILE_FORMATS,
  mercadopagoReleases,
  mercadopagoReportImports,
  mercadopagoSettlements,
} from './schema';
import { readFirstSheet } from './sheet';

/** Base64 of the largest file accepted (the statements' 20 MB), and a little for padding. */
const MAX_BASE64 = Math.ceil(STATEMENT_FILE_MAX_BYTES / 3) * 4 + 4;
const TOO_LARGE = 'O arquivo passa de 20 MB, o limite para relatórios do Mercado Pago.';
/** Rows written per insert, sent as one JSON parameter, as the bank statement import does. */
const INSERT_CHUNK = 5_000;

const fileFields = {
  accountId: requiredId('Escolha a conta do Mercado Pago.'),
  fileName: requiredText(255, 'Informe o nome do arquivo.'),
  format: z.enum(MERCADOPAGO_FILE_FORMATS, 'Envie o relatório em CSV ou XLSX.'),
  content: z
    .string('Envie o arquivo do relatório.')
    .min(1, 'O arquivo está vazio.')
    .max(MAX_BASE64, TOO_LARGE)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'O arquivo não chegou inteiro (base64 inválido). Envie de novo.'),
};

export const previewInput = z.object(fileFields);

export const commitInput = z
  .object({
    ...fileFields,
    acceptRejected: z.boolean('Informe se as linhas que não puderam ser lidas ficam de fora.'),
  })
  .and(idempotencyKeyInput);

type Keyed<T> = T & { key: string };

/** A report file as read: its rows, each with its key, the rows that could not be read, and its fingerprint. */
export type ReadReport = (
  | { kind: 'settlement'; rows: Keyed<MercadoPagoSettlementRow>[] }
  | { kind: 'release'; rows: Keyed<MercadoPagoReleaseRow>[] }
) & {
  rejected: MercadoPagoRejectedRow[];
  damaged: MercadoPagoDamagedColumn[];
  sha256: string;
  format: (typeof MERCADOPAGO_FILE_FORMATS)[number];
};

/** The bytes of a file sent in base64, refused beyond the size limit. */
export function fileBytes(content: string): Buffer {
  const bytes = Buffer.from(content, 'base64');
  if (bytes.length > STATEMENT_FILE_MAX_BYTES) throw new InvalidInputError(TOO_LARGE);
  if (bytes.length === 0) throw new InvalidInputError('O arquivo está vazio.');
  return bytes;
}

/** The reader's pt-BR words for a file that is no Mercado Pago report, as BAD_REQUEST. */
function reading(read: () => MercadoPagoReport): MercadoPagoReport {
  try {
    return read();
  } catch (error) {
    if (error instanceof MercadoPagoReportError) throw new InvalidInputError(error.message);
    throw error;
  }
}

/**
 * Each row's stable key: what Mercado Pago states of the row in every export of it (the operation, the kind of row,
 * its instant to the second, its amounts), with the occurrence of that same tuple in the file, in file order. One
 * payment has several rows (the sale, a refund, a chargeback), told apart by the kind and the instant; rows equal in
 * all of it are interchangeable, so the same file, or an overlapping one, finds its rows already stored.
 */
function withKeys<T>(rows: T[], identity: (row: T) => unknown[]): Keyed<T>[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const tuple = JSON.stringify(identity(row));
    const occurrence = (seen.get(tuple) ?? 0) + 1;
    seen.set(tuple, occurrence);
    return { ...row, key: createHash('sha256').update(`${tuple}#${occurrence}`).digest('hex') };
  });
}

const toSecond = (instant: string | undefined) => instant?.slice(0, 19) ?? null;
const beyondMax = (amounts: Centavos[]) => amounts.some((a) => Math.abs(a) > MAX_AMOUNT);
const feeList = (fees: MercadoPagoSettlementRow['fees']) => Object.values(fees);
const TOO_BIG = `Valor acima de ${formatBRL(MAX_AMOUNT)}, o maior que o sistema guarda.`;

/**
 * Reads a report file: CSV (UTF-8, with or without a byte-order mark, else Windows-1252, as bank statements are
 * decoded) or the first sheet of an XLSX workbook. Rows with an amount beyond the largest the app keeps, or a release
 * with a negative credit or debit, join the rejected ones. Throws BAD_REQUEST in pt-BR for a file that is no report.
 */
export async function readReportFile(format: ReadReport['format'], bytes: Buffer): Promise<ReadReport> {
  const report =
    format === 'csv'
      ? reading(() => readMercadoPagoCsv(decodeStatementBytes(bytes)))
      : await readFirstSheet(bytes).then((rows) => reading(() => readMercadoPagoReport(rows)));
  const rejected = [...report.rejected];
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const keep = <T extends { line: number }>(row: T, problem: string | null) => {
    if (problem) rejected.push({ line: row.line, message: problem });
    return problem === null;
  };
  const byLine = () => rejected.sort((a, b) => a.line - b.line);
  if (report.kind === 'settlement') {
    const rows = report.rows.filter((r) =>
      keep(r, beyondMax([r.gross, r.net, r.coupon, ...feeList(r.fees)]) ? TOO_BIG : null),
    );
    const keyed = withKeys(rows, (r) => [
      r.sourceId,
      r.transactionType,
      toSecond(r.transactionDate.instant),
      r.gross,
      r.net,
    ]);
    return { kind: 'settlement', rows: keyed, rejected: byLine(), damaged: report.damaged, sha256, format };
  }
  const rows = report.rows.filter((r) =>
    keep(
      r,
      r.netCredit < 0 || r.netDebit < 0
        ? 'Os valores líquidos creditado e debitado não podem ser negativos.'
        : beyondMax([r.netCredit, r.netDebit, r.gross, r.coupon, r.balance ?? 0, ...feeList(r.fees)])
          ? TOO_BIG
          : null,
    ),
  );
  const keyed = withKeys(rows, (r) => [
    r.sourceId,
    r.recordType,
    r.description,
    toSecond(r.date?.instant),
    r.netCredit,
    r.netDebit,
  ]);
  return { kind: 'release', rows: keyed, rejected: byLine(), damaged: report.damaged, sha256, format };
}

/** The keys among `keys` already stored in the account, for the report's table. */
async function storedKeys(scope: LedgerScope, report: ReadReport, accountId: string): Promise<Set<string>> {
  const t = report.kind === 'settlement' ? mercadopagoSettlements : mercadopagoReleases;
  const keys = [...new Set(report.rows.map((r) => r.key))];
  if (keys.length === 0) return new Set();
  const rows = await scope.tx
    .select({ key: t.rowKey })
    .from(t)
    .where(
      and(
        eq(t.organizationId, scope.tenant.organizationId),
        eq(t.accountId, accountId),
        sql`${t.rowKey} = any(${sql.param(keys)}::text[])`,
      ),
    );
  return new Set(rows.map((r) => r.key));
}

/** First and last approval day (settlements) or release day (releases). */
function periodOf(report: ReadReport) {
  const days = (
    report.kind === 'settlement'
      ? report.rows.map((r) => r.transactionDate.day)
      : report.rows.flatMap((r) => (r.date ? [r.date.day] : []))
  ).sort();
  return { periodStart: days[0] ?? null, periodEnd: days[days.length - 1] ?? null };
}

const sum = <T>(rows: T[], amount: (row: T) => number) => rows.reduce((s, r) => s + amount(r), 0);

/** The report's money: gross, fees by kind and net of the settlements; credit and debit of the releases. */
function sumsOf(report: ReadReport) {
  if (report.kind === 'settlement') {
    const rows = report.rows;
    return {
      kind: 'settlement' as const,
      gross: sum(rows, (r) => r.gross),
      fees: {
        processing: sum(rows, (r) => r.fees.processing),
        marketplace: sum(rows, (r) => r.fees.marketplace),
        financing: sum(rows, (r) => r.fees.financing),
        shipping: sum(rows, (r) => r.fees.shipping),
        taxes: sum(rows, (r) => r.fees.taxes),
      },
      feeTotal: sum(rows, (r) => r.feeTotal),
      net: sum(rows, (r) => r.net),
      coupon: sum(rows, (r) => r.coupon),
    };
  }
  const rows = report.rows;
  return {
    kind: 'release' as const,
    credit: sum(rows, (r) => r.netCredit),
    debit: sum(rows, (r) => r.netDebit),
  };
}

/**
 * What importing the report into the account would do, storing nothing: its kind, period, rows new and already
 * imported, money, the rows that could not be read, and the identifier columns Excel damaged and what stands in.
 */
export async function previewReport(scope: LedgerScope, report: ReadReport, accountId: string) {
  await mustUseAccount(scope, accountId);
  const stored = await storedKeys(scope, report, accountId);
  return {
    kind: report.kind,
    format: report.format,
    sha256: report.sha256,
    ...periodOf(report),
    rowCount: report.rows.length,
    newCount: report.rows.length - stored.size,
    alreadyImported: stored.size,
    sums: sumsOf(report),
    rejected: report.rejected,
    damaged: report.damaged,
  };
}

/** Text as PostgreSQL stores it: a file's NUL characters are dropped (a text column cannot hold them). */
const storable = (text: string | null) => (text === null ? null : text.replaceAll('\u0000', '') || null);

/** Inserts the rows not yet in the account, in chunks, and answers how many it added. */
async function insertRows(scope: LedgerScope, report: ReadReport, accountId: string, importId: string) {
  const { organizationId } = scope.tenant;
  let added = 0;
  for (let start = 0; start < report.rows.length; start += INSERT_CHUNK) {
    let inserted;
    if (report.kind === 'settlement') {
      const rows = report.rows.slice(start, start + INSERT_CHUNK).map((r) => ({
        id: uuidv7(),
        row_key: r.key,
        source_id: storable(r.sourceId) ?? '',
        external_reference: storable(r.externalReference),
        transaction_type: storable(r.transactionType) ?? '',
        payment_method_type: storable(r.paymentMethodType),
        payment_method: storable(r.paymentMethod),
        currency: storable(r.currency),
        gross: r.gross,
        processing_fee: r.fees.processing,
        marketplace_fee: r.fees.marketplace,
        financing_fee: r.fees.financing,
        shipping_fee: r.fees.shipping,
        taxes: r.fees.taxes,
        net: r.net,
        coupon: r.coupon,
        transaction_at: r.transactionDate.instant,
        approval_day: r.transactionDate.day,
        settlement_at: r.settlementDate?.instant ?? null,
        settlement_day: r.settlementDate?.day ?? null,
        installments: r.installments,
        order_id: storable(r.orderId),
        pack_id: storable(r.packId),
        shipping_id: storable(r.shippingId),
        store_id: storable(r.storeId),
        pos_id: storable(r.posId),
      }));
      inserted = await scope.tx.execute(sql`
        insert into mercadopago_settlements (id, organization_id, account_id, import_id, row_key, source_id,
          external_reference, transaction_type, payment_method_type, payment_method, currency, gross, processing_fee,
          marketplace_fee, financing_fee, shipping_fee, taxes, net, coupon, transaction_at, approval_day,
          settlement_at, settlement_day, installments, order_id, pack_id, shipping_id, store_id, pos_id)
        select r.id, ${organizationId}, ${accountId}, ${importId}, r.row_key, r.source_id, r.external_reference,
          r.transaction_type, r.payment_method_type, r.payment_method, r.currency, r.gross, r.processing_fee,
          r.marketplace_fee, r.financing_fee, r.shipping_fee, r.taxes, r.net, r.coupon, r.transaction_at,
          r.approval_day, r.settlement_at, r.settlement_day, r.installments, r.order_id, r.pack_id, r.shipping_id,
          r.store_id, r.pos_id
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id uuid, row_key text, source_id text,
          external_reference text, transaction_type text, payment_method_type text, payment_method text,
          currency text, gross bigint, processing_fee bigint, marketplace_fee bigint, financing_fee bigint,
          shipping_fee bigint, taxes bigint, net bigint, coupon bigint, transaction_at timestamptz, approval_day date,
          settlement_at timestamptz, settlement_day date, installments integer, order_id text, pack_id text,
          shipping_id text, store_id text, pos_id text)
        on conflict (organization_id, account_id, row_key) do nothing
        returning id`);
    } else {
      const rows = report.rows.slice(start, start + INSERT_CHUNK).map((r) => ({
        id: uuidv7(),
        row_key: r.key,
        released_at: r.date?.instant ?? null,
        release_day: r.date?.day ?? null,
        source_id: storable(r.sourceId),
        external_reference: storable(r.externalReference),
        record_type: storable(r.recordType) ?? '',
        description: storable(r.description) ?? '',
        net_credit: r.netCredit,
        net_debit: r.netDebit,
        gross: r.gross,
        processing_fee: r.fees.processing,
        financing_fee: r.fees.financing,
        shipping_fee: r.fees.shipping,
        taxes: r.fees.taxes,
        coupon: r.coupon,
        balance: r.balance,
        installments: r.installments,
        payment_method: storable(r.paymentMethod),
        payout_bank_account: storable(r.payoutBankAccount),
      }));
      inserted = await scope.tx.execute(sql`
        insert into mercadopago_releases (id, organization_id, account_id, import_id, row_key, released_at,
          release_day, source_id, external_reference, record_type, description, net_credit, net_debit, gross,
          processing_fee, financing_fee, shipping_fee, taxes, coupon, balance, installments, payment_method,
          payout_bank_account)
        select r.id, ${organizationId}, ${accountId}, ${importId}, r.row_key, r.released_at, r.release_day,
          r.source_id, r.external_reference, r.record_type, r.description, r.net_credit, r.net_debit, r.gross,
          r.processing_fee, r.financing_fee, r.shipping_fee, r.taxes, r.coupon, r.balance, r.installments,
          r.payment_method, r.payout_bank_account
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id uuid, row_key text, released_at timestamptz,
          release_day date, source_id text, external_reference text, record_type text, description text,
          net_credit bigint, net_debit bigint, gross bigint, processing_fee bigint, financing_fee bigint,
          shipping_fee bigint, taxes bigint, coupon bigint, balance bigint, installments integer,
          payment_method text, payout_bank_account text)
        on conflict (organization_id, account_id, row_key) do nothing
        returning id`);
    }
    added += rowsOf(inserted).length;
  }
  return added;
}

/**
 * Imports a report into the account, all or nothing in the caller's transaction: its import record and its rows not
 * yet stored (a row key already in the account adds nothing, so the same file or an overlapping one adds only what
 * is new, and two imports of one file at once store its rows once). Rows that could not be read must be accepted
 * to be left out. Reconciling the rows is not done here.
 */
export async function commitReport(
  scope: LedgerScope,
  report: ReadReport,
  input: { accountId: string; fileName: string; acceptRejected: boolean },
) {
  const { organizationId } = scope.tenant;
  const rejected = report.rejected;
  if (rejected.length > 0 && !input.acceptRejected) {
    const shown = rejected.slice(0, 5).map((r) => r.line);
    throw new InvalidInputError(
      `${rejected.length === 1 ? '1 linha do relatório não pôde ser lida' : `${rejected.length} linhas do relatório não puderam ser lidas`} (linha ${shown.join(', ')}${rejected.length > shown.length ? '…' : ''}). Confirme que quer importar as demais sem ela${rejected.length === 1 ? '' : 's'}.`,
    );
  }
  if (report.rows.length === 0) throw new InvalidInputError('O relatório não tem nenhuma linha para importar.');
  await mustUseAccount(scope, input.accountId);
  const importId = uuidv7();
  const rowCount = report.rows.length;
  await scope.tx.insert(mercadopagoReportImports).values({
    id: importId,
    organizationId,
    accountId: input.accountId,
    kind: report.kind,
    fileName: input.fileName,
    format: report.format,
    sha256: report.sha256,
    ...periodOf(report),
    rowCount,
    newCount: rowCount,
    duplicateCount: 0,
    rejectedCount: rejected.length,
    createdBy: scope.user.userId,
  });
  const newCount = await insertRows(scope, report, input.accountId, importId);
  const duplicateCount = rowCount - newCount;
  await scope.tx
    .update(mercadopagoReportImports)
    .set({ newCount, duplicateCount })
    .where(and(eq(mercadopagoReportImports.organizationId, organizationId), eq(mercadopagoReportImports.id, importId)));
  await audit(scope, {
    action: 'mercadopago_report.import',
    entity: 'financial_account',
    entityId: input.accountId,
    after: { importId, kind: report.kind, fileName: input.fileName, sha256: report.sha256, newCount, duplicateCount },
  });
  return { importId, kind: report.kind, newCount, duplicateCount, rejectedCount: rejected.length };
}

import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import {
  addDays,
  csvStatementMappingSchema,
  daysBetween,
  formatBRL,
  guessCsvStatementMapping,
  idempotencyKeyInput,
  MAX_AMOUNT,
  optionalId,
  parseOfx,
  parseStatementCsv,
  requiredId,
  requiredText,
  STATEMENT_FILE_MAX_BYTES,
  StatementFileError,
  type CsvStatementMapping,
  type ParsedStatement,
  type ParsedStatementFile,
  type RejectedStatementLine,
} from '@financeiro/core';
import { rowsOf } from '../../db/client';
import { InvalidInputError } from '../../errors';
import { audit } from '../audit';
import { mustUseAccount, type LedgerScope, accountBalances } from '../ledger';
import { entryFromLine } from './entries';

import { activeRules, describeByRule, ruleFor } from './rules';
import { bankCsvMappings, bankStatementImports, bankStatementLines } from './schema';
import { accountsView, banksView } from '../registries';

/** Base64 of the largest file accepted, and a little for padding. */
const MAX_BASE64 = Math.ceil(STATEMENT_FILE_MAX_BYTES / 3) * 4 + 4;
const TOO_LARGE = 'O arquivo passa de 20 MB, o limite para extratos.';
/**
 * Lines written per insert, sent as one JSON parameter: Drizzle building and binding a parameter per value took
 * longer than the database's own insert (bench:matching, docs/performance.md).
 */
const INSERT_CHUNK = 5_000;
/** Memos longer than this are cut (the column's limit). */
const MEMO_MAX = 1_000;

const fileFields = {
  fileName: requiredText(255, 'Informe o nome do arquivo.'),
  content: z
    .string('Envie o arquivo do extrato.')
    .min(1, 'O arquivo está vazio.')
    .max(MAX_BASE64, TOO_LARGE)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'O arquivo não chegou inteiro (base64 inválido). Envie de novo.'),
};

/** The columns of a CSV file as the person confirmed or changed them; null: the remembered or guessed ones. */
const csvMapping = csvStatementMappingSchema.nullish().transform((v) => v ?? null);

export const previewInput = z.object({ ...fileFields, accountId: optionalId, csvMapping });

export const commitInput = z
  .object({
    ...fileFields,
    /** Which statement of the file (by its position in the preview) goes to which account; others are left out. */
    statements: z
      .array(z.object({ index: z.number().int().min(0).max(999), accountId: requiredId('Escolha a conta.') }))
      .min(1, 'Escolha ao menos um extrato do arquivo para importar.')
      .max(1000),
    acceptRejected: z.boolean('Informe se as linhas que não puderam ser lidas ficam de fora.'),
    csvMapping,
  })
  .refine((c) => new Set(c.statements.map((s) => s.index)).size === c.statements.length, {
    path: ['statements'],
    message: 'Cada extrato do arquivo vai para uma conta só.',
  })
  .and(idempotencyKeyInput);

/** A file as it was read: its statements and the lines that could not be read, with its fingerprint. */
export interface ReadFile extends ParsedStatementFile {
  sha256: string;
  /** The columns a CSV file was read with, and where they came from; null for OFX. */
  csv: { mapping: CsvStatementMapping; source: 'sent' | 'remembered' | 'guessed' } | null;
}

/** The bytes of a file sent in base64, refused beyond the size limit. */
export function fileBytes(content: string): Buffer {
  const bytes = Buffer.from(content, 'base64');
  if (bytes.length > STATEMENT_FILE_MAX_BYTES) throw new InvalidInputError(TOO_LARGE);
  return bytes;
}

/** OFX by its extension or by its <OFX> mark near the start; CSV otherwise. */
export function isOfx(fileName: string, bytes: Buffer): boolean {
  return /\.(ofx|qfx)$/i.test(fileName) || /<\s*OFX\s*>/i.test(bytes.subarray(0, 65_536).toString('latin1'));
}

/** The parser's pt-BR words for a file that is no statement, as BAD_REQUEST. */
function parsing<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof StatementFileError) throw new InvalidInputError(error.message);
    throw error;
  }
}

/**
 * Reads a statement file: OFX, or CSV with the columns sent, else those remembered for the account's bank, else
 * those guessed from its header row. Lines whose amount is zero or passes the largest amount the app keeps join the
 * rejected ones. Throws BAD_REQUEST with the parser's pt-BR words for a file that is no statement.
 */
export function readStatementFile(
  fileName: string,
  bytes: Buffer,
  mappings: { sent: CsvStatementMapping | null; remembered: CsvStatementMapping | null },
): ReadFile {
  let csv: ReadFile['csv'] = null;
  let parsed: ParsedStatementFile;
  if (isOfx(fileName, bytes)) parsed = parsing(() => parseOfx(bytes));
  else {
    csv = mappings.sent
      ? { mapping: mappings.sent, source: 'sent' }
      : mappings.remembered
        ? { mapping: mappings.remembered, source: 'remembered' }
        : { mapping: parsing(() => guessCsvStatementMapping(bytes)), source: 'guessed' };
    const { mapping } = csv;
    parsed = parsing(() => parseStatementCsv(bytes, mapping));
  }
  const rejected: RejectedStatementLine[] = [...parsed.rejected];
  const statements = parsed.statements.map((statement) => ({
    ...statement,
    lines: statement.lines.filter((line) => {
      if (Math.abs(line.amount) <= MAX_AMOUNT && line.amount !== 0) return true;
      rejected.push({
        fileLine: line.fileLine,
        message:
          line.amount === 0
            ? `Linha ${line.fileLine}: valor zero.`
            : `Linha ${line.fileLine}: valor acima de ${formatBRL(MAX_AMOUNT)}.`,
      });
      return false;
    }),
  }));
  rejected.sort((a, b) => a.fileLine - b.fileLine);
  return {
    format: parsed.format,
    statements,
    rejected,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    csv,
  };
}

/** The CSV columns last confirmed for the bank of an account, or null. */
export async function rememberedMapping(scope: LedgerScope, accountId: string | null) {
  if (!accountId) return null;
  const [row] = await scope.tx
    .select({ mapping: bankCsvMappings.mapping })
    .from(accountsView)
    .innerJoin(
      bankCsvMappings,
      and(
        eq(bankCsvMappings.organizationId, accountsView.organizationId),
        eq(bankCsvMappings.bankId, accountsView.bankId),
      ),
    )
    .where(and(eq(accountsView.organizationId, scope.tenant.organizationId), eq(accountsView.id, accountId)));
  return row?.mapping ?? null;
}

/** Keeps the CSV columns an import was read with for the bank of the account, for its next file. */
async function rememberMapping(scope: LedgerScope, accountId: string, mapping: CsvStatementMapping) {
  const [account] = await scope.tx
    .select({ bankId: accountsView.bankId })
    .from(accountsView)
    .where(and(eq(accountsView.organizationId, scope.tenant.organizationId), eq(accountsView.id, accountId)));
  if (!account?.bankId) return;
  await scope.tx
    .insert(bankCsvMappings)
    .values({
      id: uuidv7(),
      organizationId: scope.tenant.organizationId,
      bankId: account.bankId,
      mapping,
      updatedBy: scope.user.userId,
    })
    .onConflictDoUpdate({
      target: [bankCsvMappings.organizationId, bankCsvMappings.bankId],
      set: { mapping, updatedBy: scope.user.userId, updatedAt: new Date() },
    });
}

/** Text as PostgreSQL stores it: a file's NUL characters are dropped (a text column cannot hold them). */
const storable = (text: string) => text.replaceAll('\u0000', '');
const storableOrNull = (text: string | null) => (text === null ? null : storable(text) || null);

/** Digits without leading zeros: "0341" and "341", "01234-5" and "12345" compare alike. */
const digits = (text: string | null) => (text ?? '').replace(/\D/g, '').replace(/^0+/, '');
/** Equal, or equal once the check digit that one side left out is dropped from the other. */
const sameNumber = (a: string, b: string) => a === b || a.slice(0, -1) === b || b.slice(0, -1) === a;

/** The accountsView the unit may use, with what identifies them at their bank. */
function usableAccounts(scope: LedgerScope) {
  return scope.tx
    .select({
      id: accountsView.id,
      name: accountsView.name,
      bankId: accountsView.bankId,
      bankCode: banksView.code,
      branch: accountsView.branch,
      number: accountsView.number,
    })
    .from(accountsView)
    .leftJoin(
      banksView,
      and(eq(banksView.organizationId, accountsView.organizationId), eq(banksView.id, accountsView.bankId)),
    )
    .where(
      and(
        eq(accountsView.organizationId, scope.tenant.organizationId),
        sql`${accountsView.unitIds} @> ${JSON.stringify([scope.tenant.unitId])}::jsonb`,
      ),
    );
}
type UsableAccount = Awaited<ReturnType<typeof usableAccounts>>[number];

/** The one account whose bank, branch and number are the statement's, or null. */
function accountFor(statement: ParsedStatement, candidates: UsableAccount[]): UsableAccount | null {
  const number = digits(statement.account);
  if (!number) return null;
  const found = candidates.filter(
    (a) =>
      sameNumber(digits(a.number), number) &&
      (!statement.bankCode || !a.bankCode || digits(a.bankCode) === digits(statement.bankCode)) &&
      (!statement.branch || !a.branch || sameNumber(digits(a.branch), digits(statement.branch))),
  );
  return found.length === 1 ? (found[0] ?? null) : null;
}

function notFoundMessage(statement: ParsedStatement): string {
  const parts = [
    statement.bankCode ? `banco ${statement.bankCode}` : null,
    statement.branch ? `agência ${statement.branch}` : null,
    statement.account ? `conta ${statement.account}` : null,
  ].filter(Boolean);
  return parts.length > 0
    ? `Conta não encontrada: ${parts.join(', ')}.`
    : 'O arquivo não diz de que conta é o extrato: escolha a conta.';
}

/** The line keys of `keys` already stored for the account, in one query however many there are. */
async function storedKeys(scope: LedgerScope, accountId: string, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const l = bankStatementLines;
  const rows = await scope.tx
    .select({ key: l.lineKey })
    .from(l)
    .where(
      and(
        eq(l.organizationId, scope.tenant.organizationId),
        eq(l.accountId, accountId),
        // One array parameter, so the planner sees the file's keys as a constant it hashes or looks up in the index,
        // whatever its statistics say: as a semi-join with the keys unpacked from JSON, a planner that believed the
        // account empty (its first file just imported) compared every stored line with every key of the file, minutes
        // for a 50,000-line file imported twice (bench:matching).
        sql`${l.lineKey} = any(${sql.param(keys)}::text[])`,
      ),
    );
  return new Set(rows.map((r) => r.key));
}

const periodOf = (statement: ParsedStatement) => {
  const dates = statement.lines.map((l) => l.date).sort();
  return { first: dates[0] ?? null, last: dates[dates.length - 1] ?? null };
};

/**
 * What importing the file would do, storing nothing: each statement with the account it goes to (the one chosen, or
 * the one its bank, branch and number name), its lines new and already imported, period, money in and out, and the
 * balance the bank states beside the app's balance of the account on that date; and the lines that could not be read.
 */
export async function previewImport(scope: LedgerScope, file: ReadFile, chosenAccountId: string | null) {
  const candidates = await usableAccounts(scope);
  if (chosenAccountId) await mustUseAccount(scope, chosenAccountId);
  const chosen = chosenAccountId ? (candidates.find((a) => a.id === chosenAccountId) ?? null) : null;
  const statements = [];
  for (const [index, statement] of file.statements.entries()) {
    const account = chosen && file.statements.length === 1 ? chosen : accountFor(statement, candidates);
    const keys = [...new Set(statement.lines.map((l) => l.key))];
    const stored = account ? await storedKeys(scope, account.id, keys) : new Set<string>();
    const { first, last } = periodOf(statement);
    const closing = statement.closingBalance;
    const appBalance =
      account && closing
        ? ((await accountBalances(scope, { date: closing.date })).accounts.find((a) => a.id === account.id)?.balance ??
          null)
        : null;
    statements.push({
      index,
      kind: statement.kind,
      bankCode: statement.bankCode,
      branch: statement.branch,
      accountNumber: statement.account,
      account: account ? { id: account.id, name: account.name } : null,
      accountMessage: account ? null : notFoundMessage(statement),
      lineCount: statement.lines.length,
      newCount: keys.length - stored.size,
      alreadyImported: stored.size,
      periodStart: statement.periodStart ?? first,
      periodEnd: statement.periodEnd ?? last,
      totalIn: statement.lines.reduce((s, l) => s + Math.max(l.amount, 0), 0),
      totalOut: statement.lines.reduce((s, l) => s - Math.min(l.amount, 0), 0),
      closingBalance: closing,
      appBalance,
      difference: closing && appBalance !== null ? closing.amount - appBalance : null,
    });
  }
  return { format: file.format, sha256: file.sha256, csv: file.csv, statements, rejected: file.rejected };
}

/**
 * The account's movements around the lines' dates (three days either side) that no bank line covers in full yet:
 * what a rule's line may already be in the books as.
 */
async function movementsAwaitingTheBank(
  scope: LedgerScope,
  accountId: string,
  lines: { date: string; amount: number }[],
): Promise<{ date: string; amount: number }[]> {
  if (lines.length === 0) return [];
  const dates = lines.map((l) => l.date).sort();
  const result = await scope.tx.execute(sql`
    select m.date::text as date, m.amount::text as amount
    from account_movements_view m
    where m.organization_id = ${scope.tenant.organizationId} and m.account_id = ${accountId}
      and m.date between ${addDays(dates[0] ?? '', -3)} and ${addDays(dates[dates.length - 1] ?? '', 3)}
      and m.amount = any(${sql.param(lines.map((l) => l.amount))}::bigint[])
      and abs(m.amount) > coalesce((
        select sum(k.amount) from bank_reconciliation_links k
        where k.organization_id = m.organization_id and k.movement_id = m.id and k.undone_at is null), 0)
    order by m.date, m.id`);
  return rowsOf<{ date: string; amount: string }>(result).map((r) => ({ date: r.date, amount: Number(r.amount) }));
}

/**
 * Imports the chosen statements of a file, all or nothing in the caller's transaction: each one's new lines (a line
 * key already stored adds nothing, so the same file or an overlapping period adds only what is new), its import
 * record, and the active rules applied to the new lines, each match becoming a manual entry linked to its line, unless
 * the account already has a movement of that amount within three days that no line covers: that one is left to the
 * suggestions, so that a fee entered by hand is not entered twice.
 */
export async function commitImport(
  scope: LedgerScope,
  file: ReadFile,
  input: { fileName: string; statements: { index: number; accountId: string }[]; acceptRejected: boolean },
) {
  const { organizationId } = scope.tenant;
  if (file.rejected.length > 0 && !input.acceptRejected) {
    const shown = file.rejected.slice(0, 5).map((r) => r.fileLine);
    throw new InvalidInputError(
      `${file.rejected.length === 1 ? '1 linha do arquivo não pôde ser lida' : `${file.rejected.length} linhas do arquivo não puderam ser lidas`} (linha ${shown.join(', ')}${file.rejected.length > shown.length ? '…' : ''}). Confirme que quer importar as demais sem ela${file.rejected.length === 1 ? '' : 's'}.`,
    );
  }
  const rules = await activeRules(scope);
  const results = [];
  for (const choice of input.statements) {
    const statement = file.statements[choice.index];
    if (!statement) throw new InvalidInputError(`O arquivo não tem o extrato ${choice.index + 1}.`);
    await mustUseAccount(scope, choice.accountId);
    const importId = uuidv7();
    const unique = [...new Map(statement.lines.map((l) => [l.key, l])).values()];
    const { first, last } = periodOf(statement);
    await scope.tx.insert(bankStatementImports).values({
      id: importId,
      organizationId,
      accountId: choice.accountId,
      fileName: input.fileName,
      format: file.format,
      sha256: file.sha256,
      periodStart: statement.periodStart ?? first,
      periodEnd: statement.periodEnd ?? last,
      lineCount: statement.lines.length,
      newCount: statement.lines.length,
      duplicateCount: 0,
      rejectedCount: file.rejected.length,
      closingBalance: statement.closingBalance?.amount ?? null,
      closingBalanceDate: statement.closingBalance?.date ?? null,
      createdBy: scope.user.userId,
    });
    const added: { id: string; date: string; amount: number; memo: string }[] = [];
    for (let start = 0; start < unique.length; start += INSERT_CHUNK) {
      const rows = unique.slice(start, start + INSERT_CHUNK).map((line) => ({
        id: uuidv7(),
        date: line.date,
        amount: line.amount,
        memo: storable(line.memo).slice(0, MEMO_MAX),
        fit_id: storableOrNull(line.fitId),
        reference: storableOrNull(line.reference),
        type: storableOrNull(line.type),
        line_key: line.key,
      }));
      const inserted = await scope.tx.execute(sql`
        insert into bank_statement_lines (id, organization_id, account_id, import_id, date, amount, memo, fit_id,
          reference, type, line_key)
        select r.id, ${organizationId}, ${choice.accountId}, ${importId}, r.date, r.amount, r.memo, r.fit_id,
          r.reference, r.type, r.line_key
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id uuid, date date, amount bigint, memo text,
          fit_id text, reference text, type text, line_key text)
        on conflict (organization_id, account_id, line_key) do nothing
        returning id, date::text as date, amount::text as amount, memo`);
      added.push(
        ...rowsOf<{ id: string; date: string; amount: string; memo: string }>(inserted).map((r) => ({
          ...r,
          amount: Number(r.amount),
        })),
      );
    }
    const newCount = added.length;
    const duplicateCount = statement.lines.length - newCount;
    await scope.tx
      .update(bankStatementImports)
      .set({ newCount, duplicateCount })
      .where(and(eq(bankStatementImports.organizationId, organizationId), eq(bankStatementImports.id, importId)));

    let reconciledByRules = 0;
    const sorted = added.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    const ruled = sorted.filter((line) => ruleFor(rules, choice.accountId, line));
    const booked = await movementsAwaitingTheBank(scope, choice.accountId, ruled);
    for (const line of ruled) {
      const rule = ruleFor(rules, choice.accountId, line);
      if (!rule) continue;
      // The books have it already (a fee or yield entered by hand): the suggestions match the two, nothing is added.
      const same = booked.findIndex((m) => m.amount === line.amount && Math.abs(daysBetween(m.date, line.date)) <= 3);
      if (same >= 0) {
        booked.splice(same, 1);
        continue;
      }
      await entryFromLine(scope, choice.accountId, line.id, {
        classificationId: rule.classificationId,
        costCentreId: rule.costCentreId,
        description: describeByRule(rule, line.memo),
      });
      reconciledByRules += 1;
    }
    if (file.csv) await rememberMapping(scope, choice.accountId, file.csv.mapping);
    await audit(scope, {
      action: 'bank_statement.import',
      entity: 'financial_account',
      entityId: choice.accountId,
      after: { importId, fileName: input.fileName, sha256: file.sha256, newCount, duplicateCount, reconciledByRules },
    });
    results.push({
      index: choice.index,
      accountId: choice.accountId,
      importId,
      newCount,
      duplicateCount,
      reconciledByRules,
    });
  }
  return {
    statements: results,
    newCount: results.reduce((s, r) => s + r.newCount, 0),
    duplicateCount: results.reduce((s, r) => s + r.duplicateCount, 0),
    reconciledByRules: results.reduce((s, r) => s + r.reconciledByRules, 0),
    rejectedCount: file.rejected.length,
  };
}

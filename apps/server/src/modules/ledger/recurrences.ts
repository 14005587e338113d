import { and, asc, eq, gt, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  addDays,
  formatCalendarDate,
  PERIODICITY_MONTHS,
  periodsBetween,
  RECURRENCE_HORIZON_DAYS,
  todayInSaoPaulo,
  type DocumentKind,
  type recurrenceCreateInput,
  type recurrenceUpdateInput,
} from '@financeiro/core';
import type { z } from 'zod';
import { APP_ROLE, type Db } from '../../db/client';
import { ConflictError, InvalidInputError, NotFoundError } from '../../errors';
import { audit } from '../audit';
import { mustReference } from '../registries';
import { ledgerScope, mustUseAccount, type LedgerScope } from './access';
import { cancelDocuments } from './cancel-documents';
import { generatedPeriods, writeGeneratedDocument } from './generated-document';
import { ledgerDocuments, ledgerInstallments, ledgerRecurrences } from './schema';

export const RECURRENCE_NOT_FOUND = 'Recorrência não encontrada nesta organização.';

type RecurrenceFields = Omit<z.output<typeof recurrenceUpdateInput>, 'id' | 'version'>;
export type NewRecurrence = Omit<z.output<typeof recurrenceCreateInput>, 'idempotencyKey'>;
type Recurrence = typeof ledgerRecurrences.$inferSelect;

const partyName = sql<string>`(select coalesce(p.trade_name, p.name) from parties_view p
  where p.organization_id = ${ledgerRecurrences.organizationId} and p.id = ${ledgerRecurrences.partyId})`;

/** The rule a recurrence's periods follow. */
const ruleOf = (r: Pick<Recurrence, 'startDate' | 'endDate' | 'periodicity' | 'dueDay'>) => ({
  startDate: r.startDate,
  endDate: r.endDate,
  months: PERIODICITY_MONTHS[r.periodicity],
  dueDay: r.dueDay,
});

/** The organization's recurrences of one kind in the scope's unit, with the next due date each will generate. */
export async function listRecurrences(scope: LedgerScope, kind: DocumentKind, today = todayInSaoPaulo()) {
  const rows = await scope.tx
    .select({
      id: ledgerRecurrences.id,
      kind: ledgerRecurrences.kind,
      partyId: ledgerRecurrences.partyId,
      partyName,
      description: ledgerRecurrences.description,
      documentType: ledgerRecurrences.documentType,
      amount: ledgerRecurrences.amount,
      lines: ledgerRecurrences.lines,
      paymentMethodId: ledgerRecurrences.paymentMethodId,
      accountId: ledgerRecurrences.accountId,
      periodicity: ledgerRecurrences.periodicity,
      dueDay: ledgerRecurrences.dueDay,
      startDate: ledgerRecurrences.startDate,
      endDate: ledgerRecurrences.endDate,
      status: ledgerRecurrences.status,
      generatedUntil: ledgerRecurrences.generatedUntil,
      version: ledgerRecurrences.version,
    })
    .from(ledgerRecurrences)
    .where(
      and(
        eq(ledgerRecurrences.organizationId, scope.tenant.organizationId),
        eq(ledgerRecurrences.unitId, scope.tenant.unitId),
        eq(ledgerRecurrences.kind, kind),
      ),
    )
    .orderBy(asc(ledgerRecurrences.description), asc(ledgerRecurrences.id));
  return rows.map((r) => {
    const [next] = r.status === 'active' ? periodsBetween(ruleOf(r), today, addDays(today, 400)) : [];
    return { ...r, nextDueDate: next?.dueDate ?? null };
  });
}

/** Everything a recurrence names must be the organization's, and its account open to the unit. */
async function checkReferences(scope: LedgerScope, fields: RecurrenceFields): Promise<void> {
  await mustReference(scope, 'parties', [fields.partyId], 'Fornecedor ou cliente não encontrado nesta organização.');
  await mustReference(
    scope,
    'classifications',
    fields.lines.map((l) => l.classificationId),
    'Classificação não encontrada nesta organização.',
  );
  await mustReference(
    scope,
    'costCentres',
    fields.lines.map((l) => l.costCentreId),
    'Centro de custo não encontrado nesta organização.',
  );
  await mustReference(
    scope,
    'paymentMethods',
    [fields.paymentMethodId],
    'Meio de pagamento não encontrado nesta organização.',
  );
  if (fields.accountId) await mustUseAccount(scope, fields.accountId);
}

const stored = (fields: RecurrenceFields) => ({
  partyId: fields.partyId,
  description: fields.description,
  documentType: fields.documentType,
  amount: fields.amount,
  lines: fields.lines,
  paymentMethodId: fields.paymentMethodId,
  accountId: fields.accountId,
  periodicity: fields.periodicity,
  dueDay: fields.dueDay,
  startDate: fields.startDate,
  endDate: fields.endDate,
});

/** The recurrence of the scope's unit, locked: its generation, a change and the worker take their turns. */
export async function lockedRecurrence(scope: LedgerScope, id: string): Promise<Recurrence> {
  const [row] = await scope.tx
    .select()
    .from(ledgerRecurrences)
    .where(
      and(
        eq(ledgerRecurrences.organizationId, scope.tenant.organizationId),
        eq(ledgerRecurrences.unitId, scope.tenant.unitId),
        eq(ledgerRecurrences.id, id),
      ),
    )
    .for('update');
  if (!row) throw new NotFoundError(RECURRENCE_NOT_FOUND);
  return row;
}

/** The kind of a recurrence of the scope's unit, for the procedure to check the caller's permission first. */
export async function recurrenceKind(scope: LedgerScope, id: string): Promise<DocumentKind> {
  const [row] = await scope.tx
    .select({ kind: ledgerRecurrences.kind })
    .from(ledgerRecurrences)
    .where(
      and(
        eq(ledgerRecurrences.organizationId, scope.tenant.organizationId),
        eq(ledgerRecurrences.unitId, scope.tenant.unitId),
        eq(ledgerRecurrences.id, id),
      ),
    );
  if (!row) throw new NotFoundError(RECURRENCE_NOT_FOUND);
  return row.kind;
}

/**
 * Generates the documents of a recurrence's periods due from its start up to the horizon (today plus
 * RECURRENCE_HORIZON_DAYS) that have none yet, in the recurrence's unit. Idempotent: the row is locked, periods
 * with a document are skipped, and the unique (recurrence, period) is the last word.
 */
export async function generateRecurrence(scope: LedgerScope, id: string, today = todayInSaoPaulo()): Promise<string[]> {
  const recurrence = await lockedRecurrence(scope, id);
  if (recurrence.status !== 'active') return [];
  const horizon = addDays(today, RECURRENCE_HORIZON_DAYS);
  const periods = periodsBetween(ruleOf(recurrence), recurrence.startDate, horizon);
  const done = await generatedPeriods(
    scope,
    { recurrenceId: id },
    periods.map((p) => p.period),
  );
  const created: string[] = [];
  for (const period of periods.filter((p) => !done.has(p.period))) {
    const { id: documentId } = await writeGeneratedDocument(
      scope,
      {
        kind: recurrence.kind,
        partyId: recurrence.partyId,
        description: recurrence.description,
        documentType: recurrence.documentType,
        amount: recurrence.amount,
        lines: recurrence.lines,
        paymentMethodId: recurrence.paymentMethodId,
        accountId: recurrence.accountId,
        period: period.period,
        dueDate: period.dueDate,
      },
      { recurrence: { id, period: period.period } },
    );
    created.push(documentId);
  }
  if (!recurrence.generatedUntil || recurrence.generatedUntil < horizon) {
    await scope.tx
      .update(ledgerRecurrences)
      .set({ generatedUntil: horizon })
      .where(and(eq(ledgerRecurrences.organizationId, recurrence.organizationId), eq(ledgerRecurrences.id, id)));
  }
  return created;
}

/** Creates a recurrence in the scope's unit and generates its documents due up to the horizon at once. */
export async function createRecurrence(scope: LedgerScope, input: NewRecurrence): Promise<{ id: string }> {
  await checkReferences(scope, input);
  const id = uuidv7();
  const values = { kind: input.kind, ...stored(input) };
  await scope.tx.insert(ledgerRecurrences).values({
    ...values,
    id,
    organizationId: scope.tenant.organizationId,
    unitId: scope.tenant.unitId,
    createdBy: scope.user.userId,
  });
  await audit(scope, { action: 'recurrence.create', entity: 'recurrence', entityId: id, after: values });
  await generateRecurrence(scope, id);
  return { id };
}

/**
 * Changes a recurrence: the periods already generated keep their documents (they are edited there); the others
 * follow the new terms, generated again up to the horizon.
 */
export async function updateRecurrence(
  scope: LedgerScope,
  input: RecurrenceFields & { id: string; version: number },
): Promise<{ id: string; version: number }> {
  const before = await lockedRecurrence(scope, input.id);
  if (before.version !== input.version) {
    throw new ConflictError('Esta recorrência foi alterada por outra pessoa. Recarregue para ver a versão atual.');
  }
  await checkReferences(scope, input);
  const values = stored(input);
  const version = before.version + 1;
  await scope.tx
    .update(ledgerRecurrences)
    .set({ ...values, version, generatedUntil: null, updatedAt: sql`now()` })
    .where(and(eq(ledgerRecurrences.organizationId, before.organizationId), eq(ledgerRecurrences.id, input.id)));
  await audit(scope, {
    action: 'recurrence.update',
    entity: 'recurrence',
    entityId: input.id,
    before: stored(before),
    after: values,
  });
  await generateRecurrence(scope, input.id);
  return { id: input.id, version };
}

/**
 * Ends a recurrence on a date: nothing falls due after it any more, and the documents already generated for later
 * periods that moved no money are cancelled, with the reason.
 */
export async function endRecurrence(
  scope: LedgerScope,
  id: string,
  endDate: string,
): Promise<{ id: string; cancelled: number }> {
  const before = await lockedRecurrence(scope, id);
  if (endDate < before.startDate) throw new InvalidInputError('O fim não pode ser antes do início da recorrência.');
  await scope.tx
    .update(ledgerRecurrences)
    .set({ endDate, version: before.version + 1, updatedAt: sql`now()` })
    .where(and(eq(ledgerRecurrences.organizationId, before.organizationId), eq(ledgerRecurrences.id, id)));
  await audit(scope, {
    action: 'recurrence.end',
    entity: 'recurrence',
    entityId: id,
    before: { endDate: before.endDate },
    after: { endDate },
  });
  const later = await scope.tx
    .selectDistinct({ id: ledgerDocuments.id })
    .from(ledgerDocuments)
    .innerJoin(
      ledgerInstallments,
      and(
        eq(ledgerInstallments.organizationId, ledgerDocuments.organizationId),
        eq(ledgerInstallments.documentId, ledgerDocuments.id),
      ),
    )
    .where(
      and(
        eq(ledgerDocuments.organizationId, before.organizationId),
        eq(ledgerDocuments.recurrenceId, id),
        eq(ledgerDocuments.status, 'open'),
        gt(ledgerInstallments.dueDate, endDate),
      ),
    );
  if (later.length === 0) return { id, cancelled: 0 };
  const { cancelled } = await cancelDocuments(
    scope,
    before.kind,
    later.map((d) => d.id),
    `Recorrência encerrada em ${formatCalendarDate(endDate)}.`,
  );
  return { id, cancelled };
}

export interface RecurrenceLog {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * The worker's pass: claims, one at a time, each active recurrence not yet generated up to the horizon (FOR UPDATE
 * SKIP LOCKED, so two server processes share the work and never generate one twice), and generates it as the
 * tenant role in its organization, in the name of whoever created it. A recurrence that fails (its account closed
 * to the unit, say) is logged and left for the next pass; the others go on.
 */
export async function generateDueRecurrences(
  db: Db,
  log: RecurrenceLog,
  today = todayInSaoPaulo(),
): Promise<{ recurrences: number; documents: number; failed: number }> {
  const horizon = addDays(today, RECURRENCE_HORIZON_DAYS);
  const tried = new Set<string>();
  const result = { recurrences: 0, documents: 0, failed: 0 };
  for (;;) {
    let claimedId: string | null = null;
    try {
      const created = await db.transaction(async (tx) => {
        const r = ledgerRecurrences;
        const [claimed] = await tx
          .select({ id: r.id, organizationId: r.organizationId, unitId: r.unitId, createdBy: r.createdBy })
          .from(r)
          .where(
            and(
              eq(r.status, 'active'),
              sql`${r.createdBy} IS NOT NULL`,
              or(isNull(r.generatedUntil), lt(r.generatedUntil, horizon)),
              or(isNull(r.endDate), isNull(r.generatedUntil), lt(r.generatedUntil, r.endDate)),
              tried.size > 0 ? notInArray(r.id, [...tried]) : undefined,
            ),
          )
          .orderBy(asc(r.id))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!claimed?.createdBy) return null;
        claimedId = claimed.id;
        await tx.execute(sql.raw(`SET LOCAL ROLE ${APP_ROLE}`));
        await tx.execute(sql`select
          set_config('app.user_id', ${claimed.createdBy}, true),
          set_config('app.organization_id', ${claimed.organizationId}, true),
          set_config('app.unit_id', ${claimed.unitId}, true)`);
        const scope = ledgerScope(tx, claimed, claimed.createdBy, 'recurrences');
        return generateRecurrence(scope, claimed.id, today);
      });
      if (created === null) return result;
      result.recurrences += 1;
      result.documents += created.length;
    } catch (error) {
      if (claimedId === null) throw error;
      result.failed += 1;
      log.error({ err: error, recurrenceId: claimedId }, 'falha ao gerar os títulos de uma recorrência');
    }
    if (claimedId) tried.add(claimedId);
  }
}

/** How often the worker looks for recurrences to generate; the horizon moves a day at a time. */
const RECURRENCE_INTERVAL_MS = 10 * 60 * 1000;

/** Runs generateDueRecurrences at start and then periodically, beside the outbox delivery. */
export function startRecurrenceWorker({
  db,
  log,
  intervalMs = RECURRENCE_INTERVAL_MS,
}: {
  db: Db;
  log: RecurrenceLog;
  intervalMs?: number;
}): { stop(): Promise<void> } {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    running = generateDueRecurrences(db, log)
      .then((done) => {
        if (done.documents > 0 || done.failed > 0) log.info(done, 'recorrências geradas');
      })
      .catch((error: unknown) => log.error({ err: error }, 'falha ao gerar recorrências'))
      .finally(() => {
        if (!stopped) timer = setTimeout(run, intervalMs);
      });
  };
  run();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

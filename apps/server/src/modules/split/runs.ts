import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  allocateSplit,
  documentCreateInput,
  periodLabel,
  todayInSaoPaulo,
  type splitReverseInput,
  type splitRunInput,
} from '@financeiro/core';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { type ProcedureContext } from '../../trpc/init';
import { ConflictError, InvalidInputError, NotFoundError, isUniqueViolation } from '../../errors';
import { audit } from '../audit';
import {
  scopeOf,
  cancelDocuments,
  createDocument,
  ledgerDocumentLinesView,
  ledgerDocumentsView,
  ledgerInstallmentsView,
} from '../ledger';
import { mustReference, partiesView } from '../registries';
import { NOTHING_TO_SPLIT, RUN_NOT_FOUND } from './access';
import { coveredReceipts, splitConfigOf, type SplitConfig } from './receipts';
import { splitRunReceipts, splitRuns, splitRunShares } from './schema';
import { usersView } from '../identity';

type Period = { from: string; to: string };
type At = { organizationId: string; unitId: string };

const atOf = (ctx: ProcedureContext): At => scopeOf(ctx).tenant;

/** The partners' names, by id. */
async function partyNames(tx: Tx, organizationId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: partiesView.id, name: partiesView.name })
    .from(partiesView)
    .where(and(eq(partiesView.organizationId, organizationId), inArray(partiesView.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The live run of this setting in the unit whose period overlaps the one asked, if any. */
async function overlappingRun(tx: Tx, at: At, configId: string, period: Period) {
  const [run] = await tx
    .select({ id: splitRuns.id, from: splitRuns.periodStart, to: splitRuns.periodEnd, createdAt: splitRuns.createdAt })
    .from(splitRuns)
    .where(
      and(
        eq(splitRuns.organizationId, at.organizationId),
        eq(splitRuns.unitId, at.unitId),
        eq(splitRuns.configId, configId),
        isNull(splitRuns.reversedAt),
        lte(splitRuns.periodStart, period.to),
        gte(splitRuns.periodEnd, period.from),
      ),
    )
    .orderBy(asc(splitRuns.periodStart))
    .limit(1);
  return run ? { id: run.id, from: run.from, to: run.to, createdAt: run.createdAt.toISOString() } : null;
}

const alreadySplit = (run: Period) =>
  `Esta divisão de receitas já foi aplicada a ${periodLabel(run.from, run.to)} nesta unidade: desfaça aquele split para dividir o período de novo.`;

/** The cost centre that holds most of the covered documents' apportionment, for the partners' payables. */
async function likelyCostCentre(tx: Tx, organizationId: string, documentIds: string[]): Promise<string | null> {
  if (documentIds.length === 0) return null;
  const [row] = await tx
    .select({ id: ledgerDocumentLinesView.costCentreId })
    .from(ledgerDocumentLinesView)
    .where(
      and(
        eq(ledgerDocumentLinesView.organizationId, organizationId),
        inArray(ledgerDocumentLinesView.documentId, [...new Set(documentIds)]),
      ),
    )
    .groupBy(ledgerDocumentLinesView.costCentreId)
    .orderBy(desc(sql`sum(${ledgerDocumentLinesView.amount})`), asc(ledgerDocumentLinesView.costCentreId))
    .limit(1);
  return row?.id ?? null;
}

/** What a split of the period would take and give: the receipts, their sum, each partner's part and the rest. */
async function computeSplit(tx: Tx, at: At, config: SplitConfig, period: Period) {
  const receipts = await coveredReceipts(tx, at, config, period);
  const base = receipts.reduce((sum, r) => sum + r.amount, 0);
  const allocation = allocateSplit(base, config.partners);
  const names = await partyNames(
    tx,
    at.organizationId,
    config.partners.map((p) => p.partyId),
  );
  const shares = allocation.shares.map((s) => ({ ...s, name: names.get(s.partyId) ?? '' }));
  return { receipts, base, shares, retained: allocation.retained };
}

/** splitPreview: the receipts covered, the base, the shares, the retained rest and whether the period was split. */
export async function previewSplit(ctx: ProcedureContext, input: Period & { configId: string }) {
  const at = atOf(ctx);
  const config = await splitConfigOf(ctx.tx, at.organizationId, input.configId);
  const computed = await computeSplit(ctx.tx, at, config, input);
  return {
    config: { id: config.id, name: config.name, coverage: config.coverage },
    period: { from: input.from, to: input.to, label: periodLabel(input.from, input.to) },
    ...computed,
    existingRun: await overlappingRun(ctx.tx, at, config.id, input),
    suggestedCostCentreId: await likelyCostCentre(
      ctx.tx,
      at.organizationId,
      computed.receipts.map((r) => r.documentId),
    ),
  };
}

type RunInput = Omit<z.output<typeof splitRunInput>, 'idempotencyKey'>;

/**
 * Runs a split in one transaction: the setting is locked (so two runs of it wait for each other), a period it
 * already split is refused, and each partner with a non-zero part gets one payable through the ledger, due on the
 * date given; the run keeps the receipts it took and each share.
 */
export async function runSplit(ctx: ProcedureContext, input: RunInput) {
  const scope = scopeOf(ctx);
  const at = scope.tenant;
  const config = await splitConfigOf(ctx.tx, at.organizationId, input.configId, true);
  const existing = await overlappingRun(ctx.tx, at, config.id, input);
  if (existing) throw new ConflictError(alreadySplit(existing));
  await mustReference(
    ctx,
    'classifications',
    [input.classificationId],
    'Classificação não encontrada nesta organização.',
  );
  await mustReference(ctx, 'costCentres', [input.costCentreId], 'Centro de custo não encontrado nesta organização.');
  const { receipts, base, shares, retained } = await computeSplit(ctx.tx, at, config, input);
  if (base === 0) throw new InvalidInputError(NOTHING_TO_SPLIT);
  const costCentreId =
    input.costCentreId ??
    (await likelyCostCentre(
      ctx.tx,
      at.organizationId,
      receipts.map((r) => r.documentId),
    ));
  if (!costCentreId) throw new InvalidInputError('Escolha o centro de custo das contas a pagar dos parceiros.');

  const label = periodLabel(input.from, input.to);
  const runId = uuidv7();
  try {
    await ctx.tx.insert(splitRuns).values({
      id: runId,
      organizationId: at.organizationId,
      unitId: at.unitId,
      configId: config.id,
      configName: config.name,
      periodStart: input.from,
      periodEnd: input.to,
      base,
      retained,
      dueDate: input.dueDate,
      createdBy: ctx.user.userId,
    });
  } catch (error) {
    if (isUniqueViolation(error, 'split_runs_live_period_key')) throw new ConflictError(alreadySplit(input));
    throw error;
  }
  // Issued today, or on the due date when that comes first (a split of an old month due in the past).
  const issueDate = [todayInSaoPaulo(), input.dueDate].sort()[0] ?? input.dueDate;
  const created: { partyId: string; name: string; share: number; amount: number; payableId: string | null }[] = [];
  for (const share of shares) {
    let payableId: string | null = null;
    if (share.amount > 0) {
      const document = documentCreateInput.parse({
        kind: 'payable',
        partyId: share.partyId,
        description: `Split ${config.name} — ${label}`.slice(0, 200),
        documentType: 'outros',
        issueDate,
        competence: input.from.slice(0, 7),
        grossAmount: share.amount,
        lines: [{ classificationId: input.classificationId, costCentreId, share: 10_000 }],
        installments: [{ dueDate: input.dueDate, amount: share.amount }],
        notes: `Split de ${config.name} (${label}): ${share.share / 100}% de ${receipts.length} recebimento(s).`,
      });
      const { idempotencyKey: _key, ...payable } = document;
      payableId = (await createDocument(scope, payable)).id;
    }
    created.push({ ...share, payableId });
  }
  await ctx.tx.insert(splitRunShares).values(
    created.map((s) => ({
      id: uuidv7(),
      organizationId: at.organizationId,
      runId,
      partyId: s.partyId,
      share: s.share,
      amount: s.amount,
      payableId: s.payableId,
    })),
  );
  await ctx.tx.insert(splitRunReceipts).values(
    receipts.map((r) => ({
      id: uuidv7(),
      organizationId: at.organizationId,
      runId,
      settlementId: r.settlementId,
      documentId: r.documentId,
      amount: r.amount,
    })),
  );
  await audit(ctx, {
    action: 'split_run.create',
    entity: 'split_run',
    entityId: runId,
    after: { configId: config.id, from: input.from, to: input.to, base, retained, shares: created },
  });
  return { id: runId, base, retained, period: { from: input.from, to: input.to, label }, shares: created };
}

type ReverseInput = Omit<z.output<typeof splitReverseInput>, 'idempotencyKey'>;

/**
 * Undoes a run: its payables are cancelled through the ledger and the run is marked reversed (never deleted), which
 * frees its period. A partner already paid (even in part) blocks it: that payment is reversed first.
 */
export async function reverseSplit(ctx: ProcedureContext, input: ReverseInput) {
  const scope = scopeOf(ctx);
  const at = scope.tenant;
  const [run] = await ctx.tx
    .select()
    .from(splitRuns)
    .where(
      and(
        eq(splitRuns.organizationId, at.organizationId),
        eq(splitRuns.unitId, at.unitId),
        eq(splitRuns.id, input.runId),
      ),
    )
    .for('update');
  if (!run) throw new NotFoundError(RUN_NOT_FOUND);
  if (run.reversedAt) throw new ConflictError('Este split já foi desfeito.');
  const shares = await ctx.tx
    .select({ payableId: splitRunShares.payableId, partyId: splitRunShares.partyId })
    .from(splitRunShares)
    .where(and(eq(splitRunShares.organizationId, at.organizationId), eq(splitRunShares.runId, run.id)));
  const payableIds = shares.flatMap((s) => (s.payableId ? [s.payableId] : []));
  if (payableIds.length > 0) {
    const [paid] = await ctx.tx
      .select({ name: partiesView.name })
      .from(ledgerInstallmentsView)
      .innerJoin(
        partiesView,
        and(
          eq(partiesView.organizationId, ledgerInstallmentsView.organizationId),
          eq(partiesView.id, ledgerInstallmentsView.partyId),
        ),
      )
      .where(
        and(
          eq(ledgerInstallmentsView.organizationId, at.organizationId),
          inArray(ledgerInstallmentsView.documentId, payableIds),
          gt(ledgerInstallmentsView.settled, 0),
        ),
      )
      .limit(1);
    if (paid) {
      throw new ConflictError(
        `A conta a pagar de ${paid.name} deste split já tem pagamento: estorne o pagamento em Contas a pagar antes de desfazer o split.`,
      );
    }
    await cancelDocuments(scope, 'payable', payableIds, `Split desfeito: ${input.reason}`.slice(0, 500));
  }
  const reversedAt = new Date();
  await ctx.tx
    .update(splitRuns)
    .set({ reversedAt, reversedBy: ctx.user.userId, reverseReason: input.reason })
    .where(and(eq(splitRuns.organizationId, at.organizationId), eq(splitRuns.id, run.id)));
  await audit(ctx, {
    action: 'split_run.reverse',
    entity: 'split_run',
    entityId: run.id,
    before: { reversedAt: null },
    after: { reason: input.reason, cancelledPayables: payableIds },
  });
  return { id: run.id, reversedAt: reversedAt.toISOString(), cancelledPayables: payableIds.length };
}

/** The unit's runs, newest first, with each partner's part, its payable and whether it was paid. */
export async function listRuns(ctx: ProcedureContext, input: { configId: string | null }) {
  const at = atOf(ctx);
  const creator = usersView;
  const runs = await ctx.tx
    .select({
      id: splitRuns.id,
      configId: splitRuns.configId,
      configName: splitRuns.configName,
      from: splitRuns.periodStart,
      to: splitRuns.periodEnd,
      base: splitRuns.base,
      retained: splitRuns.retained,
      dueDate: splitRuns.dueDate,
      createdAt: splitRuns.createdAt,
      createdBy: creator.name,
      reversedAt: splitRuns.reversedAt,
      reverseReason: splitRuns.reverseReason,
      receiptCount: sql<number>`(select count(*) from ${splitRunReceipts}
        where ${splitRunReceipts.organizationId} = ${splitRuns.organizationId}
          and ${splitRunReceipts.runId} = ${splitRuns.id})`.mapWith(Number),
    })
    .from(splitRuns)
    .leftJoin(creator, eq(creator.id, splitRuns.createdBy))
    .where(
      and(
        eq(splitRuns.organizationId, at.organizationId),
        eq(splitRuns.unitId, at.unitId),
        input.configId ? eq(splitRuns.configId, input.configId) : undefined,
      ),
    )
    .orderBy(desc(splitRuns.createdAt), desc(splitRuns.id))
    .limit(200);
  const shares =
    runs.length === 0
      ? []
      : await ctx.tx
          .select({
            runId: splitRunShares.runId,
            partyId: splitRunShares.partyId,
            name: partiesView.name,
            share: splitRunShares.share,
            amount: splitRunShares.amount,
            payableId: splitRunShares.payableId,
            payableStatus: ledgerDocumentsView.status,
          })
          .from(splitRunShares)
          .innerJoin(
            partiesView,
            and(
              eq(partiesView.organizationId, splitRunShares.organizationId),
              eq(partiesView.id, splitRunShares.partyId),
            ),
          )
          .leftJoin(
            ledgerDocumentsView,
            and(
              eq(ledgerDocumentsView.organizationId, splitRunShares.organizationId),
              eq(ledgerDocumentsView.id, splitRunShares.payableId),
            ),
          )
          .where(
            and(
              eq(splitRunShares.organizationId, at.organizationId),
              inArray(
                splitRunShares.runId,
                runs.map((r) => r.id),
              ),
            ),
          )
          .orderBy(asc(partiesView.name));
  return runs.map((run) => ({
    ...run,
    label: periodLabel(run.from, run.to),
    createdAt: run.createdAt.toISOString(),
    reversedAt: run.reversedAt?.toISOString() ?? null,
    shares: shares.filter((s) => s.runId === run.id).map(({ runId: _run, ...s }) => s),
  }));
}

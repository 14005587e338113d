import { procedure, router, type ProcedureContext } from '../../trpc/init';
import { InvalidInputError, NotFoundError } from '../../errors';
import { idempotent } from '../idempotency';
import { mustUseAccount, requireKind, scopeOf } from '../ledger';
import { mercadopagoMeta } from './access';
import {
  acceptAllInput,
  acceptInput,
  bookInput,
  createReceivableInput,
  matchInput,
  releaseUndoInput,
  settingsGetInput,
  settingsSaveInput,
  undoInput,
} from './inputs';
import {
  applyPendingReversals,
  createReceivableFor,
  lockAccount,
  reconcileSales,
  SALE_NOT_FOUND,
  settlementRow,
  settlementRows,
  undoSale,
} from './reconcile';
import { bookReleases, undoReleaseDay } from './releases';
import { getSettings, saveSettings, settingsFor } from './settings';
import { suggestSales } from './suggest';

/** Reconciling settles receivables and books entries: it needs the right to edit receivables as well. */
function writeScope(ctx: ProcedureContext) {
  requireKind(ctx, 'receivable', 'editar');
  return scopeOf(ctx);
}

/** A sale of an account the unit uses, or a pt-BR 404 (another organization's, another unit's). */
async function usableSale(ctx: ProcedureContext, settlementId: string) {
  const scope = writeScope(ctx);
  const row = await settlementRow(scope, settlementId);
  try {
    await mustUseAccount(scope, row.accountId);
  } catch {
    throw new NotFoundError(SALE_NOT_FOUND);
  }
  return { scope, row };
}

/** How a Mercado Pago account is reconciled: /v1/mercadopago/settings.* */
export const settingsRouter = router({
  get: procedure
    .meta(mercadopagoMeta)
    .input(settingsGetInput)
    .query(({ ctx, input }) => getSettings(scopeOf(ctx), input.accountId)),

  save: procedure
    .meta(mercadopagoMeta)
    .input(settingsSaveInput)
    .mutation(({ ctx, input }) =>
      idempotent(ctx, 'mercadopago_settings.save', input, (submitted) => saveSettings(writeScope(ctx), submitted)),
    ),
});

/** Sales of the settlement report reconciled with receivables (decision 0023): /v1/mercadopago/reconciliation.* */
export const reconciliationRouter = router({
  /** The current suggestions of the sales named, each reconciled by its own; a sale without one refuses them all. */
  accept: procedure
    .meta(mercadopagoMeta)
    .input(acceptInput)
    .mutation(({ ctx, input }) =>
      idempotent(ctx, 'mercadopago_reconciliation.accept', input, async ({ accountId, settlementIds }) => {
        const scope = writeScope(ctx);
        await mustUseAccount(scope, accountId);
        await lockAccount(scope, accountId);
        const rows = await settlementRows(scope, settlementIds);
        if (rows.some((r) => r.accountId !== accountId)) throw new NotFoundError(SALE_NOT_FOUND);
        const days = rows.map((r) => r.approvalDay).sort();
        const period = { accountId, from: days[0] ?? '', to: days.at(-1) ?? '' };
        const { suggestions } = await suggestSales(scope, period);
        const byPayment = new Map(suggestions.map((s) => [s.paymentId, s]));
        const requests = rows.map((row) => {
          const suggestion = byPayment.get(row.id);
          if (!suggestion) {
            throw new InvalidInputError(
              `O pagamento ${row.sourceId} não tem sugestão (ou já foi conciliado): escolha o título ou crie um.`,
            );
          }
          return {
            settlementId: row.id,
            how: {
              allocations: suggestion.allocations,
              origin: 'suggestion' as const,
              score: suggestion.score,
              reasons: suggestion.reasons,
            },
          };
        });
        return reconcileSales(scope, accountId, requests);
      }),
    ),

  /**
   * Every suggestion of the period scoring at least `minScore`, in one transaction, and the refunds, chargebacks and
   * disputes of the period whose sale is reconciled.
   */
  acceptAll: procedure
    .meta(mercadopagoMeta)
    .input(acceptAllInput)
    .mutation(({ ctx, input }) =>
      idempotent(ctx, 'mercadopago_reconciliation.accept_all', input, async ({ minScore, ...period }) => {
        const scope = writeScope(ctx);
        await mustUseAccount(scope, period.accountId);
        await lockAccount(scope, period.accountId);
        const settings = await settingsFor(scope, period.accountId);
        const { suggestions } = await suggestSales(scope, period);
        const chosen = suggestions.filter((s) => s.score >= minScore);
        const sales =
          chosen.length === 0
            ? { reconciled: 0, reversals: 0 }
            : await reconcileSales(
                scope,
                period.accountId,
                chosen.map((s) => ({
                  settlementId: s.paymentId,
                  how: { allocations: s.allocations, origin: 'suggestion', score: s.score, reasons: s.reasons },
                })),
              );
        const reversals = await applyPendingReversals(scope, settings, period);
        return { reconciled: sales.reconciled, reversals: sales.reversals + reversals };
      }),
    ),

  /** A person's choice of installments for a sale. */
  match: procedure
    .meta(mercadopagoMeta)
    .input(matchInput)
    .mutation(({ ctx, input }) =>
      idempotent(ctx, 'mercadopago_reconciliation.match', input, async ({ settlementId, allocations }) => {
        const { scope, row } = await usableSale(ctx, settlementId);
        return reconcileSales(scope, row.accountId, [{ settlementId, how: { allocations, origin: 'manual' } }]);
      }),
    ),

  createReceivable: procedure
    .meta(mercadopagoMeta)
    .input(createReceivableInput)
    .mutation(({ ctx, input }) =>
      idempotent(ctx, 'mercadopago_reconciliation.create_receivable', input, async ({ settlementId, ...rest }) => {
        const { scope, row } = await usableSale(ctx, settlementId);
        return createReceivableFor(scope, row, {
          partyId: rest.partyId ?? null,
          classificationId: rest.classificationId ?? null,
          costCentreId: rest.costCentreId ?? null,
          description: rest.description ?? null,
        });
      }),
    ),

  undo: procedure
    .meta(mercadopagoMeta)
    .input(undoInput)
    .mutation(({ ctx, input }) =>
      idempotent(ctx, 'mercadopago_reconciliation.undo', input, async ({ settlementId, reason }) => {
        const { scope, row } = await usableSale(ctx, settlementId);
        return undoSale(scope, row, reason);
      }),
    ),
});

/** The release report booked as transfers: /v1/mercadopago/releases.* */
export const releasesRouter = router({
  book: procedure
    .meta(mercadopagoMeta)
    .input(bookInput)
    .mutation(({ ctx, input }) =>
      idempotent(ctx, 'mercadopago_release.book', input, async (period) => {
        const scope = writeScope(ctx);
        await mustUseAccount(scope, period.accountId);
        return bookReleases(scope, period);
      }),
    ),

  undo: procedure
    .meta(mercadopagoMeta)
    .input(releaseUndoInput)
    .mutation(({ ctx, input }) =>
      idempotent(ctx, 'mercadopago_release.undo', input, async ({ accountId, day }) => {
        const scope = writeScope(ctx);
        await mustUseAccount(scope, accountId);
        return undoReleaseDay(scope, accountId, day);
      }),
    ),
});

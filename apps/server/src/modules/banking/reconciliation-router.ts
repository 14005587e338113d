import { suggestionRequest } from '@financeiro/core';
import { procedure, router } from '../../trpc/init';
import { idempotent } from '../idempotency';
import { mustUseAccount, requireKind, scopeOf, accountBalances } from '../ledger';
import { bankingEntryMeta, bankingMeta } from './access';
import { entryFromLine } from './entries';
import {
  acceptAllInput,
  createEntryInput,
  periodInput,
  reconcileInput,
  reconciliationGetInput,
  undoInput,
} from './inputs';
import { reconcile, undoReconciliation } from './reconcile';
import { getReconciliation, lineForEntry, suggestMatches } from './reconciliation';

/** Matching bank lines with the ledger: /v1/banking/reconciliation.* */
export const reconciliationRouter = router({
  /** The accounts the unit reconciles: who reconciles needs no permission to read the statements for that. */
  accounts: procedure.meta(bankingMeta).query(async ({ ctx }) => {
    const { accounts } = await accountBalances(scopeOf(ctx), { date: null });
    return accounts.map(({ id, name, kind, status }) => ({ id, name, kind, status }));
  }),

  get: procedure
    .meta(bankingMeta)
    .input(reconciliationGetInput)
    .query(({ ctx, input }) => getReconciliation(scopeOf(ctx), input)),

  suggest: procedure
    .meta(bankingMeta)
    .input(periodInput)
    .query(({ ctx, input }) => suggestMatches(scopeOf(ctx), input)),

  reconcile: procedure
    .meta(bankingMeta)
    .input(reconcileInput)
    .mutation(({ ctx, input }) =>
      idempotent(ctx, 'bank_reconciliation.reconcile', input, async (submitted) => {
        const scope = scopeOf(ctx);
        await mustUseAccount(scope, submitted.accountId);
        return reconcile(scope, submitted, { maySettle: (kind) => requireKind(ctx, kind, 'editar') });
      }),
    ),

  /**
   * Every suggestion scoring at least the threshold, reconciled in one transaction: each is checked again against
   * the rows it locks, so a line someone reconciled meanwhile fails the whole batch and nothing is stored.
   */
  acceptAll: procedure
    .meta(bankingMeta)
    .input(acceptAllInput)
    .mutation(({ ctx, input }) =>
      idempotent(ctx, 'bank_reconciliation.accept_all', input, async ({ threshold, ...period }) => {
        const scope = scopeOf(ctx);
        const suggestions = (await suggestMatches(scope, period, threshold)).filter((s) => s.score >= threshold);
        const groupIds: string[] = [];
        for (const suggestion of suggestions) {
          const request = suggestionRequest(period.accountId, suggestion);
          const settled = await reconcile(scope, request, { maySettle: (kind) => requireKind(ctx, kind, 'editar') });
          groupIds.push(settled.groupId);
        }
        return { reconciled: groupIds.length, groupIds };
      }),
    ),

  undo: procedure
    .meta(bankingMeta)
    .input(undoInput)
    .mutation(({ ctx, input }) =>
      idempotent(ctx, 'bank_reconciliation.undo', input, ({ groupId }) => undoReconciliation(scopeOf(ctx), groupId)),
    ),

  createEntry: procedure
    .meta(bankingEntryMeta)
    .input(createEntryInput)
    .mutation(({ ctx, input }) =>
      idempotent(ctx, 'bank_reconciliation.entry', input, async ({ lineId, ...entry }) => {
        const scope = scopeOf(ctx);
        const line = await lineForEntry(scope, lineId);
        return entryFromLine(scope, line.accountId, lineId, entry);
      }),
    ),
});

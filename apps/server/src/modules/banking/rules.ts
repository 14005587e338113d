import { and, asc, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { amountInput, idempotencyKeyInput, optionalId, requiredId, requiredText } from '@financeiro/core';
import { procedure, router } from '../../trpc/init';
import { ConflictError, NotFoundError } from '../../errors';
import { audit } from '../audit';
import { idempotent } from '../idempotency';
import { scopeOf, type LedgerScope } from '../ledger';
import { mustReference } from '../registries';
import { bankingEntryMeta, bankingMeta } from './access';
import { bankReconciliationRules, RULE_DIRECTIONS } from './schema';

const RULE_NOT_FOUND = 'Regra de conciliação não encontrada nesta organização.';

const optionalAmount = amountInput()
  .nullish()
  .transform((v) => v ?? null);

const ruleFields = z
  .object({
    accountId: optionalId,
    memoContains: requiredText(200, 'Informe o texto que o histórico da linha contém.'),
    direction: z
      .enum(RULE_DIRECTIONS, 'Escolha entrada ou saída.')
      .nullish()
      .transform((v) => v ?? null),
    minAmount: optionalAmount,
    maxAmount: optionalAmount,
    classificationId: requiredId('Escolha a classificação.'),
    costCentreId: optionalId,
    description: requiredText(200, 'Descreva o lançamento que a regra cria.'),
    active: z.boolean('Informe se a regra está ativa.').default(true),
    priority: z.number('Informe a ordem da regra.').int('Use um número inteiro.').min(0).max(10_000).default(100),
  })
  .refine((r) => r.minAmount === null || r.maxAmount === null || r.minAmount <= r.maxAmount, {
    path: ['maxAmount'],
    message: 'O valor máximo não pode ser menor que o mínimo.',
  });

export const ruleCreateInput = ruleFields.and(idempotencyKeyInput);
export const ruleUpdateInput = ruleFields.and(
  z.object({ id: requiredId('Regra inválida.'), version: z.number().int().min(1) }),
);
const ruleIdInput = z.object({ id: requiredId('Regra inválida.') });

export type Rule = typeof bankReconciliationRules.$inferSelect;

/** Upper case, accents removed, spaces collapsed: how a rule's text and a memo are compared. */
export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();

/** The organization's active rules in the order they are tried: priority, then the oldest first. */
export function activeRules(scope: LedgerScope): Promise<Rule[]> {
  const r = bankReconciliationRules;
  return scope.tx
    .select()
    .from(r)
    .where(and(eq(r.organizationId, scope.tenant.organizationId), eq(r.active, true)))
    .orderBy(asc(r.priority), asc(r.id));
}

/** The first rule that takes a line of `accountId`, or null. */
export function ruleFor(rules: Rule[], accountId: string, line: { amount: number; memo: string }): Rule | null {
  const memo = fold(line.memo);
  const size = Math.abs(line.amount);
  return (
    rules.find(
      (rule) =>
        (rule.accountId === null || rule.accountId === accountId) &&
        (rule.direction === null || (rule.direction === 'in') === line.amount > 0) &&
        (rule.minAmount === null || size >= rule.minAmount) &&
        (rule.maxAmount === null || size <= rule.maxAmount) &&
        memo.includes(fold(rule.memoContains)),
    ) ?? null
  );
}

/** A rule's entry description: `{memo}` becomes the line's memo, within the entry's 200 characters. */
export const describeByRule = (rule: Rule, memo: string) =>
  rule.description.replaceAll('{memo}', memo).slice(0, 200).trim() || memo.slice(0, 200);

async function mustExistReferences(scope: LedgerScope, input: z.output<typeof ruleFields>) {
  await mustReference(scope, 'accounts', [input.accountId], 'Conta não encontrada nesta organização.');
  await mustReference(
    scope,
    'classifications',
    [input.classificationId],
    'Classificação não encontrada nesta organização.',
  );
  await mustReference(scope, 'costCentres', [input.costCentreId], 'Centro de custo não encontrado nesta organização.');
}

/** Rules that turn bank lines into manual entries on import: /v1/banking/rules.* */
export const rulesRouter = router({
  list: procedure.meta(bankingMeta).query(({ ctx }) => {
    const scope = scopeOf(ctx);
    const r = bankReconciliationRules;
    return scope.tx
      .select()
      .from(r)
      .where(eq(r.organizationId, scope.tenant.organizationId))
      .orderBy(asc(r.priority), asc(r.id));
  }),

  create: procedure
    .meta(bankingEntryMeta)
    .input(ruleCreateInput)
    .mutation(({ ctx, input }) =>
      idempotent(ctx, 'bank_rule.create', input, async (submitted) => {
        const scope = scopeOf(ctx);
        await mustExistReferences(scope, submitted);
        const id = uuidv7();
        await scope.tx.insert(bankReconciliationRules).values({
          ...submitted,
          id,
          organizationId: scope.tenant.organizationId,
          createdBy: scope.user.userId,
        });
        await audit(scope, { action: 'bank_rule.create', entity: 'bank_rule', entityId: id, after: submitted });
        return { id };
      }),
    ),

  update: procedure
    .meta(bankingEntryMeta)
    .input(ruleUpdateInput)
    .mutation(async ({ ctx, input }) => {
      const scope = scopeOf(ctx);
      const { id, version, ...fields } = input;
      const r = bankReconciliationRules;
      const [before] = await scope.tx
        .select()
        .from(r)
        .where(and(eq(r.organizationId, scope.tenant.organizationId), eq(r.id, id)))
        .for('update');
      if (!before) throw new NotFoundError(RULE_NOT_FOUND);
      if (before.version !== version) {
        throw new ConflictError('Esta regra foi alterada por outra pessoa. Atualize a tela e tente de novo.');
      }
      await mustExistReferences(scope, fields);
      await scope.tx
        .update(r)
        .set({ ...fields, version: version + 1, updatedAt: new Date() })
        .where(and(eq(r.organizationId, scope.tenant.organizationId), eq(r.id, id)));
      await audit(scope, { action: 'bank_rule.update', entity: 'bank_rule', entityId: id, before, after: fields });
      return { id, version: version + 1 };
    }),

  // A rule moves no money: deleting it changes no entry it already made.
  delete: procedure
    .meta(bankingEntryMeta)
    .input(ruleIdInput)
    .mutation(async ({ ctx, input }) => {
      const scope = scopeOf(ctx);
      const r = bankReconciliationRules;
      const [before] = await scope.tx
        .delete(r)
        .where(and(eq(r.organizationId, scope.tenant.organizationId), eq(r.id, input.id)))
        .returning();
      if (!before) throw new NotFoundError(RULE_NOT_FOUND);
      await audit(scope, { action: 'bank_rule.delete', entity: 'bank_rule', entityId: input.id, before });
      return { id: input.id };
    }),
});

import { and, eq, getTableName, isNull, like, sql } from 'drizzle-orm';
import {
  classificationInput,
  codeDepth,
  costCentreInput,
  childCode,
  DEFAULT_CLASSIFICATION_PLAN,
  nextChildCode,
  TREE_MAX_DEPTH,
  type ClassificationNature,
  type DreGroup,
} from '@financeiro/core';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../db/client';
import { type ProcedureContext } from '../../trpc/init';
import { InvalidInputError } from '../../errors';
import { organizationOf } from '../../caller';
import { registryRouter, sortableText } from './registry';
import { listMentions, mustExist, plural, TEMPLATE_NOT_FOUND, usage, usages } from './references';
import { apportionmentTemplates, classifications, contracts, costCentres, products, splitConfigs } from './schema';

type TreeTable = typeof classifications | typeof costCentres;
interface TreeNode {
  id: string;
  parentId: string | null;
  code: string;
}

/**
 * The codes each transaction has given but not yet written, per tree and parent: an import prepares every line
 * before inserting any, so two siblings of one file must not both take the next free code.
 */
const given = new WeakMap<object, Map<string, string[]>>();

/** Codes sort as numbers per level: 1.02 before 1.10, 2 before 10. */
const byCode = (table: TreeTable) => sql`string_to_array(${table.code}, '.')::int[]`;

/**
 * Where a node goes in its tree: under an existing parent of the organization, never inside its own branch, no deeper
 * than the tree allows; the code is the next among the new siblings. Returns the parent found (or null at the root).
 */
async function place<P extends TreeNode>(
  ctx: ProcedureContext,
  table: TreeTable,
  node: { parentId: string | null },
  before: TreeNode | null,
): Promise<{ parent: P | null; code: string }> {
  const organizationId = organizationOf(ctx);
  let parent: P | null = null;
  if (node.parentId) {
    const [found] = await ctx.tx
      .select()
      .from(table)
      .where(and(eq(table.organizationId, organizationId), eq(table.id, node.parentId)));
    if (!found) throw new InvalidInputError('O item superior não foi encontrado nesta organização.');
    parent = found as P;
  }
  if (before && before.parentId === node.parentId) return { parent, code: before.code };
  if (parent) {
    if (before && (parent.code === before.code || parent.code.startsWith(`${before.code}.`))) {
      throw new InvalidInputError('Não é possível mover um item para dentro do próprio ramo.');
    }
  }
  const [deepest] = before
    ? await ctx.tx
        .select({ depth: sql<number>`max(array_length(string_to_array(${table.code}, '.'), 1))` })
        .from(table)
        .where(and(eq(table.organizationId, organizationId), like(table.code, `${before.code}.%`)))
    : [];
  const branchDepth = before && deepest?.depth ? deepest.depth - codeDepth(before.code) : 0;
  const depth = (parent ? codeDepth(parent.code) + 1 : 1) + branchDepth;
  if (depth > TREE_MAX_DEPTH) throw new InvalidInputError(`A árvore tem no máximo ${TREE_MAX_DEPTH} níveis.`);
  const siblings = await ctx.tx
    .select({ code: table.code })
    .from(table)
    .where(
      and(eq(table.organizationId, organizationId), parent ? eq(table.parentId, parent.id) : isNull(table.parentId)),
    );
  const pending = given.get(ctx.tx) ?? new Map<string, string[]>();
  given.set(ctx.tx, pending);
  const key = `${getTableName(table)}:${parent?.id ?? ''}`;
  const taken = pending.get(key) ?? [];
  const code = nextChildCode(parent?.code ?? null, [...siblings.map((s) => s.code), ...taken]);
  pending.set(key, [...taken, code]);
  return { parent, code };
}

/** After a move, the branch below the node takes the node's new code as its prefix. */
async function renumberBranch(ctx: ProcedureContext, table: TreeTable, before: TreeNode, code: string) {
  if (before.code === code) return;
  await ctx.tx
    .update(table)
    .set({
      code: sql`${code} || substr(${table.code}, ${before.code.length + 1})`,
      updatedAt: new Date(),
    })
    .where(and(eq(table.organizationId, organizationOf(ctx)), like(table.code, `${before.code}.%`)));
}

const NATURE_NAMES: Record<ClassificationNature, string> = { income: 'Receita', expense: 'Despesa' };

/** agrupamentos/classificacoes_financeiras: /v1/registries/classifications.* */
export const classificationsRouter = registryRouter({
  entity: 'classification',
  scope: 'unit',
  permissions: { read: 'ler_classificacoes_financeiras', edit: 'editar_classificacoes_financeiras' },
  table: classifications,
  input: classificationInput,
  label: sql`${classifications.code} || ' ' || ${classifications.name}`,
  optionValues: { apportionmentTemplateId: sql<string | null>`${classifications.apportionmentTemplateId}` },
  search: [classifications.code, classifications.name],
  sorts: { code: byCode(classifications), name: sortableText(classifications.name), nature: classifications.nature },
  messages: {
    notFound: 'Classificação não encontrada nesta organização.',
    unique: { classifications_org_code_key: 'Outra pessoa acabou de usar este código. Tente de novo.' },
  },
  prepare: async (ctx, values, before) => {
    await mustExist(ctx, apportionmentTemplates, [values.apportionmentTemplateId], TEMPLATE_NOT_FOUND);
    const { parent, code } = await place<typeof classifications.$inferSelect>(ctx, classifications, values, before);
    if (parent && parent.nature !== values.nature) {
      throw new InvalidInputError(
        `A natureza deve ser a mesma da classificação superior (${parent.code} ${parent.name}): ${NATURE_NAMES[parent.nature]}.`,
      );
    }
    return { ...values, code };
  },
  afterUpdate: async (ctx, row, before) => {
    await renumberBranch(ctx, classifications, before, row.code);
    if (row.nature !== before.nature) {
      await ctx.tx
        .update(classifications)
        .set({ nature: row.nature })
        .where(
          and(eq(classifications.organizationId, row.organizationId), like(classifications.code, `${row.code}.%`)),
        );
    }
  },
  usages: (tx, organizationId, id) =>
    usages(
      () =>
        usage(
          tx,
          classifications,
          organizationId,
          eq(classifications.parentId, id),
          plural('subclassificação', 'subclassificações'),
        ),
      () => usage(tx, products, organizationId, eq(products.classificationId, id), plural('produto', 'produtos')),
      () => usage(tx, contracts, organizationId, eq(contracts.classificationId, id), plural('contrato', 'contratos')),
      () =>
        usage(
          tx,
          apportionmentTemplates,
          organizationId,
          listMentions(apportionmentTemplates.lines, 'classificationId', id),
          plural('rateio padrão', 'rateios padrão'),
        ),
      () =>
        usage(
          tx,
          splitConfigs,
          organizationId,
          eq(splitConfigs.classificationId, id),
          plural('divisão de receitas', 'divisões de receitas'),
        ),
    ),
});

/** agrupamentos/centros_custo: /v1/registries/costCentres.* */
export const costCentresRouter = registryRouter({
  entity: 'cost_centre',
  scope: 'unit',
  permissions: { read: 'ler_centros_custo', edit: 'editar_centros_custo' },
  table: costCentres,
  input: costCentreInput,
  label: sql`${costCentres.code} || ' ' || ${costCentres.name}`,
  search: [costCentres.code, costCentres.name],
  sorts: { code: byCode(costCentres), name: sortableText(costCentres.name) },
  messages: {
    notFound: 'Centro de custo não encontrado nesta organização.',
    unique: { cost_centres_org_code_key: 'Outra pessoa acabou de usar este código. Tente de novo.' },
  },
  prepare: async (ctx, values, before) => ({ ...values, code: (await place(ctx, costCentres, values, before)).code }),
  afterUpdate: (ctx, row, before) => renumberBranch(ctx, costCentres, before, row.code),
  usages: (tx, organizationId, id) =>
    usages(
      () =>
        usage(
          tx,
          costCentres,
          organizationId,
          eq(costCentres.parentId, id),
          plural('centro de custo abaixo dele', 'centros de custo abaixo dele'),
        ),
      () => usage(tx, contracts, organizationId, eq(contracts.costCentreId, id), plural('contrato', 'contratos')),
      () =>
        usage(
          tx,
          apportionmentTemplates,
          organizationId,
          listMentions(apportionmentTemplates.lines, 'costCentreId', id),
          plural('rateio padrão', 'rateios padrão'),
        ),
    ),
});

/** The default management income statement plan, with its codes. */
export async function seedClassifications(tx: DbOrTx, organizationId: string): Promise<void> {
  const rows: (typeof classifications.$inferInsert)[] = [];
  const add = (
    parentId: string | null,
    code: string,
    name: string,
    nature: ClassificationNature,
    dreGroup: DreGroup | null = null,
  ) => {
    const id = uuidv7();
    rows.push({ id, organizationId, parentId, code, name, nature, dreGroup });
    return id;
  };
  DEFAULT_CLASSIFICATION_PLAN.forEach((group, g) => {
    const groupCode = childCode(null, g + 1);
    const groupId = add(null, groupCode, group.name, group.nature, group.dreGroup ?? null);
    group.children.forEach((child, c) => {
      const code = childCode(groupCode, c + 1);
      const childId = add(groupId, code, child.name, group.nature);
      child.children?.forEach((leaf, l) => add(childId, childCode(code, l + 1), leaf, group.nature));
    });
  });
  await tx.insert(classifications).values(rows);
}

const DEFAULT_COST_CENTRES = ['Administrativo', 'Comercial', 'Operações', 'Financeiro'];

/** A first set of cost centres a new organization can rename or extend. */
export async function seedCostCentres(tx: DbOrTx, organizationId: string): Promise<void> {
  await tx.insert(costCentres).values(
    DEFAULT_COST_CENTRES.map((name, i) => ({
      id: uuidv7(),
      organizationId,
      parentId: null,
      code: childCode(null, i + 1),
      name,
    })),
  );
}

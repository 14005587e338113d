import { and, eq, inArray, sql } from 'drizzle-orm';
import { purchasingCentreInput } from '@financeiro/core';
import { InvalidInputError } from '../../errors';
import { organizationOf } from '../../caller';
import { registryRouter, sortableText } from './registry';
import { mustExist } from './references';
import { purchasingCentres } from './schema';
import { departmentsView, membershipsView } from '../tenancy';

/** contas/centros_compras: /v1/registries/purchasingCentres.* */
export const purchasingCentresRouter = registryRouter({
  entity: 'purchasing_centre',
  scope: 'unit',
  permissions: { read: 'ler_centros_compras', edit: 'editar_centros_compras' },
  table: purchasingCentres,
  input: purchasingCentreInput,
  label: sql`${purchasingCentres.name}`,
  search: [purchasingCentres.name],
  sorts: { name: sortableText(purchasingCentres.name), updatedAt: purchasingCentres.updatedAt },
  messages: {
    notFound: 'Centro de compras não encontrado nesta organização.',
    unique: { purchasing_centres_org_name_key: 'Já existe um centro de compras com este nome.' },
  },
  prepare: async (ctx, values) => {
    await mustExist(ctx, departmentsView, values.departmentIds, 'Departamento não encontrado nesta organização.');
    const userIds = values.approvers.map((a) => a.userId);
    const members = await ctx.tx
      .selectDistinct({ userId: membershipsView.userId })
      .from(membershipsView)
      .where(
        and(
          eq(membershipsView.organizationId, organizationOf(ctx)),
          eq(membershipsView.status, 'active'),
          inArray(membershipsView.userId, userIds),
        ),
      );
    if (members.length !== new Set(userIds).size) {
      throw new InvalidInputError('Todo aprovador deve ser membro ativo desta organização.');
    }
    return values;
  },
});

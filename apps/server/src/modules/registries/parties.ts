import { and, arrayContains, eq, or, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { partyInput, type PartyRole, type PermissionName } from '@financeiro/core';
import type { z } from 'zod';
import { FieldConflictError, ForbiddenError } from '../../errors';
import { audit, type AuditContext } from '../audit';
import { callerCan } from '../../caller';
import type { ProcedureContext } from '../../trpc/init';
import { registryRouter, sortableText } from './registry';
import { listMentions, mustExist, plural, TEMPLATE_NOT_FOUND, usage, usages } from './references';
import { apportionmentTemplates, banks, contracts, parties, splitConfigs } from './schema';

const ROLE_SCREENS: Record<PartyRole, string> = {
  supplier: 'cadastro de fornecedores',
  customer: 'cadastro de clientes',
  partner: 'cadastro de parceiros',
};
const ROLE_NAMES: Record<PartyRole, string> = { supplier: 'fornecedor', customer: 'cliente', partner: 'parceiro' };
/** Who may give or take away a role: whoever may edit that role's screen. */
export const ROLE_EDITORS: Record<PartyRole, PermissionName> = {
  supplier: 'editar_fornecedores',
  customer: 'editar_clientes',
  partner: 'editar_parceiros',
};

type Party = z.output<typeof partyInput>;
type PartyContext = AuditContext & { tenant: { organizationId: string } };

/**
 * A party as it is saved, the one copy of the rules a registry screen and a party typed in with a document share
 * (partyInput has already checked and normalised the CPF/CNPJ and the PIX key): the bank and the apportionment
 * template it names exist in the organization, and a new party plays the role it is created for.
 */
async function partyValues(
  ctx: Pick<ProcedureContext, 'tx' | 'tenant'>,
  role: PartyRole,
  values: Party,
  isNew: boolean,
): Promise<Party> {
  await mustExist(ctx, banks, [values.bankId], 'Banco não encontrado nesta organização.');
  await mustExist(ctx, apportionmentTemplates, [values.apportionmentTemplateId], TEMPLATE_NOT_FOUND);
  return isNew ? { ...values, roles: [...new Set([...values.roles, role])].sort() } : values;
}

/**
 * A new party playing `role`, saved by the registry's rules from elsewhere (a document's form): a CPF/CNPJ already
 * registered is pointed at rather than saved twice, the conflict shown on `field` with the record that holds it.
 */
export async function createParty(ctx: PartyContext, role: PartyRole, party: Party, field: string): Promise<string> {
  const organizationId = ctx.tenant.organizationId;
  const values = await partyValues(ctx, role, party, true);
  const [held] = await ctx.tx
    .select({ id: parties.id })
    .from(parties)
    .where(and(eq(parties.organizationId, organizationId), eq(parties.document, values.document)));
  if (held) {
    throw new FieldConflictError(
      'Já existe um cadastro com este CPF/CNPJ nesta organização: escolha-o na lista.',
      field,
      held.id,
    );
  }
  const id = uuidv7();
  await ctx.tx.insert(parties).values({ ...values, id, organizationId });
  await audit(ctx, { action: `${role}.create`, entity: role, entityId: id, after: values });
  return id;
}

/**
 * One screen of the parties registry: the parties playing `role`. A party created here plays it; one that also plays
 * another role is not deleted from here (it is in use by that other screen).
 */
function partiesOfRole(role: PartyRole, read: PermissionName, edit: PermissionName, notFound: string) {
  return registryRouter({
    entity: role,
    scope: 'unit',
    permissions: { read, edit },
    table: parties,
    input: partyInput,
    only: arrayContains(parties.roles, [role]),
    label: sql`coalesce(${parties.tradeName}, ${parties.name})`,
    optionValues: { apportionmentTemplateId: sql<string | null>`${parties.apportionmentTemplateId}` },
    // The names, document, e-mail and city, folded by the database as each party is written.
    search: [{ folded: parties.searchText }],
    sorts: {
      name: sortableText(parties.name),
      document: parties.document,
      city: parties.city,
      updatedAt: parties.updatedAt,
    },
    messages: {
      notFound,
      unique: {
        parties_org_document_key:
          'Já existe um cadastro com este CPF/CNPJ nesta organização. Procure-o em Fornecedores, Clientes ou Parceiros e marque o papel que falta.',
      },
    },
    importKeys: [{ field: 'document', column: parties.document, message: 'Já existe um cadastro com este CPF/CNPJ.' }],
    prepare: async (ctx, values, before) => {
      // A party saved on this screen plays this screen's role.
      const { roles } = await partyValues(ctx, role, values, !before);
      // A role given or taken away is a change to that role's screen: it asks that screen's edit permission.
      const had = new Set(before?.roles ?? []);
      const changed = [...roles.filter((r) => !had.has(r)), ...[...had].filter((r) => !roles.includes(r))];
      for (const r of changed) {
        if (!callerCan(ctx, ROLE_EDITORS[r])) {
          throw new ForbiddenError(
            `Seu perfil não tem permissão para mudar o papel de ${ROLE_NAMES[r]} deste cadastro.`,
          );
        }
      }
      return { ...values, roles };
    },
    usages: async (tx, organizationId, id) => {
      const [party] = await tx.select({ roles: parties.roles }).from(parties).where(eq(parties.id, id));
      const otherRoles = (party?.roles ?? []).filter((r) => r !== role).map((r) => ROLE_SCREENS[r]);
      return [
        ...otherRoles,
        ...(await usages(
          () => usage(tx, contracts, organizationId, eq(contracts.partyId, id), plural('contrato', 'contratos')),
          () =>
            usage(
              tx,
              splitConfigs,
              organizationId,
              or(listMentions(splitConfigs.partners, 'partyId', id), eq(splitConfigs.coveredPartyId, id)) ?? sql`false`,
              plural('divisão de receitas', 'divisões de receitas'),
            ),
        )),
      ];
    },
  });
}

/** relacionamento/fornecedores, clientes, parceiros: /v1/registries/{suppliers,customers,partners}.* */
export const suppliersRouter = partiesOfRole(
  'supplier',
  'ler_fornecedores',
  'editar_fornecedores',
  'Fornecedor não encontrado nesta organização.',
);
export const customersRouter = partiesOfRole(
  'customer',
  'ler_clientes',
  'editar_clientes',
  'Cliente não encontrado nesta organização.',
);
export const partnersRouter = partiesOfRole(
  'partner',
  'ler_parceiros',
  'editar_parceiros',
  'Parceiro não encontrado nesta organização.',
);

import { eq, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  createOrganizationInput,
  effectivePermissions,
  satisfies,
  slugify,
  updateOrganizationInput,
  withIdempotencyKey,
} from '@financeiro/core';
import { enterOrganization } from '../../db/tenant';
import { procedure, router, type ProcedureContext } from '../../trpc/init';
import { ForbiddenError, NotFoundError, uniqueOr } from '../../errors';
import { audit } from '../audit';
import { idempotent } from '../idempotency';
import { memberships, organizations, profiles, units } from './schema';
import { usersView } from '../identity';

const SLUG_TAKEN = 'Este identificador já é usado por outra organização: escolha outro.';
const user = { authz: { scope: 'user' } } as const;

/** The organizations (active or not) where the caller holds manage_organization. */
function managed(ctx: ProcedureContext) {
  const seen = new Map<string, (typeof ctx.memberships)[number]['organization']>();
  for (const m of ctx.memberships) {
    if (satisfies(effectivePermissions(m, {}), 'manage_organization')) seen.set(m.organization.id, m.organization);
  }
  return [...seen.values()];
}

/**
 * Organizations the caller creates and manages: /v1/tenants/organizations.*; creating one needs a user whose
 * organization_creation_enabled is set.
 */
export const organizationsRouter = router({
  list: procedure.meta(user).query(async ({ ctx }) => {
    const organizationsManaged = managed(ctx);
    const cnpjs =
      organizationsManaged.length === 0
        ? []
        : await ctx.tx
            .select({ id: organizations.id, cnpj: organizations.cnpj })
            .from(organizations)
            .where(
              inArray(
                organizations.id,
                organizationsManaged.map((o) => o.id),
              ),
            );
    return organizationsManaged
      .map(({ id, name, slug, status, units }) => ({
        id,
        name,
        slug,
        status,
        cnpj: cnpjs.find((c) => c.id === id)?.cnpj ?? null,
        units: units.length,
      }))
      .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  }),

  /** The creator becomes the administrator of the new organization, which starts with its first unit. */
  create: procedure
    .meta(user)
    .input(withIdempotencyKey(createOrganizationInput))
    .mutation(({ ctx, input: submission }) =>
      idempotent(ctx, 'organizations.create', submission, async (input) => {
        const [caller] = await ctx.tx
          .select({ enabled: usersView.organizationCreationEnabled })
          .from(usersView)
          .where(eq(usersView.id, ctx.user.userId));
        if (!caller?.enabled) throw new ForbiddenError('Sua conta não pode criar organizações. Fale com o suporte.');
        const id = uuidv7();
        await enterOrganization(ctx.tx, id);
        await uniqueOr('organizations_slug_unique', SLUG_TAKEN, () =>
          ctx.tx.insert(organizations).values({ id, name: input.name, slug: input.slug }),
        );
        const profileId = uuidv7();
        await ctx.tx.insert(profiles).values({
          id: profileId,
          organizationId: id,
          name: 'Administrador',
          description: 'Acesso total à organização.',
          permissions: { organization: '*' },
        });
        await ctx.tx
          .insert(memberships)
          .values({ id: uuidv7(), organizationId: id, userId: ctx.user.userId, profileId });
        const unitId = uuidv7();
        await ctx.tx.insert(units).values({
          id: unitId,
          organizationId: id,
          name: input.firstUnitName,
          slug: slugify(input.firstUnitName) || 'matriz',
        });
        await ctx.seedOrganization(ctx.tx, id);
        await audit(ctx, { action: 'organization.create', entity: 'organization', entityId: id, after: input }, id);
        return { id };
      }),
    ),

  update: procedure
    .meta(user)
    .input(updateOrganizationInput)
    .mutation(async ({ ctx, input }) => {
      const { id, ...change } = input;
      const organization = managed(ctx).find((o) => o.id === id);
      if (!organization) {
        if (ctx.memberships.some((m) => m.organization.id === id)) {
          throw new ForbiddenError('Seu perfil não tem permissão para gerenciar esta organização.');
        }
        throw new NotFoundError('Organização não encontrada entre as que você gerencia.');
      }
      await enterOrganization(ctx.tx, id);
      const [stored] = await ctx.tx
        .select({ cnpj: organizations.cnpj })
        .from(organizations)
        .where(eq(organizations.id, id));
      await uniqueOr('organizations_slug_unique', SLUG_TAKEN, () =>
        ctx.tx.update(organizations).set(change).where(eq(organizations.id, id)),
      );
      const before = {
        name: organization.name,
        slug: organization.slug,
        status: organization.status,
        ...(change.cnpj === undefined ? {} : { cnpj: stored?.cnpj ?? null }),
      };
      await audit(
        ctx,
        { action: 'organization.update', entity: 'organization', entityId: id, before, after: change },
        id,
      );
      return { ok: true as const };
    }),
});

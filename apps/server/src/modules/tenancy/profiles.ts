import { and, asc, count, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { profileInput, restrictedChanges, updateProfileInput, withIdempotencyKey } from '@financeiro/core';
import { z } from 'zod';
import { procedure, router } from '../../trpc/init';
import { ConflictError, NotFoundError, uniqueOr } from '../../errors';
import { organizationOf } from '../../caller';
import { audit } from '../audit';
import { idempotent } from '../idempotency';
import { toWire } from '../../wire';
import { assertAdministratorRemains, assertGrantTargetsExist, assertMayTouchRestricted } from './administrators';
import { memberships, profiles } from './schema';

const read = { authz: { scope: 'organization', permissions: 'read_profiles' } } as const;
const edit = { authz: { scope: 'organization', permissions: 'edit_profiles' } } as const;

const NAME_TAKEN = 'Já existe um perfil com este nome nesta organização.';
const NOT_FOUND = 'Perfil não encontrado nesta organização.';
const saveProfile = <T>(write: () => Promise<T>) => uniqueOr('profiles_org_name_key', NAME_TAKEN, write);

/**
 * Profiles of the selected organization: /v1/tenants/profiles.* A change applies from each member's next request,
 * since the server reads memberships and profiles on every call.
 */
export const profilesRouter = router({
  list: procedure.meta(read).query(({ ctx }) =>
    ctx.tx
      .select({
        id: profiles.id,
        name: profiles.name,
        description: profiles.description,
        permissions: profiles.permissions,
        members: count(memberships.id),
      })
      .from(profiles)
      .leftJoin(
        memberships,
        and(eq(memberships.organizationId, profiles.organizationId), eq(memberships.profileId, profiles.id)),
      )
      .where(eq(profiles.organizationId, organizationOf(ctx)))
      .groupBy(profiles.organizationId, profiles.id)
      .orderBy(asc(profiles.name)),
  ),

  create: procedure
    .meta(edit)
    .input(withIdempotencyKey(profileInput))
    .mutation(({ ctx, input: submission }) =>
      idempotent(ctx, 'profiles.create', submission, async (input) => {
        const organizationId = organizationOf(ctx);
        assertMayTouchRestricted(ctx, restrictedChanges({}, input.permissions).length > 0);
        await assertGrantTargetsExist(ctx.tx, organizationId, input.permissions);
        const [profile] = await saveProfile(() =>
          ctx.tx
            .insert(profiles)
            .values({ id: uuidv7(), organizationId, ...input })
            .returning(),
        );
        if (!profile) throw new Error('profile not inserted');
        await audit(ctx, { action: 'profile.create', entity: 'profile', entityId: profile.id, after: input });
        return toWire(profile);
      }),
    ),

  update: procedure
    .meta(edit)
    .input(updateProfileInput)
    .mutation(async ({ ctx, input }) => {
      const organizationId = organizationOf(ctx);
      const { id, ...change } = input;
      const where = and(eq(profiles.id, id), eq(profiles.organizationId, organizationId));
      const [before] = await ctx.tx
        .select({ name: profiles.name, description: profiles.description, permissions: profiles.permissions })
        .from(profiles)
        .where(where);
      if (!before) throw new NotFoundError(NOT_FOUND);
      assertMayTouchRestricted(ctx, restrictedChanges(before.permissions, change.permissions).length > 0);
      await assertGrantTargetsExist(ctx.tx, organizationId, change.permissions);
      const [profile] = await saveProfile(() => ctx.tx.update(profiles).set(change).where(where).returning());
      await assertAdministratorRemains(ctx.tx, organizationId);
      await audit(ctx, { action: 'profile.update', entity: 'profile', entityId: id, before, after: change });
      return profile;
    }),

  delete: procedure
    .meta(edit)
    .input(z.object({ id: z.uuid() }))
    .mutation(async ({ ctx, input }) => {
      const organizationId = organizationOf(ctx);
      const where = and(eq(profiles.id, input.id), eq(profiles.organizationId, organizationId));
      const [before] = await ctx.tx
        .select({ name: profiles.name, description: profiles.description, permissions: profiles.permissions })
        .from(profiles)
        .where(where);
      if (!before) throw new NotFoundError(NOT_FOUND);
      const [used] = await ctx.tx.select({ n: count() }).from(memberships).where(eq(memberships.profileId, input.id));
      if (used && used.n > 0) {
        throw new ConflictError(
          `Este perfil está atribuído a ${used.n} ${used.n === 1 ? 'membro' : 'membros'}: troque o perfil deles antes de excluí-lo.`,
        );
      }
      await ctx.tx.delete(profiles).where(where);
      await audit(ctx, { action: 'profile.delete', entity: 'profile', entityId: input.id, before });
      return { ok: true as const };
    }),
});

import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  changeProfileInput,
  holdsRestricted,
  inviteInput,
  listMembershipsInput,
  setStatusInput,
  setMfaRequiredInput,
  setUserPasswordInput,
  withIdempotencyKey,
} from '@financeiro/core';
import { z } from 'zod';
import { rowsOf } from '../../db/client';
import { asOwner } from '../../db/tenant';
import { searchMatches } from '../../db/search';
import { procedure, router, type ProcedureContext } from '../../trpc/init';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import { organizationOf } from '../../caller';
import { audit } from '../audit';
import { idempotent } from '../idempotency';
import {
  createUserWithTemporaryPassword,
  findUserByVerifiedEmail,
  generateTemporaryPassword,
  IdentityError,
  setMfaRequired,
  setTemporaryPassword,
  usersView,
} from '../identity';
import { enqueueEmail } from '../outbox';
import { assertAdministratorRemains, assertMayTouchRestricted } from './administrators';
import { addedToOrganizationMail, newAccountMail } from './invitation-mail';
import { lastAccess, memberships, organizations, profiles } from './schema';

const rule = (permissions: string) => ({ authz: { scope: 'organization', permissions } }) as const;

const NOT_FOUND = 'Membro não encontrado nesta organização.';
const PROFILE_NOT_FOUND = 'Perfil não encontrado nesta organização.';

async function profileIn(ctx: ProcedureContext, profileId: string) {
  const [profile] = await ctx.tx
    .select({ id: profiles.id, name: profiles.name, permissions: profiles.permissions })
    .from(profiles)
    .where(and(eq(profiles.id, profileId), eq(profiles.organizationId, organizationOf(ctx))));
  if (!profile) throw new NotFoundError(PROFILE_NOT_FOUND);
  return profile;
}

async function membershipIn(ctx: ProcedureContext, id: string) {
  const [row] = await ctx.tx
    .select({
      id: memberships.id,
      userId: memberships.userId,
      status: memberships.status,
      profileId: memberships.profileId,
      profileName: profiles.name,
      permissions: profiles.permissions,
      username: usersView.username,
    })
    .from(memberships)
    .innerJoin(profiles, eq(profiles.id, memberships.profileId))
    .innerJoin(usersView, eq(usersView.id, memberships.userId))
    .where(and(eq(memberships.id, id), eq(memberships.organizationId, organizationOf(ctx))));
  if (!row) throw new NotFoundError(NOT_FOUND);
  return row;
}

/** The account also belongs to another organization (which row-level security hides from this request). */
async function belongsElsewhere(ctx: ProcedureContext, userId: string): Promise<boolean> {
  const [row] = rowsOf<{ elsewhere: boolean }>(
    await ctx.tx.execute(sql`select user_belongs_elsewhere(${userId}, ${organizationOf(ctx)}) as elsewhere`),
  );
  return row?.elsewhere === true;
}

const signInUrl = (ctx: ProcedureContext) => `${ctx.env.PUBLIC_URL}/auth/sign-in`;

/**
 * The invited address is already another account's username or unverified e-mail. That account never proved it
 * holds the mailbox, so it must not receive the membership; and a second account with the address as e-mail would
 * make signing in with it ambiguous (and the e-mail is unique anyway). The administrator is told, and the rightful
 * holder has a way in: confirm the address on their own account, after which the invitation finds it.
 */
const ADDRESS_TAKEN =
  'Já existe uma conta com este endereço, mas ela não o confirmou como e-mail: o convite não foi ligado a ela. ' +
  'Se a conta for da pessoa convidada, peça que ela confirme o e-mail em Minha conta e convide de novo.';

/** The organization's members: /v1/tenants/members.* */
export const membersRouter = router({
  list: procedure
    .meta(rule('read_memberships'))
    .input(listMembershipsInput)
    .query(async ({ ctx, input }) => {
      const filters: (SQL | undefined)[] = [eq(memberships.organizationId, organizationOf(ctx))];
      if (input.search)
        filters.push(searchMatches(input.search, [usersView.name, usersView.username, usersView.email]));
      if (input.profileId) filters.push(eq(memberships.profileId, input.profileId));
      if (input.status) filters.push(eq(memberships.status, input.status));
      const rows = await ctx.tx
        .select({
          id: memberships.id,
          userId: usersView.id,
          name: usersView.name,
          username: usersView.username,
          email: usersView.email,
          accountStatus: usersView.status,
          mfaRequired: usersView.mfaRequired,
          status: memberships.status,
          profileId: profiles.id,
          profileName: profiles.name,
          createdAt: memberships.createdAt,
          lastAccessAt: lastAccess.accessedAt,
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(memberships)
        .innerJoin(usersView, eq(usersView.id, memberships.userId))
        .innerJoin(profiles, eq(profiles.id, memberships.profileId))
        .leftJoin(
          lastAccess,
          and(eq(lastAccess.organizationId, memberships.organizationId), eq(lastAccess.userId, memberships.userId)),
        )
        .where(and(...filters))
        .orderBy(asc(sql`lower(coalesce(${usersView.name}, ${usersView.username}))`), asc(memberships.id))
        .limit(input.pageSize)
        .offset((input.page - 1) * input.pageSize);
      return {
        rows: rows.map(({ total: _total, createdAt, lastAccessAt, ...row }) => ({
          ...row,
          createdAt: createdAt.toISOString(),
          lastAccessAt: lastAccessAt?.toISOString() ?? null,
        })),
        total: rows[0]?.total ?? 0,
      };
    }),

  /**
   * The account whose verified e-mail is the invited address joins; otherwise a new account is created with a
   * temporary password sent to that address. Nothing else is matched: see ADDRESS_TAKEN.
   */
  invite: procedure
    .meta(rule('invite_users'))
    .input(withIdempotencyKey(inviteInput))
    .mutation(({ ctx, input: submission }) =>
      idempotent(ctx, 'members.invite', submission, async (input) => {
        const organizationId = organizationOf(ctx);
        const profile = await profileIn(ctx, input.profileId);
        assertMayTouchRestricted(ctx, holdsRestricted(profile.permissions));
        const [organization] = await ctx.tx
          .select({ name: organizations.name })
          .from(organizations)
          .where(eq(organizations.id, organizationId));
        const existing = await findUserByVerifiedEmail(ctx.tx, input.email);
        let userId: string;
        if (existing) {
          const [member] = await ctx.tx
            .select({ id: memberships.id })
            .from(memberships)
            .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, existing.id)));
          if (member) throw new ConflictError('Esta pessoa já é membro da organização: altere o perfil dela na lista.');
          userId = existing.id;
          const mail = addedToOrganizationMail({
            name: existing.name,
            organization: organization?.name ?? '',
            signInUrl: signInUrl(ctx),
          });
          await enqueueEmail(ctx.tx, { to: input.email, ...mail });
        } else {
          const temporaryPassword = generateTemporaryPassword();
          const created = await asOwner(ctx.tx, (tx) =>
            createUserWithTemporaryPassword(tx, {
              username: input.email,
              email: input.email,
              name: input.name,
              temporaryPassword,
            }),
          ).catch((error: unknown) => {
            if (error instanceof IdentityError && error.type === 'UsernameExistsException')
              throw new ConflictError(ADDRESS_TAKEN);
            throw error;
          });
          userId = created.id;
          const mail = newAccountMail({
            name: input.name,
            organization: organization?.name ?? '',
            login: input.email,
            temporaryPassword,
            signInUrl: signInUrl(ctx),
          });
          await enqueueEmail(ctx.tx, { to: input.email, ...mail });
        }
        const id = uuidv7();
        await ctx.tx.insert(memberships).values({ id, organizationId, userId, profileId: profile.id });
        await audit(ctx, {
          action: existing ? 'membership.add' : 'membership.invite',
          entity: 'membership',
          entityId: id,
          after: { email: input.email, name: input.name, profile: profile.name, newAccount: !existing },
        });
        return { id, newAccount: !existing };
      }),
    ),

  changeProfile: procedure
    .meta(rule('edit_memberships'))
    .input(changeProfileInput)
    .mutation(async ({ ctx, input }) => {
      const member = await membershipIn(ctx, input.id);
      const profile = await profileIn(ctx, input.profileId);
      assertMayTouchRestricted(ctx, holdsRestricted(member.permissions) || holdsRestricted(profile.permissions));
      const [duplicate] = await ctx.tx
        .select({ id: memberships.id })
        .from(memberships)
        .where(
          and(
            eq(memberships.organizationId, organizationOf(ctx)),
            eq(memberships.userId, member.userId),
            eq(memberships.profileId, profile.id),
          ),
        );
      if (duplicate && duplicate.id !== member.id)
        throw new ConflictError('Esta pessoa já tem este perfil nesta organização.');
      await ctx.tx.update(memberships).set({ profileId: profile.id }).where(eq(memberships.id, member.id));
      await assertAdministratorRemains(ctx.tx, organizationOf(ctx));
      await audit(ctx, {
        action: 'membership.change_profile',
        entity: 'membership',
        entityId: member.id,
        before: { username: member.username, profile: member.profileName },
        after: { username: member.username, profile: profile.name },
      });
      return { ok: true as const };
    }),

  /** Suspends (inactive) or reinstates (active) a membership; the account itself stays. */
  setStatus: procedure
    .meta(rule('edit_memberships'))
    .input(setStatusInput)
    .mutation(async ({ ctx, input }) => {
      const member = await membershipIn(ctx, input.id);
      assertMayTouchRestricted(ctx, holdsRestricted(member.permissions));
      await ctx.tx.update(memberships).set({ status: input.status }).where(eq(memberships.id, member.id));
      await assertAdministratorRemains(ctx.tx, organizationOf(ctx));
      await audit(ctx, {
        action: input.status === 'active' ? 'membership.reactivate' : 'membership.suspend',
        entity: 'membership',
        entityId: member.id,
        before: { username: member.username, status: member.status },
        after: { username: member.username, status: input.status },
      });
      return { ok: true as const };
    }),

  remove: procedure
    .meta(rule('edit_memberships'))
    .input(z.object({ id: z.uuid() }))
    .mutation(async ({ ctx, input }) => {
      const member = await membershipIn(ctx, input.id);
      assertMayTouchRestricted(ctx, holdsRestricted(member.permissions));
      await ctx.tx.delete(memberships).where(eq(memberships.id, member.id));
      await assertAdministratorRemains(ctx.tx, organizationOf(ctx));
      await audit(ctx, {
        action: 'membership.remove',
        entity: 'membership',
        entityId: member.id,
        before: { username: member.username, profile: member.profileName, status: member.status },
      });
      return { ok: true as const };
    }),

  /**
   * Requires (or stops requiring) a second factor at the member's sign-in: one without it sets up an authenticator
   * app at the next sign-in. Requiring only makes the account safer; waiving is for accounts of this organization
   * alone, as other organizations may rely on it.
   */
  setMfaRequired: procedure
    .meta(rule('edit_memberships'))
    .input(setMfaRequiredInput)
    .mutation(async ({ ctx, input }) => {
      const member = await membershipIn(ctx, input.membershipId);
      assertMayTouchRestricted(ctx, holdsRestricted(member.permissions));
      if (!input.required && (await belongsElsewhere(ctx, member.userId))) {
        throw new ForbiddenError(
          'Esta pessoa também participa de outras organizações: a exigência de dois fatores continua.',
        );
      }
      await asOwner(ctx.tx, (tx) => setMfaRequired(tx, member.userId, input.required));
      await audit(ctx, {
        action: input.required ? 'membership.require_mfa' : 'membership.waive_mfa',
        entity: 'membership',
        entityId: member.id,
        after: { username: member.username, mfaRequired: input.required },
      });
      return { ok: true as const };
    }),

  /**
   * Sets a temporary password the member must replace at the next sign-in. Only for accounts that belong to this
   * organization alone: an administrator must not take over an account other organizations rely on.
   */
  setPassword: procedure
    .meta(rule('edit_user_passwords'))
    .input(setUserPasswordInput)
    .mutation(async ({ ctx, input }) => {
      const member = await membershipIn(ctx, input.membershipId);
      assertMayTouchRestricted(ctx, holdsRestricted(member.permissions));
      if (member.userId === ctx.user.userId) {
        throw new ForbiddenError('Para trocar a sua própria senha, use Minha conta > Alterar senha.');
      }
      if (await belongsElsewhere(ctx, member.userId)) {
        throw new ForbiddenError(
          'Esta pessoa também participa de outras organizações: peça que ela redefina a senha em "Esqueci minha senha".',
        );
      }
      await asOwner(ctx.tx, (tx) => setTemporaryPassword(tx, member.userId, input.password));
      await audit(ctx, {
        action: 'membership.set_password',
        entity: 'membership',
        entityId: member.id,
        after: { username: member.username, mustChangePassword: true },
      });
      return { ok: true as const };
    }),
});

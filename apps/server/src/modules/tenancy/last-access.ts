import { and, asc, eq, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { lastAccessInput } from '@financeiro/core';
import { searchMatches } from '../../db/search';
import { procedure, router } from '../../trpc/init';
import { organizationOf } from '../../caller';
import { departments, lastAccess, memberships, profiles, units } from './schema';
import { eventLogView } from '../audit';
import { usersView } from '../identity';

const ACTIVITY_DAYS = 30;
/** A list for reading and exporting, not a report: past this many members the filters must narrow it. */
const LIMIT = 5000;

/** Each member's last access to the organization and recent activity: /v1/tenants/lastAccess.* */
export const lastAccessRouter = router({
  list: procedure
    .meta({ authz: { scope: 'organization', permissions: 'read_last_acess' } })
    .input(lastAccessInput)
    .query(async ({ ctx, input }) => {
      const organizationId = organizationOf(ctx);
      const activity = ctx.tx
        .select({
          userId: sql<string>`${eventLogView.actorUserId}`.as('activity_user_id'),
          events: sql<number>`count(*)::int`.as('events'),
          lastEventAt: sql<Date>`max(${eventLogView.createdAt})`.as('last_event_at'),
        })
        .from(eventLogView)
        .where(
          and(
            eq(eventLogView.organizationId, organizationId),
            gte(eventLogView.createdAt, sql`now() - make_interval(days => ${ACTIVITY_DAYS})`),
          ),
        )
        .groupBy(eventLogView.actorUserId)
        .as('activity');
      const filters: (SQL | undefined)[] = [eq(memberships.organizationId, organizationId)];
      if (input.search)
        filters.push(searchMatches(input.search, [usersView.name, usersView.username, usersView.email]));
      if (input.never) filters.push(isNull(lastAccess.accessedAt));
      else if (input.inactiveSince) {
        filters.push(or(isNull(lastAccess.accessedAt), lt(lastAccess.accessedAt, new Date(input.inactiveSince))));
      }
      const rows = await ctx.tx
        .selectDistinctOn([usersView.id], {
          userId: usersView.id,
          name: usersView.name,
          username: usersView.username,
          email: usersView.email,
          profileName: profiles.name,
          membershipStatus: memberships.status,
          accessedAt: lastAccess.accessedAt,
          ip: lastAccess.ip,
          userAgent: lastAccess.userAgent,
          unitName: units.name,
          departmentName: departments.name,
          events: sql<number>`coalesce(${activity.events}, 0)`.mapWith(Number),
          lastEventAt: activity.lastEventAt,
        })
        .from(memberships)
        .innerJoin(usersView, eq(usersView.id, memberships.userId))
        .innerJoin(profiles, eq(profiles.id, memberships.profileId))
        .leftJoin(
          lastAccess,
          and(eq(lastAccess.organizationId, memberships.organizationId), eq(lastAccess.userId, memberships.userId)),
        )
        .leftJoin(units, eq(units.id, lastAccess.unitId))
        .leftJoin(departments, eq(departments.id, lastAccess.departmentId))
        .leftJoin(activity, eq(activity.userId, usersView.id))
        .where(and(...filters))
        .orderBy(asc(usersView.id), asc(profiles.name))
        .limit(LIMIT);
      return {
        activityDays: ACTIVITY_DAYS,
        rows: rows
          .sort(
            (a, b) =>
              (b.accessedAt?.getTime() ?? 0) - (a.accessedAt?.getTime() ?? 0) || a.username.localeCompare(b.username),
          )
          .map(({ accessedAt, lastEventAt, ...row }) => ({
            ...row,
            accessedAt: accessedAt?.toISOString() ?? null,
            lastEventAt: lastEventAt ? new Date(lastEventAt).toISOString() : null,
          })),
      };
    }),
});

import { and, count, desc, eq, gte, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import { eventFilterInput, eventsDashboardInput, listEventsInput } from '@financeiro/core';
import type { z } from 'zod';
import { procedure, router, type ProcedureContext } from '../../trpc/init';
import { organizationOf } from '../../caller';
import { nameEvents } from './names';
import { eventLogView } from '../audit';
import { usersView } from '../identity';

const read = { authz: { scope: 'organization', permissions: 'ler_logs_eventos' } } as const;
/** An export is for reading in a spreadsheet; past this the period must be narrowed. */
const EXPORT_LIMIT = 10_000;
const TIME_ZONE = 'America/Sao_Paulo';
/**
 * What happens on every visit rather than by anyone's decision (entering the organization, a device remembered at
 * sign-in): hidden unless the filter asks for routine events or names the action.
 */
const ROUTINE_ACTIONS = ['tenant.access', 'account.device_status'];

type EventFilter = z.infer<typeof eventFilterInput>;

function where(ctx: ProcedureContext, filter: EventFilter): SQL | undefined {
  const filters: (SQL | undefined)[] = [eq(eventLogView.organizationId, organizationOf(ctx))];
  if (filter.from) filters.push(gte(eventLogView.createdAt, new Date(filter.from)));
  if (filter.to) filters.push(lte(eventLogView.createdAt, new Date(filter.to)));
  if (filter.actorUserId) filters.push(eq(eventLogView.actorUserId, filter.actorUserId));
  if (filter.action) filters.push(eq(eventLogView.action, filter.action));
  else if (!filter.routine) filters.push(notInArray(eventLogView.action, ROUTINE_ACTIONS));
  if (filter.entity) filters.push(eq(eventLogView.entity, filter.entity));
  return and(...filters);
}

const columns = {
  id: eventLogView.id,
  createdAt: eventLogView.createdAt,
  action: eventLogView.action,
  entity: eventLogView.entity,
  entityId: eventLogView.entityId,
  before: eventLogView.before,
  after: eventLogView.after,
  ip: eventLogView.ip,
  actorUserId: eventLogView.actorUserId,
  actorName: usersView.name,
  actorUsername: usersView.username,
};

const readable = <T extends { createdAt: Date }>(row: T) => ({ ...row, createdAt: row.createdAt.toISOString() });

/** The organization's event log, which only ever grows: /v1/logs/events.* */
export const logsRouter = router({
  events: router({
    list: procedure
      .meta(read)
      .input(listEventsInput)
      .query(async ({ ctx, input }) => {
        const condition = where(ctx, input);
        const rows = await ctx.tx
          .select(columns)
          .from(eventLogView)
          .leftJoin(usersView, eq(usersView.id, eventLogView.actorUserId))
          .where(condition)
          .orderBy(desc(eventLogView.createdAt), desc(eventLogView.id))
          .limit(input.pageSize)
          .offset((input.page - 1) * input.pageSize);
        const [total] = await ctx.tx.select({ n: count() }).from(eventLogView).where(condition);
        return { ...(await nameEvents(ctx.tx, organizationOf(ctx), rows.map(readable))), total: total?.n ?? 0 };
      }),

    export: procedure
      .meta(read)
      .input(eventFilterInput)
      .query(async ({ ctx, input }) => {
        const rows = await ctx.tx
          .select(columns)
          .from(eventLogView)
          .leftJoin(usersView, eq(usersView.id, eventLogView.actorUserId))
          .where(where(ctx, input))
          .orderBy(desc(eventLogView.createdAt), desc(eventLogView.id))
          .limit(EXPORT_LIMIT + 1);
        const named = await nameEvents(ctx.tx, organizationOf(ctx), rows.slice(0, EXPORT_LIMIT).map(readable));
        return { ...named, truncated: rows.length > EXPORT_LIMIT };
      }),

    /** What the filters offer: the actions and entities that occur, and the people who acted. */
    facets: procedure.meta(read).query(async ({ ctx }) => {
      const organizationId = organizationOf(ctx);
      const actions = await ctx.tx
        .selectDistinct({ value: eventLogView.action })
        .from(eventLogView)
        .where(eq(eventLogView.organizationId, organizationId))
        .orderBy(eventLogView.action);
      const entities = await ctx.tx
        .selectDistinct({ value: eventLogView.entity })
        .from(eventLogView)
        .where(eq(eventLogView.organizationId, organizationId))
        .orderBy(eventLogView.entity);
      const actors = await ctx.tx
        .selectDistinct({ id: usersView.id, name: usersView.name, username: usersView.username })
        .from(eventLogView)
        .innerJoin(usersView, eq(usersView.id, eventLogView.actorUserId))
        .where(eq(eventLogView.organizationId, organizationId));
      return {
        actions: actions.map((a) => a.value),
        entities: entities.map((e) => e.value),
        actors: actors.sort((a, b) => (a.name ?? a.username).localeCompare(b.name ?? b.username, 'pt-BR')),
      };
    }),

    /** Events per day (São Paulo calendar), per person and per action over a period. */
    dashboard: procedure
      .meta(read)
      .input(eventsDashboardInput)
      .query(async ({ ctx, input }) => {
        const condition = where(ctx, input);
        const day = sql<string>`to_char(${eventLogView.createdAt} at time zone ${sql.raw(`'${TIME_ZONE}'`)}, 'YYYY-MM-DD')`;
        const perDay = await ctx.tx
          .select({ day, events: count() })
          .from(eventLogView)
          .where(condition)
          .groupBy(day)
          .orderBy(day);
        const perUser = await ctx.tx
          .select({
            userId: eventLogView.actorUserId,
            name: usersView.name,
            username: usersView.username,
            events: count(),
          })
          .from(eventLogView)
          .leftJoin(usersView, eq(usersView.id, eventLogView.actorUserId))
          .where(condition)
          .groupBy(eventLogView.actorUserId, usersView.name, usersView.username)
          .orderBy(desc(count()))
          .limit(15);
        const perAction = await ctx.tx
          .select({ action: eventLogView.action, events: count() })
          .from(eventLogView)
          .where(condition)
          .groupBy(eventLogView.action)
          .orderBy(desc(count()));
        return { perDay, perUser, perAction };
      }),
  }),
});

export type LogsRouter = typeof logsRouter;

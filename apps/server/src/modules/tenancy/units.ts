import { and, asc, count, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { setStatusInput, unitInput, updateUnitInput, withIdempotencyKey } from '@financeiro/core';
import { procedure, router } from '../../trpc/init';
import { NotFoundError, uniqueOr } from '../../errors';
import { organizationOf } from '../../caller';
import { audit } from '../audit';
import { idempotent } from '../idempotency';
import { toWire } from '../../wire';
import { departments, units } from './schema';

const read = { authz: { scope: 'organization', permissions: 'read_units' } } as const;
const edit = { authz: { scope: 'organization', permissions: 'edit_units' } } as const;

const SLUG_TAKEN = 'Já existe uma unidade com este identificador nesta organização.';
const NOT_FOUND = 'Unidade não encontrada nesta organização.';

const saveUnit = <T>(write: () => Promise<T>) => uniqueOr('units_org_slug_key', SLUG_TAKEN, write);

/** Units of the selected organization: /v1/tenants/units.* */
export const unitsRouter = router({
  list: procedure.meta(read).query(async ({ ctx }) => {
    const organizationId = organizationOf(ctx);
    return ctx.tx
      .select({
        id: units.id,
        name: units.name,
        slug: units.slug,
        status: units.status,
        departments: count(departments.id),
      })
      .from(units)
      .leftJoin(
        departments,
        and(eq(departments.organizationId, units.organizationId), eq(departments.unitId, units.id)),
      )
      .where(eq(units.organizationId, organizationId))
      .groupBy(units.organizationId, units.id)
      .orderBy(asc(units.name));
  }),

  create: procedure
    .meta(edit)
    .input(withIdempotencyKey(unitInput))
    .mutation(({ ctx, input: submission }) =>
      idempotent(ctx, 'units.create', submission, async (input) => {
        const organizationId = organizationOf(ctx);
        const [unit] = await saveUnit(() =>
          ctx.tx
            .insert(units)
            .values({ id: uuidv7(), organizationId, ...input })
            .returning(),
        );
        if (!unit) throw new Error('unit not inserted');
        await audit(ctx, { action: 'unit.create', entity: 'unit', entityId: unit.id, after: input });
        return toWire(unit);
      }),
    ),

  update: procedure
    .meta(edit)
    .input(updateUnitInput)
    .mutation(async ({ ctx, input }) => {
      const organizationId = organizationOf(ctx);
      const { id, ...change } = input;
      const where = and(eq(units.id, id), eq(units.organizationId, organizationId));
      const [before] = await ctx.tx.select({ name: units.name, slug: units.slug }).from(units).where(where);
      if (!before) throw new NotFoundError(NOT_FOUND);
      const [unit] = await saveUnit(() => ctx.tx.update(units).set(change).where(where).returning());
      await audit(ctx, { action: 'unit.update', entity: 'unit', entityId: id, before, after: change });
      return unit;
    }),

  setStatus: procedure
    .meta(edit)
    .input(setStatusInput)
    .mutation(async ({ ctx, input }) => {
      const organizationId = organizationOf(ctx);
      const where = and(eq(units.id, input.id), eq(units.organizationId, organizationId));
      const [before] = await ctx.tx.select({ status: units.status }).from(units).where(where);
      if (!before) throw new NotFoundError(NOT_FOUND);
      await ctx.tx.update(units).set({ status: input.status }).where(where);
      await audit(ctx, {
        action: input.status === 'active' ? 'unit.activate' : 'unit.deactivate',
        entity: 'unit',
        entityId: input.id,
        before,
        after: { status: input.status },
      });
      return { ok: true as const };
    }),
});

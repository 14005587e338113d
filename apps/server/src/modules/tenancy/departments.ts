import { and, asc, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { departmentInput, setStatusInput, updateDepartmentInput, withIdempotencyKey } from '@financeiro/core';
import { procedure, router } from '../../trpc/init';
import { NotFoundError, uniqueOr } from '../../errors';
import { organizationOf, unitOf } from '../../caller';
import type { ProcedureContext } from '../../trpc/init';
import { audit } from '../audit';
import { idempotent } from '../idempotency';
import { toWire } from '../../wire';
import { placeNames } from './place-names';
import { departments } from './schema';

const read = { authz: { scope: 'unit', permissions: 'read_departments' } } as const;
const edit = { authz: { scope: 'unit', permissions: 'edit_departments' } } as const;

const SLUG_TAKEN = 'Já existe um departamento com este identificador nesta unidade.';
const NOT_FOUND = 'Departamento não encontrado nesta unidade.';

const saveDepartment = <T>(write: () => Promise<T>) => uniqueOr('departments_unit_slug_key', SLUG_TAKEN, write);

/** A department of the selected unit, or NOT_FOUND: ids of other units or organizations are never reached. */
function inSelectedUnit(ctx: ProcedureContext, id: string) {
  return and(
    eq(departments.id, id),
    eq(departments.unitId, unitOf(ctx)),
    eq(departments.organizationId, organizationOf(ctx)),
  );
}

/** Departments of the selected unit: /v1/tenants/departments.* */
export const departmentsRouter = router({
  list: procedure.meta(read).query(({ ctx }) =>
    ctx.tx
      .select({
        id: departments.id,
        name: departments.name,
        slug: departments.slug,
        status: departments.status,
      })
      .from(departments)
      .where(and(eq(departments.unitId, unitOf(ctx)), eq(departments.organizationId, organizationOf(ctx))))
      .orderBy(asc(departments.name)),
  ),

  create: procedure
    .meta(edit)
    .input(withIdempotencyKey(departmentInput))
    .mutation(({ ctx, input: submission }) =>
      idempotent(ctx, 'departments.create', submission, async (input) => {
        const values = { id: uuidv7(), organizationId: organizationOf(ctx), unitId: unitOf(ctx), ...input };
        const [department] = await saveDepartment(() => ctx.tx.insert(departments).values(values).returning());
        if (!department) throw new Error('department not inserted');
        await audit(ctx, {
          action: 'department.create',
          entity: 'department',
          entityId: department.id,
          after: { ...input, unit: placeNames(ctx.memberships, { unitId: values.unitId }).unit },
        });
        return toWire(department);
      }),
    ),

  update: procedure
    .meta(edit)
    .input(updateDepartmentInput)
    .mutation(async ({ ctx, input }) => {
      const { id, ...change } = input;
      const where = inSelectedUnit(ctx, id);
      const [before] = await ctx.tx
        .select({ name: departments.name, slug: departments.slug })
        .from(departments)
        .where(where);
      if (!before) throw new NotFoundError(NOT_FOUND);
      const [department] = await saveDepartment(() => ctx.tx.update(departments).set(change).where(where).returning());
      await audit(ctx, { action: 'department.update', entity: 'department', entityId: id, before, after: change });
      return department;
    }),

  setStatus: procedure
    .meta(edit)
    .input(setStatusInput)
    .mutation(async ({ ctx, input }) => {
      const where = inSelectedUnit(ctx, input.id);
      const [before] = await ctx.tx.select({ status: departments.status }).from(departments).where(where);
      if (!before) throw new NotFoundError(NOT_FOUND);
      await ctx.tx.update(departments).set({ status: input.status }).where(where);
      await audit(ctx, {
        action: input.status === 'active' ? 'department.activate' : 'department.deactivate',
        entity: 'department',
        entityId: input.id,
        before,
        after: { status: input.status },
      });
      return { ok: true as const };
    }),
});

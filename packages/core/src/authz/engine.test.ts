import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { can, effectivePermissions, hasAnyAccess, hasDirectAccess, satisfies } from './engine';
import { PERMISSION_NAMES } from './permissions';
import { membership } from './fixtures.test-support';
import type { NodeRef } from './engine';

const nodes: NodeRef[] = [
  {},
  { unitId: 'u1' },
  { unitId: 'u2' },
  { unitId: 'u1', departmentId: 'd1' },
  { unitId: 'u1', departmentId: 'd2' },
  { unitId: 'u2', departmentId: 'd3' },
];
const permissionList = fc.uniqueArray(fc.constantFrom(...PERMISSION_NAMES), { maxLength: 6 });
const grant = fc.oneof(fc.constant('*' as const), permissionList);

describe('inheritance', () => {
  it('an organization grant holds at every unit and department', () => {
    fc.assert(
      fc.property(permissionList, fc.constantFrom(...nodes), (names, at) => {
        const m = membership({ organization: names });
        expect(names.every((n) => satisfies(effectivePermissions(m, at), n))).toBe(true);
      }),
    );
  });

  it('a unit grant holds at its departments but not at the organization or a sibling unit', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...PERMISSION_NAMES), { minLength: 1, maxLength: 6 }), (names) => {
        const m = membership({ 'unit:u1': names });
        for (const at of [
          { unitId: 'u1' },
          { unitId: 'u1', departmentId: 'd1' },
          { unitId: 'u1', departmentId: 'd2' },
        ]) {
          expect(satisfies(effectivePermissions(m, at), { all: names })).toBe(true);
        }
        for (const at of [{}, { unitId: 'u2' }, { unitId: 'u2', departmentId: 'd3' }]) {
          expect(satisfies(effectivePermissions(m, at), { any: names })).toBe(false);
        }
      }),
    );
  });

  it('a star satisfies every requirement at its level and below, and nothing above', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...PERMISSION_NAMES), { minLength: 1 }), (names) => {
        const m = membership({ 'unit:u1.department:d1': '*' });
        expect(satisfies(effectivePermissions(m, { unitId: 'u1', departmentId: 'd1' }), { all: names })).toBe(true);
        expect(satisfies(effectivePermissions(m, { unitId: 'u1' }), { any: names })).toBe(false);
        expect(satisfies(effectivePermissions(m, { unitId: 'u1', departmentId: 'd2' }), { any: names })).toBe(false);
      }),
    );
  });

  it('the direct flag is true only where something was granted', () => {
    fc.assert(
      fc.property(grant, fc.constantFrom(...nodes), (g, at) => {
        const key = at.departmentId
          ? (`unit:${at.unitId}.department:${at.departmentId}` as const)
          : at.unitId
            ? (`unit:${at.unitId}` as const)
            : 'organization';
        const m = membership({ [key]: g });
        const granted = g === '*' || g.length > 0;
        for (const other of nodes) {
          const same = other.unitId === at.unitId && other.departmentId === at.departmentId;
          expect(hasDirectAccess(m, other)).toBe(same && granted);
        }
      }),
    );
  });

  it('effective permissions only grow going down the tree', () => {
    fc.assert(
      fc.property(grant, grant, grant, (o, u, d) => {
        const m = membership({ organization: o, 'unit:u1': u, 'unit:u1.department:d1': d });
        const chain = [{}, { unitId: 'u1' }, { unitId: 'u1', departmentId: 'd1' }].map((at) =>
          effectivePermissions(m, at),
        );
        for (let i = 1; i < chain.length; i++) {
          const above = chain[i - 1] ?? [];
          const here = chain[i] ?? [];
          if (above === '*') expect(here).toBe('*');
          else expect(satisfies(here, { all: above })).toBe(true);
        }
      }),
    );
  });
});

describe('checks', () => {
  const m = membership({ organization: ['read_units'], 'unit:u1': ['ler_fornecedores', 'ler_clientes'] });

  it('checks a single permission, all of a list and any of a list', () => {
    const at = { organizationId: 'org', unitId: 'u1' };
    expect(can([m], at, 'ler_fornecedores')).toBe(true);
    expect(can([m], at, { all: ['ler_fornecedores', 'read_units'] })).toBe(true);
    expect(can([m], at, { all: ['ler_fornecedores', 'ler_produtos'] })).toBe(false);
    expect(can([m], at, { any: ['ler_produtos', 'ler_clientes'] })).toBe(true);
    expect(can([m], at, { any: ['ler_produtos', 'edit_units'] })).toBe(false);
  });

  it('refuses an organization the user is not a member of, and units outside the organization', () => {
    expect(can([m], { organizationId: 'other' })).toBe(false);
    expect(can([m], { organizationId: 'org', unitId: 'nope' })).toBe(false);
    expect(can([m], { organizationId: 'org', unitId: 'u2', departmentId: 'd1' })).toBe(false);
  });

  it('adds up several memberships in one organization', () => {
    const a = membership({ 'unit:u1': ['ler_produtos'] });
    const b = membership({ 'unit:u1': ['ler_contratos'] });
    expect(can([a, b], { organizationId: 'org', unitId: 'u1' }, { all: ['ler_produtos', 'ler_contratos'] })).toBe(true);
  });

  it('counts access below a node as access to the node, but not as its permissions', () => {
    const solicitante = membership({ 'unit:u1.department:d2': ['access_department'] });
    expect(hasAnyAccess(solicitante, {})).toBe(true);
    expect(hasAnyAccess(solicitante, { unitId: 'u1' })).toBe(true);
    expect(hasAnyAccess(solicitante, { unitId: 'u2' })).toBe(false);
    expect(can([solicitante], { organizationId: 'org', unitId: 'u1' })).toBe(true);
    expect(can([solicitante], { organizationId: 'org', unitId: 'u1' }, 'access_department')).toBe(false);
  });
});

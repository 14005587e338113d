import { describe, expect, it } from 'vitest';
import { evaluateGuard, routeScope, showInMenu } from './guard';
import { needsSelector, selectDepartment, selectOrganization, selectUnit } from './selection';
import { membership } from './fixtures.test-support';
import type { UserData } from './types';

const financeiro = membership({ 'unit:u1': ['ler_fornecedores'] });
const base = { authenticated: true, memberships: [financeiro], selection: { organizationId: 'org', unitId: 'u1' } };

describe('route guard', () => {
  it('lets anyone through a public route, and sends a signed-in user away from anonymous-only ones', () => {
    expect(evaluateGuard({ ...base, authenticated: false, route: { public: true } })).toBe('OK');
    expect(evaluateGuard({ ...base, route: { public: true, anonymousOnly: true } })).toBe('PUBLIC_ONLY');
    expect(evaluateGuard({ ...base, authenticated: false, route: { public: true, anonymousOnly: true } })).toBe('OK');
  });

  it('sends an unauthenticated user to sign in', () => {
    expect(evaluateGuard({ ...base, authenticated: false, route: { scope: 'user' } })).toBe('UNAUTHENTICATED');
  });

  it('asks for a scope when the level the route needs is not selected', () => {
    expect(evaluateGuard({ ...base, selection: { organizationId: 'org' }, route: { scope: 'unit' } })).toBe(
      'SET_SCOPE',
    );
    expect(evaluateGuard({ ...base, route: { scope: 'department' } })).toBe('SET_SCOPE');
    expect(
      evaluateGuard({ ...base, selection: { organizationId: 'gone', unitId: 'u1' }, route: { scope: 'unit' } }),
    ).toBe('SET_SCOPE');
  });

  it('refuses a missing permission', () => {
    expect(evaluateGuard({ ...base, route: { scope: 'unit', permissions: 'ler_clientes' } })).toBe('UNAUTHORIZED');
    expect(evaluateGuard({ ...base, route: { scope: 'organization', permissions: 'ler_fornecedores' } })).toBe(
      'UNAUTHORIZED',
    );
    expect(evaluateGuard({ ...base, route: { scope: 'unit', permissions: 'ler_fornecedores' } })).toBe('OK');
  });

  it('opens organization creation only to users whose data enables it', () => {
    const route = { scope: 'user' as const, requiresOrganizationCreation: true };
    const userData = { organization_creation_enabled: false } as UserData;
    expect(evaluateGuard({ ...base, route, userData })).toBe('UNAUTHORIZED');
    expect(evaluateGuard({ ...base, route, userData: { ...userData, organization_creation_enabled: true } })).toBe(
      'OK',
    );
  });
});

describe('menu visibility', () => {
  const onlyU2 = membership({ 'unit:u2': ['ler_clientes'] });
  const orgOnly = { authenticated: true, memberships: [onlyU2], selection: { organizationId: 'org' } };

  it('hides a unit item whose permission the profile grants in no unit of the organization', () => {
    expect(showInMenu({ ...orgOnly, route: { scope: 'unit', permissions: 'ler_fornecedores' } })).toBe(false);
    expect(showInMenu({ ...orgOnly, route: { scope: 'department', permissions: 'ler_fornecedores' } })).toBe(false);
  });

  it('lists a unit item that some unit grants, before a unit is chosen', () => {
    expect(showInMenu({ ...orgOnly, route: { scope: 'unit', permissions: 'ler_clientes' } })).toBe(true);
    expect(showInMenu({ ...orgOnly, route: { scope: 'department', permissions: 'ler_clientes' } })).toBe(true);
    expect(showInMenu({ ...orgOnly, route: { scope: 'unit' } })).toBe(true);
  });

  it('looks only at the selected organization, and at every organization before one is chosen', () => {
    const other = membership({ 'unit:u1': ['ler_fornecedores'] }, 'other');
    const both = { authenticated: true, memberships: [onlyU2, other] };
    const route = { scope: 'unit' as const, permissions: 'ler_fornecedores' };
    expect(showInMenu({ ...both, selection: { organizationId: 'org' }, route })).toBe(false);
    expect(showInMenu({ ...both, selection: {}, route })).toBe(true);
  });

  it('follows the guard once the scope is chosen', () => {
    const selection = { organizationId: 'org', unitId: 'u2' };
    expect(showInMenu({ ...orgOnly, selection, route: { scope: 'unit', permissions: 'ler_clientes' } })).toBe(true);
    expect(showInMenu({ ...orgOnly, selection, route: { scope: 'unit', permissions: 'ler_fornecedores' } })).toBe(
      false,
    );
    expect(showInMenu({ ...orgOnly, route: { scope: 'organization', permissions: 'ler_clientes' } })).toBe(false);
  });
});

describe('organization screens a department may grant', () => {
  // The demo's Solicitante: purchasing granted in the Compras department (d2) of Matriz (u1) only.
  const requester = membership({ 'unit:u1.department:d2': ['ler_pedidos_compra', 'ler_wkfl_solicitados'] });
  const admin = membership({ organization: '*' });
  const route = {
    scope: 'organization' as const,
    permissions: { all: ['ler_pedidos_compra', 'ler_wkfl_solicitados'] },
    grantedInDepartments: true as const,
  };
  const at = (memberships: ReturnType<typeof membership>[], selection: object) => ({
    authenticated: true,
    memberships,
    selection,
    route,
  });

  it('asks a profile that holds the permissions only in a department to choose that department', () => {
    expect(routeScope(at([requester], { organizationId: 'org', unitId: 'u1' }))).toBe('department');
    expect(evaluateGuard(at([requester], { organizationId: 'org', unitId: 'u1' }))).toBe('SET_SCOPE');
    expect(evaluateGuard(at([requester], {}))).toBe('SET_SCOPE');
    expect(evaluateGuard(at([requester], { organizationId: 'org', unitId: 'u1', departmentId: 'd2' }))).toBe('OK');
    expect(evaluateGuard(at([requester], { organizationId: 'org', unitId: 'u1', departmentId: 'd1' }))).toBe(
      'UNAUTHORIZED',
    );
  });

  it('lists the item in the menu of the department that grants it, and only there', () => {
    expect(showInMenu(at([requester], {}))).toBe(true);
    expect(showInMenu(at([requester], { organizationId: 'org', unitId: 'u2' }))).toBe(true);
    const other = { ...route, permissions: { all: ['ler_pedidos_compra', 'ler_wkfl_aprovados'] } };
    expect(showInMenu({ ...at([requester], {}), route: other })).toBe(false);
  });

  it('keeps the organization scope for a profile that holds the permissions at the organization', () => {
    expect(routeScope(at([admin], { organizationId: 'org', unitId: 'u1', departmentId: 'd2' }))).toBe('organization');
    expect(evaluateGuard(at([admin], { organizationId: 'org' }))).toBe('OK');
  });

  it('leaves other organization screens at the organization: a unit grant does not open them', () => {
    const unitGrant = membership({ 'unit:u1': ['ler_contas'] });
    const accounts = { scope: 'organization' as const, permissions: 'ler_contas' };
    const selection = { organizationId: 'org', unitId: 'u1', departmentId: 'd1' };
    expect(routeScope({ authenticated: true, memberships: [unitGrant], selection, route: accounts })).toBe(
      'organization',
    );
    expect(evaluateGuard({ authenticated: true, memberships: [unitGrant], selection, route: accounts })).toBe(
      'UNAUTHORIZED',
    );
  });
});

describe('scope selection', () => {
  it('choosing an organization clears unit and department', () => {
    expect(selectOrganization('org')).toEqual({ organizationId: 'org' });
  });
  it('choosing a unit sets its organization and clears the department', () => {
    expect(selectUnit([financeiro], 'u2')).toEqual({ organizationId: 'org', unitId: 'u2' });
  });
  it('choosing a department sets all three', () => {
    expect(selectDepartment([financeiro], 'd3')).toEqual({ organizationId: 'org', unitId: 'u2', departmentId: 'd3' });
  });
  it('shows the selector when the needed level is missing or when asked', () => {
    expect(needsSelector('unit', { organizationId: 'org' }, false)).toBe(true);
    expect(needsSelector('unit', { organizationId: 'org', unitId: 'u1' }, false)).toBe(false);
    expect(needsSelector('unit', { organizationId: 'org', unitId: 'u1' }, true)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { buildTenantTree } from './tree';
import { membership } from './fixtures.test-support';

const names = (nodes: { name: string }[]) => nodes.map((n) => n.name);

describe('tenant tree visibility', () => {
  it('shows an organization when the user has access at it or below', () => {
    expect(
      buildTenantTree([membership({ 'unit:u2.department:d3': ['access_department'] })], 'organization'),
    ).toHaveLength(1);
    expect(buildTenantTree([membership({})], 'organization')).toHaveLength(0);
  });

  it('shows units only for unit or department scope', () => {
    const m = membership({ organization: '*' });
    expect(buildTenantTree([m], 'organization')[0]?.children).toEqual([]);
    expect(names(buildTenantTree([m], 'unit')[0]?.children ?? [])).toEqual(['Matriz', 'Filial']);
    expect(buildTenantTree([m], 'unit')[0]?.children[0]?.children).toEqual([]);
  });

  it('shows departments only for department scope and only where the user has access', () => {
    const m = membership({ 'unit:u1.department:d2': ['access_department'] });
    const [organization] = buildTenantTree([m], 'department');
    expect(names(organization?.children ?? [])).toEqual(['Matriz']);
    expect(names(organization?.children[0]?.children ?? [])).toEqual(['Compras']);
  });

  it('flags direct grants apart from access reached through a lower level', () => {
    const m = membership({ 'unit:u1.department:d2': ['access_department'] });
    const [organization] = buildTenantTree([m], 'department');
    expect(organization).toMatchObject({ directAccess: false, anyAccess: true, permissions: [] });
    expect(organization?.children[0]).toMatchObject({ directAccess: false, anyAccess: true });
    expect(organization?.children[0]?.children[0]).toMatchObject({
      directAccess: true,
      permissions: ['access_department'],
    });
  });

  it('leaves inactive units out', () => {
    const m = membership({ organization: '*' });
    const unit = m.organization.units[1];
    if (unit) unit.status = 'inactive';
    expect(names(buildTenantTree([m], 'unit')[0]?.children ?? [])).toEqual(['Matriz']);
  });
});

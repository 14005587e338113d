import { hasAnyAccess, hasDirectAccess, effectivePermissions, unionGrants } from './engine';
import type { Membership, NodeType, PermissionGrant, Scope, TreeNode } from './types';
import type { NodeRef } from './engine';

function node(
  memberships: readonly Membership[],
  type: NodeType,
  data: { id: string; name: string; slug: string; status: TreeNode['status'] },
  at: NodeRef,
  children: TreeNode[],
): TreeNode {
  const permissions: PermissionGrant = unionGrants(memberships.map((m) => effectivePermissions(m, at)));
  return {
    id: data.id,
    type,
    name: data.name,
    slug: data.slug,
    status: data.status,
    permissions,
    directAccess: memberships.some((m) => hasDirectAccess(m, at)),
    anyAccess: memberships.some((m) => hasAnyAccess(m, at)),
    children,
  };
}

/**
 * The organizations, units and departments a user can choose from for a scope:
 * an organization when the user has access at it or below; its units only for unit or department scope; its
 * departments only for department scope and only where the user has access at the department itself (a grant
 * there or inherited from the unit or organization). Inactive nodes are left out: they cannot be selected.
 */
export function buildTenantTree(memberships: readonly Membership[], scope: Scope): TreeNode[] {
  const byOrganization = new Map<string, Membership[]>();
  for (const m of memberships) {
    if (m.organization.status !== 'active') continue;
    byOrganization.set(m.organization.id, [...(byOrganization.get(m.organization.id) ?? []), m]);
  }
  const tree: TreeNode[] = [];
  for (const own of byOrganization.values()) {
    const organization = own[0]?.organization;
    if (!organization) continue;
    const units: TreeNode[] = [];
    if (scope === 'unit' || scope === 'department') {
      for (const unit of organization.units) {
        if (unit.status !== 'active') continue;
        const unitAt = { unitId: unit.id };
        if (!own.some((m) => hasAnyAccess(m, unitAt))) continue;
        const departments: TreeNode[] = [];
        if (scope === 'department') {
          for (const department of unit.departments) {
            const at = { unitId: unit.id, departmentId: department.id };
            if (department.status !== 'active' || !own.some((m) => hasAnyAccess(m, at))) continue;
            departments.push(node(own, 'department', department, at, []));
          }
          if (departments.length === 0) continue;
        }
        units.push(node(own, 'unit', unit, unitAt, departments));
      }
      if (units.length === 0) continue;
    }
    const organizationNode = node(own, 'organization', organization, {}, units);
    if (organizationNode.anyAccess) tree.push(organizationNode);
  }
  return tree;
}

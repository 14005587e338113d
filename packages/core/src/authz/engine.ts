import type {
  Membership,
  OrganizationData,
  PermissionGrant,
  PermissionRequirement,
  TenantSelection,
  UnitData,
} from './types';

/** A place in the tenant hierarchy of one organization. */
export interface NodeRef {
  unitId?: string | undefined;
  departmentId?: string | undefined;
}

const EMPTY: PermissionGrant = [];

function grantAt(membership: Membership, key: 'organization' | `unit:${string}`): PermissionGrant {
  const grant =
    key === 'organization' ? membership.profile.permissions.organization : membership.profile.permissions[key];
  return grant ?? EMPTY;
}

function keysFor(at: NodeRef): Array<'organization' | `unit:${string}`> {
  const keys: Array<'organization' | `unit:${string}`> = ['organization'];
  if (at.unitId) {
    keys.push(`unit:${at.unitId}`);
    if (at.departmentId) keys.push(`unit:${at.unitId}.department:${at.departmentId}`);
  }
  return keys;
}

function isGranted(grant: PermissionGrant): boolean {
  return grant === '*' || grant.length > 0;
}

/** Joins grants: '*' absorbs everything, lists are merged without repeats. */
export function unionGrants(grants: readonly PermissionGrant[]): PermissionGrant {
  if (grants.some((g) => g === '*')) return '*';
  const names = new Set<string>();
  for (const grant of grants) for (const name of grant) names.add(name);
  return [...names];
}

/**
 * What a membership may do at a node: the organization grant holds at every unit and department, a unit grant at
 * its departments, and '*' means everything from that level down.
 */
export function effectivePermissions(membership: Membership, at: NodeRef): PermissionGrant {
  return unionGrants(keysFor(at).map((key) => grantAt(membership, key)));
}

/** Something was granted at this very node (not inherited from above). */
export function hasDirectAccess(membership: Membership, at: NodeRef): boolean {
  const keys = keysFor(at);
  const own = keys[keys.length - 1] ?? 'organization';
  return isGranted(grantAt(membership, own));
}

/** The membership reaches this node: through a grant at it, above it (inherited) or anywhere below it. */
export function hasAnyAccess(membership: Membership, at: NodeRef): boolean {
  if (isGranted(effectivePermissions(membership, at))) return true;
  if (at.departmentId) return false;
  const below = (key: string) => (at.unitId ? key.startsWith(`unit:${at.unitId}.`) : key.startsWith('unit:'));
  return Object.entries(membership.profile.permissions).some(
    ([key, grant]) => below(key) && grant !== undefined && isGranted(grant),
  );
}

/** Checks a grant against one permission, all of a list, or any of a list; no requirement is always met. */
export function satisfies(grant: PermissionGrant, requirement: PermissionRequirement | undefined): boolean {
  if (requirement === undefined) return true;
  const has = (name: string) => grant === '*' || grant.includes(name);
  if (typeof requirement === 'string') return has(requirement);
  if ('all' in requirement) return requirement.all.every(has);
  return requirement.any.some(has);
}

/** The active organization a selection points at, with the unit and department it names (all must exist). */
export function resolveSelection(
  memberships: readonly Membership[],
  selection: TenantSelection,
): { organization: OrganizationData; unit?: UnitData; memberships: Membership[] } | null {
  if (!selection.organizationId) return null;
  const own = memberships.filter((m) => m.organization.id === selection.organizationId);
  const organization = own[0]?.organization;
  if (!organization || organization.status !== 'active') return null;
  if (!selection.unitId) return selection.departmentId ? null : { organization, memberships: own };
  const unit = organization.units.find((u) => u.id === selection.unitId && u.status === 'active');
  if (!unit) return null;
  if (
    selection.departmentId &&
    !unit.departments.some((d) => d.id === selection.departmentId && d.status === 'active')
  ) {
    return null;
  }
  return { organization, unit, memberships: own };
}

/**
 * Whether the user may act at the selected node. Several memberships in one organization add up. Without a
 * requirement, any access at the node or below it is enough (the user can open the node); with one, the
 * permissions effective at the node itself must satisfy it.
 */
export function can(
  memberships: readonly Membership[],
  selection: TenantSelection,
  requirement?: PermissionRequirement,
): boolean {
  const resolved = resolveSelection(memberships, selection);
  if (!resolved) return false;
  const at: NodeRef = { unitId: selection.unitId, departmentId: selection.departmentId };
  if (requirement === undefined) return resolved.memberships.some((m) => hasAnyAccess(m, at));
  return satisfies(unionGrants(resolved.memberships.map((m) => effectivePermissions(m, at))), requirement);
}

/** The permissions effective at the selected node, joined over the user's memberships in that organization. */
export function permissionsAt(memberships: readonly Membership[], selection: TenantSelection): PermissionGrant {
  const resolved = resolveSelection(memberships, selection);
  if (!resolved) return EMPTY;
  const at: NodeRef = { unitId: selection.unitId, departmentId: selection.departmentId };
  return unionGrants(resolved.memberships.map((m) => effectivePermissions(m, at)));
}

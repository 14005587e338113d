/** Shapes shared by the server and the web for tenancy and authorization. */

export type Scope = 'user' | 'organization' | 'unit' | 'department';
/** Scopes a route can require, plus the pseudo-scope of unauthenticated (public) routes. */
export type RouteScope = Scope | 'unauthenticated';

export type TenantStatus = 'active' | 'inactive';

/** A list of permission names, or '*' for every permission at that level. */
export type PermissionGrant = readonly string[] | '*';

/**
 * A profile's permissions: `organization` holds organization-level grants, `unit:{id}` unit-level grants and
 * `unit:{id}.department:{id}` department-level grants.
 */
export interface ProfilePermissions {
  organization?: PermissionGrant;
  [key: `unit:${string}`]: PermissionGrant | undefined;
}

export interface DepartmentData {
  id: string;
  name: string;
  slug: string;
  status: TenantStatus;
}
export interface UnitData {
  id: string;
  name: string;
  slug: string;
  status: TenantStatus;
  departments: DepartmentData[];
}
export interface OrganizationData {
  id: string;
  name: string;
  slug: string;
  status: TenantStatus;
  units: UnitData[];
}
export interface Membership {
  id: string;
  profile: { id: string; name: string; permissions: ProfilePermissions };
  organization: OrganizationData;
}

/** What the user has selected: the tenant state. */
export interface TenantSelection {
  organizationId?: string | undefined;
  unitId?: string | undefined;
  departmentId?: string | undefined;
}

/** A permission requirement: one permission, all of a list, or any of a list. */
export type PermissionRequirement = string | { all: readonly string[] } | { any: readonly string[] };

export type NodeType = 'organization' | 'unit' | 'department';
export interface TreeNode {
  id: string;
  type: NodeType;
  name: string;
  slug: string;
  status: TenantStatus;
  /** Effective permissions at this node (inherited from above plus direct grants); '*' for all. */
  permissions: PermissionGrant;
  /** The user was granted something at this very node. */
  directAccess: boolean;
  /** The user has access at this node or anywhere below it. */
  anyAccess: boolean;
  children: TreeNode[];
}

export interface RouteAuthz {
  public?: boolean;
  anonymousOnly?: boolean;
  scope?: RouteScope;
  permissions?: PermissionRequirement;
  /** Only for users whose data enables creating organizations (organization_creation_enabled). */
  requiresOrganizationCreation?: boolean;
  /**
   * On an organization route: its permissions may be held in a department instead (purchasing, where a requester
   * buys for one department). A profile that holds them at no organization works in the route at department scope.
   */
  grantedInDepartments?: boolean;
}

export type GuardOutcome = 'OK' | 'PUBLIC_ONLY' | 'UNAUTHORIZED' | 'UNAUTHENTICATED' | 'SET_SCOPE';

/** The signed-in user's data returned by getMe. Keys are snake_case, as the API answers them. */
export interface UserData {
  id: string;
  username: string;
  name: string | null;
  email: string | null;
  phone_number: string | null;
  picture: string | null;
  locale: string;
  organization_creation_enabled: boolean;
}

import { can, type Membership, type OrganizationData, type ProfilePermissions } from '@financeiro/core';
import type { ScreenDef } from '../../routes/table';

export interface ProfilePreview {
  /** The member can enter the organization at all. */
  entersOrganization: boolean;
  organizationScreens: string[];
  units: { id: string; name: string; screens: string[]; departments: string[] }[];
}

/**
 * What a member holding only these permissions would find in the menu: the organization's screens, and for each
 * active unit they can open, its screens and the departments they can choose. Same engine as the router and server.
 */
export function previewProfile(
  permissions: ProfilePermissions,
  organization: OrganizationData,
  screens: readonly ScreenDef[],
): ProfilePreview {
  const member: Membership[] = [{ id: 'preview', profile: { id: 'preview', name: '', permissions }, organization }];
  const organizationId = organization.id;
  const titles = (scope: 'organization' | 'unit', unitId?: string) =>
    screens
      .filter((s) => s.group && s.authz.scope === scope && can(member, { organizationId, unitId }, s.authz.permissions))
      .map((s) => s.display.title);
  return {
    entersOrganization: can(member, { organizationId }),
    organizationScreens: titles('organization'),
    units: organization.units
      .filter((u) => u.status === 'active' && can(member, { organizationId, unitId: u.id }))
      .map((u) => ({
        id: u.id,
        name: u.name,
        screens: titles('unit', u.id),
        departments: u.departments
          .filter((d) => d.status === 'active' && can(member, { organizationId, unitId: u.id, departmentId: d.id }))
          .map((d) => d.name),
      })),
  };
}

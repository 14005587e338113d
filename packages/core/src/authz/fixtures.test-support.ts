import type { Membership, ProfilePermissions } from './types';

/** Organization "org" with units u1 (departments d1, d2) and u2 (department d3). */
export function membership(permissions: ProfilePermissions, organizationId = 'org'): Membership {
  return {
    id: `m-${organizationId}`,
    profile: { id: 'p', name: 'Perfil', permissions },
    organization: {
      id: organizationId,
      name: 'Organização',
      slug: organizationId,
      status: 'active',
      units: [
        {
          id: 'u1',
          name: 'Matriz',
          slug: 'matriz',
          status: 'active',
          departments: [
            { id: 'd1', name: 'Financeiro', slug: 'financeiro', status: 'active' },
            { id: 'd2', name: 'Compras', slug: 'compras', status: 'active' },
          ],
        },
        {
          id: 'u2',
          name: 'Filial',
          slug: 'filial',
          status: 'active',
          departments: [{ id: 'd3', name: 'Comercial', slug: 'comercial', status: 'active' }],
        },
      ],
    },
  };
}

import { describe, expect, it } from 'vitest';
import type { OrganizationData } from '@financeiro/core';
import { SCREENS } from '../../routes/table';
import { previewProfile } from './profile-preview';

const organization: OrganizationData = {
  id: 'o1',
  name: 'Demo',
  slug: 'demo',
  status: 'active',
  units: [
    {
      id: 'u1',
      name: 'Matriz',
      slug: 'matriz',
      status: 'active',
      departments: [
        { id: 'd1', name: 'Compras', slug: 'compras', status: 'active' },
        { id: 'd2', name: 'Financeiro', slug: 'financeiro', status: 'active' },
      ],
    },
    { id: 'u2', name: 'Filial', slug: 'filial', status: 'active', departments: [] },
    { id: 'u3', name: 'Fechada', slug: 'fechada', status: 'inactive', departments: [] },
  ],
};

describe('profile preview', () => {
  it('shows a department-limited profile one unit, one department and only the screens it grants', () => {
    const preview = previewProfile({ 'unit:u1.department:d1': ['access_department'] }, organization, SCREENS);
    expect(preview.entersOrganization).toBe(true);
    expect(preview.organizationScreens).toEqual([]);
    expect(preview.units).toEqual([{ id: 'u1', name: 'Matriz', screens: ['Painel'], departments: ['Compras'] }]);
  });

  it('shows everything, except inactive units, to a profile with * at the organization', () => {
    const preview = previewProfile({ organization: '*' }, organization, SCREENS);
    expect(preview.organizationScreens).toEqual(expect.arrayContaining(['Perfis', 'Usuários', 'Logs de eventos']));
    expect(preview.units.map((u) => u.name)).toEqual(['Matriz', 'Filial']);
    expect(preview.units[0]?.departments).toEqual(['Compras', 'Financeiro']);
  });

  it('shows nothing to an empty profile', () => {
    const preview = previewProfile({}, organization, SCREENS);
    expect(preview).toEqual({ entersOrganization: false, organizationScreens: [], units: [] });
  });
});

import { describe, expect, it } from 'vitest';
import { PERMISSIONS, PERMISSION_NAMES, permissionLabel } from './permissions';

describe('permission catalogue', () => {
  it('holds every permission the routes and the administration rules name, spelled exactly', () => {
    const named = [
      'ler_pedidos_compra',
      'ler_contas_pagar',
      'ler_wkfl_solicitados',
      'ler_wkfl_aguardando',
      'ler_wkfl_aprovados',
      'ler_wkfl_reprovados',
      'ler_wkfl_concluidos',
      'ler_wkfl_cancelados',
      'ler_logs_eventos',
      'acessar_roadmap',
      'read_units',
      'read_departments',
      'read_profiles',
      'read_memberships',
      'read_last_acess',
      'manage_restricted_permissions',
    ];
    for (const name of named) expect(PERMISSION_NAMES).toContain(name);
  });

  it('gives every permission a pt-BR label', () => {
    for (const name of PERMISSION_NAMES) {
      expect(PERMISSIONS[name].label).toMatch(/^[A-ZÁÉÍÓÚ]/);
      expect(permissionLabel(name)).toBe(PERMISSIONS[name].label);
    }
    expect(permissionLabel('unknown_permission')).toBe('unknown_permission');
  });
});

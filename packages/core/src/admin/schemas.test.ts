import { describe, expect, it } from 'vitest';
import { permissionsForLevel } from '../authz/permissions';
import { eventsDashboardInput, profilePermissionsSchema, restrictedChanges, slugify, slugSchema } from './schemas';

const unit = 'unit:01a2c6a0-0000-7000-8000-000000000001';

describe('administration input rules', () => {
  it('suggests slugs without accents or spaces, and accepts only such slugs', () => {
    expect(slugify('  Filial São José dos Campos ')).toBe('filial-sao-jose-dos-campos');
    expect(slugSchema.safeParse('filial-sao-jose').success).toBe(true);
    expect(slugSchema.safeParse('Filial São').success).toBe(false);
    expect(slugSchema.safeParse('-filial').success).toBe(false);
  });

  it('keeps administration at the organization and lets units hold finance permissions', () => {
    expect(permissionsForLevel('organization')).toContain('edit_profiles');
    expect(permissionsForLevel('unit')).not.toContain('edit_profiles');
    expect(permissionsForLevel('unit')).toEqual(expect.arrayContaining(['ler_contas_pagar', 'read_departments']));
    expect(permissionsForLevel('department')).toEqual(
      expect.arrayContaining(['access_department', 'ler_pedidos_compra']),
    );
    expect(permissionsForLevel('department')).not.toContain('read_departments');
  });

  it('accepts a profile’s grants by level and refuses unknown keys and names', () => {
    expect(profilePermissionsSchema.safeParse({ organization: '*', [unit]: ['ler_contas_pagar'] }).success).toBe(true);
    expect(profilePermissionsSchema.safeParse({ [`${unit}.department:x`]: '*' }).success).toBe(false);
    expect(profilePermissionsSchema.safeParse({ [unit]: ['edit_profiles'] }).success).toBe(false);
    expect(profilePermissionsSchema.safeParse({ organization: ['voar'] }).success).toBe(false);
  });

  it('names the restricted permissions a change grants or takes away', () => {
    expect(restrictedChanges({}, { organization: ['ler_contas_pagar'] })).toEqual([]);
    expect(restrictedChanges({}, { organization: ['edit_user_passwords', 'read_units'] })).toEqual([
      'edit_user_passwords',
    ]);
    expect(restrictedChanges({ organization: '*' }, { organization: ['manage_restricted_permissions'] })).toEqual([
      'edit_memberships',
      'edit_profiles',
      'edit_user_passwords',
      'manage_organization',
    ]);
    expect(restrictedChanges({ organization: '*' }, { organization: '*', [unit]: ['ler_produtos'] })).toEqual([]);
  });
});

describe('event dashboard period', () => {
  it('takes up to a year, in order', () => {
    const at = (day: string) => `${day}T00:00:00.000Z`;
    expect(eventsDashboardInput.safeParse({ from: at('2026-01-01'), to: at('2026-12-31') }).success).toBe(true);
    expect(eventsDashboardInput.safeParse({ from: at('2026-12-31'), to: at('2026-01-01') }).success).toBe(false);
    const tooLong = eventsDashboardInput.safeParse({ from: at('2024-01-01'), to: at('2026-01-01') });
    expect(tooLong.error?.issues[0]?.message).toBe('Escolha um período de até 366 dias.');
  });
});

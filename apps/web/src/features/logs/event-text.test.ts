import { describe, expect, it } from 'vitest';
import { actionLabel, changesText, eventChanges, grantKeyNamer } from './event-text';

describe('event log text', () => {
  it('shows only what changed, with pt-BR labels and values', () => {
    expect(eventChanges({ name: 'Loja 1', slug: 'loja-1' }, { name: 'Loja Centro', slug: 'loja-1' })).toEqual([
      { field: 'Nome', before: 'Loja 1', after: 'Loja Centro' },
    ]);
    expect(eventChanges({ status: 'active' }, { status: 'inactive' })).toEqual([
      { field: 'Situação', before: 'Ativo', after: 'Inativo' },
    ]);
  });

  it('lists what a creation set, and compares a profile’s grants per level', () => {
    expect(eventChanges(null, { name: 'Compras', slug: 'compras' })).toEqual([
      { field: 'Nome', before: null, after: 'Compras' },
      { field: 'Identificador', before: null, after: 'compras' },
    ]);
    const changes = eventChanges(
      { permissions: { organization: ['read_units'] } },
      { permissions: { organization: ['read_units', 'edit_units'], 'unit:u1': '*' } },
    );
    expect(changes).toEqual([
      { field: 'Permissões › organization', before: 'Ver unidades', after: 'Ver unidades, Editar unidades' },
      { field: 'Permissões › unit:u1', before: '(vazio)', after: 'Tudo' },
    ]);
  });

  it('writes changes as one line for a spreadsheet and names known actions', () => {
    expect(changesText({ name: 'A' }, { name: 'B' })).toBe('Nome: A → B');
    expect(actionLabel('unit.create')).toBe('Criou unidade');
    expect(actionLabel('future.thing')).toBe('future.thing');
  });
});

describe('grant key names', () => {
  it('names units and departments of the organization', () => {
    const name = grantKeyNamer({ units: [{ id: 'u1', name: 'Matriz', departments: [{ id: 'd1', name: 'Compras' }] }] });
    expect([name('organization'), name('unit:u1'), name('unit:u1.department:d1'), name('unit:zz')]).toEqual([
      'Organização',
      'Matriz',
      'Matriz › Compras',
      'unit:zz',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { actionLabel, changesText, eventChanges, fieldLabel, grantKeyNamer } from './event-text';

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

describe('a registry change as an auditor reads it', () => {
  const names = { b1: 'Itaú Unibanco S.A.', b2: 'Banco BS2 S.A.', u1: 'Matriz', t1: 'Conta corrente' };

  it('labels fields as the form does, names referenced records and writes money and dates in pt-BR', () => {
    const changes = eventChanges(
      { bankId: 'b1', openingBalance: 100000, openingDate: '2026-11-01', unitIds: ['u1'] },
      { bankId: 'b2', openingBalance: -123456, openingDate: '2026-12-31', unitIds: ['u1'] },
      { entity: 'financial_account', names },
    );
    expect(changes).toEqual([
      { field: 'Banco', before: 'Itaú Unibanco S.A.', after: 'Banco BS2 S.A.' },
      { field: 'Saldo inicial', before: 'R$\u00a01.000,00', after: '-R$\u00a01.234,56' },
      { field: 'Data do saldo inicial', before: '01/11/2026', after: '31/12/2026' },
    ]);
    expect(
      changesText(
        null,
        { name: 'Caixa', accountTypeId: 't1', unitIds: ['u1'] },
        { entity: 'financial_account', names },
      ),
    ).toBe('Nome: Caixa; Tipo de conta: Conta corrente; Unidades que podem usar: Matriz');
  });

  it('writes roles, options, yes/no, statuses and percentages in pt-BR', () => {
    const context = { entity: 'supplier', names: {} };
    expect(
      eventChanges(
        { roles: ['supplier'], personType: 'PF' },
        { roles: ['supplier', 'customer', 'partner'], personType: 'PJ' },
        context,
      ),
    ).toEqual([
      { field: 'Papéis', before: 'Fornecedor', after: 'Fornecedor, Cliente, Parceiro' },
      { field: 'Tipo de pessoa', before: 'Pessoa física', after: 'Pessoa jurídica' },
    ]);
    expect(eventChanges({ status: 'active' }, { status: 'inactive' }, context)).toEqual([
      { field: 'Situação', before: 'Ativo', after: 'Inativo' },
    ]);
    expect(
      eventChanges(
        { rate: 500, withheld: false, kind: 'ISS' },
        { rate: 1250, withheld: true, kind: 'custom' },
        { entity: 'tax_type', names: {} },
      ),
    ).toEqual([
      { field: 'Alíquota', before: '5%', after: '12,5%' },
      { field: 'Retido na fonte', before: 'Não', after: 'Sim' },
      { field: 'Imposto', before: 'ISS', after: 'Outro' },
    ]);
    expect(fieldLabel('split_config', 'partyId')).toBe('Parceiro');
    expect(fieldLabel('contract', 'partyId')).toBe('Parte (fornecedor, cliente ou parceiro)');
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

describe('bank statements and reconciliation as an auditor reads them', () => {
  it('names the actions and writes a rule with its direction and amounts in pt-BR', () => {
    expect(actionLabel('bank_statement.import')).toBe('Importou extrato bancário');
    expect(actionLabel('bank_reconciliation.undo')).toBe('Desfez conciliação bancária');
    const changes = eventChanges(
      null,
      { memoContains: 'TARIFA', direction: 'out', minAmount: 100, maxAmount: 250000, classificationId: 'c1' },
      { entity: 'bank_rule', names: { c1: 'Tarifas bancárias' } },
    );
    expect(changes).toEqual([
      { field: 'Histórico contém', before: null, after: 'TARIFA' },
      { field: 'Direção', before: null, after: 'Saída' },
      { field: 'Valor mínimo', before: null, after: 'R$\u00a01,00' },
      { field: 'Valor máximo', before: null, after: 'R$\u00a02.500,00' },
      { field: 'Classificação', before: null, after: 'Tarifas bancárias' },
    ]);
  });
});

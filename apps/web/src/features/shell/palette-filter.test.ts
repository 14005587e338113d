import { describe, expect, it } from 'vitest';
import { filterScreens } from './palette-filter';

const screens = [
  { label: 'Contas', description: 'Gestão de contas' },
  { label: 'Bancos', description: 'Gestão de contas' },
  { label: 'Configurações de split', description: 'Parametrização' },
  { label: 'Contas a pagar', description: 'Contas' },
];
const labels = (query: string) => filterScreens(query, screens).map((s) => s.label);

describe('the command palette', () => {
  it('finds a screen typed without accents or capitals', () => {
    expect(labels('configuracoes')).toEqual(['Configurações de split']);
    expect(labels('BANCOS')).toEqual(['Bancos']);
  });

  it('needs every word, and lists title matches before menu-group matches', () => {
    expect(labels('contas pagar')).toEqual(['Contas a pagar']);
    expect(labels('gestao')).toEqual(['Contas', 'Bancos']);
    expect(labels('contas')).toEqual(['Contas', 'Contas a pagar', 'Bancos']);
  });

  it('offers every screen before anything is typed, and none for what matches nothing', () => {
    expect(labels('  ')).toHaveLength(4);
    expect(labels('usuarios')).toEqual([]);
  });
});

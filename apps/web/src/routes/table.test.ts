import { describe, expect, it } from 'vitest';
import { PERMISSION_NAMES, permissionLabel } from '@financeiro/core';
import { ROADMAP } from '../features/roadmap/roadmap';
import { SCREENS } from './table';

describe('screens not built yet', () => {
  it('each names the roadmap item that brings it, and that item is not shipped', () => {
    const upcoming = SCREENS.filter((s) => s.upcoming);
    for (const screen of upcoming) {
      expect(ROADMAP.find((i) => i.id === screen.upcoming)?.status, screen.name).not.toBe('shipped');
    }
  });

  it('leaves the built screens unmarked', () => {
    const built = SCREENS.filter((s) => !s.upcoming).map((s) => s.name);
    expect(built).toEqual(
      expect.arrayContaining([
        'dashboard',
        'relacionamento-fornecedores',
        'gestao-roadmap',
        'contas-pagar',
        'contas-receber',
        'contas-extrato',
        'contas-conciliacao-bancaria',
        'gestao-contas-conciliacao-mercado-pago',
        'compras-criadas',
        'compras-aguardando-aprovacao',
        'fluxos-split',
        'relatorios-cp-status',
        'relatorios-cr-status',
        'relatorios-contabeis-entradas',
        'relatorios-contabeis-saidas',
        'relatorios-contabeis-dre',
        'relatorios-contabeis-fluxo-caixa',
      ]),
    );
  });
});

describe('menu text', () => {
  it('reads in pt-BR: no English product words in screen titles or permission labels', () => {
    const english = /\b(roadmap|split|dashboard)\b/i;
    for (const screen of SCREENS) expect(screen.display.title, screen.name).not.toMatch(english);
    for (const name of PERMISSION_NAMES) expect(permissionLabel(name), name).not.toMatch(english);
  });
});

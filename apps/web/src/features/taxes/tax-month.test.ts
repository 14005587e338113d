import { describe, expect, it } from 'vitest';
import { billRows, canGenerate, collectionBadge, defaultTaxMonth, shiftTaxMonth, taxMonthOf } from './tax-month';

describe('the month the withheld-taxes screen shows', () => {
  it('opens on the month just ended, across a new year too', () => {
    expect(defaultTaxMonth('2026-12-07')).toBe('2026-11');
    expect(defaultTaxMonth('2027-01-31')).toBe('2026-12');
  });

  it('keeps a month from the address and ignores anything else', () => {
    expect(taxMonthOf('2026-03', '2026-12-07')).toBe('2026-03');
    expect(taxMonthOf('', '2026-12-07')).toBe('2026-11');
    expect(taxMonthOf('2026-13', '2026-12-07')).toBe('2026-11');
    expect(taxMonthOf('03/2026', '2026-12-07')).toBe('2026-11');
  });

  it('steps a month back and forth over the turn of the year', () => {
    expect(shiftTaxMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftTaxMonth('2026-12', 1)).toBe('2027-01');
  });
});

describe("a collection's state", () => {
  const base = { total: 5_000, minimum: 1_000, payable: null };

  it('is to be made while due and without a payable, and only then can be made', () => {
    expect(collectionBadge({ ...base, state: 'due' }).label).toBe('A gerar');
    expect(canGenerate({ state: 'due', payable: null })).toBe(true);
    expect(canGenerate({ state: 'open', payable: null })).toBe(false);
    expect(canGenerate({ state: 'carried', payable: null })).toBe(false);
  });

  it('says the guide was made until its payable is settled in full, then paid', () => {
    expect(collectionBadge({ ...base, state: 'collected', payable: { amount: 5_000, settled: 0 } }).label).toBe(
      'Guia gerada',
    );
    expect(collectionBadge({ ...base, state: 'collected', payable: { amount: 5_000, settled: 4_999 } }).label).toBe(
      'Guia gerada',
    );
    expect(collectionBadge({ ...base, state: 'collected', payable: { amount: 5_000, settled: 5_000 } }).label).toBe(
      'Paga',
    );
    expect(canGenerate({ state: 'due', payable: { amount: 5_000, settled: 0 } })).toBe(false);
  });

  it('sends a DARF below R$ 10,00 to the next month and waits for the month in course to end', () => {
    expect(collectionBadge({ ...base, total: 999, state: 'carried' }).label).toBe(
      'Abaixo do mínimo: vai para o mês seguinte',
    );
    expect(collectionBadge({ ...base, state: 'open' }).label).toBe('Mês em andamento');
  });

  it('says a month taken by a later guide, or collected before guides were monthly, was collected', () => {
    expect(collectionBadge({ ...base, state: 'carried' }).label).toBe('Recolhido na guia de um mês seguinte');
    expect(collectionBadge({ ...base, state: 'collected' }).label).toBe('Recolhido');
  });
});

describe("the month's bills for the accountant", () => {
  it('has one row per bill and a rate and an amount column per tax, blank where a bill did not withhold it', () => {
    const rows = billRows([
      {
        documentNumber: '123',
        description: 'Consultoria',
        issueDate: '2026-11-05',
        partyName: 'Consultoria Alfa Ltda',
        partyDocument: '12345678000195',
        gross: 1_000_000,
        taxes: [
          { name: 'IRRF', rate: 150, amount: 15_000 },
          { name: 'ISS', rate: 500, amount: 50_000 },
        ],
      },
      {
        documentNumber: null,
        description: 'Limpeza',
        issueDate: '2026-11-20',
        partyName: 'Limpa Bem',
        partyDocument: null,
        gross: 200_000,
        taxes: [{ name: 'IRRF', rate: 100, amount: 2_000 }],
      },
    ]);
    expect(rows).toEqual([
      {
        Emissão: '05/11/2026',
        Número: '123',
        Descrição: 'Consultoria',
        Fornecedor: 'Consultoria Alfa Ltda',
        'CPF/CNPJ': '12.345.678/0001-95',
        'Valor bruto': '10.000,00',
        'IRRF (alíquota)': '1,5%',
        'IRRF (valor)': '150,00',
        'ISS (alíquota)': '5%',
        'ISS (valor)': '500,00',
      },
      {
        Emissão: '20/11/2026',
        Número: null,
        Descrição: 'Limpeza',
        Fornecedor: 'Limpa Bem',
        'CPF/CNPJ': null,
        'Valor bruto': '2.000,00',
        'IRRF (alíquota)': '1%',
        'IRRF (valor)': '20,00',
        'ISS (alíquota)': null,
        'ISS (valor)': null,
      },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { contractSchedule } from './contracts';
import { z } from 'zod';
import { centavosInput, centavosOfText, dateInput, percentInput } from './fields';
import { apportionmentTemplateInput } from './parameters';
import { nextChildCode } from './trees';

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

describe('registry field rules', () => {
  it('reads amounts as a person types them, in centavos', () => {
    expect(['1.234,56', 'R$ 1.234,56', '10', '0,5', '-10,00', 'R$ -2,50', ' ', ''].map(centavosOfText)).toEqual([
      123456,
      123456,
      1000,
      50,
      -1000,
      -250,
      null,
      null,
    ]);
    expect(centavosOfText('1,234.56')).toBeNaN();
  });

  it('takes money on the wire only as whole centavos, naming the field of anything else', () => {
    const order = z.object({
      items: z.array(z.object({ unitPrice: centavosInput({ min: 0, empty: 'Informe o preço.' }) })),
    });
    const message = (unitPrice: unknown) => order.safeParse({ items: [{ unitPrice }] }).error?.issues[0]?.message;
    expect(order.parse({ items: [{ unitPrice: 123456 }] })).toEqual({ items: [{ unitPrice: 123456 }] });
    for (const sent of [' 1 ', '1.234,56', 12.5, true, [1], Infinity]) {
      expect(message(sent)).toBe('Envie "items.0.unitPrice" em centavos, como número inteiro: R$ 1,00 é 100.');
    }
    // What a form sends for a blank field, and for text that is no amount.
    expect(message(null)).toBe('Informe o preço.');
    expect(message(centavosOfText('1,234.56'))).toBe('Valor inválido: use reais e centavos, como 1.234,56.');
    expect(message(-100)).toBe('O valor não pode ser negativo.');
    expect(message(2 ** 60)).toBe('O valor de "items.0.unitPrice" é alto demais.');
    expect(centavosInput({ max: 500 }).safeParse(501).error?.issues[0]?.message).toBe(
      'O valor não pode passar de R$\u00a05,00.',
    );
  });

  it('reads percentages in basis points, never above the limit', () => {
    const percent = percentInput();
    expect(['33,34', '12,5%', '100', '0', 2500].map((v) => percent.parse(v))).toEqual([3334, 1250, 10000, 0, 2500]);
    expect(percent.safeParse('100,01').success).toBe(false);
    expect(percent.safeParse('12,345').success).toBe(false);
  });

  it('reads dates as DD/MM/AAAA or YYYY-MM-DD and refuses days that do not exist', () => {
    const date = dateInput();
    expect([date.parse('31/01/2026'), date.parse('2026-02-28')]).toEqual(['2026-01-31', '2026-02-28']);
    expect(date.safeParse('31/02/2026').error?.issues[0]?.message).toBe('Data inválida: use DD/MM/AAAA.');
  });

  it('explains an apportionment that is not exactly 100%', () => {
    const lines = (shares: string[]) =>
      shares.map((share, i) => ({ costCentreId: id(i), classificationId: id(9), share }));
    expect(apportionmentTemplateInput.safeParse({ name: 'X', lines: lines(['50', '50']) }).success).toBe(true);
    expect(
      apportionmentTemplateInput.safeParse({ name: 'X', lines: lines(['50', '50,01']) }).error?.issues[0]?.message,
    ).toBe('A soma dos percentuais deve ser exatamente 100%; hoje é 100,01%.');
  });

  it('numbers tree codes by level: 1, 1.01, 1.01.001', () => {
    expect(nextChildCode(null, [])).toBe('1');
    expect(nextChildCode(null, ['1', '9'])).toBe('10');
    expect(nextChildCode('4', ['4.01', '4.09'])).toBe('4.10');
    expect(nextChildCode('4.02', [])).toBe('4.02.001');
    expect(nextChildCode('4.02.001', ['4.02.001.005'])).toBe('4.02.001.006');
  });

  it('schedules installments on the same day, the last day in shorter months, twelve when open-ended', () => {
    const monthly = { value: 1000, periodicity: 'monthly' as const, startDate: '2026-01-31' };
    expect(contractSchedule({ ...monthly, endDate: '2026-04-30' }).map((i) => i.dueDate)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ]);
    expect(contractSchedule({ ...monthly, endDate: null })).toHaveLength(12);
    const quarterly = { ...monthly, periodicity: 'quarterly' as const, endDate: '2026-12-31' };
    expect(contractSchedule(quarterly).map((i) => i.dueDate)).toEqual([
      '2026-01-31',
      '2026-04-30',
      '2026-07-31',
      '2026-10-31',
    ]);
    expect(contractSchedule({ ...monthly, periodicity: 'once', endDate: null })).toEqual([
      { number: 1, dueDate: '2026-01-31', amount: 1000 },
    ]);
  });
});

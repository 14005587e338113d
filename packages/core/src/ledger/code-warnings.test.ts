import { describe, expect, it } from 'vitest';
import { formatBRL } from '../money';
import { paymentCodeWarnings } from './code-warnings';

const installment = { amount: 120_000, dueDate: '2026-03-10' };

describe('paymentCodeWarnings', () => {
  it('says nothing when the code agrees with the installment or leaves a field open', () => {
    expect(paymentCodeWarnings({ source: 'boleto', amount: 120_000, dueDate: '2026-03-10' }, installment)).toEqual([]);
    expect(paymentCodeWarnings({ source: 'boleto', amount: null, dueDate: null }, installment)).toEqual([]);
    expect(paymentCodeWarnings({ source: 'pix', amount: null, dueDate: null }, installment)).toEqual([]);
  });

  it('warns about a different amount and due date, in pt-BR', () => {
    expect(paymentCodeWarnings({ source: 'boleto', amount: 123_456, dueDate: '2026-03-12' }, installment)).toEqual([
      `O valor do boleto (${formatBRL(123_456)}) é diferente do valor da parcela (${formatBRL(120_000)}).`,
      'O vencimento do boleto (12/03/2026) é diferente do vencimento da parcela (10/03/2026).',
    ]);
    expect(paymentCodeWarnings({ source: 'pix', amount: 100, dueDate: null }, installment)).toEqual([
      `O valor do PIX (${formatBRL(100)}) é diferente do valor da parcela (${formatBRL(120_000)}).`,
    ]);
  });
});

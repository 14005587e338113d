import { formatCalendarDate } from '../dates';
import { formatBRL, type Centavos } from '../money';

export interface ReadPaymentCode {
  source: 'boleto' | 'pix';
  amount: Centavos | null;
  dueDate: string | null;
}

/**
 * What to warn about when a boleto or PIX code read from an installment disagrees with it. A warning, not an
 * error: a boleto may carry the amount with interest, or a due date moved by the bank, and the user decides.
 */
export function paymentCodeWarnings(
  code: ReadPaymentCode,
  installment: { amount: Centavos; dueDate: string },
): string[] {
  const what = code.source === 'boleto' ? 'do boleto' : 'do PIX';
  const warnings: string[] = [];
  if (code.amount !== null && code.amount !== installment.amount) {
    warnings.push(
      `O valor ${what} (${formatBRL(code.amount)}) é diferente do valor da parcela (${formatBRL(installment.amount)}).`,
    );
  }
  if (code.dueDate !== null && code.dueDate !== installment.dueDate) {
    warnings.push(
      `O vencimento ${what} (${formatCalendarDate(code.dueDate)}) é diferente do vencimento da parcela (${formatCalendarDate(installment.dueDate)}).`,
    );
  }
  return warnings;
}

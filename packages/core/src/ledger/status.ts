import type { Centavos } from '../money';
import type { LedgerStatus } from './inputs';

/** An installment's stored status from its amount and what was settled of it. */
export function installmentStatus(installment: {
  amount: Centavos;
  settled: Centavos;
  cancelled: boolean;
}): LedgerStatus {
  if (installment.cancelled) return 'cancelled';
  if (installment.settled >= installment.amount) return 'paid';
  return installment.settled > 0 ? 'partial' : 'open';
}

/** Overdue is not stored: an unpaid installment whose due date (YYYY-MM-DD) is before today in São Paulo. */
export function isOverdue(dueDate: string, status: LedgerStatus, todayISO: string): boolean {
  return (status === 'open' || status === 'partial') && dueDate < todayISO;
}

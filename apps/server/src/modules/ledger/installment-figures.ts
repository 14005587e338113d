import { sql } from 'drizzle-orm';
import { ledgerInstallments as i } from './schema';

/** What is still to be paid (or received) of an installment. */
export const openBalance = sql`(${i.amount} - ${i.settled})`;

/** An installment as the lists and the payment form show it: which of how many, when due, how much, how much open. */
export const installmentFigures = {
  id: i.id,
  documentId: i.documentId,
  number: i.number,
  count: i.count,
  dueDate: i.dueDate,
  amount: i.amount,
  open: sql<number>`${openBalance}`.mapWith(Number),
};

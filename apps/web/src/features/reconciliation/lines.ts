import type { inferOutput } from '@trpc/tanstack-react-query';
import type { trpc } from '../../api/trpc';

// The statement's lines and the app's items, as the reconciliation screen and its dialogs share them.

export type Reconciliation = inferOutput<typeof trpc.banking.reconciliation.get>;
export type Line = Reconciliation['lines']['rows'][number];

/** A movement or an open installment the bank may confirm, with its open amount signed as the bank sees it. */
export interface AppItem {
  id: string;
  source: 'movement' | 'installment';
  kind: 'movement' | 'payable' | 'receivable';
  date: string;
  description: string;
  partyName: string | null;
  documentNumber: string | null;
  open: number;
}

/** What is left of a line to reconcile, signed like the line. */
export const lineOpen = (line: Line) => Math.sign(line.amount) * (Math.abs(line.amount) - line.reconciled);

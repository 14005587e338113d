import { Badge } from '@mantine/core';
import type { LedgerStatus } from '@financeiro/core';
import { ledgerMessages } from '../../i18n/ledger';

const COLORS: Record<LedgerStatus | 'overdue', string> = {
  open: 'blue',
  partial: 'yellow',
  paid: 'teal',
  cancelled: 'gray',
  overdue: 'red',
};

/** An installment's or document's status; one not fully paid past its due date reads "Vencida", in red. */
export function InstallmentStatus(props: { status: LedgerStatus; overdue: boolean; detail?: string }) {
  const status = props.overdue ? 'overdue' : props.status;
  return (
    <Badge color={COLORS[status]} variant="light" title={props.detail}>
      {/* An overdue installment already paid in part says both. */}
      {props.overdue && props.status === 'partial'
        ? `${ledgerMessages.statuses.overdue} · ${ledgerMessages.statuses.partial}`
        : ledgerMessages.statuses[status]}
    </Badge>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatBRL, formatCalendarDate } from '@financeiro/core';
import { trpc } from '../../api/trpc';
import { ledgerMessages } from '../../i18n/ledger';
import { notifyApiError } from '../../ui/api-error';
import { notifySuccess } from '../../ui/notify';
import { useIdempotencyKey } from '../../ui/use-idempotency-key';
import { ReasonDialog } from './ReasonDialog';

const t = ledgerMessages.reverse;

/**
 * Asks why a payment is reversed, then reverses it: compensating settlements and movements, nothing deleted. `paid`
 * names the payment in the question when the caller has it at hand. Mount it for one payment at a time.
 */
export function ReverseModal(props: {
  paymentId: string | null;
  opened: boolean;
  onClose: () => void;
  paid?: { total: number; paidDate: string };
}) {
  const queryClient = useQueryClient();
  // The dialog mounts at each opening: a double click or a lost answer's retry reverses once.
  const idempotencyKey = useIdempotencyKey();
  const reverse = useMutation(
    trpc.ledger.payments.reverse.mutationOptions({
      onSuccess: async () => {
        props.onClose();
        await queryClient.invalidateQueries(trpc.ledger.pathFilter());
        notifySuccess(t.done);
      },
      onError: notifyApiError,
    }),
  );
  return (
    <ReasonDialog
      opened={props.opened && props.paymentId !== null}
      title={t.title}
      message={
        props.paid
          ? t.message(formatBRL(Math.abs(props.paid.total)), formatCalendarDate(props.paid.paidDate))
          : t.generic
      }
      label={t.reason}
      confirmLabel={t.confirm}
      busy={reverse.isPending}
      onConfirm={(reason) => reverse.mutate({ paymentId: props.paymentId ?? '', reason, idempotencyKey })}
      onClose={props.onClose}
    />
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentKind } from '@financeiro/core';
import { trpc } from '../../api/trpc';
import { ledgerMessages } from '../../i18n/ledger';
import { notifyApiError } from '../../ui/api-error';
import { notifySuccess } from '../../ui/notify';
import { ReasonDialog } from './ReasonDialog';

const t = ledgerMessages.cancel;

/**
 * Cancels documents (one from its drawer, or those chosen in a list) with the reason the auditors keep; the ledger's
 * lists and drawers then read again, and how many were cancelled is told.
 */
export function CancelDocumentsDialog(props: {
  kind: DocumentKind;
  documentIds: string[];
  title: string;
  opened: boolean;
  onClose: () => void;
  /** After the cancellation, before the lists read again. */
  onCancelled?: () => void;
}) {
  const queryClient = useQueryClient();
  const cancel = useMutation(
    trpc.ledger.documents.cancel.mutationOptions({
      onSuccess: async (result) => {
        props.onClose();
        props.onCancelled?.();
        await queryClient.invalidateQueries(trpc.ledger.pathFilter());
        notifySuccess(t.done(result.cancelled));
      },
      onError: notifyApiError,
    }),
  );
  return (
    <ReasonDialog
      opened={props.opened}
      title={props.title}
      message={t.message}
      label={t.reason}
      confirmLabel={t.confirm}
      busy={cancel.isPending}
      onConfirm={(reason) => cancel.mutate({ kind: props.kind, ids: props.documentIds, reason })}
      onClose={props.onClose}
    />
  );
}

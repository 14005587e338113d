import { Textarea } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

/** A reason asked before an act that is kept for the auditors (a reversal, a cancellation). */
export function ReasonDialog(props: {
  opened: boolean;
  title: string;
  message: string;
  label: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <ConfirmDialog
      opened={props.opened}
      title={props.title}
      message={props.message}
      confirmLabel={props.confirmLabel}
      busy={props.busy}
      confirmDisabled={reason.trim().length === 0}
      onConfirm={() => props.onConfirm(reason.trim())}
      onClose={() => {
        setReason('');
        props.onClose();
      }}
    >
      <Textarea
        label={props.label}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        withAsterisk
        autosize
        minRows={2}
        maxLength={500}
        data-autofocus
      />
    </ConfirmDialog>
  );
}

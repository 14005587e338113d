import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { appMessages } from '../i18n/app';

/** Asks before a destructive action; the confirming button is red and shows progress while it runs. */
export function ConfirmDialog(props: {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  /** What the person must fill in before confirming (a reason kept for the auditors). */
  children?: ReactNode;
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <Text size="sm" mb="md">
        {props.message}
      </Text>
      {props.children}
      <Group justify="flex-end" mt={props.children ? 'md' : undefined}>
        <Button variant="default" onClick={props.onClose}>
          {appMessages.common.cancel}
        </Button>
        <Button color="red" loading={props.busy} disabled={props.confirmDisabled} onClick={props.onConfirm}>
          {props.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}

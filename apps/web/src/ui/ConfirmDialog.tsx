import { Button, Group, Modal, Text } from '@mantine/core';
import { appMessages } from '../i18n/app';

/** Asks before a destructive action; the confirming button is red and shows progress while it runs. */
export function ConfirmDialog(props: {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <Text size="sm" mb="md">
        {props.message}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onClose}>
          {appMessages.common.cancel}
        </Button>
        <Button color="red" loading={props.busy} onClick={props.onConfirm}>
          {props.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}

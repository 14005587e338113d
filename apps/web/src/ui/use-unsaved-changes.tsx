import { Button, Group, Modal, Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { formMessages } from '../i18n/forms';

const t = formMessages.unsaved;

/**
 * Keeps typed work from being lost: while `dirty`, leaving the page (another screen, or the browser's reload and
 * close) and closing the form through `confirmClose` (its drawer's close button, Esc, "Cancelar") first ask
 * "Descartar alterações?". Render `dialog` once beside the form.
 */
export function useUnsavedChanges(dirty: boolean): {
  confirmClose: (close: () => void) => void;
  dialog: ReactNode;
} {
  const [closing, setClosing] = useState<(() => void) | null>(null);
  const blocker = useBlocker({
    // A filter or a page of the same list changes only the query string: the form stays open.
    shouldBlockFn: ({ current, next }) => dirty && current.pathname !== next.pathname,
    enableBeforeUnload: () => dirty,
    withResolver: true,
  });
  const confirmClose = (close: () => void) => {
    // Opened once the event is over: the Esc that asked would otherwise reach the new dialog too and close it.
    if (dirty) window.setTimeout(() => setClosing(() => close));
    else close();
  };
  const stay = () => {
    setClosing(null);
    blocker.reset?.();
  };
  const discard = () => {
    const close = closing;
    setClosing(null);
    close?.();
    blocker.proceed?.();
  };
  const dialog = (
    <Modal
      opened={closing !== null || blocker.status === 'blocked'}
      onClose={stay}
      title={t.title}
      centered
      // A question with its two answers below: no third way out.
      withCloseButton={false}
      // Above the drawer the question is about.
      zIndex={400}
    >
      <Text size="sm" mb="md">
        {t.message}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={stay} data-autofocus>
          {t.keepEditing}
        </Button>
        <Button color="red" onClick={discard}>
          {t.discard}
        </Button>
      </Group>
    </Modal>
  );
  return { confirmClose, dialog };
}

/**
 * For a form inside a drawer or modal its screen holds: tells the screen whether it has unsaved changes, and that it
 * has none once it closes (after saving, for instance).
 */
export function useReportDirty(dirty: boolean, onDirty: (dirty: boolean) => void): void {
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  useEffect(() => () => onDirty(false), [onDirty]);
}

import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { ClosedMonthAlert } from '../closing/ClosedMonthAlert';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatCalendarDate } from '@financeiro/core';
import { apiClient, trpc } from '../../api/trpc';
import { appMessages } from '../../i18n/app';
import { reconciliationMessages } from '../../i18n/reconciliation';
import { notifyApiError } from '../../ui/api-error';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { notifySuccess } from '../../ui/notify';
import { useIdempotencyKey } from '../../ui/use-idempotency-key';
import { ledgerSources } from '../ledger/sources';
import { ReferenceSelect } from '../registries/fields';
import { lineOpen, type Line } from './lines';
import { useKeyFor } from './use-key-for';

const t = reconciliationMessages;

/** A manual entry (a fee, a PIX received) made from what is left of a bank line, and reconciled with it. */
export function EntryFromLineModal(props: { line: Line; onClose: () => void; onDone: () => Promise<void> }) {
  const idempotencyKey = useIdempotencyKey();
  const [classificationId, setClassificationId] = useState<string | null>(null);
  const [costCentreId, setCostCentreId] = useState<string | null>(null);
  const [description, setDescription] = useState(props.line.memo.slice(0, 200));
  const [tried, setTried] = useState(false);
  const create = useMutation(
    trpc.banking.reconciliation.createEntry.mutationOptions({
      onSuccess: async () => {
        props.onClose();
        await props.onDone();
        notifySuccess(t.entry.done);
      },
      onError: notifyApiError,
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (classificationId && description.trim())
      create.mutate({
        lineId: props.line.id,
        classificationId,
        costCentreId,
        description,
        idempotencyKey,
      });
  };
  return (
    <Modal opened onClose={props.onClose} title={t.entry.title} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{t.entry.line(formatCalendarDate(props.line.date), t.amount(lineOpen(props.line)))}</Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {props.line.memo}
          </Text>
          <ClosedMonthAlert dates={[props.line.date]} />
          <ReferenceSelect
            label={t.entry.classification}
            source={ledgerSources.classifications}
            value={classificationId}
            onChange={setClassificationId}
            required
          />
          {tried && !classificationId && (
            <Text size="xs" c="red.8" role="alert">
              {t.entry.noClassification}
            </Text>
          )}
          <ReferenceSelect
            label={t.entry.costCentre}
            source={ledgerSources.costCentres}
            value={costCentreId}
            onChange={setCostCentreId}
          />
          <TextInput
            label={t.entry.description}
            value={description}
            maxLength={200}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={tried && !description.trim() ? t.entry.noDescription : undefined}
            withAsterisk
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {appMessages.common.cancel}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t.entry.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Undoes every reconciliation a line takes part in, after a confirmation. */
export function UndoDialog(props: { line: Line; onClose: () => void; onDone: () => Promise<void> }) {
  const { keyFor } = useKeyFor();
  const groups = [...new Set(props.line.links.map((k) => k.groupId))];
  // One undo per group the line takes part in, in turn: the calls are made here.
  const undo = useMutation({
    mutationFn: async () => {
      for (const groupId of groups) {
        await apiClient.banking.reconciliation.undo.mutate({ groupId, idempotencyKey: keyFor(groupId) });
      }
    },
    onSuccess: async () => {
      props.onClose();
      await props.onDone();
      notifySuccess(t.undo.done);
    },
    onError: notifyApiError,
  });
  return (
    <ConfirmDialog
      opened
      title={t.undo.title}
      message={t.undo.message(props.line.memo)}
      confirmLabel={t.undo.confirm}
      busy={undo.isPending}
      onConfirm={() => undo.mutate()}
      onClose={props.onClose}
    />
  );
}

import { ActionIcon, Button, FileButton, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient, type QueryFilters } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES } from '@financeiro/core';
import { notifyApiError } from './api-error';
import { base64Of, downloadBase64 } from './download';
import { notifySuccess } from './notify';

/** A kept file as a list shows it. */
export interface AttachedFile {
  id: string;
  fileName: string;
  size: number;
}

/** A chosen file as it travels to the server. */
export interface FileUpload {
  fileName: string;
  contentType: (typeof ATTACHMENT_TYPES)[number];
  content: string;
}

/** The words of a screen's files. */
export interface AttachmentLabels {
  attachments: string;
  attach: string;
  attached: string;
  removed: string;
  noAttachments: string;
  loadingAttachments: string;
  attachmentsError: string;
  tooLarge: string;
  download: (fileName: string) => string;
  removeAttachment: (fileName: string) => string;
}

/**
 * A record's files (a contract's, a bill's): attach PDF or images (the size checked here and on the server), download,
 * and remove those `canRemove` allows. Each change refreshes the queries `refreshes` selects, where the list comes
 * from. The calls go through the one client, since a file is read before it is sent.
 */
export function Attachments<F extends AttachedFile>(props: {
  labels: AttachmentLabels;
  /** The listed files, or where they are while they load. */
  files: { data?: F[] | undefined; isPending?: boolean; isError?: boolean };
  refreshes: QueryFilters;
  canAttach: boolean;
  canRemove: (file: F) => boolean;
  upload: (file: FileUpload) => Promise<unknown>;
  remove: (id: string) => Promise<unknown>;
  download: (id: string) => Promise<{ fileName: string; contentType: string; content: string }>;
  /** Under the title: what may be attached. */
  help?: string | undefined;
  /** Beside the attach button: what the next file is for (a purchase order's quotation). */
  choice?: ReactNode;
  /** Beside a file's size: when it was attached. */
  detail?: (file: F) => string;
  /** Under a file's name: what the file is (a payment's proof). */
  tag?: (file: F) => ReactNode;
}) {
  const { labels, files } = props;
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries(props.refreshes);
  const upload = useMutation({
    mutationFn: async (file: File) => {
      if (file.size > ATTACHMENT_MAX_BYTES) throw new Error(labels.tooLarge);
      return props.upload({
        fileName: file.name,
        contentType: file.type as FileUpload['contentType'],
        content: await base64Of(file),
      });
    },
    onSuccess: async () => {
      await refresh();
      notifySuccess(labels.attached);
    },
    onError: notifyApiError,
  });
  const remove = useMutation({
    mutationFn: props.remove,
    onSuccess: async () => {
      await refresh();
      notifySuccess(labels.removed);
    },
    onError: notifyApiError,
  });
  const download = async (id: string) => {
    try {
      downloadBase64(await props.download(id));
    } catch (error) {
      notifyApiError(error);
    }
  };
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={5}>{labels.attachments}</Title>
        {props.canAttach && (
          <Group gap="xs" wrap="nowrap">
            {props.choice}
            <FileButton onChange={(file) => file && upload.mutate(file)} accept={ATTACHMENT_TYPES.join(',')}>
              {(button) => (
                <Button
                  {...button}
                  size="xs"
                  variant="light"
                  leftSection={<IconPaperclip size={14} />}
                  loading={upload.isPending}
                >
                  {labels.attach}
                </Button>
              )}
            </FileButton>
          </Group>
        )}
      </Group>
      {props.help && (
        <Text size="xs" c="dimmed">
          {props.help}
        </Text>
      )}
      {files.isPending && <Loader size="xs" aria-label={labels.loadingAttachments} />}
      {files.isError && (
        <Text size="sm" c="red">
          {labels.attachmentsError}
        </Text>
      )}
      {files.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          {labels.noAttachments}
        </Text>
      )}
      {files.data?.map((f) => (
        <Group key={f.id} justify="space-between" wrap="nowrap">
          <Stack gap={2} miw={0}>
            <Text size="sm" truncate>
              {f.fileName}{' '}
              <Text span size="xs" c="dimmed">
                ({Math.ceil(f.size / 1024).toLocaleString('pt-BR')} KB{props.detail ? ` · ${props.detail(f)}` : ''})
              </Text>
            </Text>
            {props.tag?.(f)}
          </Stack>
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" aria-label={labels.download(f.fileName)} onClick={() => void download(f.id)}>
              <IconDownload size={16} />
            </ActionIcon>
            {props.canRemove(f) && (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={labels.removeAttachment(f.fileName)}
                loading={remove.isPending && remove.variables === f.id}
                onClick={() => remove.mutate(f.id)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        </Group>
      ))}
    </Stack>
  );
}

import { ActionIcon, Button, Divider, Drawer, Fieldset, Group, Menu, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconDots, IconPencil, IconPlus, IconPower, IconTrash, IconUpload } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import type { PermissionName } from '@financeiro/core';
import type { MutationOptionsOf, QueryOptionsOf } from '../../api/trpc';
import { appMessages } from '../../i18n/app';
import { registryMessages } from '../../i18n/registries';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { downloadRows, type ExportFormat } from '../../ui/download';
import { ExportMenu } from '../../ui/ExportMenu';
import { DataTable, type Column } from '../../ui/DataTable';
import { notifyApiError } from '../../ui/api-error';
import { fieldRefusal, revealField } from '../../ui/field-error';
import { notifySuccess } from '../../ui/notify';
import { SearchInput } from '../../ui/SearchInput';
import { StatusBadge } from '../../ui/StatusBadge';
import { StatusFilter } from '../../ui/StatusFilter';
import { useUrlState } from '../../ui/use-url-state';
import { useIdempotencyKey } from '../../ui/use-idempotency-key';
import { useReportDirty, useUnsavedChanges } from '../../ui/use-unsaved-changes';
import { useCan } from '../tenants/use-can';
import { FormFields, wireValues, type RegistryField } from './fields';
import { RegistryImport, type ImportClient } from './RegistryImport';
import { refreshAfterChange } from './sources';
import { dangerColor } from '../../theme';

const common = appMessages.common;
const t = registryMessages;
const PAGE_SIZE = 20;

/** What every registry row has. */
export interface RegistryRow {
  id: string;
  status: 'active' | 'inactive';
  version: number;
}

interface ListQuery {
  search: string;
  status: 'active' | 'inactive' | 'all';
  sort?: string;
  direction: 'asc' | 'desc';
}

/** The registry's procedures as the options proxy gives them (`trpc.registries.<name>`): the same for every registry. */
export interface RegistryProcedures<Row extends RegistryRow, Input> {
  list: {
    queryOptions(
      input: ListQuery & { page: number; pageSize: number },
    ): QueryOptionsOf<{ rows: Row[]; total: number; more: boolean }>;
  };
  create: { mutationOptions(): MutationOptionsOf<Input & { idempotencyKey?: string | undefined }> };
  update: { mutationOptions(): MutationOptionsOf<Input & { id: string; version: number }> };
  setStatus: { mutationOptions(): MutationOptionsOf<{ id: string; status: 'active' | 'inactive' }> };
  delete: { mutationOptions(): MutationOptionsOf<{ id: string }> };
}

/**
 * What the screen reads once rather than from the cache, through the one client (`apiClient.registries.<name>`): the
 * record a refusal points at, opened to edit; the export; the import.
 */
export interface RegistryClient<Row extends RegistryRow> extends ImportClient {
  get: { query(input: { id: string }): Promise<Row> };
  export: { query(input: ListQuery): Promise<{ rows: Row[]; truncated: boolean }> };
}

export interface RegistryPageProps<Row extends RegistryRow, Values extends Record<string, unknown>> {
  /** Names the exported file, e.g. "bancos". */
  name: string;
  procedures: RegistryProcedures<Row, Values>;
  client: RegistryClient<Row>;
  permissions: { edit: PermissionName; level: 'organization' | 'unit' };
  labels: { one: string; new: string; edit: string; search: string; empty: string; created: string };
  columns: Column<Row>[];
  /** The sort the list opens with (one of the sortable columns). */
  defaultSort: string;
  schema: z.ZodType;
  fields: RegistryField[];
  /**
   * Offers the CSV import (columns named by the fields' labels): for flat records. Trees (a parent must be saved
   * before its children get codes) and records with lines are created one by one.
   */
  importable?: boolean;
  /** What the form shows below its fields as they are filled in (a contract's installments). */
  preview?: (values: Values) => ReactNode;
  /** What the drawer shows below the form of a saved record (a contract's files). */
  details?: (row: Row) => ReactNode;
  /** A wide drawer, for forms with many fields or lines. */
  wide?: boolean;
  /** The form's values for a new record, and for editing a row. */
  toValues: (row: Row | null) => Values;
  /** The export's columns (the status is added): header and value for each row. */
  csv: (row: Row) => Record<string, string | number | null>;
  /** How a row is named in confirmations. */
  title: (row: Row) => string;
}

function RegistryForm<Row extends RegistryRow, Values extends Record<string, unknown>>(
  props: RegistryPageProps<Row, Values> & {
    row: Row | null;
    readOnly: boolean;
    /** Cancel: asks first when something was typed. */
    onCancel: () => void;
    /** Saved: closes at once. */
    onClose: () => void;
    onDirty: (dirty: boolean) => void;
    /** Opens the record that already holds a value this one may not repeat. */
    onOpenExisting: (id: string) => void;
  },
) {
  const rules = schemaResolver(props.schema, { sync: true });
  const [refused, setRefused] = useState<{ field: string; value: unknown; error: ReactNode } | null>(null);
  const form = useForm<Values>({
    initialValues: props.toValues(props.row),
    // The server's refusal stays on its field while the field holds the refused value (a blur checks again).
    validate: (values) => {
      const errors = rules(wireValues(props.fields, values));
      return refused && values[refused.field] === refused.value
        ? { ...errors, [refused.field]: refused.error }
        : errors;
    },
  });
  const idempotencyKey = useIdempotencyKey();
  useReportDirty(!props.readOnly && form.isDirty(), props.onDirty);
  const saved = {
    onSuccess: async () => {
      await refreshAfterChange();
      notifySuccess(props.row ? common.saved : props.labels.created);
      props.onClose();
    },
    onError: (error: unknown) => {
      const refusal = fieldRefusal(error, props.onOpenExisting);
      if (!refusal) return notifyApiError(error);
      setRefused({ ...refusal, value: form.getValues()[refusal.field] });
      form.setFieldError(refusal.field, refusal.error);
      revealField(form, refusal.field);
    },
  };
  const create = useMutation({ ...props.procedures.create.mutationOptions(), ...saved });
  const update = useMutation({ ...props.procedures.update.mutationOptions(), ...saved });
  return (
    <form
      onSubmit={form.onSubmit((values) =>
        props.row
          ? update.mutate({ ...wireValues(props.fields, values), id: props.row.id, version: props.row.version })
          : create.mutate({ ...wireValues(props.fields, values), idempotencyKey }),
      )}
    >
      <Stack>
        {/* Whoever may only read the registry sees the whole record, greyed out. */}
        <Fieldset variant="unstyled" disabled={props.readOnly}>
          <FormFields form={form} fields={props.fields} schema={props.schema} />
        </Fieldset>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={props.onCancel}>
            {props.readOnly ? common.close : common.cancel}
          </Button>
          {!props.readOnly && (
            <Button type="submit" loading={create.isPending || update.isPending}>
              {props.row ? common.save : common.create}
            </Button>
          )}
        </Group>
        {props.preview?.(form.getValues())}
      </Stack>
    </form>
  );
}

/** Activating, deactivating and deleting rows: the last two wait on a confirmation of the pending row. */
function useStatusActions<Row extends RegistryRow>(
  procedures: Pick<RegistryProcedures<Row, unknown>, 'setStatus' | 'delete'>,
) {
  const [pending, setPending] = useState<{ kind: 'delete' | 'deactivate'; row: Row } | null>(null);
  const after = (message: string) => async () => {
    await refreshAfterChange();
    notifySuccess(message);
    setPending(null);
  };
  const onError = (error: unknown) => {
    setPending(null);
    notifyApiError(error);
  };
  const setStatus = useMutation({ ...procedures.setStatus.mutationOptions(), onError });
  const remove = useMutation({ ...procedures.delete.mutationOptions(), onSuccess: after(t.deleted), onError });
  return {
    pending,
    ask: setPending,
    cancel: () => setPending(null),
    activate: (row: Row) => setStatus.mutate({ id: row.id, status: 'active' }, { onSuccess: after(t.activated) }),
    confirm: () => {
      if (!pending) return;
      if (pending.kind === 'delete') remove.mutate({ id: pending.row.id });
      else setStatus.mutate({ id: pending.row.id, status: 'inactive' }, { onSuccess: after(t.deactivated) });
    },
    busy: setStatus.isPending || remove.isPending,
  };
}

type StatusActions<Row extends RegistryRow> = ReturnType<typeof useStatusActions<Row>>;

/** The export of the rows the list's search and filter find, in the format chosen, and whether it is under way. */
function useRegistryExport<Row extends RegistryRow>(
  props: Pick<RegistryPageProps<Row, Record<string, unknown>>, 'client' | 'name' | 'csv'>,
  query: ListQuery,
) {
  const [exporting, setExporting] = useState(false);
  const exportRows = async (format: ExportFormat) => {
    setExporting(true);
    try {
      const data = await props.client.export.query(query);
      await downloadRows(
        format,
        props.name,
        data.rows.map((row) => ({ ...props.csv(row), [t.status]: common.status[row.status] })),
      );
      if (data.truncated) notifySuccess(t.exportTruncated(data.rows.length));
    } catch (error) {
      notifyApiError(error);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportRows };
}

/** A row's menu: edit, activate or deactivate, delete. */
function RowActionsMenu<Row extends RegistryRow>(props: {
  row: Row;
  title: string;
  actions: StatusActions<Row>;
  onEdit: (row: Row) => void;
}) {
  const { row, actions } = props;
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`${common.actions}: ${props.title}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => props.onEdit(row)}>
          {common.edit}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconPower size={16} />}
          onClick={() => (row.status === 'active' ? actions.ask({ kind: 'deactivate', row }) : actions.activate(row))}
        >
          {row.status === 'active' ? common.deactivate : common.activate}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconTrash size={16} />}
          color={dangerColor}
          onClick={() => actions.ask({ kind: 'delete', row })}
        >
          {t.delete}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The confirmation of the pending deletion or deactivation. */
function StatusConfirmDialog<Row extends RegistryRow>(props: {
  one: string;
  title: (row: Row) => string;
  actions: StatusActions<Row>;
}) {
  const { pending } = props.actions;
  return (
    <ConfirmDialog
      opened={pending !== null}
      title={pending?.kind === 'delete' ? t.deleteTitle(props.one) : t.deactivateTitle(props.one)}
      message={
        pending ? (pending.kind === 'delete' ? t.deleteMessage : t.deactivateMessage)(props.title(pending.row)) : ''
      }
      confirmLabel={pending?.kind === 'delete' ? t.delete : common.deactivate}
      busy={props.actions.busy}
      onConfirm={props.actions.confirm}
      onClose={props.actions.cancel}
    />
  );
}

/** The search and status filter, and the buttons to export, import and create. */
function RegistryToolbar(props: {
  filters: { search: string; status: string };
  searchLabel: string;
  newLabel: string;
  canEdit: boolean;
  importable: boolean;
  exporting: boolean;
  canExport: boolean;
  onFilters: (change: { search?: string; status?: string }) => void;
  onExport: (format: ExportFormat) => void;
  onImport: () => void;
  onNew: () => void;
}) {
  return (
    <Group justify="space-between" align="flex-end">
      <Group align="flex-end">
        <SearchInput
          value={props.filters.search}
          onSearch={(search) => props.onFilters({ search })}
          label={props.searchLabel}
        />
        <StatusFilter value={props.filters.status} onChange={(status) => props.onFilters({ status })} />
      </Group>
      <Group>
        <ExportMenu loading={props.exporting} disabled={!props.canExport} onExport={props.onExport} />
        {props.canEdit && props.importable && (
          <Button variant="default" leftSection={<IconUpload size={16} />} onClick={props.onImport}>
            {t.import.open}
          </Button>
        )}
        {props.canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={props.onNew}>
            {props.newLabel}
          </Button>
        )}
      </Group>
    </Group>
  );
}

/**
 * The one registry screen: server-side pages, search, sorting and status filter kept in the URL; create and edit in a
 * drawer validated by the same schema as the server; activate, deactivate and delete with confirmation; CSV export.
 */
export function RegistryPage<Row extends RegistryRow, Values extends Record<string, unknown>>(
  props: RegistryPageProps<Row, Values>,
) {
  const canEdit = useCan(props.permissions.edit, props.permissions.level);
  const [filters, setFilters] = useUrlState({
    search: '',
    status: 'all',
    sort: props.defaultSort,
    direction: 'asc',
    page: 1,
  });
  const query: ListQuery = {
    search: filters.search,
    status: filters.status as ListQuery['status'],
    sort: filters.sort,
    direction: filters.direction === 'desc' ? 'desc' : 'asc',
  };
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  // The drawer keeps its title while it slides away.
  const [creating, setCreating] = useState(true);
  const open = (target: Row | 'new') => {
    setCreating(target === 'new');
    setEditing(target);
  };
  const [dirty, setDirty] = useState(false);
  const unsaved = useUnsavedChanges(dirty);
  const close = () => setEditing(null);
  const [importing, setImporting] = useState(false);
  const list = useQuery({
    ...props.procedures.list.queryOptions({ ...query, page: filters.page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const actions = useStatusActions<Row>(props.procedures);
  const { exporting, exportRows } = useRegistryExport(props, query);
  const columns: Column<Row>[] = [
    ...props.columns,
    { key: 'status', header: t.status, card: 'status', render: (row) => <StatusBadge status={row.status} /> },
    {
      key: 'actions',
      header: '',
      align: 'right',
      width: 60,
      card: 'actions',
      render: (row) => canEdit && <RowActionsMenu row={row} title={props.title(row)} actions={actions} onEdit={open} />,
    },
  ];
  return (
    <Stack>
      <RegistryToolbar
        filters={filters}
        searchLabel={props.labels.search}
        newLabel={props.labels.new}
        canEdit={canEdit}
        importable={props.importable === true}
        exporting={exporting}
        canExport={Boolean(list.data?.total)}
        onFilters={setFilters}
        onExport={(format) => void exportRows(format)}
        onImport={() => setImporting(true)}
        onNew={() => open('new')}
      />
      <DataTable
        query={list}
        rows={list.data?.rows}
        rowKey={(row) => row.id}
        empty={filters.search || filters.status !== 'all' ? t.noMatch : props.labels.empty}
        columns={columns}
        onOpen={open}
        sort={{
          key: filters.sort,
          direction: query.direction,
          onSort: (key) =>
            setFilters({ sort: key, direction: filters.sort === key && query.direction === 'asc' ? 'desc' : 'asc' }),
        }}
        pagination={{
          page: filters.page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          more: list.data?.more ?? false,
          onPage: (page) => setFilters({ page }),
        }}
      />
      <Drawer
        opened={editing !== null}
        onClose={() => unsaved.confirmClose(close)}
        position="right"
        size={props.wide ? 'xl' : 'md'}
        title={
          creating
            ? props.labels.new
            : canEdit
              ? props.labels.edit
              : props.labels.one.charAt(0).toUpperCase() + props.labels.one.slice(1)
        }
      >
        {editing !== null && (
          <RegistryForm
            {...props}
            row={editing === 'new' ? null : editing}
            readOnly={!canEdit}
            onCancel={() => unsaved.confirmClose(close)}
            onClose={close}
            onDirty={setDirty}
            onOpenExisting={(id) =>
              unsaved.confirmClose(() => {
                close();
                props.client.get.query({ id }).then(open, notifyApiError);
              })
            }
          />
        )}
        {editing !== null && editing !== 'new' && props.details && (
          <>
            <Divider my="lg" />
            {props.details(editing)}
          </>
        )}
      </Drawer>
      {unsaved.dialog}
      {props.importable && (
        <RegistryImport
          name={props.name}
          opened={importing}
          onClose={() => setImporting(false)}
          client={props.client}
          schema={props.schema}
          fields={props.fields}
          base={props.toValues(null)}
        />
      )}
      <StatusConfirmDialog one={props.labels.one} title={props.title} actions={actions} />
    </Stack>
  );
}

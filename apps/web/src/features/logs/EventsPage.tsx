import { Anchor, Button, Group, Select, Spoiler, Stack, Switch, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { IconArrowRight } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '@financeiro/core';
import { apiClient, trpc } from '../../api/trpc';
import { appMessages } from '../../i18n/app';
import { logsMessages as t } from '../../i18n/logs';
import { fullPath, screenByName } from '../../routes/table';
import { useSessionStore } from '../../stores/session';
import { notifyApiError } from '../../ui/api-error';
import { downloadRows, type ExportFormat } from '../../ui/download';
import { ExportMenu } from '../../ui/ExportMenu';
import { DataTable } from '../../ui/DataTable';
import { notifySuccess } from '../../ui/notify';
import { useUrlState } from '../../ui/use-url-state';
import { actionLabel, changesText, entityLabel, eventChanges, grantKeyNamer, type EventContext } from './event-text';
import { dayEnd, dayStart } from './period';
import { PeriodInput } from './PeriodInput';

const PAGE_SIZE = 25;
const NO_UNITS = { units: [] };

/** The screen each kind of record is kept on, for a link from its events. */
const SCREENS: Record<string, string> = {
  bank: 'gestao-contas-bancos',
  account_type: 'parametrizacao-tipos-conta',
  financial_account: 'gestao-contas-contas',
  supplier: 'relacionamento-fornecedores',
  customer: 'relacionamento-clientes',
  partner: 'relacionamento-parceiros',
  classification: 'agrupamentos-classificacoes-financeiras',
  cost_centre: 'agrupamentos-centros-custo',
  tax_type: 'parametrizacao-tipos-imposto',
  payment_method: 'parametrizacao-metodos-pagamento',
  apportionment_template: 'parametrizacao-configuracoes-rateio-padrao',
  split_config: 'parametrizacao-configuracoes-split',
  product: 'parametrizacao-produtos',
  contract: 'contas-contratos',
  payable: 'contas-pagar',
  receivable: 'contas-receber',
  purchasing_centre: 'contas-centros-compras',
  unit: 'tenants-units',
  department: 'tenants-departments',
  profile: 'tenants-profiles',
  membership: 'tenants-users',
};

interface NamedEvent {
  entity: string;
  entityId: string | null;
  entityName: string | null;
}

/** The changed record by name, linked to its screen (searching for it) while it still exists there. */
function RecordName({ event, names }: { event: NamedEvent; names: Record<string, string> }) {
  const screen = screenByName(SCREENS[event.entity] ?? '');
  const exists = event.entityId !== null && names[event.entityId] !== undefined;
  const navigate = useNavigate();
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {entityLabel(event.entity)}
      </Text>
      {event.entityName &&
        (screen && exists ? (
          <Anchor
            href={`${fullPath(screen)}?search=${encodeURIComponent(event.entityName)}`}
            onClick={(click) => {
              click.preventDefault();
              void navigate({ to: fullPath(screen), search: { search: event.entityName } });
            }}
            size="sm"
            fw={600}
          >
            {event.entityName}
          </Anchor>
        ) : (
          <Text size="sm" fw={600}>
            {event.entityName}
          </Text>
        ))}
    </Stack>
  );
}

function Changes({
  before,
  after,
  context,
  placeName,
}: {
  before: unknown;
  after: unknown;
  context: EventContext;
  placeName: (k: string) => string;
}) {
  const changes = eventChanges(before, after, context, placeName);
  if (changes.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Spoiler
      maxHeight={66}
      showLabel={t.showAll}
      hideLabel={t.showLess}
      styles={{ control: { fontSize: 'var(--mantine-font-size-xs)' } }}
    >
      <Stack gap={2}>
        {changes.map((c) => (
          <Group key={c.field} gap={6} wrap="nowrap" align="baseline">
            <Text size="xs" fw={700} style={{ whiteSpace: 'nowrap' }}>
              {c.field}:
            </Text>
            {c.before !== null && (
              <Text size="xs" c="red" td={c.after !== null ? 'line-through' : undefined}>
                {c.before}
              </Text>
            )}
            {c.before !== null && c.after !== null && <IconArrowRight size={12} style={{ flexShrink: 0 }} />}
            {c.after !== null && (
              <Text size="xs" c="green">
                {c.after}
              </Text>
            )}
          </Group>
        ))}
      </Stack>
    </Spoiler>
  );
}

/** The events' filters as the page opens: every change but the routine ones. Clearing comes back here. */
const CLEARED = { from: '', to: '', actor: '', action: '', entity: '', routine: false as boolean };
type EventFilterValues = typeof CLEARED;

/** The events' filters: the period, the person, the action, the kind of record, the routine ones, and clearing them. */
function EventFilters(props: { filters: EventFilterValues; setFilters: (change: Partial<EventFilterValues>) => void }) {
  const { filters, setFilters } = props;
  const facets = useQuery(trpc.logs.events.facets.queryOptions());
  const filtered = Boolean(filters.from || filters.actor || filters.action || filters.entity || filters.routine);
  return (
    <Group align="flex-end">
      <PeriodInput from={filters.from} to={filters.to} clearable onChange={(p) => setFilters(p)} />
      <Select
        aria-label={t.person}
        placeholder={t.allPeople}
        clearable
        searchable
        data={(facets.data?.actors ?? []).map((a) => ({ value: a.id, label: a.name ?? a.username }))}
        value={filters.actor || null}
        onChange={(actor) => setFilters({ actor: actor ?? '' })}
        w={{ base: '100%', xs: 200 }}
      />
      <Select
        aria-label={t.action}
        placeholder={t.allActions}
        clearable
        searchable
        data={(facets.data?.actions ?? []).map((a) => ({ value: a, label: actionLabel(a) }))}
        value={filters.action || null}
        onChange={(action) => setFilters({ action: action ?? '' })}
        w={{ base: '100%', xs: 200 }}
      />
      <Select
        aria-label={t.entity}
        placeholder={t.allEntities}
        clearable
        data={(facets.data?.entities ?? []).map((e) => ({ value: e, label: entityLabel(e) }))}
        value={filters.entity || null}
        onChange={(entity) => setFilters({ entity: entity ?? '' })}
        w={{ base: '100%', xs: 170 }}
      />
      <Switch
        label={t.routine}
        description={t.routineHelp}
        checked={filters.routine}
        onChange={(e) => setFilters({ routine: e.currentTarget.checked })}
        maw={260}
      />
      {filtered && (
        <Button variant="subtle" onClick={() => setFilters(CLEARED)}>
          {appMessages.common.clearFilters}
        </Button>
      )}
    </Group>
  );
}

/** Every change in the organization: who, when, what and the difference it made. */
export function EventsPage() {
  const organization = useSessionStore((s) => s.selectedTenant?.organization) ?? NO_UNITS;
  const placeName = grantKeyNamer(organization);
  const [filters, setFilters] = useUrlState({ ...CLEARED, page: 1 });
  const filter = {
    ...(filters.from ? { from: dayStart(filters.from) } : {}),
    ...(filters.to ? { to: dayEnd(filters.to) } : {}),
    ...(filters.actor ? { actorUserId: filters.actor } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.entity ? { entity: filters.entity } : {}),
    ...(filters.routine ? { routine: true } : {}),
  };
  const list = useQuery({
    ...trpc.logs.events.list.queryOptions({ ...filter, page: filters.page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const [exporting, setExporting] = useState(false);
  const exportRows = async (format: ExportFormat) => {
    setExporting(true);
    try {
      const data = await apiClient.logs.events.export.query(filter);
      await downloadRows(
        format,
        'eventos',
        data.rows.map((e) => ({
          [t.when]: formatDateTime(new Date(e.createdAt)),
          [t.who]: e.actorName ?? e.actorUsername ?? t.system,
          [t.action]: actionLabel(e.action),
          [t.entity]: entityLabel(e.entity),
          [t.record]: e.entityName,
          ID: e.entityId,
          [t.changes]: changesText(e.before, e.after, { entity: e.entity, names: data.names }, placeName),
          [t.address]: e.ip,
        })),
      );
      if (data.truncated) notifySuccess(t.exportTruncated(data.rows.length));
    } catch (error) {
      notifyApiError(error);
    } finally {
      setExporting(false);
    }
  };
  const names = list.data?.names ?? {};
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <EventFilters filters={filters} setFilters={setFilters} />
        <ExportMenu loading={exporting} disabled={!list.data?.total} onExport={(format) => void exportRows(format)} />
      </Group>
      <DataTable
        minWidth={900}
        query={list}
        rows={list.data?.rows}
        rowKey={(e) => e.id}
        empty={t.empty}
        pagination={{
          page: filters.page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onPage: (page) => setFilters({ page }),
        }}
        columns={[
          {
            key: 'when',
            card: 'figure',
            header: t.when,
            width: 150,
            render: (e) => (
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(new Date(e.createdAt))}
              </Text>
            ),
          },
          {
            key: 'who',
            card: 'figure',
            header: t.who,
            render: (e) => (
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {e.actorName ?? e.actorUsername ?? t.system}
                </Text>
                {e.ip && (
                  <Text size="xs" c="dimmed" ff="monospace">
                    {e.ip}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            key: 'action',
            card: 'title',
            header: t.action,
            render: (e) => <Text size="sm">{actionLabel(e.action)}</Text>,
          },
          {
            key: 'entity',
            card: 'figure',
            header: t.entity,
            render: (e) => <RecordName event={e} names={names} />,
          },
          {
            key: 'changes',
            card: 'detail',
            header: t.changes,
            width: '40%',
            render: (e) => (
              <Changes before={e.before} after={e.after} context={{ entity: e.entity, names }} placeName={placeName} />
            ),
          },
        ]}
      />
    </Stack>
  );
}

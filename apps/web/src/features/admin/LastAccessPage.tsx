import { Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@financeiro/core';
import { trpc } from '../../api/trpc';
import { adminMessages } from '../../i18n/admin';
import { downloadRows, type ExportFormat } from '../../ui/download';
import { ExportMenu } from '../../ui/ExportMenu';
import { DataTable } from '../../ui/DataTable';
import { deviceLabel } from '../../ui/device-name';
import { SearchInput } from '../../ui/SearchInput';
import { useUrlState } from '../../ui/use-url-state';

const t = adminMessages.lastAccess;
const PAGE_SIZE = 20;
const DAY = 86_400_000;

/** The filter "sem acesso há" as the server's input: inactive since N days ago, or never signed in. */
function inactivity(value: string): { inactiveSince?: string; never?: boolean } {
  if (value === 'never') return { never: true };
  const days = Number(value);
  return days > 0 ? { inactiveSince: new Date(Date.now() - days * DAY).toISOString() } : {};
}

const when = (iso: string | null) => (iso ? formatDateTime(new Date(iso)) : '');

/** Each member's last access to the organization (when, where, device, address) and recent activity. */
export function LastAccessPage() {
  const [filters, setFilters] = useUrlState({ search: '', inactive: '', page: 1 });
  const list = useQuery(
    trpc.tenants.lastAccess.list.queryOptions({ search: filters.search, ...inactivity(filters.inactive) }),
  );
  const rows = list.data?.rows ?? [];
  const page = rows.slice((filters.page - 1) * PAGE_SIZE, filters.page * PAGE_SIZE);
  const exportRows = (format: ExportFormat) =>
    downloadRows(
      format,
      'ultimos-acessos',
      rows.map((r) => ({
        [t.person]: r.name ?? r.username,
        [t.username]: r.username,
        [t.email]: r.email,
        [t.profile]: r.profileName,
        [t.when]: when(r.accessedAt) || t.never,
        [t.where]: [r.unitName, r.departmentName].filter(Boolean).join(' / '),
        [t.device]: deviceLabel(r.userAgent ?? undefined) ?? r.userAgent ?? '',
        [t.address]: r.ip,
        [t.activity(list.data?.activityDays ?? 30)]: r.events,
        [t.lastAction]: when(r.lastEventAt),
      })),
    );
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end">
          <SearchInput
            value={filters.search}
            onSearch={(search) => setFilters({ search })}
            label={adminMessages.members.search}
          />
          <Select
            aria-label={t.inactiveFilter}
            placeholder={t.inactiveFilter}
            clearable
            value={filters.inactive || null}
            onChange={(inactive) => setFilters({ inactive: inactive ?? '' })}
            data={[
              { value: '7', label: t.inactiveFor(7) },
              { value: '30', label: t.inactiveFor(30) },
              { value: '90', label: t.inactiveFor(90) },
              { value: 'never', label: t.never },
            ]}
            w={{ base: '100%', xs: 220 }}
          />
        </Group>
        <ExportMenu disabled={rows.length === 0} onExport={(format) => void exportRows(format)} />
      </Group>
      <DataTable
        minWidth={900}
        query={list}
        rows={page}
        rowKey={(r) => r.userId}
        empty={filters.search || filters.inactive ? adminMessages.noMatch : t.empty}
        pagination={{
          page: filters.page,
          pageSize: PAGE_SIZE,
          total: rows.length,
          onPage: (p) => setFilters({ page: p }),
        }}
        columns={[
          {
            key: 'person',
            card: 'title',
            header: t.person,
            render: (r) => (
              <Stack gap={0}>
                <Text fw={600} size="sm">
                  {r.name ?? r.username}
                </Text>
                <Text size="xs" c="dimmed">
                  {r.profileName}
                  {r.membershipStatus === 'inactive' ? ` · ${adminMessages.members.suspended}` : ''}
                </Text>
              </Stack>
            ),
          },
          {
            key: 'when',
            card: 'figure',
            header: t.when,
            render: (r) => (
              <Text size="sm" c={r.accessedAt ? undefined : 'dimmed'}>
                {when(r.accessedAt) || t.never}
              </Text>
            ),
          },
          {
            key: 'where',
            card: 'figure',
            header: t.where,
            render: (r) => [r.unitName, r.departmentName].filter(Boolean).join(' / ') || '—',
          },
          {
            key: 'device',
            card: 'figure',
            header: t.device,
            render: (r) => (
              <Text size="sm" title={r.userAgent ?? undefined}>
                {deviceLabel(r.userAgent ?? undefined) ?? '—'}
              </Text>
            ),
          },
          {
            key: 'ip',
            header: t.address,
            render: (r) => (
              <Text size="sm" ff="monospace">
                {r.ip ?? '—'}
              </Text>
            ),
          },
          {
            key: 'activity',
            card: 'figure',
            header: t.activity(list.data?.activityDays ?? 30),
            align: 'right',
            render: (r) => (
              <Stack gap={0} align="flex-end">
                <Text size="sm" fw={600}>
                  {t.actions(r.events)}
                </Text>
                {r.lastEventAt && (
                  <Text size="xs" c="dimmed">
                    {t.lastActionAt(when(r.lastEventAt))}
                  </Text>
                )}
              </Stack>
            ),
          },
        ]}
      />
    </Stack>
  );
}

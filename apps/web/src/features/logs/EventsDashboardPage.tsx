import { BarChart, DonutChart } from '@mantine/charts';
import { Alert, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { logsApi } from '../../api/trpc';
import { logsMessages } from '../../i18n/logs';
import { apiErrorMessage } from '../../ui/api-error';
import { useUrlState } from '../../ui/use-url-state';
import { actionLabel } from './event-text';
import { dayEnd, dayStart, everyDay, saoPauloDay } from './period';
import { PeriodInput } from './PeriodInput';

const t = logsMessages.dashboard;
const COLORS = [
  'indigo.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'cyan.6',
  'yellow.6',
  'red.6',
  'lime.6',
  'pink.6',
  'gray.6',
];

const dayLabel = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card p="md">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fz={value.length > 12 ? 17 : 22} fw={700} lineClamp={2}>
        {value}
      </Text>
    </Card>
  );
}

function ChartCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card p="md">
      <Title order={2} fz="md" mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** Events per day, per person and per action over a chosen period (the last 30 days by default). */
export function EventsDashboardPage() {
  const [period, setPeriod] = useUrlState({ from: saoPauloDay(-29), to: saoPauloDay() });
  const data = useQuery(logsApi.events.dashboard.queryOptions({ from: dayStart(period.from), to: dayEnd(period.to) }));
  const total = data.data?.perDay.reduce((sum, d) => sum + d.events, 0) ?? 0;
  return (
    <Stack>
      <Group>
        <PeriodInput from={period.from} to={period.to} onChange={setPeriod} />
      </Group>
      {data.isError && (
        <Alert color="red" icon={<IconAlertTriangle />} title={t.error}>
          {apiErrorMessage(data.error)}
        </Alert>
      )}
      {data.isPending && <Skeleton h={320} radius="lg" />}
      {data.data && total === 0 && <Alert color="gray">{t.none}</Alert>}
      {data.data && total > 0 && (
        <>
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <Stat label={t.total} value={total.toLocaleString('pt-BR')} />
            <Stat label={t.people} value={String(data.data.perUser.length)} />
            <Stat label={t.topAction} value={actionLabel(data.data.perAction[0]?.action ?? '')} />
          </SimpleGrid>
          <ChartCard title={t.perDay}>
            <BarChart
              h={260}
              data={everyDay(period.from, period.to, data.data.perDay).map((d) => ({
                day: dayLabel(d.day),
                [t.events]: d.events,
              }))}
              dataKey="day"
              series={[{ name: t.events, color: 'indigo.6' }]}
              tickLine="y"
              maxBarWidth={48}
              yAxisProps={{ allowDecimals: false }}
            />
          </ChartCard>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <ChartCard title={t.perUser}>
              <BarChart
                h={Math.max(160, data.data.perUser.length * 36)}
                orientation="vertical"
                data={data.data.perUser.map((u) => ({
                  person: u.name ?? u.username ?? logsMessages.system,
                  [t.events]: u.events,
                }))}
                dataKey="person"
                yAxisProps={{ width: 130 }}
                xAxisProps={{ allowDecimals: false }}
                maxBarWidth={28}
                series={[{ name: t.events, color: 'teal.6' }]}
              />
            </ChartCard>
            <ChartCard title={t.perAction}>
              <Group justify="center">
                <DonutChart
                  size={200}
                  thickness={28}
                  withLabelsLine={false}
                  withTooltip
                  tooltipDataSource="segment"
                  data={data.data.perAction.slice(0, COLORS.length).map((a, i) => ({
                    name: actionLabel(a.action),
                    value: a.events,
                    color: COLORS[i] ?? 'gray.6',
                  }))}
                />
              </Group>
              <Stack gap={4} mt="md">
                {data.data.perAction.slice(0, COLORS.length).map((a, i) => (
                  <Group key={a.action} justify="space-between" wrap="nowrap">
                    <Group gap={6} wrap="nowrap">
                      <span
                        style={{
                          width: 10,
                          height: 10,
                          borderRadius: 5,
                          background: `var(--mantine-color-${(COLORS[i] ?? 'gray.6').replace('.', '-')})`,
                        }}
                      />
                      <Text size="sm">{actionLabel(a.action)}</Text>
                    </Group>
                    <Text size="sm" fw={600}>
                      {a.events.toLocaleString('pt-BR')}
                    </Text>
                  </Group>
                ))}
              </Stack>
            </ChartCard>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

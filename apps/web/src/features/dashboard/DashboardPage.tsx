import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowDownLeft,
  IconArrowUpRight,
  IconBuildingBank,
  IconCalendarDue,
  IconCalendarStats,
  IconChecklist,
  IconClockExclamation,
  IconInfoCircle,
  IconScale,
  type Icon,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';
import { formatBRL, formatCalendarDate, type Dashboard, type StatusCell } from '@financeiro/core';
import { trpc } from '../../api/trpc';
import { dashboardMessages } from '../../i18n/dashboard';
import { MonthlyChart, ProjectionChart } from './DashboardCharts';
import { dashboardState } from './state';

const t = dashboardMessages;

/** Where each card leads: the list behind the figure, with the filters that make its total equal the card. */
const LINKS = {
  toPayToday: { to: '/contas/pagar', search: { period: 'today' } },
  toPayThisWeek: { to: '/contas/pagar', search: { period: 'week' } },
  toReceiveToday: { to: '/contas/receber', search: { period: 'today' } },
  toReceiveThisWeek: { to: '/contas/receber', search: { period: 'week' } },
  overduePayables: { to: '/contas/pagar', search: { period: 'overdue', status: 'overdue' } },
  overdueReceivables: { to: '/contas/receber', search: { period: 'overdue', status: 'overdue' } },
  balances: { to: '/contas/extrato', search: { view: 'balances' } },
  ordersAwaitingMe: { to: '/compras/aguardando_aprovacao', search: {} },
  unreconciledLines: { to: '/contas/conciliacao_bancaria', search: {} },
} as const;
type CardKey = keyof typeof LINKS;

/**
 * A link's props inside the app: a real address (it opens in a new tab, it is read aloud as a link), followed
 * without reloading the app on a plain click.
 */
function useGo() {
  const navigate = useNavigate();
  return (to: string, search: Record<string, string> = {}) => {
    const query = new URLSearchParams(search).toString();
    return {
      href: query ? `${to}?${query}` : to,
      onClick: (event: MouseEvent) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        void navigate({ to, search });
      },
    };
  };
}

const tabular = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** One figure of today, the whole card a link to the list behind it. */
function FigureCard(props: {
  id: CardKey;
  icon: Icon;
  value: string;
  sub: string;
  /** Further figures under the sub line, one a line. */
  more?: string[];
  tone?: 'red' | 'orange';
  color: string;
}) {
  const link = LINKS[props.id];
  const go = useGo();
  const CardIcon = props.icon;
  return (
    <Card
      component="a"
      {...go(link.to, link.search)}
      p="md"
      withBorder
      data-card={props.id}
      style={{ textDecoration: 'none', color: 'inherit' }}
      bg={props.tone === 'red' ? 'red.0' : undefined}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ThemeIcon size={38} radius="md" variant="light" color={props.color} aria-hidden>
          <CardIcon size={22} stroke={1.6} />
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} c="dark.6">
            {t.cards[props.id]}
          </Text>
          <Text fz={22} fw={700} c={props.tone === 'red' ? 'red.9' : undefined} style={tabular} data-figure>
            {props.value}
          </Text>
          <Text size="xs" c="dimmed">
            {props.sub}
          </Text>
          {props.more?.map((line) => (
            <Text key={line} size="xs" style={tabular} data-more>
              {line}
            </Text>
          ))}
        </Stack>
      </Group>
    </Card>
  );
}

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card p="md" withBorder>
      <Group justify="space-between" align="baseline" mb="sm" gap="xs">
        <Title order={2} fz="md">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

function Cards({ data }: { data: Dashboard }) {
  /** This week's days, "07/12 a 13/12", before a week card's count. */
  const week = (text: string) =>
    t.week(formatCalendarDate(data.week.from).slice(0, 5), formatCalendarDate(data.week.to).slice(0, 5), text);
  const cell = (id: CardKey, value: StatusCell | null, icon: Icon, color: string, kind?: 'overdue' | 'week') =>
    value && (
      <FigureCard
        key={id}
        id={id}
        icon={icon}
        color={color}
        value={formatBRL(value.amount)}
        sub={kind === 'week' ? week(t.installments(value.count)) : t.installments(value.count)}
        tone={kind === 'overdue' && value.amount > 0 ? 'red' : undefined}
      />
    );
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" role="region" aria-label={t.cardsLabel}>
      {/* Three a row on a wide screen: what to pay (today, this week, overdue), then what to receive, then the rest. */}
      {cell('toPayToday', data.toPayToday, IconArrowUpRight, 'orange')}
      {cell('toPayThisWeek', data.toPayThisWeek, IconCalendarStats, 'orange', 'week')}
      {cell('overduePayables', data.overduePayables, IconClockExclamation, 'red', 'overdue')}
      {cell('toReceiveToday', data.toReceiveToday, IconArrowDownLeft, 'teal')}
      {cell('toReceiveThisWeek', data.toReceiveThisWeek, IconCalendarStats, 'teal', 'week')}
      {cell('overdueReceivables', data.overdueReceivables, IconCalendarDue, 'red', 'overdue')}
      {data.balances !== null && (
        <FigureCard
          id="balances"
          icon={IconBuildingBank}
          color="indigo"
          value={formatBRL(data.balances.available)}
          sub={t.availableHint}
          more={[
            `${t.investments}: ${formatBRL(data.balances.investments)}`,
            `${t.providers}: ${formatBRL(data.balances.providers)}`,
          ]}
        />
      )}
      {data.ordersAwaitingMe !== null && (
        <FigureCard
          id="ordersAwaitingMe"
          icon={IconChecklist}
          color="grape"
          value={data.ordersAwaitingMe.toLocaleString('pt-BR')}
          sub={t.orders(data.ordersAwaitingMe)}
        />
      )}
      {data.unreconciledLines !== null && (
        <FigureCard
          id="unreconciledLines"
          icon={IconScale}
          color="cyan"
          value={data.unreconciledLines.toLocaleString('pt-BR')}
          sub={t.lines(data.unreconciledLines)}
        />
      )}
    </SimpleGrid>
  );
}

function NextBills({ bills }: { bills: NonNullable<Dashboard['nextBills']> }) {
  const c = t.nextBills;
  const go = useGo();
  return (
    <Section
      title={c.title}
      action={
        <Anchor {...go('/contas/pagar')} size="sm">
          {c.all}
        </Anchor>
      }
    >
      {bills.length === 0 ? (
        <Text size="sm" c="dimmed">
          {c.none}
        </Text>
      ) : (
        <Table verticalSpacing={6} aria-label={c.label} layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={104} visibleFrom="sm">
                {c.dueDate}
              </Table.Th>
              <Table.Th>{c.party}</Table.Th>
              <Table.Th visibleFrom="sm">{c.description}</Table.Th>
              <Table.Th ta="right" w={116}>
                {c.open}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {bills.map((bill) => (
              <Table.Tr key={bill.installmentId}>
                <Table.Td style={tabular} visibleFrom="sm">
                  {formatCalendarDate(bill.dueDate)}
                </Table.Td>
                <Table.Td>
                  <Anchor
                    {...go('/contas/pagar', { doc: bill.documentId })}
                    size="sm"
                    fw={600}
                    aria-label={c.openBill(bill.partyName, formatCalendarDate(bill.dueDate))}
                    style={{ overflowWrap: 'break-word' }}
                  >
                    {bill.partyName}
                  </Anchor>
                  {/* On a phone the due date and the description go under the supplier, leaving it the width. */}
                  <Text size="xs" c="dimmed" hiddenFrom="sm" lineClamp={2}>
                    {formatCalendarDate(bill.dueDate)} · {bill.description}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm" lineClamp={2}>
                    {bill.description}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={tabular}>
                  {formatBRL(bill.open)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}

function Projection({ projection }: { projection: NonNullable<Dashboard['projection']> }) {
  const p = t.projection;
  const go = useGo();
  return (
    <Section
      title={p.title}
      action={
        <Anchor {...go('/relatorios_contabeis/fluxo_caixa')} size="sm">
          {p.link}
        </Anchor>
      }
    >
      <Group gap="lg" mb="xs" style={{ rowGap: 2 }}>
        <Text size="sm">
          {p.opening}: <b style={tabular}>{formatBRL(projection.opening)}</b>
        </Text>
        {projection.balances.investments !== 0 && (
          <Text size="sm">
            {t.investments}: <b style={tabular}>{formatBRL(projection.balances.investments)}</b>
          </Text>
        )}
        {projection.balances.providers !== 0 && (
          <Text size="sm">
            {t.providers}: <b style={tabular}>{formatBRL(projection.balances.providers)}</b>
          </Text>
        )}
        {projection.overdueIn - projection.overdueOut !== 0 && (
          <Text size="sm">
            {p.overdue}: <b style={tabular}>{formatBRL(projection.overdueIn - projection.overdueOut)}</b>
          </Text>
        )}
        <Text size="sm" c="red.9" fw={600}>
          {p.lowest(formatBRL(projection.lowest.balance), formatCalendarDate(projection.lowest.date))}
        </Text>
      </Group>
      <ProjectionChart projection={projection} />
    </Section>
  );
}

/** A new organization's dashboard: nothing to show yet, and where to begin. */
function Empty({ data }: { data: Dashboard }) {
  const go = useGo();
  return (
    <Paper withBorder p="lg">
      <Stack gap="xs" align="flex-start">
        <Title order={2} fz="lg">
          {t.empty.title}
        </Title>
        <Text size="sm" c="dimmed" maw={620}>
          {t.empty.text}
        </Text>
        <Group gap="sm">
          {data.toPayToday !== null && (
            <Button component="a" {...go('/contas/pagar')} variant="light" leftSection={<IconArrowUpRight size={16} />}>
              {t.empty.payable}
            </Button>
          )}
          {data.toReceiveToday !== null && (
            <Button
              component="a"
              {...go('/contas/receber')}
              variant="light"
              leftSection={<IconArrowDownLeft size={16} />}
            >
              {t.empty.receivable}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function Loading() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label={t.loading}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {Array.from({ length: 9 }, (_, i) => (
          <Skeleton key={i} h={96} radius="md" />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Skeleton h={320} radius="md" />
        <Skeleton h={320} radius="md" />
      </SimpleGrid>
      <Skeleton h={220} radius="md" />
    </Stack>
  );
}

/**
 * The unit's money at a glance, the first screen after sign-in: today's figures (each a link to its list), twelve
 * months of inflows and outflows, the next 30 days' balance and the next bills. One request brings it all.
 */
export function DashboardPage() {
  const dashboard = useQuery(trpc.reports.dashboard.queryOptions());

  if (dashboard.isPending) return <Loading />;
  if (dashboard.isError) {
    return (
      <Alert color="red" icon={<IconAlertTriangle />} title={t.error}>
        <Button mt="sm" variant="white" color="red" onClick={() => void dashboard.refetch()}>
          {t.retry}
        </Button>
      </Alert>
    );
  }
  const data = dashboard.data;
  const state = dashboardState(data);
  if (state === 'nothingToRead') {
    return (
      <Alert color="gray" icon={<IconInfoCircle />} title={t.cardsLabel}>
        {t.nothingToRead}
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {t.today(formatCalendarDate(data.today))}
      </Text>
      <Cards data={data} />
      {state === 'empty' ? (
        <Empty data={data} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            {data.monthly && (
              <Section title={t.monthly.title}>
                <MonthlyChart monthly={data.monthly} />
              </Section>
            )}
            {data.projection && <Projection projection={data.projection} />}
          </SimpleGrid>
          {data.nextBills && <NextBills bills={data.nextBills} />}
        </>
      )}
    </Stack>
  );
}

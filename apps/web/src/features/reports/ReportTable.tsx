import { ActionIcon, Anchor, Group, Paper, Table, Text, Tooltip } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconLock } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState, type MouseEvent } from 'react';
import { formatBRL } from '@financeiro/core';
import { useTenantStore } from '../../stores/tenant';
import { applySelection } from '../tenants/apply-selection';
import { reportsMessages } from './messages';
import {
  percentText,
  type ReportDocument,
  type ReportLine,
  type ReportLink,
  type ReportValue,
} from './report-document';
import classes from './reports.module.css';

const t = reportsMessages;

/** A figure that opens the list behind it; in another unit, that unit is selected first. */
function FigureLink(props: { link: ReportLink; label: string; children: React.ReactNode }) {
  const navigate = useNavigate();
  const organizationId = useTenantStore((s) => s.selectedOrganization);
  const unitId = useTenantStore((s) => s.selectedUnit);
  const href = `${props.link.to}?${new URLSearchParams(props.link.search).toString()}`;
  const open = async (event: MouseEvent) => {
    // A new tab or window keeps the browser's own way (the other unit is not selected there).
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (props.link.unitId && props.link.unitId !== unitId) {
      await applySelection({ organizationId, unitId: props.link.unitId });
    }
    await navigate({ to: props.link.to, search: props.link.search });
  };
  return (
    <Anchor href={href} onClick={(event) => void open(event)} aria-label={props.label} inherit underline="hover">
      {props.children}
    </Anchor>
  );
}

function ValueCell({ value, strong }: { value: ReportValue; strong?: boolean }) {
  if (value === null) return <Table.Td />;
  if (value.kind === 'text') return <Table.Td>{value.text}</Table.Td>;
  if (value.kind === 'percent') {
    const negative = (value.value ?? 0) < 0;
    return (
      <Table.Td ta="right" c={negative ? 'red.9' : undefined} className={negative ? classes.negative : undefined}>
        {percentText(value.value)}
      </Table.Td>
    );
  }
  const negative = value.amount < 0;
  const amount = formatBRL(value.amount);
  const figure =
    value.link && value.amount !== 0 ? (
      // The accessible name starts with the figure as shown, then says what it opens.
      <FigureLink link={value.link} label={value.label ? `${amount} — ${value.label}` : amount}>
        {amount}
      </FigureLink>
    ) : (
      amount
    );
  return (
    <Table.Td ta="right" c={negative ? 'red.9' : undefined} className={negative ? classes.negative : undefined}>
      <Text inherit fw={strong ? 700 : undefined}>
        {figure}
      </Text>
      {value.count !== undefined && (
        <Text size="xs" c="dimmed">
          {t.status.count(value.count)}
        </Text>
      )}
    </Table.Td>
  );
}

/**
 * A report's table: a label column (indented by level, its branches open and close), the value columns, a totals
 * row. Lines below `openLevels` start closed. It scrolls sideways inside its card; the labels stay in view.
 */
export function ReportTable(props: { doc: ReportDocument; openLevels?: number; caption?: string }) {
  const { doc } = props;
  const openLevels = props.openLevels ?? 1;
  const parents = useMemo(() => new Set(doc.lines.map((line) => line.parentKey).filter(Boolean)), [doc.lines]);
  const byKey = useMemo(() => new Map(doc.lines.map((line) => [line.key, line])), [doc.lines]);
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const isOpen = (line: ReportLine) => toggled[line.key] ?? line.level < openLevels;
  const visible = (line: ReportLine) => {
    let parent = line.parentKey ? byKey.get(line.parentKey) : undefined;
    while (parent) {
      if (!isOpen(parent)) return false;
      parent = parent.parentKey ? byKey.get(parent.parentKey) : undefined;
    }
    return true;
  };
  const row = (line: ReportLine, total = false) => {
    const branch = parents.has(line.key);
    const open = branch && isOpen(line);
    return (
      <Table.Tr key={line.key} className={line.strong || total ? classes.strong : undefined}>
        <Table.Th scope="row" className={classes.label} fw={line.strong || total ? 700 : 400}>
          <Group gap={4} wrap="nowrap" pl={line.level * 16}>
            {branch ? (
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                className={classes.noPrint}
                aria-expanded={open}
                aria-label={open ? t.collapse(line.label) : t.expand(line.label)}
                onClick={() => setToggled((current) => ({ ...current, [line.key]: !open }))}
              >
                {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
              </ActionIcon>
            ) : (
              <span style={{ width: 22, flex: 'none' }} />
            )}
            <span>{line.label}</span>
          </Group>
        </Table.Th>
        {doc.columns.map((column, index) => (
          <ValueCell key={column} value={line.values[index] ?? null} strong={line.strong || total} />
        ))}
      </Table.Tr>
    );
  };
  return (
    <Paper withBorder className={classes.scroller} role="region" aria-label={props.caption ?? doc.title} tabIndex={0}>
      <Table className={classes.table} striped={false} highlightOnHover verticalSpacing={6} horizontalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.label}>{doc.labelHeader}</Table.Th>
            {doc.columns.map((column, index) =>
              doc.closedColumns?.includes(index) ? (
                <Table.Th key={column} ta="right" title={t.closedColumn(column)} data-closed="yes">
                  <Tooltip label={t.closedColumn(column)}>
                    <Group gap={2} justify="flex-end" wrap="nowrap">
                      <IconLock size={12} aria-hidden />
                      <span>{column}</span>
                    </Group>
                  </Tooltip>
                </Table.Th>
              ) : (
                <Table.Th key={column} ta="right">
                  {column}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{doc.lines.filter(visible).map((line) => row(line))}</Table.Tbody>
        {doc.totals && <Table.Tfoot>{row(doc.totals, true)}</Table.Tfoot>}
      </Table>
    </Paper>
  );
}

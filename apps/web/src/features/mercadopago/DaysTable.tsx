import { Group, Paper, Table, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { formatCalendarDate } from '@financeiro/core';
import type { DayRow, DayTotals } from './api';
import { Fees, Money } from './cells';
import classes from './DaysTable.module.css';
import { mercadoPagoMessages } from './messages';
import { weekdayOf } from './period';

const t = mercadoPagoMessages.days;

/** A count; those asking for attention (sales or receivables left unmatched) in bold when not zero. */
const Count = ({ value, alert }: { value: number; alert?: boolean }) => (
  <Text span size="sm" fw={alert && value > 0 ? 700 : undefined} c={value === 0 ? 'dimmed' : undefined}>
    {value.toLocaleString('pt-BR')}
  </Text>
);

/** The figures of a day, or of the month in the totals row. */
function Cells({ row, strong }: { row: DayTotals; strong?: boolean }) {
  return (
    <>
      <Table.Td ta="right">
        <Count value={row.sales} />
      </Table.Td>
      <Table.Td ta="right">
        <Money value={row.gross} strong={strong} bare />
      </Table.Td>
      <Table.Td ta="right">
        <Fees total={row.feesTotal} fees={row.fees} strong={strong} bare />
      </Table.Td>
      <Table.Td ta="right">
        <Money value={row.net} strong={strong} bare />
      </Table.Td>
      <Table.Td ta="right">
        <Money value={row.released} strong={strong} dimmedZero bare />
      </Table.Td>
      <Table.Td ta="right">
        <Money value={row.toRelease} strong={strong} dimmedZero bare />
      </Table.Td>
      <Table.Td ta="right">
        <Count value={row.unmatchedPayments} alert />
      </Table.Td>
      <Table.Td ta="right">
        <Count value={row.unmatchedReceivables} alert />
      </Table.Td>
      <Table.Td ta="right" data-difference={row.difference !== 0 ? 'yes' : 'no'}>
        <Money value={row.difference} strong={strong} alert={row.difference !== 0} dimmedZero bare />
      </Table.Td>
    </>
  );
}

/**
 * The month per approval day: sales, gross, fees (by kind on hover or focus), net, released, to release, sales with
 * no receivable, receivables with no sale, and the difference; a totals row. A day opens its sales below.
 */
export function DaysTable(props: {
  days: DayRow[];
  totals: DayTotals;
  selected: string;
  onSelect: (day: string) => void;
}) {
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">
          {t.title}
        </Title>
        <Text size="xs" c="dimmed">
          {t.inReais}
        </Text>
      </Group>
      <div tabIndex={0} role="region" aria-label={t.label} style={{ overflowX: 'auto' }}>
        <Table fz="sm" verticalSpacing={6} miw={900} highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th className={classes.sticky}>{t.day}</Table.Th>
              <Table.Th ta="right">{t.sales}</Table.Th>
              <Table.Th ta="right">{t.gross}</Table.Th>
              <Table.Th ta="right">{t.fees}</Table.Th>
              <Table.Th ta="right">{t.net}</Table.Th>
              <Table.Th ta="right">{t.released}</Table.Th>
              <Table.Th ta="right">{t.toRelease}</Table.Th>
              <Table.Th ta="right" maw={110} style={{ whiteSpace: 'normal' }}>
                {t.unmatchedPayments}
              </Table.Th>
              <Table.Th ta="right" maw={110} style={{ whiteSpace: 'normal' }}>
                {t.unmatchedReceivables}
              </Table.Th>
              <Table.Th ta="right">{t.difference}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.days.map((d) => {
              const chosen = d.day === props.selected;
              return (
                <Table.Tr
                  key={d.day}
                  bg={chosen ? 'blue.0' : d.difference !== 0 ? 'red.0' : undefined}
                  data-tone={chosen ? 'chosen' : d.difference !== 0 ? 'difference' : undefined}
                  onClick={() => props.onSelect(d.day)}
                  style={{ cursor: 'pointer' }}
                >
                  <Table.Td className={classes.sticky}>
                    <UnstyledButton
                      onClick={(e) => {
                        e.stopPropagation();
                        props.onSelect(d.day);
                      }}
                      aria-pressed={chosen}
                      fz="sm"
                      fw={chosen ? 700 : 500}
                      c="blue.8"
                      style={{ whiteSpace: 'nowrap', textDecoration: 'underline' }}
                    >
                      <VisuallyHidden>{t.open} </VisuallyHidden>
                      {formatCalendarDate(d.day)}{' '}
                      <Text span size="xs" c="dimmed">
                        {weekdayOf(d.day)}
                      </Text>
                    </UnstyledButton>
                  </Table.Td>
                  <Cells row={d} />
                </Table.Tr>
              );
            })}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr style={{ borderTop: '2px solid var(--mantine-color-gray-4)' }}>
              <Table.Th className={classes.sticky}>{t.total}</Table.Th>
              <Cells row={props.totals} strong />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </div>
    </Paper>
  );
}

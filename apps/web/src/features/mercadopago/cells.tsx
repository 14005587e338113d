import { Text, Tooltip } from '@mantine/core';
import { formatBRL, moneyText } from '@financeiro/core';
import type { FeesByKind } from './api';
import { mercadoPagoMessages } from './messages';

const t = mercadoPagoMessages.days;
const FEE_KINDS = ['processing', 'marketplace', 'financing', 'shipping', 'taxes', 'coupon'] as const;

/** An amount in a table: tabular digits, no wrapping; red when asked (a difference) or negative. */
export function Money(props: {
  value: number;
  strong?: boolean;
  alert?: boolean;
  dimmedZero?: boolean;
  /** Without "R$", in a table whose caption says the amounts are in reais. */
  bare?: boolean;
}) {
  const color = props.alert
    ? 'red.9'
    : props.value < 0
      ? 'red.9'
      : props.dimmedZero && props.value === 0
        ? 'dimmed'
        : undefined;
  return (
    <Text
      span
      size="sm"
      fw={props.strong || props.alert ? 700 : undefined}
      c={color}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
    >
      {props.bare ? moneyText(props.value) : formatBRL(props.value)}
    </Text>
  );
}

/** The fee kinds with an amount, as "Processamento: R$ 8,99" lines. */
export function feeLines(fees: FeesByKind): string[] {
  return FEE_KINDS.filter((k) => fees[k] !== 0).map((k) => `${t.feeKinds[k]}: ${formatBRL(fees[k])}`);
}

/** The fees' total; hovering or focusing it shows them by kind. */
export function Fees(props: { total: number; fees: FeesByKind; strong?: boolean; bare?: boolean }) {
  const lines = feeLines(props.fees);
  if (lines.length === 0) return <Money value={props.total} strong={props.strong} dimmedZero bare={props.bare} />;
  return (
    <Tooltip
      label={
        <>
          {lines.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </>
      }
      events={{ hover: true, focus: true, touch: true }}
      withArrow
    >
      <Text
        span
        size="sm"
        tabIndex={0}
        fw={props.strong ? 700 : undefined}
        style={{
          fontVariantNumeric: 'tabular-nums',
          whiteSpace: 'nowrap',
          borderBottom: '1px dotted var(--mantine-color-gray-6)',
          cursor: 'help',
        }}
      >
        {props.bare ? moneyText(props.total) : formatBRL(props.total)}
      </Text>
    </Tooltip>
  );
}

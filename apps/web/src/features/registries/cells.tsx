import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A row's name in bold, with a second line in grey when there is one. */
export function RowTitle({ children, sub }: { children: ReactNode; sub?: ReactNode }) {
  return (
    <div>
      <Text fw={600} size="sm">
        {children}
      </Text>
      {sub ? (
        <Text size="xs" c="dimmed">
          {sub}
        </Text>
      ) : null}
    </div>
  );
}

/** A code (COMPE, CNPJ, tree code) in a fixed-width face. */
export function Code({ children }: { children: ReactNode }) {
  return (
    <Text ff="monospace" size="sm">
      {children ?? '—'}
    </Text>
  );
}

/** An amount or percentage, digits aligned from row to row; negative amounts in red. */
export function Figure({ children, negative }: { children: ReactNode; negative?: boolean }) {
  return (
    <Text size="sm" c={negative ? 'red' : undefined} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {children}
    </Text>
  );
}

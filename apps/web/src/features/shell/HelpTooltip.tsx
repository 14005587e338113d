import type { ReactElement } from 'react';
import { Tooltip } from '@mantine/core';

/** The help of `PageHeader` on its button; it loads with the first screen that has help. */
export function HelpTooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Tooltip label={label} multiline w={260} withArrow>
      {children}
    </Tooltip>
  );
}

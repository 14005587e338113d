import { SegmentedControl } from '@mantine/core';
import { appMessages } from '../i18n/app';

const labels = appMessages.common.statusFilter;

/** Todos / Ativos / Inativos, the filter every list of records that can be deactivated offers. */
export function StatusFilter(props: { value: string; onChange: (status: string) => void; inactiveLabel?: string }) {
  return (
    <SegmentedControl
      value={props.value}
      onChange={props.onChange}
      data={[
        { value: 'all', label: labels.all },
        { value: 'active', label: labels.active },
        { value: 'inactive', label: props.inactiveLabel ?? labels.inactive },
      ]}
    />
  );
}

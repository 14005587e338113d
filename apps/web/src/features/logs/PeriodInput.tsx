import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { logsMessages as t } from '../../i18n/logs';

/** A period of São Paulo calendar days, kept as YYYY-MM-DD strings. */
export function PeriodInput(props: {
  from: string;
  to: string;
  onChange: (period: { from: string; to: string }) => void;
  clearable?: boolean;
}) {
  return (
    <DatePickerInput
      type="range"
      aria-label={t.period}
      placeholder={t.period}
      leftSection={<IconCalendar size={16} />}
      valueFormat="DD/MM/YYYY"
      clearable={props.clearable}
      allowSingleDateInRange
      value={[props.from || null, props.to || null]}
      onChange={([from, to]) => {
        if ((from && to) || (!from && !to)) props.onChange({ from: from ?? '', to: to ?? '' });
      }}
      w={{ base: '100%', xs: 230 }}
    />
  );
}

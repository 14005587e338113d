import dayjs from 'dayjs';
import { IconCalendar } from '@tabler/icons-react';
import { DatePickerInput } from '../../ui/date-pickers';
import { logsMessages as t } from '../../i18n/logs';

const day = (iso: string) => dayjs(iso).format('DD/MM/YYYY');

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
      // The button shows the chosen period: its name must contain that text (label in name).
      aria-label={props.from && props.to ? `${t.period} ${day(props.from)} – ${day(props.to)}` : t.period}
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

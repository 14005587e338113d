import { useState } from 'react';
import { formatCalendarDate, parseDateText } from '@financeiro/core';
import { DateField } from './DateField';

/** One end of the period: kept as typed until it is a whole date, then stored in the address. */
export function PeriodEnd(props: { label: string; value: string; onChange: (iso: string) => void }) {
  const [typed, setTyped] = useState<{ text: string; for: string } | null>(null);
  const text = typed && typed.for === props.value ? typed.text : props.value ? formatCalendarDate(props.value) : '';
  return (
    <DateField
      label={props.label}
      value={text}
      onChange={(value) => {
        setTyped({ text: value, for: props.value });
        const iso = parseDateText(value);
        if (iso) props.onChange(iso);
      }}
      w={130}
    />
  );
}

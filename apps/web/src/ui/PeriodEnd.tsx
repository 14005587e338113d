import { useState } from 'react';
import { formatCalendarDate, parseDateText } from '@financeiro/core';
import { DateField } from './DateField';

/** A whole date as typed (DD/MM/AAAA) as YYYY-MM-DD; null while it is still being typed, or is no date. */
const wholeDate = (text: string) => (/^\d{2}\/\d{2}\/\d{4}$/.test(text) ? parseDateText(text) : null);

/**
 * One end of a period kept in the address. The field keeps what is typed, at any speed; the address takes it once it
 * is a whole date with its four-digit year, so "15/10/20" on the way to "15/10/2026" is never read as 2020, and an
 * emptied field is not sent (the page would put its default back under the person's fingers). A date the address
 * changes by itself (a month stepped) is shown as it is.
 */
export function PeriodEnd(props: { label: string; value: string; onChange: (iso: string) => void; w?: number }) {
  const [typed, setTyped] = useState<{ text: string; for: string } | null>(null);
  const text = typed && typed.for === props.value ? typed.text : props.value ? formatCalendarDate(props.value) : '';
  return (
    <DateField
      label={props.label}
      value={text}
      onChange={(value) => {
        const next = wholeDate(value) ?? props.value;
        setTyped({ text: value, for: next });
        if (next !== props.value) props.onChange(next);
      }}
      w={props.w ?? 130}
    />
  );
}

import { ActionIcon, Button, Popover, Stack } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useState, type FocusEvent } from 'react';
import { formatCalendarDate, maskDate, parseDateText, TIME_ZONE } from '@financeiro/core';
import { inputMessages as t } from '../i18n/inputs';
import { DatePicker } from './date-pickers';
import { MaskedInput, type MaskedInputProps } from './MaskedInput';

const ISO = /^\d{4}-\d{2}-\d{2}$/;

/** Today in São Paulo as YYYY-MM-DD. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());

/**
 * A date typed as DD/MM/AAAA ("05122026" and "5/12/26" too) or chosen in a calendar that marks today and offers
 * "Hoje". The value is the text shown (a stored YYYY-MM-DD is shown as DD/MM/AAAA); a date that does not exist stays
 * as typed, for the form's rule to explain, never blanked.
 */
export function DateField({ value, onChange, onBlur, ...props }: Omit<MaskedInputProps, 'mask' | 'paste'>) {
  const [opened, setOpened] = useState(false);
  const shown = ISO.test(value) ? formatCalendarDate(value) : value;
  const date = parseDateText(shown);
  const choose = (iso: string) => {
    onChange(formatCalendarDate(iso));
    setOpened(false);
  };
  return (
    <MaskedInput
      placeholder={t.datePlaceholder}
      inputMode="numeric"
      autoComplete="off"
      {...props}
      value={shown}
      mask={maskDate}
      onChange={onChange}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        // "5/12/26" reads as 05/12/2026 once the person moves on.
        if (date && date !== value) onChange(formatCalendarDate(date));
        onBlur?.(event);
      }}
      rightSectionPointerEvents="all"
      rightSection={
        <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" withinPortal>
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t.openCalendar}
              disabled={props.disabled}
              onClick={() => setOpened((o) => !o)}
            >
              <IconCalendar size={16} />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack gap="xs">
              <DatePicker
                value={date}
                defaultDate={date ?? today()}
                onChange={(picked) => picked && choose(picked)}
                highlightToday
              />
              <Button variant="light" size="xs" onClick={() => choose(today())}>
                {t.today}
              </Button>
            </Stack>
          </Popover.Dropdown>
        </Popover>
      }
    />
  );
}

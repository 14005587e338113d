import { Alert, Checkbox, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { lateNote, type NoteMonth } from './closed-month';

/**
 * A note issued in a closed month: a yellow alert naming the issue date, the closed month and the first open one, and
 * the box the person ticks to book the note there. Nothing while the note's month is open.
 */
export function LateNoteAlert(props: {
  note: NoteMonth;
  /** The competence accepted so far (YYYY-MM-01), or null. */
  accepted: string | null;
  onAccept: (competence: string | null) => void;
  /** Names the note in the box's accessible name when several are listed. */
  of?: string;
}) {
  const late = lateNote(props.note);
  if (!late) return null;
  return (
    <Alert color="yellow" icon={<IconLock size={18} />} p="xs" role="status">
      <Stack gap={6}>
        <Text size="sm">{late.message}</Text>
        <Checkbox
          size="xs"
          label={late.accept}
          aria-label={props.of ? `${late.accept} (${props.of})` : undefined}
          checked={props.accepted === late.competence}
          onChange={(e) => props.onAccept(e.currentTarget.checked ? late.competence : null)}
        />
      </Stack>
    </Alert>
  );
}

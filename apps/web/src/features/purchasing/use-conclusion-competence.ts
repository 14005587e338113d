import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { parseDateText } from '@financeiro/core';
import { trpc } from '../../api/trpc';
import { competenceToSend, type NoteMonth } from '../closing/closed-month';

const UNREAD: NoteMonth = { issueDate: null, competence: null, firstOpenMonth: null };

/**
 * The competence a conclusion issued on the typed date (or the note's) books in the order's unit, as the server says:
 * when the issue's month is closed, the first open month after it, which the person must accept before concluding.
 */
export function useConclusionCompetence(orderId: string, issueDateText: string) {
  const issueDate = parseDateText(issueDateText.trim());
  const month = useQuery(
    trpc.purchasing.competence.queryOptions(
      { id: orderId, issueDate: issueDate ?? '' },
      { enabled: issueDate !== null, staleTime: 60_000, retry: false },
    ),
  );
  const [accepted, setAccepted] = useState<string | null>(null);
  const note = (issueDate && month.data) || UNREAD;
  return { note, accepted, setAccepted, ...competenceToSend(note, accepted) };
}

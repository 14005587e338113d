import { Anchor } from '@mantine/core';
import { TRPCClientError } from '@trpc/client';
import type { ReactNode } from 'react';
import { formMessages } from '../i18n/forms';

/** The field and the record a server's CONFLICT names (a CNPJ or a code another record holds), if it names one. */
export function fieldConflict(error: unknown): { field: string; existingId: string | null } | null {
  if (!(error instanceof TRPCClientError)) return null;
  const conflict: unknown = (error.data as { conflict?: unknown } | null | undefined)?.conflict;
  if (typeof conflict !== 'object' || conflict === null) return null;
  const { field, existingId } = conflict as { field?: unknown; existingId?: unknown };
  if (typeof field !== 'string') return null;
  return { field, existingId: typeof existingId === 'string' ? existingId : null };
}

/**
 * A refusal tied to a field, as that field's error: the server's message with a link to the record that already holds
 * the value. Null when the error names no field (the caller notifies it).
 */
export function fieldRefusal(
  error: unknown,
  openExisting: (id: string) => void,
): { field: string; error: ReactNode } | null {
  const conflict = fieldConflict(error);
  if (!conflict || !(error instanceof Error)) return null;
  const { existingId } = conflict;
  return {
    field: conflict.field,
    error: (
      <>
        {error.message}{' '}
        {existingId && (
          <Anchor component="button" type="button" fz="inherit" onClick={() => openExisting(existingId)}>
            {formMessages.openExisting}
          </Anchor>
        )}
      </>
    ),
  };
}

/** Brings a field whose error was just set into sight and focus: the drawer may have scrolled it away. */
export function revealField(form: { getInputNode(path: string): HTMLElement | null }, field: string): void {
  // After the error has rendered.
  requestAnimationFrame(() => {
    const input = form.getInputNode(field);
    input?.scrollIntoView({ block: 'center' });
    input?.focus();
  });
}

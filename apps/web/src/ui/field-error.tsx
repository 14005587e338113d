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
 * Shows a refusal tied to a field where the eye is: under that field, scrolled into view and focused, with a link to
 * the record that already holds the value. Answers false when the error names no field (the caller notifies it).
 */
export function showOnField(
  form: { setFieldError(path: string, error: ReactNode): void; getInputNode(path: string): HTMLElement | null },
  error: unknown,
  openExisting: (id: string) => void,
): boolean {
  const conflict = fieldConflict(error);
  if (!conflict || !(error instanceof Error)) return false;
  const { field, existingId } = conflict;
  form.setFieldError(
    field,
    <>
      {error.message}{' '}
      {existingId && (
        <Anchor component="button" type="button" fz="inherit" onClick={() => openExisting(existingId)}>
          {formMessages.openExisting}
        </Anchor>
      )}
    </>,
  );
  // After the error has rendered: the drawer may have scrolled the field out of sight.
  requestAnimationFrame(() => {
    const input = form.getInputNode(field);
    input?.scrollIntoView({ block: 'center' });
    input?.focus();
  });
  return true;
}

import { TRPCClientError } from '@trpc/client';
import { appMessages } from '../i18n/app';
import { notifyError } from './notify';

/** The server's pt-BR message for a failed call, or the generic one when the failure is not the server's answer. */
export function apiErrorMessage(error: unknown): string {
  if (error instanceof TRPCClientError && error.data && typeof error.message === 'string') return error.message;
  return appMessages.common.unknownError;
}

export const notifyApiError = (error: unknown) => notifyError(apiErrorMessage(error));

/**
 * An error handler for a form whose only conflict is a taken identifier: the server's message goes next to that
 * field; anything else to a notification.
 */
export function conflictOnField(form: { setFieldError: (field: string, message: string) => void }, field: string) {
  return (error: unknown) => {
    if (error instanceof TRPCClientError && error.data?.code === 'CONFLICT') form.setFieldError(field, error.message);
    else notifyApiError(error);
  };
}

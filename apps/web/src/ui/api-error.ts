import { TRPCClientError } from '@trpc/client';
import { appMessages } from '../i18n/app';
import { notifyError } from './notify';

/** The server's pt-BR message for a failed call, or the generic one when the failure is not the server's answer. */
export function apiErrorMessage(error: unknown): string {
  if (error instanceof TRPCClientError && error.data && typeof error.message === 'string') return error.message;
  return appMessages.common.unknownError;
}

export const notifyApiError = (error: unknown) => notifyError(apiErrorMessage(error));

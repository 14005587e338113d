import { adminMessages } from './admin';
import { appMessages } from './app';
import { authMessages } from './auth';

/** The one pt-BR message catalogue. */
export const messages = { ...appMessages, auth: authMessages, admin: adminMessages } as const;

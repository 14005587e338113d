import { errors } from './errors';

const E164 = /^\+[1-9]\d{7,14}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Cognito's formats for the contact attributes, wherever they are set: an e-mail address, a phone in E.164. */
export function assertContactFormats(contact: { email?: string | null; phone?: string | null }): void {
  if (typeof contact.email === 'string' && !EMAIL.test(contact.email)) {
    throw errors.invalidParameter('Invalid email address format.');
  }
  if (typeof contact.phone === 'string' && !E164.test(contact.phone)) {
    throw errors.invalidParameter('Invalid phone number format.');
  }
}

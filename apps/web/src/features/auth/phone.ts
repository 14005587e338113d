/** Brazilian mobile number as typed, "(11) 91234-5678", to E.164 "+5511912345678"; null when not a valid number. */
export function toE164(input: string): string | null {
  const digits = input.replace(/\D/g, '').replace(/^55(?=\d{10,11}$)/, '');
  return /^\d{10,11}$/.test(digits) ? `+55${digits}` : null;
}

/** Formats digits as the user types, "(11) 91234-5678": the registries' phone mask. */
export { maskPhone as formatPhone } from '@financeiro/core';

/** Brazilian mobile number as typed, "(11) 91234-5678", to E.164 "+5511912345678"; null when not a valid number. */
export function toE164(input: string): string | null {
  const digits = input.replace(/\D/g, '').replace(/^55(?=\d{10,11}$)/, '');
  return /^\d{10,11}$/.test(digits) ? `+55${digits}` : null;
}

/** Formats digits as the user types: (11) 91234-5678. */
export function formatPhone(input: string): string {
  const d = input.replace(/\D/g, '').slice(0, 11);
  if (d.length <= 2) return d.length ? `(${d}` : '';
  if (d.length <= 6) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  if (d.length <= 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
}

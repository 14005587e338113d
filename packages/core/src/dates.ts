/** The product's time zone (SPEC: pt-BR, America/Sao_Paulo): every date a user reads is shown in it. */
export const TIME_ZONE = 'America/Sao_Paulo';

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "22/11/2026 às 12:08", in São Paulo time whatever the machine's zone. */
export function formatDateTime(date: Date): string {
  const parts = Object.fromEntries(dateTime.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year} às ${parts.hour}:${parts.minute}`;
}

/** A calendar date (YYYY-MM-DD, no time nor zone) as "31/01/2026". */
export function formatCalendarDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

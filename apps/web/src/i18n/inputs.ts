/** pt-BR texts of the shared inputs: dates and their calendar. */
export const inputMessages = {
  datePlaceholder: 'DD/MM/AAAA',
  openCalendar: 'Abrir o calendário',
  today: 'Hoje',
} as const;

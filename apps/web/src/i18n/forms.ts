/** pt-BR texts that keep a person's typed work: unsaved changes, a dropped connection, a refusal tied to a field. */
export const formMessages = {
  unsaved: {
    title: 'Descartar alterações?',
    message: 'O que você digitou ainda não foi salvo e será perdido.',
    discard: 'Descartar',
    keepEditing: 'Continuar editando',
  },
  offlineBanner: 'Você está offline',
  offlineBannerText: 'O que você digitou continua aqui; salve quando a conexão voltar.',
  openExisting: 'Abrir o registro existente',
} as const;

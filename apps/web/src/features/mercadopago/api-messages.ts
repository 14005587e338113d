/** The words of the Mercado Pago API screens: the token per account and the fetch of a report (pt-BR). */
export const mercadoPagoApiMessages = {
  settings: {
    title: 'API do Mercado Pago',
    intro:
      'Com o token de acesso (Access Token) da sua aplicação no Mercado Pago, o sistema pede os relatórios desta conta direto ao Mercado Pago, sem baixar arquivos. O token fica guardado cifrado e nunca é mostrado de novo.',
    token: 'Token de acesso',
    tokenPlaceholder: 'APP_USR-…',
    tokenHelpNew: 'Copie o Access Token de produção em Suas integrações › Credenciais, no Mercado Pago.',
    tokenHelpSaved: (last4: string) => `Token salvo terminado em ${last4}. Deixe em branco para mantê-lo.`,
    savedToken: (last4: string) => `•••• ${last4}`,
    noToken: 'Nenhum token salvo',
    enabled: 'Buscar relatórios pela API do Mercado Pago',
    enabledHelp: 'Desligado, ninguém busca relatórios desta conta pela API; a importação de arquivos continua.',
    lastFetch: 'Última busca',
    neverFetched: 'Nenhuma busca ainda',
    save: 'Salvar',
    saved: 'Configuração da API salva.',
    remove: 'Remover token',
    removeTitle: 'Remover o token do Mercado Pago?',
    removeMessage:
      'O sistema esquece o token desta conta e deixa de buscar relatórios pela API. Os relatórios já importados continuam.',
    removeConfirm: 'Remover',
    removed: 'Token removido.',
    loading: 'Carregando…',
  },
  fetch: {
    title: 'Buscar relatório pela API',
    kind: 'Relatório',
    kinds: { settlement: 'Todas as transações', release: 'Liberações' },
    from: 'De',
    to: 'Até',
    preview: 'Buscar e pré-visualizar',
    fetching: 'Pedindo o relatório ao Mercado Pago… isso pode levar até alguns minutos.',
    nothingNew: 'Todas as linhas deste período já foram importadas: importar de novo não acrescenta nada.',
    submit: 'Importar',
    done: (added: number, duplicates: number) =>
      `${added.toLocaleString('pt-BR')} linha${added === 1 ? '' : 's'} nova${added === 1 ? '' : 's'} importada${added === 1 ? '' : 's'}; ${duplicates.toLocaleString('pt-BR')} já estava${duplicates === 1 ? '' : 'm'} na conta.`,
    another: 'Buscar outro período',
    close: 'Fechar',
    required: 'Informe a data.',
    badDate: 'Data inválida: use DD/MM/AAAA.',
    toBeforeFrom: 'O fim do período vem antes do início.',
  },
  header: {
    fetch: 'Buscar pela API',
    configure: 'Configurar API',
  },
} as const;

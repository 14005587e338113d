/** What the closing screen says (pt-BR). */
export const closingMessages = {
  intro:
    'Um mês fechado não aceita lançamentos nesta unidade: títulos com competência nele, pagamentos, recebimentos, estornos, transferências, lançamentos e conciliações datados nele.',
  previousYear: 'Ano anterior',
  nextYear: 'Próximo ano',
  month: 'Mês',
  state: 'Situação',
  closedBy: 'Fechado por',
  closedAt: 'Em',
  closed: 'Fechado',
  open: 'Aberto',
  close: 'Fechar mês',
  reopen: 'Reabrir',
  notStarted: 'Ainda não começou',
  loadError: 'Não foi possível carregar os meses.',
  retry: 'Tentar de novo',
  confirmCloseTitle: (label: string) => `Fechar ${label}?`,
  confirmCloseMessage: (label: string, unit: string) =>
    `Depois de fechado, nada datado em ${label} poderá ser lançado, alterado, baixado, estornado ou conciliado na unidade ${unit} até que alguém com permissão reabra o mês.`,
  closedNotice: (label: string) => `${label} fechado.`,
  reopenTitle: (label: string) => `Reabrir ${label}?`,
  reopenMessage: 'O motivo fica registrado no log de eventos, com quem reabriu e quando.',
  reopenReason: 'Motivo da reabertura',
  reopenedNotice: (label: string) => `${label} reaberto.`,
  removedUser: 'usuário removido',
  lateNote: (issued: string, closed: string, open: string) =>
    `Nota emitida em ${issued}; ${closed} está fechado. Será lançada na competência ${open}.`,
  acceptCompetence: (open: string) => `Lançar na competência ${open}`,
  bookLate: (open: string, line: string, closed: string) =>
    `Lançar a baixa em ${open}, o primeiro dia do primeiro mês aberto (a linha é de ${line}; ${closed} está fechado).`,
  closedLines: ([first, ...more]: string[], who: string, when: string) =>
    more.length === 0
      ? `${first ?? ''} está fechado nesta unidade (fechado por ${who} em ${when}): as linhas do extrato datadas nele, marcadas com o cadeado, não podem ser conciliadas na data delas, desfeitas nem virar lançamento: concilie-as com a baixa no primeiro mês aberto, ou peça a reabertura do mês.`
      : `${[first, ...more].join(', ')} estão fechados nesta unidade: as linhas do extrato datadas neles, marcadas com o cadeado, não podem ser conciliadas na data delas, desfeitas nem virar lançamento: concilie-as com a baixa no primeiro mês aberto, ou peça a reabertura do mês.`,
  closedLine: 'Mês fechado: concilie com a baixa no primeiro mês aberto, ou reabra o mês',
  closedBefore: (label: string, who: string, when: string) =>
    `${label} está fechado nesta unidade (fechado por ${who} em ${when}): o lançamento será recusado. Use uma data de um mês aberto ou peça a reabertura do mês.`,
};

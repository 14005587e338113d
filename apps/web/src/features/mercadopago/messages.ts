import { formatBRL } from '@financeiro/core';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;

/** pt-BR texts of the Mercado Pago reconciliation (gestao_contas/conciliacao_mercado_pago). */
export const mercadoPagoMessages = {
  account: 'Conta do Mercado Pago',
  month: 'Mês',
  previousMonth: 'Mês anterior',
  nextMonth: 'Próximo mês',
  noAccounts:
    'Nenhuma conta liberada para esta unidade. Cadastre a conta do Mercado Pago em Gestão de contas › Contas.',
  actions: {
    label: 'Ações da conciliação',
    settings: 'Configurações',
    import: 'Importar relatório',
    acceptAll: 'Conciliar sugestões',
    bookReleases: 'Lançar liberações',
  },

  settings: {
    title: 'Configurações da conciliação',
    setupTitle: 'Configure a conciliação desta conta',
    setupIntro:
      'Antes de conciliar, diga onde ficam o dinheiro que o Mercado Pago ainda não liberou e as tarifas que ele cobra. Só as duas primeiras são obrigatórias.',
    pendingAccount: 'Conta de saldo a liberar',
    pendingAccountHelp: 'Recebe o líquido de cada venda até o Mercado Pago liberá-lo para a conta disponível.',
    feeClassification: 'Classificação das tarifas',
    feeClassificationHelp: 'Despesa em que as tarifas (processamento, parcelamento, frete, impostos) são lançadas.',
    costCentre: 'Centro de custo das tarifas',
    costCentreHelp: 'Opcional: onde as tarifas pesam no rateio.',
    payoutAccount: 'Conta bancária dos saques',
    payoutAccountHelp: 'Opcional: a conta do banco que recebe os saques feitos no Mercado Pago.',
    customer: 'Cliente padrão',
    customerHelp: 'Opcional: cliente dos títulos criados para vendas que não tinham conta a receber.',
    receivableClassification: 'Classificação das receitas',
    receivableClassificationHelp: 'Opcional: classificação dos títulos criados a partir de vendas.',
    paymentMethod: 'Forma de pagamento',
    paymentMethodHelp: 'Opcional: como as baixas das contas a receber ficam registradas.',
    required: 'Obrigatório.',
    save: 'Salvar configurações',
    saved: 'Configurações salvas.',
  },

  import: {
    title: 'Importar relatório do Mercado Pago',
    file: 'Arquivo do relatório',
    filePlaceholder: 'CSV ou XLSX exportado do Mercado Pago',
    clearFile: 'Remover o arquivo',
    tooLarge: 'O arquivo passa de 20 MB, o limite para relatórios do Mercado Pago.',
    wrongType: 'Envie o relatório em CSV ou XLSX.',
    reading: 'Lendo o relatório…',
    kind: { settlement: 'Relatório de liquidações (todas as transações)', release: 'Relatório de liberações' },
    rows: 'Linhas',
    newRows: 'Novas',
    alreadyImported: 'Já importadas',
    period: 'Período',
    gross: 'Vendas brutas',
    fees: 'Tarifas',
    net: 'Líquido',
    credit: 'Créditos',
    debit: 'Débitos',
    rejectedTitle: (n: number) =>
      n === 1 ? '1 linha não pôde ser lida' : `${n.toLocaleString('pt-BR')} linhas não puderam ser lidas`,
    line: (line: number, message: string) => `Linha ${line.toLocaleString('pt-BR')}: ${message}`,
    damagedTitle: 'Colunas alteradas pelo Excel: os valores foram lidos inteiros',
    acceptRejected: 'Importar as demais linhas e deixar estas de fora',
    mustAcceptRejected: 'Confirme que as linhas acima ficam de fora, ou corrija o arquivo.',
    nothingNew: 'Todas as linhas deste arquivo já foram importadas nesta conta.',
    submit: 'Importar',
    done: (added: number, duplicates: number) =>
      `${count(added, 'linha nova importada', 'linhas novas importadas')}${
        duplicates > 0 ? `; ${count(duplicates, 'já estava', 'já estavam')} na conta` : ''
      }.`,
    another: 'Importar outro arquivo',
    close: 'Fechar',
  },

  acceptAll: {
    title: 'Conciliar sugestões',
    minScore: 'Pontuação mínima (%)',
    minScoreHelp: 'Só as sugestões com pelo menos esta pontuação são conciliadas.',
    message: (n: number, month: string) =>
      n === 0
        ? `Nenhuma venda de ${month} tem sugestão com esta pontuação.`
        : `${count(n, 'venda', 'vendas')} de ${month} ${n === 1 ? 'será conciliada' : 'serão conciliadas'} com a conta a receber sugerida: a baixa pelo bruto na data de aprovação, as tarifas lançadas e o líquido na conta de saldo a liberar. Devoluções e contestações de vendas já conciliadas do mês também são lançadas.`,
    counting: 'Contando as sugestões…',
    confirm: 'Conciliar',
    done: (reconciled: number, reversals: number) =>
      `${count(reconciled, 'venda conciliada', 'vendas conciliadas')}${
        reversals > 0 ? `; ${count(reversals, 'devolução lançada', 'devoluções lançadas')}` : ''
      }.`,
  },

  releases: {
    title: 'Lançar liberações',
    message: (month: string) =>
      `Os dias de ${month} do relatório de liberações viram transferências: o que o Mercado Pago liberou passa da conta de saldo a liberar para a conta disponível, e os saques vão para a conta bancária configurada. Dias já lançados não se repetem.`,
    confirm: 'Lançar',
    done: (days: number) =>
      days === 0 ? 'Nenhum dia novo para lançar.' : `${count(days, 'dia lançado', 'dias lançados')}.`,
  },

  figures: {
    label: 'Resumo do mês',
    gross: 'Vendas brutas',
    fees: 'Tarifas',
    net: 'Líquido',
    released: 'Liberado',
    toRelease: 'A liberar',
    difference: 'Não conciliado',
    sales: (n: number) => count(n, 'venda', 'vendas'),
    feeShare: (share: string) => `${share} do bruto`,
    refunds: (amount: number) => `Devoluções: ${formatBRL(amount)}`,
    allReconciled: 'Tudo conciliado',
    open: (n: number) => `${count(n, 'venda', 'vendas')} sem título`,
  },

  chart: {
    title: 'Vendas por dia de aprovação',
    label: 'Gráfico das vendas do mês por dia de aprovação: tarifas, liberado e a liberar',
    fees: 'Tarifas',
    released: 'Liberado',
    toRelease: 'A liberar',
    none: 'Nenhuma venda neste mês.',
  },

  days: {
    title: 'Dias do mês',
    inReais: 'Valores em R$; toque ou passe o mouse nas tarifas para vê-las por tipo.',
    label: 'Vendas por dia de aprovação',
    day: 'Dia',
    sales: 'Vendas',
    gross: 'Bruto',
    fees: 'Tarifas',
    net: 'Líquido',
    released: 'Liberado',
    toRelease: 'A liberar',
    unmatchedPayments: 'Pagamentos sem título',
    unmatchedReceivables: 'Títulos sem pagamento',
    difference: 'Diferença',
    total: 'Total do mês',
    open: 'Ver as vendas de',
    feeKinds: {
      processing: 'Processamento',
      marketplace: 'Comissão de venda',
      financing: 'Financiamento',
      shipping: 'Frete',
      taxes: 'Impostos',
      coupon: 'Cupom',
    },
    feeBreakdown: 'Tarifas por tipo',
  },

  empty: {
    title: 'Nenhum relatório importado neste mês',
    intro: 'A conciliação parte dos relatórios que o Mercado Pago gera no painel da sua conta:',
    settlement:
      'Relatório de liquidações ("Todas as transações"): em Seu negócio › Relatórios › Liquidações (ou Todas as transações), escolha o período, gere e baixe em CSV ou Excel. Traz cada venda com o bruto, as tarifas e o líquido.',
    release:
      'Relatório de liberações: em Seu negócio › Relatórios › Liberações, gere o mesmo período e baixe. Diz quando cada valor foi liberado para saque.',
    then: 'Depois, use "Importar relatório" aqui. Importar o mesmo arquivo de novo, ou períodos que se sobrepõem, não duplica nada.',
  },

  payments: {
    title: 'Vendas',
    titleOfDay: (day: string) => `Vendas aprovadas em ${day}`,
    allDays: 'Todos os dias do mês',
    clearDay: 'Ver o mês inteiro',
    search: 'ID, referência ou cliente',
    tabs: {
      all: 'Todos',
      suggested: 'Sugeridos',
      open: 'Sem título',
      reconciled: 'Conciliados',
      reversal: 'Devoluções',
    },
    empty: {
      all: 'Nenhuma venda neste período.',
      suggested: 'Nenhuma venda com sugestão em aberto.',
      open: 'Nenhuma venda sem título.',
      reconciled: 'Nenhuma venda conciliada ainda.',
      reversal: 'Nenhuma devolução, estorno ou contestação.',
    },
    columns: {
      payment: 'Pagamento',
      method: 'Meio',
      gross: 'Bruto',
      fees: 'Tarifas',
      net: 'Líquido',
      release: 'Liberação',
      status: 'Situação',
      match: 'Título',
    },
    id: (id: string) => `ID ${id}`,
    reference: (ref: string) => `Ref. ${ref}`,
    noReference: 'Sem referência',
    installments: (n: number) => (n > 1 ? `${n}x` : 'à vista'),
    approved: (when: string) => `Aprovado em ${when}`,
    coupon: (amount: string) => `Cupom ${amount}`,
    statuses: { reconciled: 'Conciliado', suggested: 'Sugerido', open: 'Sem título', reversal: 'Devolução' },
    types: {
      SETTLEMENT: 'Venda',
      REFUND: 'Devolução',
      CHARGEBACK: 'Estorno',
      DISPUTE: 'Contestação',
      CANCELLATION: 'Cancelamento',
    } as Record<string, string>,
    origins: {
      suggestion: 'pela sugestão',
      manual: 'escolhido à mão',
      created: 'título criado aqui',
      reversal: 'devolução lançada',
    } as Record<string, string>,
    suggestion: 'Sugestão',
    score: (n: number) => `${n}%`,
    scoreLabel: (n: number) => `Pontuação ${n}%`,
    installmentOf: (number: number, total: number) => `parcela ${number}/${total}`,
    due: (date: string) => `vence ${date}`,
    receivable: (doc: string | null, party: string) =>
      [doc ? `Doc. ${doc}` : null, party || null].filter(Boolean).join(' · '),
    openReceivable: (label: string) => `Abrir a conta a receber ${label}`,
    reconciledAt: (origin: string, when: string) => `Conciliado ${origin} em ${when}`,
    accept: 'Conciliar',
    acceptLabel: (id: string) => `Conciliar o pagamento ${id} com a sugestão`,
    accepted: 'Venda conciliada.',
    choose: 'Escolher título',
    chooseLabel: (id: string) => `Escolher título para o pagamento ${id}`,
    create: 'Criar título',
    createLabel: (id: string) => `Criar título para o pagamento ${id}`,
    undo: 'Desfazer',
    undoLabel: (id: string) => `Desfazer a conciliação do pagamento ${id}`,
    keyboard: 'Tab percorre as vendas; Enter numa venda sugerida a concilia.',
  },

  match: {
    title: (id: string) => `Escolher título para o pagamento ${id}`,
    payment: 'Pagamento',
    approvedOn: 'Aprovado em',
    target: 'A baixar (bruto + cupom)',
    search: 'Nº, descrição ou cliente',
    select: (label: string) => `Escolher ${label}`,
    amount: 'Valor a baixar',
    amountOf: (label: string) => `Valor a baixar de ${label}`,
    chosen: 'Escolhido',
    difference: 'Diferença',
    fits: 'Os valores fecham.',
    mismatch: 'A soma dos valores escolhidos precisa ser igual ao bruto mais o cupom.',
    tooMuch: (label: string) => `O valor de ${label} passa do que está em aberto.`,
    empty: 'Nenhuma conta a receber em aberto encontrada. Busque por outro número ou cliente.',
    columns: { receivable: 'Conta a receber', due: 'Vencimento', open: 'Em aberto', amount: 'A baixar' },
    submit: 'Conciliar',
    done: 'Venda conciliada com o título escolhido.',
  },

  create: {
    title: (id: string) => `Criar título para o pagamento ${id}`,
    intro: (gross: string, day: string) =>
      `Uma conta a receber de ${gross}, aprovada em ${day}, é criada e já conciliada com este pagamento.`,
    customer: 'Cliente',
    customerHelp: 'Opcional; vazio, fica o cliente padrão das configurações.',
    classification: 'Classificação',
    costCentre: 'Centro de custo',
    description: 'Descrição',
    descriptionPlaceholder: (id: string) => `Venda Mercado Pago ${id}`,
    submit: 'Criar e conciliar',
    done: 'Título criado e conciliado.',
  },

  undo: {
    title: 'Desfazer a conciliação',
    message: (id: string) =>
      `A baixa, as tarifas e o saldo a liberar lançados para o pagamento ${id} serão estornados; o título volta a ficar em aberto.`,
    reason: 'Motivo',
    reasonRequired: 'Diga o motivo: ele fica registrado.',
    confirm: 'Desfazer',
    done: 'Conciliação desfeita.',
  },
} as const;

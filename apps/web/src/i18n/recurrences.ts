import type { DocumentKind } from '@financeiro/core';

const byKind = <T>(payable: T, receivable: T) => ({ payable, receivable }) as Record<DocumentKind, T>;
const plural = (n: number, one: string, many: string) =>
  n === 1 ? `1 ${one}` : `${n.toLocaleString('pt-BR')} ${many}`;

/** pt-BR texts of the documents generated from contracts and of recurring payables and receivables. */
export const recurrenceMessages = {
  contract: {
    action: 'Gerar contas',
    help: 'Lança nesta unidade uma conta por vencimento do contrato no período, com o valor, a parte e a classificação salvos nele. Um mês já gerado nunca é gerado de novo.',
    title: (object: string) => `Gerar contas: ${object}`,
    inactive: 'Contrato inativo: reative-o para gerar as contas.',
    from: 'De',
    to: 'Até',
    kind: 'Gerar como',
    kinds: byKind('Contas a pagar', 'Contas a receber'),
    preview: 'Vencimentos no período',
    loading: 'Conferindo o que já foi gerado…',
    previewError: 'Não foi possível conferir o que já foi gerado.',
    choosePeriod: 'Informe o período (DD/MM/AAAA) para ver os vencimentos.',
    none: 'O contrato não tem vencimentos neste período.',
    dueDate: 'Vencimento',
    competence: 'Competência',
    amount: 'Valor',
    situation: 'Situação',
    willCreate: 'Será gerada',
    exists: 'Já existe',
    summary: (create: number, total: string, existing: number) =>
      `${plural(create, 'conta a gerar', 'contas a gerar')}, ${total}` +
      (existing > 0 ? `; ${plural(existing, 'mês já existe', 'meses já existem')}` : ''),
    confirm: (n: number) => (n === 1 ? 'Gerar 1 conta' : `Gerar ${n} contas`),
    result: (created: number, existing: number) =>
      `${plural(created, 'conta gerada', 'contas geradas')}` +
      (existing > 0 ? `; ${plural(existing, 'mês já existia', 'meses já existiam')}` : ''),
    open: byKind('Ver em contas a pagar', 'Ver em contas a receber'),
  },
  recurrences: {
    open: 'Recorrências',
    title: byKind('Recorrências de contas a pagar', 'Recorrências de contas a receber'),
    help: 'Aluguel, folha, contas de consumo: o sistema lança cada conta com 45 dias de antecedência, uma vez por período.',
    new: 'Nova recorrência',
    newTitle: byKind('Nova recorrência a pagar', 'Nova recorrência a receber'),
    editTitle: 'Editar recorrência',
    empty: byKind(
      'Nenhuma recorrência a pagar. Cadastre o aluguel, a folha ou as contas de consumo com "Nova recorrência".',
      'Nenhuma recorrência a receber. Cadastre mensalidades e contratos fixos com "Nova recorrência".',
    ),
    back: 'Voltar à lista',
    created: 'Recorrência criada; as contas dos próximos 45 dias já foram lançadas.',
    saved: 'Recorrência salva; as próximas contas seguem os novos dados.',
    columns: {
      party: 'Parte',
      amount: 'Valor',
      periodicity: 'Periodicidade',
      next: 'Próximo vencimento',
      end: 'Fim',
      status: 'Situação',
    },
    noEnd: 'sem fim',
    noNext: '—',
    dayOf: (day: number) => `todo dia ${day}`,
    statuses: { active: 'Ativa', ended: 'Encerrada', inactive: 'Inativa' },
    actions: (what: string) => `Ações: ${what}`,
    edit: 'Editar',
    end: 'Encerrar',
    form: {
      party: byKind('Fornecedor', 'Cliente'),
      description: 'Descrição',
      documentType: 'Tipo de documento',
      amount: 'Valor de cada conta',
      template: 'Aplicar rateio padrão',
      templateHelp: 'Preenche as linhas de rateio abaixo com as de um rateio padrão.',
      apportionment: 'Classificação e centro de custo',
      classification: 'Classificação',
      costCentre: 'Centro de custo',
      share: 'Percentual',
      paymentMethod: 'Forma de pagamento',
      account: 'Conta prevista',
      periodicity: 'Periodicidade',
      dueDay: 'Dia do vencimento',
      dueDayHelp: 'De 1 a 31; nos meses mais curtos, o último dia.',
      startDate: 'Início',
      endDate: 'Fim',
      endDateHelp: 'Em branco: sem fim.',
      next: (dates: string) => `Próximos vencimentos: ${dates}`,
      changeNote: 'As contas já lançadas ficam como estão (edite-as na lista); a mudança vale para as próximas.',
    },
    endDialog: {
      title: (what: string) => `Encerrar a recorrência "${what}"?`,
      message:
        'Nada mais vence depois da data de encerramento. As contas desta recorrência já lançadas com vencimento depois dela e ainda em aberto serão canceladas; as pagas ficam como estão.',
      date: 'Encerrar em',
      confirm: 'Encerrar',
      done: (cancelled: number) =>
        cancelled === 0
          ? 'Recorrência encerrada.'
          : `Recorrência encerrada; ${plural(cancelled, 'conta cancelada', 'contas canceladas')}.`,
    },
  },
};

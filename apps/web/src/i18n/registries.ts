/** pt-BR texts shared by every registry screen, and each registry's own. */
export const registryMessages = {
  status: 'Situação',
  noMatch: 'Nada encontrado com estes filtros.',
  delete: 'Excluir',
  deleted: 'Registro excluído.',
  activated: 'Registro ativado.',
  deactivated: 'Registro desativado: ele deixa de ser oferecido nas escolhas.',
  deleteTitle: (one: string) => `Excluir ${one}?`,
  deleteMessage: (name: string) =>
    `"${name}" será excluído. Só é possível quando nada o usa; caso contrário, desative-o.`,
  deactivateTitle: (one: string) => `Desativar ${one}?`,
  deactivateMessage: (name: string) =>
    `"${name}" deixa de ser oferecido em novos lançamentos. O que já o usa continua igual, e ele pode ser reativado.`,
  exportTruncated: (n: number) =>
    `A exportação trouxe os primeiros ${n.toLocaleString('pt-BR')} registros; use a busca para ver os demais.`,
  banks: {
    one: 'instituição',
    new: 'Nova instituição',
    edit: 'Editar instituição',
    search: 'Buscar por nome, código ou ISPB',
    empty: 'Nenhuma instituição cadastrada.',
    created: 'Instituição cadastrada.',
    code: 'Código',
    codeHelp: 'Código COMPE de três dígitos, como 341. Deixe em branco se a instituição não tiver.',
    ispb: 'ISPB',
    ispbHelp: 'Oito dígitos, o identificador do Banco Central.',
    name: 'Nome',
    shortName: 'Nome curto',
    shortNameHelp: 'Como a equipe chama a instituição, por exemplo "Itaú".',
  },
};

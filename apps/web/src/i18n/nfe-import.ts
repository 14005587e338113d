/** pt-BR texts of importing NF-e XML files into contas a pagar. */
export const nfeImportMessages = {
  open: 'Importar XML',
  acceptCompetence: 'Marque a competência das notas de meses fechados para importar.',
  waitingCompetence: 'Falta marcar a competência',
  title: 'Importar NF-e (XML)',
  intro:
    'Escolha um ou mais arquivos XML de NF-e emitidas para esta organização: cada nota vira uma conta a pagar, com as parcelas das duplicatas. Um fornecedor ainda não cadastrado é cadastrado a partir da nota.',
  choose: 'Escolher arquivos XML',
  chooseAgain: 'Escolher outros arquivos',
  reading: 'Lendo os arquivos…',
  empty: 'Nenhum arquivo escolhido.',
  tooBig: (names: string) => `Arquivos com mais de 5 MB ficaram de fora: ${names}.`,
  columns: {
    include: 'Lançar',
    file: 'Arquivo',
    number: 'Nº/série',
    issuer: 'Emitente',
    total: 'Total',
    installments: 'Parcelas',
    situation: 'Situação',
  },
  includeFile: (name: string) => `Lançar ${name}`,
  newSupplier: 'novo fornecedor',
  ready: 'Pronta para lançar',
  leftOut: 'Deixada de fora',
  sameAs: (name: string) => `Mesma nota de ${name}: conta uma vez.`,
  openPayable: 'Ver a conta a pagar',
  differenceOf: (name: string) => `Diferença das duplicatas de ${name}`,
  chooseDifference: 'Como tratar a diferença das duplicatas?',
  payableAmount: (amount: string) => `Conta: ${amount}`,
  overdue: (count: number) =>
    count === 1
      ? '1 parcela já venceu: a conta entra com ela em atraso.'
      : `${count} parcelas já venceram: a conta entra com elas em atraso.`,
  installments: (count: number) => (count === 1 ? '1 parcela' : `${count} parcelas`),
  classification: 'Classificação',
  costCentre: 'Centro de custo',
  paymentMethod: 'Meio de pagamento',
  account: 'Conta',
  requiredReferences: 'Escolha a classificação e o centro de custo.',
  summary: (count: number, total: string) => (count === 1 ? `1 nota, ${total}` : `${count} notas, ${total}`),
  submit: (count: number) => (count === 1 ? 'Lançar 1 nota' : `Lançar ${count} notas`),
  imported: (count: number) =>
    count === 1 ? '1 conta a pagar lançada a partir da NF-e.' : `${count} contas a pagar lançadas a partir das NF-e.`,
};

/**
 * What the product has shipped and plans, kept here as data and shown on the Roadmap screen. `period` is a
 * quarter, "YYYY-Qn". Update an item's status in the same change that ships it.
 */
export type RoadmapStatus = 'shipped' | 'in_progress' | 'planned';
export const ROADMAP_STATUSES: readonly RoadmapStatus[] = ['shipped', 'in_progress', 'planned'];
/** A calendar quarter, "2026-Q4". */
export type RoadmapPeriod = `${number}-Q${1 | 2 | 3 | 4}`;
export const PERIOD_FORMAT = /^(\d{4})-Q([1-4])$/;

export interface RoadmapItem {
  id: string;
  title: string;
  description: string;
  status: RoadmapStatus;
  period: RoadmapPeriod;
  areas: readonly string[];
}

export const ROADMAP = [
  {
    id: 'foundation',
    title: 'Base do aplicativo',
    description:
      'Aplicativo instalável (PWA) em português, aviso de offline e atualização, escolha de organização, unidade e departamento, e menu que mostra só o que o perfil permite.',
    status: 'shipped',
    period: '2026-Q3',
    areas: ['Plataforma'],
  },
  {
    id: 'identity',
    title: 'Acesso seguro',
    description:
      'Cadastro com confirmação por e-mail, login sem trafegar a senha, verificação em dois fatores por SMS ou aplicativo autenticador, recuperação de senha, dispositivos lembrados e login com Google.',
    status: 'shipped',
    period: '2026-Q4',
    areas: ['Segurança'],
  },
  {
    id: 'administration',
    title: 'Administração da organização',
    description:
      'Unidades, departamentos, perfis com editor de permissões, convites de usuários com senha temporária, últimos acessos, log de eventos com as diferenças de cada alteração e seu painel, e este planejamento.',
    status: 'shipped',
    period: '2026-Q4',
    areas: ['Administração', 'Auditoria'],
  },
  {
    id: 'registries',
    title: 'Cadastros financeiros',
    description:
      'Fornecedores, clientes e parceiros com CPF/CNPJ (inclusive alfanumérico) e chave PIX validados, bancos e instituições de pagamento, contas e tipos de conta, plano de classificações financeiras e centros de custo em árvore, impostos, métodos de pagamento, rateios de exatamente 100%, divisão de receitas entre parceiros, produtos, contratos com anexos e parcelas previstas, e centros de compras com alçadas. Importação de CSV conferida linha a linha.',
    status: 'shipped',
    period: '2026-Q4',
    areas: ['Cadastros'],
  },
  {
    id: 'payables',
    title: 'Contas a pagar',
    description:
      'Lançamentos com parcelas, rateio e impostos retidos, boletos e PIX conferidos, pagamentos parciais ou em lote com juros e multa, estorno e recorrências.',
    status: 'shipped',
    period: '2026-Q4',
    areas: ['Financeiro'],
  },
  {
    id: 'bank-reconciliation',
    title: 'Extrato e conciliação bancária',
    description:
      'Extrato com saldos por dia, transferências e lançamentos avulsos, importação de OFX e CSV dos bancos brasileiros, sugestões de correspondência com o motivo, regras e conciliação em lote.',
    status: 'shipped',
    period: '2026-Q4',
    areas: ['Conciliação'],
  },
  {
    id: 'purchasing',
    title: 'Compras com aprovação',
    description:
      'Pedidos de compra por departamento com cotações, aprovação por alçada de valor, e conclusão que gera a conta a pagar a partir da NF-e.',
    status: 'shipped',
    period: '2026-Q4',
    areas: ['Compras'],
  },
  {
    id: 'receivables',
    title: 'Contas a receber',
    description:
      'Títulos a receber com parcelas, baixas, juros e multa, divisão de receitas entre parceiros, e acompanhamento de inadimplência.',
    status: 'shipped',
    period: '2026-Q4',
    areas: ['Financeiro'],
  },
  {
    id: 'mercado-pago',
    title: 'Conciliação Mercado Pago',
    description:
      'Vendas, tarifas e repasses do Mercado Pago conferidos com o que foi lançado, pela data de aprovação do pagamento.',
    status: 'shipped',
    period: '2026-Q4',
    areas: ['Conciliação'],
  },
  {
    id: 'reports',
    title: 'Relatórios gerenciais',
    description:
      'Contas a pagar e a receber por situação, entradas e saídas, DRE gerencial e fluxo de caixa projetado, com o painel do dia.',
    status: 'shipped',
    period: '2026-Q4',
    areas: ['Relatórios'],
  },
  {
    id: 'resilience',
    title: 'Carga, falhas e cópias de segurança',
    description:
      'Conferência dos livros a qualquer momento, nada perdido nem em dobro sob carga ou queda do servidor, e cópia e restauração do banco conferidas.',
    status: 'planned',
    period: '2027-Q1',
    areas: ['Plataforma'],
  },
] as const satisfies readonly RoadmapItem[];

/** "2026-Q4" as a person reads it: "4º trimestre de 2026". */
export function periodLabel(period: string): string {
  const match = PERIOD_FORMAT.exec(period);
  return match ? `${match[2]}º trimestre de ${match[1]}` : period;
}

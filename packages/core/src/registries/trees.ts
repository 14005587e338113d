import { z } from 'zod';
import { DRE_GROUPS, type DreGroup } from '../reports/inputs';
import { optionalId, requiredText } from './fields';

/**
 * Classifications and cost centres are trees with hierarchical codes: "1", "1.01", "1.01.003". The first level counts
 * 1, 2, 3…; the second has two digits; deeper levels three. Codes are given by the server, never typed.
 */
export const TREE_MAX_DEPTH = 5;

const SEGMENT_WIDTH = (depth: number) => (depth <= 1 ? 1 : depth === 2 ? 2 : 3);

/** The code of the n-th child (from 1) of `parentCode`, or of the n-th root when it is null. */
export function childCode(parentCode: string | null, n: number): string {
  const depth = parentCode ? parentCode.split('.').length + 1 : 1;
  const segment = String(n).padStart(SEGMENT_WIDTH(depth), '0');
  return parentCode ? `${parentCode}.${segment}` : segment;
}

/** The code of a new child of `parentCode` (null: a new root), after the highest code among its siblings. */
export function nextChildCode(parentCode: string | null, siblingCodes: readonly string[]): string {
  const last = siblingCodes.reduce((max, code) => Math.max(max, Number(code.split('.').at(-1))), 0);
  return childCode(parentCode, last + 1);
}

/** How deep a code is: "1.01.003" is at depth 3. */
export const codeDepth = (code: string) => code.split('.').length;

export const CLASSIFICATION_NATURES = ['income', 'expense'] as const;
export type ClassificationNature = (typeof CLASSIFICATION_NATURES)[number];

/** A financial classification: its place in the tree, a name and whether it is income or expense. */
export const classificationInput = z.object({
  parentId: optionalId,
  name: requiredText(120, 'Informe o nome da classificação.'),
  nature: z.enum(CLASSIFICATION_NATURES, 'Escolha a natureza: receita ou despesa.'),
  /** The apportionment a document classified here starts with, when its party names none. */
  apportionmentTemplateId: optionalId,
  /** Its line in the DRE gerencial; none: its parent's, then its nature's (income: gross revenue; expense: expenses). */
  dreGroup: z
    .union([z.enum(DRE_GROUPS, 'Escolha um grupo da DRE.'), z.literal(''), z.null()], 'Escolha um grupo da DRE.')
    .optional()
    .transform((value) => value || null),
});

/** A cost centre: its place in the tree and a name. */
export const costCentreInput = z.object({
  parentId: optionalId,
  name: requiredText(120, 'Informe o nome do centro de custo.'),
});

/**
 * The classification plan a new organization starts with, shaped like a Brazilian management income statement (DRE
 * gerencial): gross revenue, deductions, costs, operating expenses, financial result, investments and income taxes.
 */
export const DEFAULT_CLASSIFICATION_PLAN: {
  name: string;
  nature: ClassificationNature;
  /** The DRE line of the group (its children inherit it); none: by nature. */
  dreGroup?: DreGroup;
  children: { name: string; children?: string[] }[];
}[] = [
  {
    name: 'Receitas operacionais',
    dreGroup: 'gross_revenue',
    nature: 'income',
    children: [
      { name: 'Receita bruta', children: ['Venda de produtos', 'Prestação de serviços', 'Locações'] },
      { name: 'Outras receitas operacionais', children: ['Reembolsos recebidos', 'Receitas diversas'] },
    ],
  },
  {
    name: 'Deduções da receita',
    dreGroup: 'deductions',
    nature: 'expense',
    children: [
      { name: 'Impostos sobre vendas', children: ['ISS', 'ICMS', 'PIS', 'COFINS', 'Simples Nacional'] },
      { name: 'Devoluções e abatimentos' },
    ],
  },
  {
    name: 'Custos',
    dreGroup: 'costs',
    nature: 'expense',
    children: [
      { name: 'Custo das mercadorias vendidas', children: ['Compra de mercadorias', 'Fretes sobre compras'] },
      { name: 'Custo dos serviços prestados', children: ['Serviços de terceiros', 'Materiais aplicados'] },
    ],
  },
  {
    name: 'Despesas operacionais',
    dreGroup: 'expenses',
    nature: 'expense',
    children: [
      {
        name: 'Despesas com pessoal',
        children: ['Salários', 'Pró-labore', 'FGTS', 'INSS patronal', 'Férias e 13º salário', 'Benefícios'],
      },
      {
        name: 'Despesas administrativas',
        children: [
          'Aluguel e condomínio',
          'Energia elétrica',
          'Água e esgoto',
          'Telefonia e internet',
          'Material de escritório',
          'Serviços contábeis',
          'Serviços jurídicos',
          'Softwares e assinaturas',
        ],
      },
      { name: 'Despesas comerciais', children: ['Marketing e publicidade', 'Comissões sobre vendas', 'Viagens'] },
      { name: 'Despesas tributárias', children: ['IPTU', 'Taxas e licenças'] },
    ],
  },
  {
    name: 'Receitas financeiras',
    dreGroup: 'financial_income',
    nature: 'income',
    children: [
      { name: 'Rendimentos de aplicações' },
      { name: 'Juros e multas recebidos' },
      { name: 'Descontos obtidos' },
    ],
  },
  {
    name: 'Despesas financeiras',
    dreGroup: 'financial_expenses',
    nature: 'expense',
    children: [
      { name: 'Tarifas bancárias' },
      { name: 'Juros e multas pagos' },
      { name: 'Descontos concedidos' },
      { name: 'IOF' },
    ],
  },
  {
    name: 'Investimentos',
    nature: 'expense',
    children: [
      { name: 'Máquinas e equipamentos' },
      { name: 'Móveis e utensílios' },
      { name: 'Equipamentos de informática' },
    ],
  },
  {
    name: 'Impostos sobre o lucro',
    nature: 'expense',
    children: [{ name: 'IRPJ' }, { name: 'CSLL' }],
  },
];

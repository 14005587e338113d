import { z } from 'zod';
import { formatPercent, WHOLE } from '../money';
import {
  centavosInput,
  integerInput,
  optional,
  optionalId,
  percentInput,
  requiredId,
  requiredText,
  yesNoInput,
} from './fields';

export const TAX_KINDS = ['ISS', 'IRRF', 'INSS', 'PIS', 'COFINS', 'CSLL', 'custom'] as const;

/**
 * A tax (parametrizacao/tipos_imposto): which one, its rate and whether it is withheld at source; for a withheld tax,
 * how its month is collected: the DARF's revenue code (taxes sharing one are paid together, as PIS, COFINS and CSLL
 * in 5952), the day of the next month it is due and who collects it (Receita Federal, the city).
 */
export const taxTypeInput = z.object({
  name: requiredText(60, 'Informe o nome do imposto.'),
  kind: z.enum(TAX_KINDS, 'Escolha o imposto, ou Outro.'),
  rate: percentInput(),
  withheld: yesNoInput,
  collectionCode: optional(
    z.string().regex(/^\d{4}(-\d{2})?$/, 'Código de receita inválido: use 4 dígitos, como 1708, ou 5952-01.'),
  ),
  dueDay: z
    .union([integerInput(1, 31, 'Informe o dia do vencimento, de 1 a 31.'), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v)),
  collectorPartyId: optionalId,
});

export const PAYMENT_KINDS = ['boleto', 'pix', 'ted', 'card', 'cash', 'direct_debit', 'mercado_pago'] as const;

/** A payment method (parametrizacao/metodos_pagamento): its kind, the account it usually moves and days to clear. */
export const paymentMethodInput = z.object({
  name: requiredText(60, 'Informe o nome do método de pagamento.'),
  kind: z.enum(PAYMENT_KINDS, 'Escolha o meio de pagamento.'),
  defaultAccountId: optionalId,
  daysToClear: integerInput(0, 60, 'Informe os dias para compensar, de 0 a 60.'),
});

const shareSum = (shares: number[]) => shares.reduce((sum, share) => sum + share, 0);

/** A named apportionment across cost centres and classifications whose shares add up to exactly 100%. */
export const apportionmentTemplateInput = z.object({
  name: requiredText(80, 'Informe o nome do rateio.'),
  lines: z
    .array(
      z.object({
        costCentreId: requiredId('Escolha o centro de custo.'),
        classificationId: requiredId('Escolha a classificação.'),
        share: percentInput(),
      }),
      'Inclua as linhas do rateio.',
    )
    .min(1, 'Inclua ao menos uma linha no rateio.')
    .max(100, 'Use até 100 linhas.')
    .superRefine((lines, ctx) => {
      const total = shareSum(lines.map((l) => l.share));
      if (total !== WHOLE) {
        ctx.addIssue({
          code: 'custom',
          message: `A soma dos percentuais deve ser exatamente 100%; hoje é ${formatPercent(total)}.`,
        });
      }
      const keys = lines.map((l) => `${l.costCentreId}:${l.classificationId}`);
      if (new Set(keys).size !== keys.length) {
        ctx.addIssue({ code: 'custom', message: 'Há linhas repetidas: junte centro de custo e classificação iguais.' });
      }
    }),
});

/** What receipts a split setting covers: those of one classification, product, contract or party. */
export const SPLIT_COVERAGES = ['classification', 'product', 'contract', 'party'] as const;
export type SplitCoverage = (typeof SPLIT_COVERAGES)[number];

/** The field that names what a setting covers, by coverage. */
export const SPLIT_COVERAGE_FIELDS = {
  classification: 'classificationId',
  product: 'productId',
  contract: 'contractId',
  party: 'coveredPartyId',
} as const satisfies Record<SplitCoverage, string>;

const COVERAGE_MISSING: Record<SplitCoverage, string> = {
  classification: 'Escolha a classificação das receitas divididas.',
  product: 'Escolha o produto das receitas divididas.',
  contract: 'Escolha o contrato das receitas divididas.',
  party: 'Escolha o cliente das receitas divididas.',
};

/**
 * A revenue split among partners: what receipts it covers (exactly one classification, product, contract or
 * party), each partner's share a percentage, the total never above 100% (the rest is retained).
 */
export const splitConfigInput = z
  .object({
    name: requiredText(80, 'Informe o nome do split.'),
    coverage: z.enum(SPLIT_COVERAGES, 'Escolha o que o split cobre: classificação, produto, contrato ou cliente.'),
    classificationId: optionalId,
    productId: optionalId,
    contractId: optionalId,
    coveredPartyId: optionalId,
    partners: z
      .array(z.object({ partyId: requiredId('Escolha o parceiro.'), share: percentInput() }), 'Inclua os parceiros.')
      .min(1, 'Inclua ao menos um parceiro.')
      .max(50, 'Use até 50 parceiros.')
      .superRefine((partners, ctx) => {
        const total = shareSum(partners.map((p) => p.share));
        if (total > WHOLE) {
          ctx.addIssue({
            code: 'custom',
            message: `A soma dos percentuais não pode passar de 100%; hoje é ${formatPercent(total)}.`,
          });
        }
        if (new Set(partners.map((p) => p.partyId)).size !== partners.length) {
          ctx.addIssue({ code: 'custom', message: 'Cada parceiro aparece uma vez só.' });
        }
      }),
  })
  .superRefine((config, ctx) => {
    const field = SPLIT_COVERAGE_FIELDS[config.coverage];
    if (!config[field]) ctx.addIssue({ code: 'custom', path: [field], message: COVERAGE_MISSING[config.coverage] });
  })
  // Only the chosen coverage's reference is kept: the others are cleared, as the database's check asks.
  .transform((config) => {
    const chosen = SPLIT_COVERAGE_FIELDS[config.coverage];
    const cleared = Object.fromEntries(
      Object.values(SPLIT_COVERAGE_FIELDS).map((field) => [field, field === chosen ? config[field] : null]),
    ) as Record<(typeof SPLIT_COVERAGE_FIELDS)[SplitCoverage], string | null>;
    return { ...config, ...cleared };
  });

export const PRODUCT_UNITS = [
  'UN',
  'CX',
  'PC',
  'KG',
  'G',
  'L',
  'ML',
  'M',
  'M2',
  'M3',
  'H',
  'DIA',
  'MES',
  'SV',
] as const;

/** A product or service bought or sold: code, name, unit of measure, default classification and price. */
export const productInput = z.object({
  code: requiredText(30, 'Informe o código do produto.').transform((v) => v.toUpperCase()),
  name: requiredText(120, 'Informe o nome do produto.'),
  unit: z.enum(PRODUCT_UNITS, 'Escolha a unidade de medida.'),
  classificationId: optionalId,
  price: centavosInput({ min: 0, empty: 'Informe o preço (pode ser 0,00).' }),
});

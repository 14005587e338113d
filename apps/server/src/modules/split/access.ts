/** Who may see and apply revenue splits (decision 0024). */
export const splitReadMeta = { authz: { scope: 'unit', permissions: 'ler_configuracoes_split' } } as const;

/**
 * Running or undoing a split writes or cancels payables: it needs the split settings' edit right and the right to
 * edit payables in the unit, so that a split is no back door to the books.
 */
export const splitWriteMeta = {
  authz: { scope: 'unit', permissions: { all: ['editar_configuracoes_split', 'editar_contas_pagar'] } },
} as const;

export const CONFIG_NOT_FOUND = 'Divisão de receitas não encontrada nesta organização.';
export const RUN_NOT_FOUND = 'Split não encontrado nesta unidade.';
export const NO_COVERAGE =
  'Esta divisão de receitas ainda não diz quais recebimentos cobre: edite-a em Divisão de receitas e escolha a classificação, o produto, o contrato ou o cliente.';
export const PRODUCT_WITHOUT_CLASSIFICATION =
  'O produto desta divisão de receitas não tem classificação: os recebimentos chegam ao produto pela classificação dele. Informe-a no cadastro do produto.';
export const INACTIVE_CONFIG = 'Esta divisão de receitas está inativa: reative-a para fazer o split.';
export const NOTHING_TO_SPLIT = 'Nenhum recebimento coberto por esta divisão de receitas no período: nada a dividir.';

/** Who may import Mercado Pago's reports: whoever reconciles the accounts. */
export const mercadopagoMeta = { authz: { scope: 'unit', permissions: 'acessar_conciliacao' } } as const;

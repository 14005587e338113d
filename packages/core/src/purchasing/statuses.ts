// The names the workflow (workflow.ts) and the forms' inputs (inputs.ts) share.

export const PURCHASE_ORDER_STATUSES = [
  'criada',
  'aguardando_aprovacao',
  'aprovada',
  'reprovada',
  'concluida',
  'cancelada',
] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

/** The longest reason a rejection or a cancellation may carry. */
export const MAX_PURCHASE_REASON = 500;

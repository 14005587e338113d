import type { PermissionName } from '../authz/permissions';
import type { PurchaseOrderStatus } from './statuses';

// No schema library here: the web's menu reads the lists without loading the input schemas.

/** The six `compras/*` lists: the route's last segment, the status it shows and the permission that opens it. */
export const PURCHASE_LISTS = [
  { slug: 'criadas', status: 'criada', permission: 'ler_wkfl_solicitados', title: 'Criadas' },
  {
    slug: 'aguardando_aprovacao',
    status: 'aguardando_aprovacao',
    permission: 'ler_wkfl_aguardando',
    title: 'Aguardando aprovação',
  },
  { slug: 'aprovadas', status: 'aprovada', permission: 'ler_wkfl_aprovados', title: 'Aprovadas' },
  { slug: 'reprovadas', status: 'reprovada', permission: 'ler_wkfl_reprovados', title: 'Reprovadas' },
  { slug: 'concluidas', status: 'concluida', permission: 'ler_wkfl_concluidos', title: 'Concluídas' },
  { slug: 'canceladas', status: 'cancelada', permission: 'ler_wkfl_cancelados', title: 'Canceladas' },
] as const satisfies readonly {
  slug: string;
  status: PurchaseOrderStatus;
  permission: PermissionName;
  title: string;
}[];

export const PURCHASE_STATUS_LABELS: Record<PurchaseOrderStatus, string> = {
  criada: 'Criada',
  aguardando_aprovacao: 'Aguardando aprovação',
  aprovada: 'Aprovada',
  reprovada: 'Reprovada',
  concluida: 'Concluída',
  cancelada: 'Cancelada',
};

/** The permission that lists orders in a status. */
export function purchaseListPermission(status: PurchaseOrderStatus): PermissionName {
  return PURCHASE_LISTS.find((list) => list.status === status)?.permission ?? 'ler_wkfl_solicitados';
}

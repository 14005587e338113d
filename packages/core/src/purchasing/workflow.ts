import type { PermissionName } from '../authz/permissions';
import { MAX_AMOUNT } from '../ledger/inputs';
import { type Centavos, formatBRL } from '../money';
import type { PurchaseItem } from './inputs';
import { MAX_PURCHASE_REASON, type PurchaseOrderStatus } from './statuses';

export const PURCHASE_ORDER_ACTIONS = ['editar', 'enviar', 'aprovar', 'reprovar', 'concluir', 'cancelar'] as const;
export type PurchaseOrderActionName = (typeof PURCHASE_ORDER_ACTIONS)[number];

/** One approval given in the current round, with the limit its approver had when giving it. */
export interface PurchaseApproval {
  approverId: string;
  limit: Centavos;
}

export interface PurchaseOrderState {
  status: PurchaseOrderStatus;
  total: Centavos;
  requesterId: string;
  /** The approvals of the current round; a new round starts when the order is sent or its total changes. */
  approvals: readonly PurchaseApproval[];
  /** The total of the last approval, kept when the order goes back for approval. */
  approvedTotal: Centavos | null;
}

/** An approver of the department's purchasing centre and their limit (alçada). */
export interface PurchaseApprover {
  userId: string;
  limit: Centavos;
}

export interface PurchaseActor {
  userId: string;
  /** What the actor holds for the order's department. */
  permissions: readonly PermissionName[];
}

/** What an approval covers besides the total: whom the order buys from, what, and for which cost centre. */
export interface PurchaseContent {
  supplierId: string | null;
  costCentreId: string | null;
  items: readonly PurchaseItem[];
}

/** What of the purchase an edit changes, as the timeline names it ("fornecedor", "itens", "centro de custo"). */
export function purchaseContentChanges(before: PurchaseContent, after: PurchaseContent): string[] {
  const sameItem = (a: PurchaseItem, b: PurchaseItem | undefined) =>
    b !== undefined &&
    a.productId === b.productId &&
    a.description === b.description &&
    a.quantity === b.quantity &&
    a.unit === b.unit &&
    a.unitPrice === b.unitPrice;
  const sameItems =
    before.items.length === after.items.length && before.items.every((item, i) => sameItem(item, after.items[i]));
  return [
    before.supplierId === after.supplierId ? null : 'fornecedor',
    sameItems ? null : 'itens',
    before.costCentreId === after.costCentreId ? null : 'centro de custo',
  ].filter((change) => change !== null);
}

export type PurchaseOrderAction =
  /** `changed`: what of the purchase changed besides its total (purchaseContentChanges). */
  | { type: 'editar'; total: Centavos; changed?: readonly string[] }
  | { type: 'enviar' }
  | { type: 'aprovar' }
  | { type: 'reprovar'; reason: string }
  | { type: 'concluir' }
  | { type: 'cancelar'; reason: string };

/** What the timeline shows of a transition; the caller adds when it happened. */
export interface PurchaseOrderEvent {
  action: PurchaseOrderActionName;
  from: PurchaseOrderStatus;
  to: PurchaseOrderStatus;
  actorId: string;
  description: string;
  reason: string | null;
}

export type PurchaseNotification =
  { to: 'approvers'; level: Centavos; userIds: string[] } | { to: 'requester'; userId: string };

export type PurchaseTransition =
  | { ok: true; state: PurchaseOrderState; event: PurchaseOrderEvent; notify: PurchaseNotification | null }
  | { ok: false; message: string };

const TERMINAL: Partial<Record<PurchaseOrderStatus, string>> = {
  reprovada: 'Este pedido foi reprovado e não pode mais ser alterado.',
  concluida: 'Este pedido já foi concluído e não pode mais ser alterado.',
  cancelada: 'Este pedido foi cancelado e não pode mais ser alterado.',
};

const NO_PERMISSION: Record<PurchaseOrderActionName, string> = {
  editar: 'Você não tem permissão para editar pedidos de compra neste departamento.',
  enviar: 'Você não tem permissão para enviar pedidos de compra para aprovação neste departamento.',
  aprovar: 'Você não tem permissão para aprovar ou reprovar pedidos de compra neste departamento.',
  reprovar: 'Você não tem permissão para aprovar ou reprovar pedidos de compra neste departamento.',
  concluir: 'Você não tem permissão para concluir pedidos de compra neste departamento.',
  cancelar: 'Você não tem permissão para cancelar pedidos de compra neste departamento.',
};

/** The permissions that allow each action; holding one of them is enough. */
export const PURCHASE_ACTION_PERMISSIONS: Record<PurchaseOrderActionName, readonly PermissionName[]> = {
  editar: ['editar_pedidos_compra'],
  enviar: ['enviar_pedidos_compra'],
  aprovar: ['avaliar_pedidos_compra'],
  reprovar: ['avaliar_pedidos_compra'],
  concluir: ['concluir_pedidos_compra'],
  cancelar: ['editar_pedidos_compra', 'avaliar_pedidos_compra'],
};

/** The problem with an order's total, or null when it is a valid amount. */
export function purchaseTotalProblem(total: Centavos): string | null {
  if (!Number.isSafeInteger(total)) return 'O valor do pedido deve ser um número inteiro de centavos.';
  if (total <= 0) return 'O valor do pedido deve ser maior que zero.';
  if (total > MAX_AMOUNT) return `O valor do pedido não pode passar de ${formatBRL(MAX_AMOUNT)}.`;
  return null;
}

function reasonProblem(reason: string, empty: string): string | null {
  const text = reason.trim();
  if (text === '') return empty;
  if (text.length > MAX_PURCHASE_REASON) return `O motivo pode ter até ${MAX_PURCHASE_REASON} caracteres.`;
  return null;
}

/**
 * The centre's approvers who may act on the order, by level: the requester never approves their own order, so their
 * own limit does not make a level.
 */
function levelsFor(approvers: readonly PurchaseApprover[], requesterId: string): Centavos[] {
  return [...new Set(approvers.filter((a) => a.userId !== requesterId).map((a) => a.limit))].sort((a, b) => a - b);
}

function notifyLevel(approvers: readonly PurchaseApprover[], requesterId: string, level: Centavos) {
  return {
    to: 'approvers' as const,
    level,
    userIds: approvers
      .filter((a) => a.limit === level && a.userId !== requesterId)
      .map((a) => a.userId)
      .sort(),
  };
}

/** The level the order waits for now: the lowest above every limit that already approved it in this round. */
function currentLevel(state: PurchaseOrderState, levels: readonly Centavos[]): Centavos | undefined {
  const reached = Math.max(0, ...state.approvals.map((a) => a.limit));
  return levels.find((level) => level > reached);
}

/** A new round of approval at the first level, or the refusal when nobody other than the requester covers the total. */
function startRound(
  state: PurchaseOrderState,
  total: Centavos,
  approvers: readonly PurchaseApprover[],
): { notify: PurchaseNotification } | { message: string } {
  const levels = levelsFor(approvers, state.requesterId);
  const [first] = levels;
  if (first === undefined || (levels.at(-1) ?? 0) < total) {
    return {
      message: `Nenhum aprovador do centro de compras deste departamento tem alçada para ${formatBRL(total)}. Ajuste as alçadas do centro de compras.`,
    };
  }
  return { notify: notifyLevel(approvers, state.requesterId, first) };
}

/**
 * The purchase order's workflow: from its state, who acts (with the permissions they hold for the order's department)
 * and what they ask, the next state with the timeline's event and whom to notify, or the reason it is refused.
 */
export function purchaseOrderTransition(
  state: PurchaseOrderState,
  actor: PurchaseActor,
  approvers: readonly PurchaseApprover[],
  action: PurchaseOrderAction,
): PurchaseTransition {
  const refuse = (message: string): PurchaseTransition => ({ ok: false, message });
  const done = (
    next: Partial<PurchaseOrderState>,
    description: string,
    notify: PurchaseNotification | null,
    reason: string | null = null,
  ): PurchaseTransition => {
    const to = { ...state, ...next };
    return {
      ok: true,
      state: to,
      event: { action: action.type, from: state.status, to: to.status, actorId: actor.userId, description, reason },
      notify,
    };
  };

  const terminal = TERMINAL[state.status];
  if (terminal) return refuse(terminal);
  if (!PURCHASE_ACTION_PERMISSIONS[action.type].some((p) => actor.permissions.includes(p)))
    return refuse(NO_PERMISSION[action.type]);

  switch (action.type) {
    case 'editar': {
      const problem = purchaseTotalProblem(action.total);
      if (problem) return refuse(problem);
      const changed = action.changed ?? [];
      if ((action.total === state.total && changed.length === 0) || state.status === 'criada') {
        return done({ total: action.total }, `Pedido editado; valor ${formatBRL(action.total)}.`, null);
      }
      // An approval covers what was approved: another total, supplier, item or cost centre asks for a new one.
      const round = startRound(state, action.total, approvers);
      if ('message' in round) return refuse(round.message);
      const newTotal =
        action.total === state.total ? null : `de ${formatBRL(state.total)} para ${formatBRL(action.total)}`;
      const what =
        changed.length === 0
          ? `Valor alterado ${newTotal}`
          : `Alterado: ${changed.join(', ')}${newTotal ? `; valor ${newTotal}` : ''}`;
      return done(
        { status: 'aguardando_aprovacao', total: action.total, approvals: [] },
        `${what}; o pedido volta para aprovação.`,
        round.notify,
      );
    }
    case 'enviar': {
      if (state.status !== 'criada') return refuse('Só um pedido em rascunho pode ser enviado para aprovação.');
      const problem = purchaseTotalProblem(state.total);
      if (problem) return refuse(problem);
      const round = startRound(state, state.total, approvers);
      if ('message' in round) return refuse(round.message);
      return done(
        { status: 'aguardando_aprovacao', approvals: [] },
        `Pedido de ${formatBRL(state.total)} enviado para aprovação.`,
        round.notify,
      );
    }
    case 'aprovar':
    case 'reprovar': {
      if (state.status !== 'aguardando_aprovacao') {
        return refuse('Só um pedido aguardando aprovação pode ser aprovado ou reprovado.');
      }
      if (actor.userId === state.requesterId) return refuse('Você não pode aprovar nem reprovar o seu próprio pedido.');
      const limit = approvers.find((a) => a.userId === actor.userId)?.limit;
      if (limit === undefined) return refuse('Você não é aprovador do centro de compras deste departamento.');
      if (state.approvals.some((a) => a.approverId === actor.userId)) {
        return refuse('Você já aprovou este pedido; ele aguarda o próximo nível.');
      }
      const levels = levelsFor(approvers, state.requesterId);
      const waiting = currentLevel(state, levels);
      if (waiting !== undefined && limit < waiting) {
        return refuse(
          `Este pedido já passou da sua alçada de ${formatBRL(limit)} e aguarda quem aprova até ${formatBRL(waiting)}.`,
        );
      }
      if (action.type === 'reprovar') {
        const problem = reasonProblem(action.reason, 'Informe o motivo da reprovação.');
        if (problem) return refuse(problem);
        return done(
          { status: 'reprovada' },
          'Pedido reprovado.',
          { to: 'requester', userId: state.requesterId },
          action.reason.trim(),
        );
      }
      const approvals = [...state.approvals, { approverId: actor.userId, limit }];
      if (limit >= state.total) {
        return done(
          { status: 'aprovada', approvals, approvedTotal: state.total },
          `Pedido de ${formatBRL(state.total)} aprovado (alçada de ${formatBRL(limit)}).`,
          { to: 'requester', userId: state.requesterId },
        );
      }
      const next = levels.find((level) => level > limit);
      if (next === undefined) {
        return refuse(
          `Nenhum aprovador do centro de compras deste departamento tem alçada para ${formatBRL(state.total)}. Ajuste as alçadas do centro de compras.`,
        );
      }
      return done(
        { approvals },
        `Aprovado até a alçada de ${formatBRL(limit)}; o pedido de ${formatBRL(state.total)} sobe para quem aprova até ${formatBRL(next)}.`,
        notifyLevel(approvers, state.requesterId, next),
      );
    }
    case 'concluir': {
      if (state.status !== 'aprovada') return refuse('Só um pedido aprovado pode ser concluído.');
      return done({ status: 'concluida' }, `Pedido de ${formatBRL(state.total)} concluído.`, {
        to: 'requester',
        userId: state.requesterId,
      });
    }
    case 'cancelar': {
      const problem = reasonProblem(action.reason, 'Informe o motivo do cancelamento.');
      if (problem) return refuse(problem);
      return done({ status: 'cancelada' }, 'Pedido cancelado.', null, action.reason.trim());
    }
  }
}

import { inArray } from 'drizzle-orm';
import {
  formatBRL,
  PURCHASE_LISTS,
  type PurchaseNotification,
  type PurchaseOrderEvent,
  type PurchaseOrderStatus,
} from '@financeiro/core';
import type { PurchasingContext } from './access';
import { enqueueEmail } from '../outbox';
import type { OrderRow } from './schema';
import { usersView } from '../identity';

const escape = (text: string) => text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The address of an order on its list screen: the list opens the order named in `pedido`. */
export function orderUrl(publicUrl: string, order: { id: string; status: PurchaseOrderStatus }): string {
  const list = PURCHASE_LISTS.find((l) => l.status === order.status)?.slug ?? 'criadas';
  return `${publicUrl}/compras/${list}?pedido=${order.id}`;
}

/** What each e-mail says: to the approvers an order waits for, or to its requester about what happened. */
function message(order: OrderRow, event: PurchaseOrderEvent, notify: PurchaseNotification) {
  const title = `Pedido de compra nº ${order.number}`;
  if (notify.to === 'approvers') {
    return {
      subject: `${title} aguarda a sua aprovação (${formatBRL(order.total)})`,
      lead: `O ${title.toLowerCase()}, de ${formatBRL(order.total)}, aguarda a sua aprovação.`,
    };
  }
  const outcome: Partial<Record<PurchaseOrderStatus, string>> = {
    aprovada: 'foi aprovado',
    reprovada: 'foi reprovado',
    concluida: 'foi concluído',
  };
  const happened = outcome[order.status] ?? 'mudou de situação';
  return {
    subject: `${title} ${happened}`,
    lead: `O seu ${title.toLowerCase()}, de ${formatBRL(order.total)}, ${happened}.${event.reason ? ` Motivo: ${event.reason}` : ''}`,
  };
}

/**
 * Queues the e-mails a transition asks for, in its transaction: they go out only if it commits. Users without an
 * address are skipped (the order still shows in their list).
 */
export async function notifyTransition(
  ctx: PurchasingContext,
  order: OrderRow,
  event: PurchaseOrderEvent,
  notify: PurchaseNotification,
): Promise<void> {
  const ids = notify.to === 'approvers' ? notify.userIds : [notify.userId];
  if (ids.length === 0) return;
  const recipients = await ctx.tx
    .select({ name: usersView.name, email: usersView.email })
    .from(usersView)
    .where(inArray(usersView.id, ids));
  const { subject, lead } = message(order, event, notify);
  const url = orderUrl(ctx.env.PUBLIC_URL, order);
  for (const recipient of recipients) {
    if (!recipient.email) continue;
    const greeting = recipient.name ? `Olá, ${recipient.name.split(' ')[0]}!` : 'Olá!';
    await enqueueEmail(ctx.tx, {
      to: recipient.email,
      subject,
      text: `${greeting}\n\n${lead}\n\n${event.description}\n\nAbra o pedido: ${url}\n`,
      html: `<div style="font-family:Arial,sans-serif;color:#19244f;max-width:520px">
<p>${escape(greeting)}</p>
<p>${escape(lead)}</p>
<p style="color:#555">${escape(event.description)}</p>
<p><a href="${escape(url)}">Abrir o pedido</a></p>
</div>`,
    });
  }
}

import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { MAX_QUOTATIONS } from '@financeiro/core';
import { procedure, router, type ProcedureContext } from '../../trpc/init';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from '../../errors';
import { organizationOf } from '../../caller';
import { attachmentFields, readAttachment, downloadOf, listFiles, mustHaveRoom } from '../attachments';
import { audit } from '../audit';
import { ORDER_NOT_FOUND, permissionsFor, purchasingMeta, visibleOrders } from './access';
import { lockOrder } from './orders';
import type { OrderRow } from './schema';
import { purchaseOrderAttachments, purchaseOrders } from './schema';

const NOT_FOUND = 'Anexo não encontrado.';

/** Where an order's files are kept, for their listing and their limit. */
const filesOfOrder = (organizationId: string, orderId: string) => ({
  table: purchaseOrderAttachments,
  column: purchaseOrderAttachments.orderId,
  id: orderId,
  organizationId,
});

/** One order the caller sees, read without locking it. */
async function visibleOrder(ctx: ProcedureContext, id: string): Promise<OrderRow> {
  const [row] = await ctx.tx
    .select()
    .from(purchaseOrders)
    .where(and(visibleOrders(ctx), eq(purchaseOrders.id, id)));
  if (!row) throw new NotFoundError(ORDER_NOT_FOUND);
  return row;
}

/**
 * One visible order, locked, whose files the caller may change: they edit orders in its department, and the order
 * is still open. A concluded order's files are the evidence of the purchase and stay.
 */
async function changeableOrder(ctx: ProcedureContext, id: string): Promise<OrderRow> {
  const row = await lockOrder(ctx, id);
  if (!permissionsFor(ctx, row).includes('editar_pedidos_compra')) {
    throw new ForbiddenError('Você não tem permissão para mudar os anexos dos pedidos de compra deste departamento.');
  }
  if (row.status === 'concluida') {
    throw new ConflictError('Este pedido foi concluído: seus anexos são a prova da compra e não mudam mais.');
  }
  if (row.status !== 'criada' && row.status !== 'aguardando_aprovacao' && row.status !== 'aprovada') {
    throw new ConflictError('Este pedido foi encerrado: seus anexos não mudam mais.');
  }
  return row;
}

async function attachmentOf(ctx: ProcedureContext, id: string) {
  const [file] = await ctx.tx
    .select()
    .from(purchaseOrderAttachments)
    .where(and(eq(purchaseOrderAttachments.organizationId, organizationOf(ctx)), eq(purchaseOrderAttachments.id, id)));
  if (!file) throw new NotFoundError(NOT_FOUND);
  return file;
}

/**
 * A purchase order's files (the quotations' PDFs, photos), checked by content like contracts' and the ledger's:
 * /v1/purchasing/attachments.*. Whoever sees an order sees its files; whoever edits orders in its department attaches
 * and deletes them while the order is open.
 */
export const purchaseAttachmentsRouter = router({
  list: procedure
    .meta(purchasingMeta)
    .input(z.object({ orderId: z.uuid('Pedido inválido.') }))
    .query(async ({ ctx, input }) => {
      const order = await visibleOrder(ctx, input.orderId);
      return listFiles(ctx.tx, filesOfOrder(organizationOf(ctx), order.id), {
        quotation: purchaseOrderAttachments.quotation,
      });
    }),

  upload: procedure
    .meta(purchasingMeta)
    .input(
      z.object({
        orderId: z.uuid('Pedido inválido.'),
        /** The position of the quotation the file belongs to; left out for the order's general files. */
        quotation: z
          .number()
          .int()
          .min(0)
          .max(MAX_QUOTATIONS - 1, 'Cotação não encontrada neste pedido.')
          .nullish(),
        ...attachmentFields,
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const order = await changeableOrder(ctx, input.orderId);
      const quotation = input.quotation ?? null;
      if (quotation !== null && quotation >= order.quotations.length) {
        throw new InvalidInputError('Cotação não encontrada neste pedido.');
      }
      const file = readAttachment(input);
      const organizationId = organizationOf(ctx);
      await mustHaveRoom(ctx.tx, filesOfOrder(organizationId, order.id), 'Um pedido de compra');
      const id = uuidv7();
      await ctx.tx.insert(purchaseOrderAttachments).values({
        ...file,
        id,
        organizationId,
        orderId: order.id,
        quotation,
        createdBy: ctx.user.userId,
      });
      await audit(ctx, {
        action: 'purchase_order.attach',
        entity: 'purchase_order',
        entityId: order.id,
        after: { fileName: file.fileName, size: file.size, sha256: file.sha256, quotation },
      });
      return { id, fileName: file.fileName, size: file.size };
    }),

  download: procedure
    .meta(purchasingMeta)
    .input(z.object({ id: z.uuid('Anexo inválido.') }))
    .query(async ({ ctx, input }) => {
      const file = await attachmentOf(ctx, input.id);
      await visibleOrder(ctx, file.orderId);
      return downloadOf(file);
    }),

  delete: procedure
    .meta(purchasingMeta)
    .input(z.object({ id: z.uuid('Anexo inválido.') }))
    .mutation(async ({ ctx, input }) => {
      const file = await attachmentOf(ctx, input.id);
      const order = await changeableOrder(ctx, file.orderId);
      const [deleted] = await ctx.tx
        .delete(purchaseOrderAttachments)
        .where(
          and(
            eq(purchaseOrderAttachments.organizationId, organizationOf(ctx)),
            eq(purchaseOrderAttachments.id, file.id),
          ),
        )
        .returning({ id: purchaseOrderAttachments.id });
      // Someone else deleted it while this call waited for the order.
      if (!deleted) throw new NotFoundError(NOT_FOUND);
      await audit(ctx, {
        action: 'purchase_order.detach',
        entity: 'purchase_order',
        entityId: order.id,
        before: { fileName: file.fileName, sha256: file.sha256, quotation: file.quotation },
      });
      return { ok: true as const };
    }),
});

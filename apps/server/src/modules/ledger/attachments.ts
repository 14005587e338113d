import { and, count, eq, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { procedure, router, type ProcedureContext } from '../../trpc/init';
import { ConflictError, InvalidInputError, NotFoundError } from '../../errors';
import { organizationOf } from '../../caller';
import { attachmentFields, readAttachment, downloadOf, mustHaveRoom } from '../attachments';
import { audit } from '../audit';
import { editMeta, readMeta, requireKind } from './access';
import { documentFiles, documentOf, filesOfDocument } from './get-document';
import { ledgerAttachments, ledgerInstallments, ledgerPayments, ledgerSettlements } from './schema';

const NOT_FOUND = 'Anexo não encontrado.';

/** The document a file belongs to, checked against the caller's permission for its kind. */
async function documentFor(ctx: ProcedureContext, documentId: string, access: 'ler' | 'editar') {
  const document = await documentOf(ctx.tx, organizationOf(ctx), documentId);
  requireKind(ctx, document.kind, access);
  return document;
}

async function attachmentOf(ctx: ProcedureContext, id: string) {
  const [file] = await ctx.tx
    .select()
    .from(ledgerAttachments)
    .where(and(eq(ledgerAttachments.organizationId, organizationOf(ctx)), eq(ledgerAttachments.id, id)));
  if (!file) throw new NotFoundError(NOT_FOUND);
  return file;
}

/** Whether any payment ever settled one of the document's installments (a reversed one too). */
async function movedMoney(ctx: ProcedureContext, documentId: string): Promise<boolean> {
  const organizationId = organizationOf(ctx);
  const installments = ctx.tx
    .select({ id: ledgerInstallments.id })
    .from(ledgerInstallments)
    .where(and(eq(ledgerInstallments.organizationId, organizationId), eq(ledgerInstallments.documentId, documentId)));
  const [found] = await ctx.tx
    .select({ n: count() })
    .from(ledgerSettlements)
    .where(
      and(eq(ledgerSettlements.organizationId, organizationId), inArray(ledgerSettlements.installmentId, installments)),
    );
  return (found?.n ?? 0) > 0;
}

/**
 * A document's files (the bill, the invoice) and its payments' proofs, checked by content like contracts' files:
 * /v1/ledger/attachments.*. A file may be deleted while the document never moved money (a wrong file is taken back
 * before anyone relies on it); once a payment exists, its files are the evidence of what was paid and stay.
 */
export const attachmentsRouter = router({
  list: procedure
    .meta(readMeta)
    .input(z.object({ documentId: z.uuid('Título inválido.') }))
    .query(async ({ ctx, input }) => {
      await documentFor(ctx, input.documentId, 'ler');
      return documentFiles(ctx.tx, organizationOf(ctx), input.documentId);
    }),

  upload: procedure
    .meta(editMeta)
    .input(
      z.object({
        documentId: z.uuid('Título inválido.'),
        /** Set for a proof of payment. */
        paymentId: z.uuid('Pagamento inválido.').nullish(),
        ...attachmentFields,
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const document = await documentFor(ctx, input.documentId, 'editar');
      const organizationId = organizationOf(ctx);
      if (input.paymentId) {
        // A proof belongs to a payment that settled this document.
        const [payment] = await ctx.tx
          .select({ id: ledgerPayments.id })
          .from(ledgerPayments)
          .innerJoin(ledgerSettlements, eq(ledgerSettlements.paymentId, ledgerPayments.id))
          .innerJoin(ledgerInstallments, eq(ledgerInstallments.id, ledgerSettlements.installmentId))
          .where(
            and(
              eq(ledgerPayments.organizationId, organizationId),
              eq(ledgerPayments.id, input.paymentId),
              eq(ledgerInstallments.documentId, document.id),
            ),
          )
          .limit(1);
        if (!payment) throw new InvalidInputError('Pagamento não encontrado neste título.');
      }
      const file = readAttachment(input);
      await mustHaveRoom(ctx.tx, filesOfDocument(organizationId, document.id), 'Um título');
      const id = uuidv7();
      await ctx.tx.insert(ledgerAttachments).values({
        ...file,
        id,
        organizationId,
        documentId: document.id,
        paymentId: input.paymentId ?? null,
        createdBy: ctx.user.userId,
      });
      await audit(ctx, {
        action: `${document.kind}.attach`,
        entity: document.kind,
        entityId: document.id,
        after: { fileName: file.fileName, size: file.size, sha256: file.sha256, paymentId: input.paymentId ?? null },
      });
      return { id, fileName: file.fileName, size: file.size };
    }),

  download: procedure
    .meta(readMeta)
    .input(z.object({ id: z.uuid('Anexo inválido.') }))
    .query(async ({ ctx, input }) => {
      const file = await attachmentOf(ctx, input.id);
      await documentFor(ctx, file.documentId, 'ler');
      return downloadOf(file);
    }),

  delete: procedure
    .meta(editMeta)
    .input(z.object({ id: z.uuid('Anexo inválido.') }))
    .mutation(async ({ ctx, input }) => {
      const file = await attachmentOf(ctx, input.id);
      const document = await documentFor(ctx, file.documentId, 'editar');
      if (file.paymentId || (await movedMoney(ctx, document.id))) {
        throw new ConflictError(
          'Este título já tem pagamento: seus anexos são a prova do que foi pago e não podem ser excluídos.',
        );
      }
      await ctx.tx
        .delete(ledgerAttachments)
        .where(and(eq(ledgerAttachments.organizationId, organizationOf(ctx)), eq(ledgerAttachments.id, file.id)));
      await audit(ctx, {
        action: `${document.kind}.detach`,
        entity: document.kind,
        entityId: document.id,
        before: { fileName: file.fileName, sha256: file.sha256 },
      });
      return { ok: true as const };
    }),
});

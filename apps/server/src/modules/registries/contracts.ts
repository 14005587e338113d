import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { contractInput } from '@financeiro/core';
import { v7 as uuidv7 } from 'uuid';
import { attachmentFields, readAttachment, downloadOf, listFiles, mustHaveRoom } from '../attachments';
import { procedure, router, type ProcedureContext } from '../../trpc/init';
import { NotFoundError } from '../../errors';
import { organizationOf } from '../../caller';
import { audit } from '../audit';
import { registryRouter } from './registry';
import { mustExist, plural, usage, usages } from './references';
import { classifications, contractAttachments, contracts, costCentres, parties, splitConfigs } from './schema';

const partyName = sql<string>`(select coalesce(p.trade_name, p.name) from parties p where p.id = ${contracts.partyId})`;

/** contas/contratos: /v1/registries/contracts.* */
export const contractsRouter = registryRouter({
  entity: 'contract',
  scope: 'unit',
  permissions: { read: 'ler_contratos', edit: 'editar_contratos' },
  table: contracts,
  input: contractInput,
  label: sql`${contracts.object}`,
  extras: { partyName: partyName },
  search: [contracts.object, partyName],
  sorts: {
    startDate: contracts.startDate,
    value: contracts.value,
    endDate: contracts.endDate,
    updatedAt: contracts.updatedAt,
  },
  messages: { notFound: 'Contrato não encontrado nesta organização.', unique: {} },
  prepare: async (ctx, values) => {
    await mustExist(ctx, parties, [values.partyId], 'Parte do contrato não encontrada nesta organização.');
    await mustExist(ctx, classifications, [values.classificationId], 'Classificação não encontrada nesta organização.');
    await mustExist(ctx, costCentres, [values.costCentreId], 'Centro de custo não encontrado nesta organização.');
    return values;
  },
  usages: (tx, organizationId, id) =>
    usages(() =>
      usage(
        tx,
        splitConfigs,
        organizationId,
        eq(splitConfigs.contractId, id),
        plural('divisão de receitas', 'divisões de receitas'),
      ),
    ),
});

const read = { authz: { scope: 'unit', permissions: 'ler_contratos' } } as const;
const edit = { authz: { scope: 'unit', permissions: 'editar_contratos' } } as const;

async function contractOf(ctx: ProcedureContext, id: string) {
  const [contract] = await ctx.tx
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(eq(contracts.organizationId, organizationOf(ctx)), eq(contracts.id, id)));
  if (!contract) throw new NotFoundError('Contrato não encontrado nesta organização.');
  return contract;
}

/** Where a contract's files are kept, for their listing and their limit. */
const filesOfContract = (organizationId: string, contractId: string) => ({
  table: contractAttachments,
  column: contractAttachments.contractId,
  id: contractId,
  organizationId,
});

/** A contract's files (PDF and images, size-limited, checked by content): /v1/registries/contractAttachments.* */
export const contractAttachmentsRouter = router({
  list: procedure
    .meta(read)
    .input(z.object({ contractId: z.uuid() }))
    .query(async ({ ctx, input }) => {
      await contractOf(ctx, input.contractId);
      return listFiles(ctx.tx, filesOfContract(organizationOf(ctx), input.contractId));
    }),

  upload: procedure
    .meta(edit)
    .input(z.object({ contractId: z.uuid(), ...attachmentFields }))
    .mutation(async ({ ctx, input }) => {
      await contractOf(ctx, input.contractId);
      const { fileName, contentType, content, size, sha256 } = readAttachment(input);
      const organizationId = organizationOf(ctx);
      await mustHaveRoom(ctx.tx, filesOfContract(organizationId, input.contractId), 'Um contrato');
      const id = uuidv7();
      await ctx.tx.insert(contractAttachments).values({
        id,
        organizationId,
        contractId: input.contractId,
        fileName,
        contentType,
        size,
        sha256,
        content,
        createdBy: ctx.user.userId,
      });
      await audit(ctx, {
        action: 'contract.attach',
        entity: 'contract',
        entityId: input.contractId,
        after: { fileName, size, sha256 },
      });
      return { id, fileName, size };
    }),

  download: procedure
    .meta(read)
    .input(z.object({ id: z.uuid() }))
    .query(async ({ ctx, input }) => {
      const [file] = await ctx.tx
        .select()
        .from(contractAttachments)
        .where(and(eq(contractAttachments.organizationId, organizationOf(ctx)), eq(contractAttachments.id, input.id)));
      if (!file) throw new NotFoundError('Anexo não encontrado.');
      return downloadOf(file);
    }),

  delete: procedure
    .meta(edit)
    .input(z.object({ id: z.uuid() }))
    .mutation(async ({ ctx, input }) => {
      const [file] = await ctx.tx
        .delete(contractAttachments)
        .where(and(eq(contractAttachments.organizationId, organizationOf(ctx)), eq(contractAttachments.id, input.id)))
        .returning({ contractId: contractAttachments.contractId, fileName: contractAttachments.fileName });
      if (!file) throw new NotFoundError('Anexo não encontrado.');
      await audit(ctx, {
        action: 'contract.detach',
        entity: 'contract',
        entityId: file.contractId,
        before: { fileName: file.fileName },
      });
      return { ok: true as const };
    }),
});

import {
  documentCancelInput,
  documentCreateInput,
  documentUpdateInput,
  installmentExportInput,
  installmentListInput,
  rescheduleInput,
} from '@financeiro/core';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { procedure, procedureWithLateTransaction, router, type ProcedureContext } from '../../trpc/init';
import { ForbiddenError } from '../../errors';
import { callerCan, organizationOf, unitOf } from '../../caller';
import { idempotent } from '../idempotency';
import { ROLE_EDITORS, taxTypesView } from '../registries';
import { editMeta, readMeta, requireKind, scopeOf } from './access';
import { cancelDocuments } from './cancel-documents';
import { createDocument, ROLE_OF_KIND, type NewDocument } from './create-document';
import { documentOf, getDocument } from './get-document';
import { exportInstallments, listInstallments, type InstallmentQuery } from './list-installments';
import { readNfes } from './nfe';
import { importNfes, keptNfeXml, nfeImportInput, nfePreviewInput, previewNfes } from './nfe-import';
import { rescheduleInstallments } from './reschedule';
import { installmentsToSettle } from './settle-rows';
import { updateDocument } from './update-document';

const queryOf = (ctx: ProcedureContext, input: Omit<InstallmentQuery, 'organizationId' | 'unitId'>) => ({
  organizationId: organizationOf(ctx),
  unitId: unitOf(ctx),
  kind: input.kind,
  filters: input.filters,
  sort: input.sort,
  desc: input.desc,
});

/** A party typed in with the document is a change to the parties' screen of each role it plays. */
function requirePartyEditor(ctx: ProcedureContext, input: Pick<NewDocument, 'newParty'>, kind: NewDocument['kind']) {
  if (!input.newParty) return;
  for (const role of new Set([...input.newParty.roles, ROLE_OF_KIND[kind]])) {
    if (!callerCan(ctx, ROLE_EDITORS[role])) {
      throw new ForbiddenError('Seu perfil não tem permissão para cadastrar este fornecedor ou cliente.');
    }
  }
}

/** Payables and receivables, one row per installment in the lists: /v1/ledger/documents.* */
export const documentsRouter = router({
  list: procedure
    .meta(readMeta)
    .input(installmentListInput)
    .query(async ({ ctx, input }) => {
      requireKind(ctx, input.kind, 'ler');
      return listInstallments(ctx.tx, queryOf(ctx, input), input.page, input.pageSize);
    }),

  export: procedure
    .meta(readMeta)
    .input(installmentExportInput)
    .query(async ({ ctx, input }) => {
      requireKind(ctx, input.kind, 'ler');
      return exportInstallments(ctx.tx, queryOf(ctx, input));
    }),

  /**
   * The taxes a document may withhold, with their rates: whoever types a bill sees gross → withheld → net before
   * saving, without the right to the tax registry.
   */
  withheldTaxes: procedure.meta(readMeta).query(({ ctx }) =>
    ctx.tx
      .select({ id: taxTypesView.id, name: taxTypesView.name, rate: taxTypesView.rate })
      .from(taxTypesView)
      .where(
        and(
          eq(taxTypesView.organizationId, organizationOf(ctx)),
          eq(taxTypesView.withheld, true),
          eq(taxTypesView.status, 'active'),
        ),
      )
      .orderBy(asc(taxTypesView.name)),
  ),

  /** The chosen installments as a payment form needs them. */
  rows: procedure
    .meta(readMeta)
    .input(
      z.object({
        kind: installmentListInput.shape.kind,
        ids: z.array(z.uuid('Parcela inválida.')).min(1, 'Escolha ao menos uma parcela.').max(1000),
      }),
    )
    .query(({ ctx, input }) => {
      requireKind(ctx, input.kind, 'ler');
      return installmentsToSettle(ctx.tx, scopeOf(ctx).tenant, input.kind, input.ids);
    }),

  get: procedure
    .meta(readMeta)
    .input(z.object({ id: z.uuid('Título inválido.') }))
    .query(async ({ ctx, input }) => {
      const document = await documentOf(ctx.tx, organizationOf(ctx), input.id);
      requireKind(ctx, document.kind, 'ler');
      return getDocument(ctx.tx, organizationOf(ctx), input.id);
    }),

  create: procedure
    .meta(editMeta)
    .input(documentCreateInput)
    .mutation(({ ctx, input }) => {
      requireKind(ctx, input.kind, 'editar');
      requirePartyEditor(ctx, input, input.kind);
      return idempotent(ctx, `${input.kind}.create`, input, (submitted) => createDocument(scopeOf(ctx), submitted));
    }),

  update: procedure
    .meta(editMeta)
    .input(documentUpdateInput)
    .mutation(async ({ ctx, input }) => {
      const document = await documentOf(ctx.tx, organizationOf(ctx), input.id);
      requireKind(ctx, document.kind, 'editar');
      requirePartyEditor(ctx, input, document.kind);
      return updateDocument(scopeOf(ctx), input);
    }),

  cancel: procedure
    .meta(editMeta)
    .input(documentCancelInput)
    .mutation(async ({ ctx, input }) => {
      requireKind(ctx, input.kind, 'editar');
      return cancelDocuments(scopeOf(ctx), input.kind, input.ids, input.reason);
    }),

  /**
   * What each NF-e file would become as a payable (a mutation: the files travel in the body). The notes are read in
   * a parser worker before the transaction opens.
   */
  /**
   * The items of the NF-e a payable was made from, read from the XML kept with it, as the note states them (its
   * units too); none when the payable came from no note. The XML is read in a parser worker, outside the transaction.
   */
  nfeItems: procedureWithLateTransaction
    .meta(readMeta)
    .input(z.object({ id: z.uuid('Título inválido.') }))
    .query(async ({ ctx, input }) => {
      const xml = await ctx.transaction(async (inside) => {
        const document = await documentOf(inside.tx, organizationOf(inside), input.id);
        requireKind(inside, document.kind, 'ler');
        return keptNfeXml(inside.tx, organizationOf(inside), document.id, document.nfeKey);
      });
      if (!xml) return [];
      const [read] = await readNfes([xml]);
      return read?.ok ? read.nfe.items : [];
    }),

  nfePreview: procedureWithLateTransaction
    .meta({ ...editMeta, upload: true })
    .input(nfePreviewInput)
    .mutation(async ({ ctx, input }) => {
      requireKind(ctx, 'payable', 'editar');
      const notes = await readNfes(input.files.map((file) => file.xml));
      return ctx.transaction((inside) =>
        previewNfes(scopeOf(inside), input.files, notes, callerCan(inside, ROLE_EDITORS.supplier)),
      );
    }),

  /** One payable per NF-e file, all or nothing. */
  nfeImport: procedureWithLateTransaction
    .meta({ ...editMeta, upload: true })
    .input(nfeImportInput)
    .mutation(async ({ ctx, input }) => {
      requireKind(ctx, 'payable', 'editar');
      const notes = await readNfes(input.files.map((file) => file.xml));
      return ctx.transaction((inside) =>
        idempotent(inside, 'payable.nfeImport', input, (submitted) =>
          importNfes(scopeOf(inside), submitted, notes, callerCan(inside, ROLE_EDITORS.supplier)),
        ),
      );
    }),

  reschedule: procedure
    .meta(editMeta)
    .input(rescheduleInput)
    .mutation(async ({ ctx, input }) => {
      requireKind(ctx, input.kind, 'editar');
      return rescheduleInstallments(scopeOf(ctx), input.kind, input.installmentIds, input.dueDate);
    }),
});

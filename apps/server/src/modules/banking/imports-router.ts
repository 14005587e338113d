import { procedureWithLateTransaction, router } from '../../trpc/init';
import { parsers } from '../../uploads/pool';
import { idempotent } from '../idempotency';
import { scopeOf } from '../ledger';
import { bankingMeta } from './access';
import { commitImport, commitInput, fileBytes, isOfx, previewImport, previewInput, rememberedMapping } from './imports';

/**
 * Bank statement files: /v1/banking/imports.* The file is read in a parser worker before the transaction that uses it opens, so a
 * large statement keeps no one else waiting while it is parsed; a CSV's remembered columns are looked up first.
 */
export const importsRouter = router({
  preview: procedureWithLateTransaction
    .meta({ ...bankingMeta, upload: true })
    .input(previewInput)
    .mutation(async ({ ctx, input }) => {
      const bytes = fileBytes(input.content);
      const remembered =
        input.csvMapping || isOfx(input.fileName, bytes)
          ? null
          : await ctx.transaction((inside) => rememberedMapping(scopeOf(inside), input.accountId));
      const file = await parsers().run('statement', [input.fileName, bytes, { sent: input.csvMapping, remembered }]);
      return ctx.transaction((inside) => previewImport(scopeOf(inside), file, input.accountId));
    }),

  commit: procedureWithLateTransaction
    .meta({ ...bankingMeta, upload: true })
    .input(commitInput)
    .mutation(async ({ ctx, input }) => {
      const bytes = fileBytes(input.content);
      const remembered =
        input.csvMapping || isOfx(input.fileName, bytes)
          ? null
          : await ctx.transaction((inside) =>
              rememberedMapping(scopeOf(inside), input.statements[0]?.accountId ?? null),
            );
      const file = await parsers().run('statement', [input.fileName, bytes, { sent: input.csvMapping, remembered }]);
      // The key stands for the file by its fingerprint, not by its bytes.
      const { content: _content, ...choices } = input;
      return ctx.transaction((inside) =>
        idempotent(inside, 'bank_statement.import', { ...choices, sha256: file.sha256 }, (submitted) =>
          commitImport(scopeOf(inside), file, submitted),
        ),
      );
    }),
});

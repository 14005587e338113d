import { procedureWithLateTransaction, router } from '../../trpc/init';
import { parsers } from '../../uploads/pool';
import { idempotent } from '../idempotency';
import { scopeOf } from '../ledger';
import { mercadopagoMeta } from './access';
import { commitInput, commitReport, fileBytes, previewInput, previewReport } from './imports';

/**
 * Mercado Pago's report files: /v1/mercadopago/imports.* The file is read before the transaction that uses it opens,
 * so a large report keeps no one else waiting while it is parsed.
 */
export const importsRouter = router({
  preview: procedureWithLateTransaction
    .meta({ ...mercadopagoMeta, upload: true })
    .input(previewInput)
    .mutation(async ({ ctx, input }) => {
      const report = await parsers().run('mercadopagoReport', [input.format, fileBytes(input.content)]);
      return ctx.transaction((inside) => previewReport(scopeOf(inside), report, input.accountId));
    }),

  commit: procedureWithLateTransaction
    .meta({ ...mercadopagoMeta, upload: true })
    .input(commitInput)
    .mutation(async ({ ctx, input }) => {
      const report = await parsers().run('mercadopagoReport', [input.format, fileBytes(input.content)]);
      // The key stands for the file by its fingerprint, not by its bytes.
      const { content: _content, ...choices } = input;
      return ctx.transaction((inside) =>
        idempotent(inside, 'mercadopago_report.import', { ...choices, sha256: report.sha256 }, (submitted) =>
          commitReport(scopeOf(inside), report, submitted),
        ),
      );
    }),
});

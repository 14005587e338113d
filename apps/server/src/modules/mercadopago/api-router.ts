import { TRPCError } from '@trpc/server';
import { keyringFromEnv } from '../../crypto/secrets';
import { ServiceError } from '../../errors';
import { procedure, procedureWithLateTransaction, router, type ProcedureContext } from '../../trpc/init';
import { idempotent } from '../idempotency';
import { scopeOf } from '../ledger';
import { mercadopagoMeta } from './access';
import { downloadReport, MercadoPagoApiError, type DownloadedReport } from './api-client';
import {
  accountInput,
  apiSettings,
  fetchInput,
  periodInstants,
  previewFetchInput,
  recordFetch,
  removeApiSettings,
  saveApiSettings,
  saveInput,
  tokenToFetch,
} from './api';
import { parsers } from '../../uploads/pool';
import { commitReport, previewReport, type ReadReport } from './imports';

type LateContext = Pick<ProcedureContext, 'env'> & {
  transaction: <T>(work: (inside: ProcedureContext) => Promise<T>) => Promise<T>;
};

const KIND_NAMES = { settlement: 'todas as transações', release: 'liberações' } as const;

/**
 * Downloads the account's report of the period and reads it as an uploaded file is read, outside any transaction:
 * the token is read in a short one, the calls to Mercado Pago and the reading need none. A failure is recorded as
 * the account's last fetch (in a transaction of its own) and thrown in pt-BR; nothing of the report is stored.
 */
async function fetchAndRead(
  ctx: LateContext,
  input: { accountId: string; kind: 'settlement' | 'release'; from: string; to: string },
): Promise<{ file: DownloadedReport; report: ReadReport }> {
  const keyring = keyringFromEnv(ctx.env);
  const token = await ctx.transaction((inside) => tokenToFetch(scopeOf(inside), keyring, input.accountId));
  const { begin, end } = periodInstants(input.from, input.to);
  try {
    const file = await downloadReport(
      { baseUrl: ctx.env.MERCADOPAGO_API_URL, token, waitMs: ctx.env.MERCADOPAGO_REPORT_WAIT_SECONDS * 1000 },
      input.kind,
      begin,
      end,
    );
    const report = await parsers().run('mercadopagoReport', [file.format, file.bytes]);
    if (report.kind !== input.kind) {
      throw new MercadoPagoApiError(
        'bad_gateway',
        `O Mercado Pago enviou o relatório de ${KIND_NAMES[report.kind]} em vez do de ${KIND_NAMES[input.kind]}. Busque de novo.`,
      );
    }
    return { file, report };
  } catch (error) {
    if (error instanceof ServiceError) {
      await ctx.transaction((inside) => recordFetch(scopeOf(inside), input.accountId, 'error', error.message));
    }
    throw error;
  }
}

/**
 * Mercado Pago's API per account: /v1/mercadopago/api.* The token is kept sealed and never answered; reports
 * fetched go through the same reading, preview and import as an uploaded file (imports.ts), so a fetch of a period
 * already imported adds nothing.
 */
export const apiRouter = router({
  get: procedure
    .meta(mercadopagoMeta)
    .input(accountInput)
    .query(({ ctx, input }) => apiSettings(scopeOf(ctx), input.accountId)),

  save: procedure
    .meta(mercadopagoMeta)
    .input(saveInput)
    .mutation(({ ctx, input }) =>
      idempotent(ctx, 'mercadopago_api.save', input, (submitted) =>
        saveApiSettings(scopeOf(ctx), keyringFromEnv(ctx.env), submitted),
      ),
    ),

  remove: procedure
    .meta(mercadopagoMeta)
    .input(accountInput)
    .mutation(({ ctx, input }) => removeApiSettings(scopeOf(ctx), input.accountId)),

  /**
   * Fetches the report and answers its preview with the file itself, storing no row: the screen shows the preview
   * and imports the file with imports.commit, exactly as an uploaded one.
   */
  previewFetch: procedureWithLateTransaction
    .meta({ ...mercadopagoMeta, upload: true })
    .input(previewFetchInput)
    .mutation(async ({ ctx, input }) => {
      const { file, report } = await fetchAndRead(ctx, input);
      return ctx.transaction(async (inside) => {
        const scope = scopeOf(inside);
        const preview = await previewReport(scope, report, input.accountId);
        await recordFetch(
          scope,
          input.accountId,
          'ok',
          `Relatório baixado: ${preview.rowCount} linha${preview.rowCount === 1 ? '' : 's'}, ${preview.newCount} nova${preview.newCount === 1 ? '' : 's'}.`,
        );
        return {
          preview,
          file: { fileName: file.fileName, format: file.format, content: file.bytes.toString('base64') },
        };
      });
    }),

  /** Fetches the report and imports it, all or nothing, as imports.commit imports an uploaded file. */
  fetch: procedureWithLateTransaction
    .meta({ ...mercadopagoMeta, upload: true })
    .input(fetchInput)
    .mutation(async ({ ctx, input }) => {
      const { file, report } = await fetchAndRead(ctx, input);
      const { idempotencyKey, accountId, kind, from, to, acceptRejected } = input;
      const imported = ctx.transaction(async (inside) => {
        const scope = scopeOf(inside);
        const result = await idempotent(
          inside,
          'mercadopago_report.fetch',
          { accountId, kind, from, to, acceptRejected, idempotencyKey },
          () => commitReport(scope, report, { accountId, fileName: file.fileName, acceptRejected }),
        );
        await recordFetch(
          scope,
          accountId,
          'ok',
          `Relatório importado: ${result.newCount} linha${result.newCount === 1 ? '' : 's'} nova${result.newCount === 1 ? '' : 's'}, ${result.duplicateCount} já importada${result.duplicateCount === 1 ? '' : 's'}.`,
        );
        return result;
      });
      // A report that cannot be imported as it is (rows to accept, none at all) is the fetch's outcome too.
      return imported.catch(async (error: unknown) => {
        if (error instanceof ServiceError || error instanceof TRPCError) {
          await ctx.transaction((inside) => recordFetch(scopeOf(inside), accountId, 'error', error.message));
        }
        throw error;
      });
    }),
});

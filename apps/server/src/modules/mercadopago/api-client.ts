import { ServiceError, type FailureKind } from '../../errors';
import { STATEMENT_FILE_MAX_BYTES } from '@financeiro/core';
import type { MERCADOPAGO_FILE_FORMATS, MERCADOPAGO_REPORT_KINDS } from './schema';

/*
 * Mercado Pago's report API over plain HTTPS (decision 0022): create a report for a period, wait until the list shows
 * its file, download the file. Endpoints, per kind of report, under the API's base URL:
 *   POST /v1/account/{settlement_report|release_report}        {"begin_date","end_date"} (UTC ISO)  → 202 {id, status…}
 *   GET  /v1/account/{settlement_report|release_report}/list   → [{id, begin_date, end_date, file_name, status?…}]
 *   GET  /v1/account/{settlement_report|release_report}/{file_name} → the CSV (or XLSX) file
 * Every call carries `Authorization: Bearer <access token>`. Failures become MercadoPagoApiError in pt-BR.
 */

export type ReportKind = (typeof MERCADOPAGO_REPORT_KINDS)[number];
type FileFormat = (typeof MERCADOPAGO_FILE_FORMATS)[number];

const PATHS: Record<ReportKind, string> = {
  settlement: '/v1/account/settlement_report',
  release: '/v1/account/release_report',
};

/** Longest one HTTP call may take. */
const CALL_TIMEOUT_MS = 30_000;
/** First wait between looks at the list; it doubles up to the longest. */
const FIRST_POLL_MS = 250;
const LONGEST_POLL_MS = 5_000;
/** A list entry still being prepared, or one Mercado Pago gave up on. */
const PENDING = new Set(['pending', 'processing', 'in_progress', 'waiting']);
const FAILED = new Set(['error', 'failed', 'cancelled', 'canceled']);

/** A failure talking to Mercado Pago, with the words a person reads and the answer's code. */
export class MercadoPagoApiError extends ServiceError {}

const fail = (kind: FailureKind, message: string) => new MercadoPagoApiError(kind, message);

const UNREACHABLE =
  'Não foi possível falar com o Mercado Pago (sem conexão ou o serviço não respondeu). Tente de novo em alguns minutos.';
const UNEXPECTED =
  'O Mercado Pago respondeu de um jeito inesperado. Tente de novo; se continuar, baixe o relatório no painel do Mercado Pago e importe o arquivo.';

/** What a failed answer means to the person who asked. */
function refusal(status: number): MercadoPagoApiError {
  if (status === 401 || status === 403) {
    return fail(
      'precondition_failed',
      'O Mercado Pago recusou o token de acesso desta conta (inválido, expirado ou sem permissão para relatórios). Gere um novo token no painel do Mercado Pago e salve-o em "Configurar API".',
    );
  }
  if (status === 429) {
    return fail(
      'too_many_requests',
      'O Mercado Pago recebeu pedidos demais desta conta agora. Aguarde alguns minutos e busque de novo.',
    );
  }
  if (status >= 500) {
    return fail(
      'bad_gateway',
      `O Mercado Pago está com problemas agora (erro ${status}). Tente de novo em alguns minutos.`,
    );
  }
  return fail('bad_gateway', `O Mercado Pago recusou o pedido do relatório (erro ${status}). ${UNEXPECTED}`);
}

export interface ReportApi {
  baseUrl: string;
  token: string;
  /** Longest wait for the report to be prepared. */
  waitMs: number;
  /** The clock and the pause, replaceable in tests. */
  sleep?: (ms: number) => Promise<void>;
}

/** A report file as downloaded. */
export interface DownloadedReport {
  fileName: string;
  format: FileFormat;
  bytes: Buffer;
}

async function call(api: ReportApi, path: string, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(new URL(path, api.baseUrl), {
      ...init,
      headers: { authorization: `Bearer ${api.token}`, accept: 'application/json', ...init.headers },
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
  } catch {
    throw fail('bad_gateway', UNREACHABLE);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw refusal(response.status);
  }
  return response;
}

async function json(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text());
  } catch {
    throw fail('bad_gateway', UNEXPECTED);
  }
}

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
const sameInstant = (a: unknown, b: string) => typeof a === 'string' && Date.parse(a) === Date.parse(b);
/** A file name Mercado Pago gives its reports: no path, no query, a CSV or XLSX extension. */
const FILE_NAME = /^[\w.-]{1,200}\.(csv|xlsx)$/i;

/** The list entry of the report asked for: by its id, else by its period (a list that leaves ids out). */
function entryOf(list: unknown, id: unknown, period: { begin: string; end: string }) {
  if (!Array.isArray(list)) throw fail('bad_gateway', UNEXPECTED);
  const entries = list.map(record).filter((entry) => entry !== null);
  return (
    entries.find((entry) => id !== undefined && entry.id === id) ??
    entries.find((entry) => sameInstant(entry.begin_date, period.begin) && sameInstant(entry.end_date, period.end))
  );
}

/** The period's bounds as Mercado Pago takes them: UTC ISO to the second. */
const utc = (instant: Date) => `${instant.toISOString().slice(0, 19)}Z`;

/**
 * Asks Mercado Pago for the report of the period [begin, end] and downloads it once ready, waiting at most
 * `api.waitMs`. Throws MercadoPagoApiError in pt-BR for a refused token, too many requests, an unavailable service,
 * no connection, an answer of an unexpected shape, a report that failed, and a wait that ran out.
 */
export async function downloadReport(
  api: ReportApi,
  kind: ReportKind,
  begin: Date,
  end: Date,
): Promise<DownloadedReport> {
  const base = PATHS[kind];
  const period = { begin: utc(begin), end: utc(end) };
  const created = await call(api, base, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ begin_date: period.begin, end_date: period.end }),
  });
  if (created.status === 203) {
    await created.body?.cancel();
    throw fail(
      'invalid_input',
      'O Mercado Pago não gerou o relatório para esse período. Escolha outro período e busque de novo.',
    );
  }
  const task = record(await json(created));
  if (!task) throw fail('bad_gateway', UNEXPECTED);

  const sleep = api.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const deadline = Date.now() + api.waitMs;
  let pause = FIRST_POLL_MS;
  for (;;) {
    const entry = entryOf(await json(await call(api, `${base}/list`)), task.id, period);
    const status = typeof entry?.status === 'string' ? entry.status.toLowerCase() : '';
    if (entry && FAILED.has(status)) {
      throw fail(
        'bad_gateway',
        'O Mercado Pago não conseguiu gerar o relatório desse período. Busque de novo; se continuar, gere-o no painel do Mercado Pago.',
      );
    }
    const fileName = entry?.file_name;
    if (typeof fileName === 'string' && fileName !== '' && !PENDING.has(status)) {
      if (!FILE_NAME.test(fileName)) throw fail('bad_gateway', UNEXPECTED);
      const file = await call(api, `${base}/${encodeURIComponent(fileName)}`, { headers: { accept: '*/*' } });
      const declared = Number(file.headers.get('content-length') ?? 0);
      if (declared > STATEMENT_FILE_MAX_BYTES) {
        await file.body?.cancel();
        throw fail('invalid_input', 'O relatório passa de 20 MB: escolha um período menor.');
      }
      let bytes: Buffer;
      try {
        bytes = Buffer.from(await file.arrayBuffer());
      } catch {
        throw fail('bad_gateway', UNREACHABLE);
      }
      if (bytes.length > STATEMENT_FILE_MAX_BYTES) {
        throw fail('invalid_input', 'O relatório passa de 20 MB: escolha um período menor.');
      }
      if (bytes.length === 0) throw fail('bad_gateway', UNEXPECTED);
      return { fileName, format: /\.xlsx$/i.test(fileName) ? 'xlsx' : 'csv', bytes };
    }
    const left = deadline - Date.now();
    if (left <= 0) {
      const seconds = Math.round(api.waitMs / 1000);
      throw fail(
        'timeout',
        `O Mercado Pago ainda está preparando o relatório depois de ${seconds} segundo${seconds === 1 ? '' : 's'}. Busque de novo daqui a alguns minutos.`,
      );
    }
    await sleep(Math.min(pause, left));
    pause = Math.min(pause * 2, LONGEST_POLL_MS);
  }
}

import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { freePort } from './ports';

const shape = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`./mercadopago-api/${name}`, import.meta.url), 'utf8')) as Record<string, unknown>;
const CREATED = shape('report-created.json');
const LIST_ENTRY = shape('report-list-entry.json');
const ERRORS = shape('errors.json');

type Kind = 'settlement' | 'release';
const KINDS: Record<string, Kind> = { settlement_report: 'settlement', release_report: 'release' };
/** Mercado Pago's dates in a report request: UTC to the second. */
const UTC_SECOND = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** Where a failure is injected: creating the report, listing, or downloading its file. */
export type Step = 'create' | 'list' | 'download';
/** A failure: an HTTP status with Mercado Pago's error body, a non-JSON answer, or a dropped connection. */
export type Failure = number | 'malformed' | 'drop';

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

interface Task {
  id: number;
  kind: Kind;
  begin: string;
  end: string;
  created: string;
  lists: number;
}

/**
 * A stand-in for Mercado Pago's report API in tests: create a report (202 with the task), list the reports (the new
 * one gets its file name after `readyAfter` looks), download a report file. It answers the recorded response shapes
 * (mercadopago-api/*.json), checks the Bearer token and the request's dates, and can be told to fail one step.
 */
export class FakeMercadoPagoApi {
  url = '';
  /** The token it accepts. */
  token = 'APP_USR-1234567890123456-112612-0123456789abcdef0123456789abcdef-123456789';
  /** Looks at the list before a new report shows its file; Infinity never finishes it. */
  readyAfter = 1;
  /** The file each kind of report downloads as, with its name's extension. */
  files: Record<Kind, { content: Buffer; extension: 'csv' | 'xlsx' }> = {
    settlement: { content: Buffer.from(''), extension: 'csv' },
    release: { content: Buffer.from(''), extension: 'csv' },
  };
  /** Failures to answer, per step, consumed in order. */
  failures: Partial<Record<Step, Failure[]>> = {};
  requests: RecordedRequest[] = [];
  private server: Server | null = null;
  private tasks: Task[] = [];
  private nextId = 50_000_001;

  reset(): void {
    this.failures = {};
    this.requests = [];
    this.readyAfter = 1;
  }

  async start(): Promise<void> {
    const port = await freePort();
    this.url = `http://127.0.0.1:${port}`;
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => this.answer(req, res, raw));
    });
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private answer(req: IncomingMessage, res: ServerResponse, raw: string): void {
    const url = new URL(req.url ?? '/', this.url);
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = raw;
    }
    this.requests.push({
      method: req.method ?? '',
      path: url.pathname,
      authorization: req.headers.authorization,
      body,
    });
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    const error = (status: number) => json(status, ERRORS[String(status)] ?? { status, error: 'error', cause: [] });

    const match = /^\/v1\/account\/(settlement_report|release_report)(?:\/(.+))?$/.exec(url.pathname);
    const kind = match ? KINDS[match[1] ?? ''] : undefined;
    if (!match || !kind) return error(404);
    if (req.headers.authorization !== `Bearer ${this.token}`) return error(401);
    const rest = match[2];
    const step: Step | null =
      req.method === 'POST' && rest === undefined
        ? 'create'
        : req.method === 'GET' && rest === 'list'
          ? 'list'
          : req.method === 'GET' && rest
            ? 'download'
            : null;
    if (!step) return error(404);
    const failure = this.failures[step]?.shift();
    if (failure === 'drop') return void req.socket.destroy();
    if (failure === 'malformed') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return void res.end('<html><body>Manutenção programada</body></html>');
    }
    if (typeof failure === 'number') return error(failure);

    const now = new Date().toISOString();
    if (step === 'create') {
      const request = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
      const begin = request.begin_date;
      const end = request.end_date;
      if (typeof begin !== 'string' || !UTC_SECOND.test(begin)) return error(400);
      if (typeof end !== 'string' || !UTC_SECOND.test(end) || end <= begin) {
        return json(400, { ...(ERRORS['400'] as object), error: 'invalid_end_date', message: 'Invalid end_date.' });
      }
      const task: Task = { id: this.nextId++, kind, begin, end, created: now, lists: 0 };
      this.tasks.push(task);
      return json(202, {
        ...CREATED,
        id: task.id,
        begin_date: begin,
        end_date: end,
        generation_date: now,
        last_modified: now,
        report_type: kind,
      });
    }
    const fileName = (task: Task) =>
      `${kind}-report-1234567890-${task.created.slice(0, 19).replace(/[-:T]/g, '')}-${task.id}.${this.files[kind].extension}`;
    if (step === 'list') {
      const mine = this.tasks.filter((task) => task.kind === kind);
      for (const task of mine) task.lists += 1;
      return json(
        200,
        mine.map((task) => {
          const ready = task.lists > this.readyAfter;
          return {
            ...LIST_ENTRY,
            id: task.id,
            begin_date: task.begin,
            end_date: task.end,
            file_name: ready ? fileName(task) : null,
            status: ready ? 'processed' : 'pending',
            date_created: task.created,
            generation_date: task.created,
            last_modified: now,
            report_type: kind,
          };
        }),
      );
    }
    const task = this.tasks.find((t) => t.kind === kind && fileName(t) === rest && t.lists > this.readyAfter);
    if (!task) return error(404);
    const file = this.files[kind];
    res.writeHead(200, {
      'content-type':
        file.extension === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    res.end(file.content);
  }
}

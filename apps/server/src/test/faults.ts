// Faults (issue 18): the real server killed with SIGKILL at random moments of money work, and what it leaves. Four
// kinds of work, each one transaction: a batch settlement of many installments (ledger.payments.settle), a bank
// statement import of a few thousand OFX lines (banking.imports.commit), a Mercado Pago settlement report of a few
// thousand rows (mercadopago.imports.commit) and a purchase order's conclusion into its payable (purchasing.conclude).
// Per kind, one uninterrupted run measures how long the work takes; then, per round, the work is sent over HTTP with
// an idempotency key as the web sends it, the process is killed after a random delay within about that duration,
// the server is started again on the same data, and the harness checks the books (checkBooks), that the work is
// whole or absent, and that sending the same request again with the same key leaves it whole exactly once.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { addDays, todayInSaoPaulo } from '@financeiro/core';
import { rowsOf, type Db } from '../db/client';
import * as schema from '../db/schema';
import { DEMO_PASSWORD, demoMercadoPagoSales, settlementReportCsv, type DemoSale } from '../modules/demo';
import { checkBooks } from '../ops/books';
import { requestBackup } from '../ops/embedded-backup';
import { signInForToken } from './cognito-client';
import { makeOfx } from './make-ofx';
import { freePort } from './ports';
import { startServerProcess, type ServerProcess } from './server-process';

export const FAULT_KINDS = ['settle', 'ofx', 'mercadopago', 'conclude'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** What one kind's rounds found. */
export interface FaultTally {
  kind: FaultKind;
  /** The uninterrupted run's duration, the range the kills are drawn from. */
  measuredMs: number;
  kills: number;
  /** Kills sent before the answer arrived; the others landed after it. */
  inFlight: number;
  /** Right after the restart: all of the work there, or none of it. */
  whole: number;
  absent: number;
  /** Part of the work there, or the work still not whole after sending it again. */
  torn: number;
  /** The work done twice, before or after sending it again. */
  doubled: number;
  /** Answered OK before the kill and absent after the restart. */
  lost: number;
  /** Problems the books check found, after the restart and after sending again. */
  booksProblems: number;
}

export interface FaultOptions {
  /** Kills per kind. */
  kills: number;
  /** PostgreSQL (an empty database) or a PGlite folder (empty). */
  database: { databaseUrl: string } | { dataDir: string };
  /** Installments settled in one batch (at most 1,000). */
  settleBatch?: number;
  /** Lines of the OFX file. */
  ofxLines?: number;
  /** Sales in the Mercado Pago report (a few of them add a refund or chargeback row). */
  reportSales?: number;
  kinds?: readonly FaultKind[];
  /** Progress lines. */
  log?: (line: string) => void;
}

/** What the database holds of one piece of work, and the counts it was judged by. */
interface State {
  state: 'whole' | 'absent' | 'torn' | 'doubled';
  detail: string;
}

/** One piece of work, ready to send: its procedure, its input (without the key) and how to read its state. */
interface Work {
  path: string;
  input: object;
  as: Session;
  state(db: Db): Promise<State>;
}

/** A signed-in person and where they work: the headers the web sends. */
interface Session {
  token: string;
  headers: Record<string, string>;
}

interface Answer {
  status: number;
  body: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const count = async (db: Db, statement: ReturnType<typeof sql>) =>
  rowsOf<{ n: number }>(await db.execute(statement))[0]?.n ?? 0;

/** The state of `n` pieces found where `expected` make the work: all, none, more or part. */
function stateOf(found: number, expected: number, runs: number): State {
  const detail = `${found} de ${expected} em ${runs}`;
  if (runs > 1 || found > expected) return { state: 'doubled', detail };
  if (found === 0 && runs === 0) return { state: 'absent', detail };
  return { state: found === expected && runs === 1 ? 'whole' : 'torn', detail };
}

export async function runFaults(options: FaultOptions): Promise<FaultTally[]> {
  const log = options.log ?? (() => undefined);
  const settleBatch = options.settleBatch ?? 1_000;
  const ofxLines = options.ofxLines ?? 3_000;
  const reportSales = options.reportSales ?? 3_000;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...('databaseUrl' in options.database
      ? { DATABASE_URL: options.database.databaseUrl }
      : { DATA_DIR: options.database.dataDir }),
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    NODE_ENV: 'test',
    DEMO: 'true',
    LOG_LEVEL: 'warn',
  };

  // The database as the harness reads it: PostgreSQL directly; PGlite through the copy the running server takes
  // between two transactions (the folder is the server's alone), as `npm run check:books` reads it.
  const pool =
    'databaseUrl' in options.database ? new pg.Pool({ connectionString: options.database.databaseUrl, max: 2 }) : null;
  const dataDir = 'dataDir' in options.database ? options.database.dataDir : '';
  async function inspect<T>(read: (db: Db) => Promise<T>): Promise<T> {
    if (pool) return read(drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db);
    const copy = await requestBackup(dataDir);
    if (!copy) throw new Error('o servidor não respondeu pelo socket do banco embutido');
    const client = await PGlite.create({ loadDataDir: new Blob([new Uint8Array(copy)]) });
    try {
      return await read(drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db);
    } finally {
      await client.close();
    }
  }

  let server: ServerProcess = await startServerProcess(env, 300_000);
  try {
    const ids = await inspect(async (db) => {
      const [row] = rowsOf<Record<string, string>>(
        await db.execute(sql`select o.id as organization_id, u.id as unit_id,
          (select id from departments where unit_id = u.id and slug = 'compras') as compras_id,
          (select account_id from ledger_payments where organization_id = o.id and kind = 'payable' limit 1) as account_id,
          (select id from accounts where organization_id = o.id and name = 'Mercado Pago vendas') as wallet_id,
          (select party_id from ledger_installments where organization_id = o.id and kind = 'payable' limit 1) as party_id,
          (select l.classification_id from ledger_document_lines l join ledger_documents d on d.id = l.document_id
            where d.organization_id = o.id and d.kind = 'payable' limit 1) as classification_id,
          (select l.cost_centre_id from ledger_document_lines l join ledger_documents d on d.id = l.document_id
            where d.organization_id = o.id and d.kind = 'payable' limit 1) as cost_centre_id
          from organizations o join units u on u.organization_id = o.id and u.slug = 'matriz' where o.slug = 'demo'`),
      );
      if (!row || Object.values(row).some((v) => !v))
        throw new Error(`dados de demonstração incompletos: ${JSON.stringify(row)}`);
      return row as Record<
        | 'organization_id'
        | 'unit_id'
        | 'compras_id'
        | 'account_id'
        | 'wallet_id'
        | 'party_id'
        | 'classification_id'
        | 'cost_centre_id',
        string
      >;
    });
    const today = todayInSaoPaulo();
    const tenant = { 'x-organization-id': ids.organization_id, 'x-unit-id': ids.unit_id };
    const finance: Session = { token: '', headers: tenant };
    const requester: Session = { token: '', headers: { ...tenant, 'x-department-id': ids.compras_id } };
    const signIn = async () => {
      finance.token = await signInForToken(base, 'financeiro', DEMO_PASSWORD);
      requester.token = await signInForToken(base, 'solicitante', DEMO_PASSWORD);
    };
    await signIn();

    /** A tRPC call as the web's client sends it (one call per request); the answer, or null if the connection dropped. */
    const send = async (as: Session, method: 'GET' | 'POST', path: string, input: object): Promise<Answer | null> => {
      const url =
        method === 'GET'
          ? `${base}/v1/${path}?input=${encodeURIComponent(JSON.stringify(input))}`
          : `${base}/v1/${path}`;
      try {
        const response = await fetch(url, {
          method,
          headers: { ...as.headers, authorization: `Bearer ${as.token}`, 'content-type': 'application/json' },
          ...(method === 'POST' ? { body: JSON.stringify(input) } : {}),
        });
        return { status: response.status, body: await response.text() };
      } catch {
        return null;
      }
    };
    const call = async <T>(as: Session, method: 'GET' | 'POST', path: string, input: object): Promise<T> => {
      const answer = await send(as, method, path, input);
      if (answer?.status !== 200)
        throw new Error(`${path} respondeu ${answer?.status ?? 'nada'}: ${answer?.body ?? ''}`);
      return (JSON.parse(answer.body) as { result: { data: T } }).result.data;
    };

    const prepare: Record<FaultKind, (round: number) => Promise<Work>> = {
      // Payables of up to 250 installments each, the batch settling all their installments in one payment.
      async settle(round) {
        const installmentIds: { id: string; amount: number }[] = [];
        for (let start = 0; start < settleBatch; start += 250) {
          const amounts = Array.from(
            { length: Math.min(250, settleBatch - start) },
            (_, i) => 1_000 + ((i * 37) % 900),
          );
          const { id } = await call<{ id: string }>(finance, 'POST', 'ledger/documents.create', {
            kind: 'payable',
            partyId: ids.party_id,
            description: 'Compra do teste de falhas',
            documentNumber: `FALHA-${round}-${start}`,
            documentType: 'nfe',
            issueDate: '2025-01-01',
            competence: '01/2025',
            grossAmount: amounts.reduce((a, b) => a + b, 0),
            lines: [{ classificationId: ids.classification_id, costCentreId: ids.cost_centre_id, share: 10_000 }],
            installments: amounts.map((amount, i) => ({ dueDate: addDays('2025-02-01', i), amount })),
            idempotencyKey: randomUUID(),
          });
          const document = await call<{ installments: { id: string; amount: number }[] }>(
            finance,
            'GET',
            'ledger/documents.get',
            { id },
          );
          installmentIds.push(...document.installments);
        }
        const list = JSON.stringify(installmentIds.map((i) => i.id));
        return {
          path: 'ledger/payments.settle',
          as: finance,
          input: {
            kind: 'payable',
            paidDate: today,
            accountId: ids.account_id,
            items: installmentIds.map((i) => ({ installmentId: i.id, principal: i.amount })),
          },
          async state(db) {
            const [row] = rowsOf<{ n: number; payments: number }>(
              await db.execute(sql`select count(*)::int as n, count(distinct payment_id)::int as payments
                from ledger_settlements where installment_id in (select (jsonb_array_elements_text(${list}::jsonb))::uuid)`),
            );
            return stateOf(row?.n ?? 0, settleBatch, row?.payments ?? 0);
          },
        };
      },
      // The bench's OFX file, its lines made this round's own (a line's key is its date, amount and memo).
      async ofx(round) {
        const text = Buffer.from(makeOfx(ofxLines))
          .toString('latin1')
          .replaceAll('<FITID>', `<FITID>R${round}-`)
          .replaceAll('<MEMO>', `<MEMO>R${round} `);
        const fileName = `extrato-falha-${round}.ofx`;
        return {
          path: 'banking/imports.commit',
          as: finance,
          input: {
            fileName,
            content: Buffer.from(text, 'latin1').toString('base64'),
            statements: [{ index: 0, accountId: ids.account_id }],
            acceptRejected: false,
          },
          async state(db) {
            const runs = await count(
              db,
              sql`select count(*)::int as n from bank_statement_imports
              where organization_id = ${ids.organization_id} and file_name = ${fileName}`,
            );
            const lines = await count(
              db,
              sql`select count(*)::int as n from bank_statement_lines
              where organization_id = ${ids.organization_id} and account_id = ${ids.account_id} and fit_id like ${`R${round}-%`}`,
            );
            return stateOf(lines, ofxLines, runs);
          },
        };
      },
      // The demo shop's sales, repeated to the size wanted under this round's own payment ids.
      async mercadopago(round) {
        const demo = demoMercadoPagoSales(today);
        const prefix = `77${pad(round, 4)}`;
        const sales = Array.from({ length: reportSales }, (_, i) => ({
          ...(demo[i % demo.length] as DemoSale),
          sourceId: `${prefix}${pad(i, 6)}`,
          externalReference: `FALHA-${round}-${i}`,
        }));
        const csv = settlementReportCsv(sales, '2000-01-01', '2100-12-31');
        const rows = csv.trimEnd().split('\n').length - 1;
        const fileName = `mercadopago-falha-${round}.csv`;
        return {
          path: 'mercadopago/imports.commit',
          as: finance,
          input: {
            accountId: ids.wallet_id,
            fileName,
            format: 'csv',
            content: Buffer.from(csv, 'utf8').toString('base64'),
            acceptRejected: false,
          },
          async state(db) {
            const runs = await count(
              db,
              sql`select count(*)::int as n from mercadopago_report_imports
              where organization_id = ${ids.organization_id} and file_name = ${fileName}`,
            );
            const found = await count(
              db,
              sql`select count(*)::int as n from mercadopago_settlements
              where organization_id = ${ids.organization_id} and source_id like ${`${prefix}%`}`,
            );
            return stateOf(found, rows, runs);
          },
        };
      },
      // An order made and sent by the requester and approved by finance, concluded by finance.
      async conclude(round) {
        const total = 100_000;
        const { id } = await call<{ id: string }>(requester, 'POST', 'purchasing/create', {
          order: {
            departmentId: ids.compras_id,
            supplierId: ids.party_id,
            justification: `Pedido do teste de falhas ${round}`,
            classificationId: ids.classification_id,
            costCentreId: ids.cost_centre_id,
            items: [{ description: 'Material de escritório', quantity: 1, unit: 'UN', unitPrice: total }],
          },
          idempotencyKey: randomUUID(),
        });
        const sent = await call<{ version: number }>(requester, 'POST', 'purchasing/transition', {
          type: 'enviar',
          id,
          version: 1,
        });
        const approved = await call<{ status: string; version: number }>(finance, 'POST', 'purchasing/transition', {
          type: 'aprovar',
          id,
          version: sent.version,
        });
        if (approved.status !== 'aprovada') throw new Error(`o pedido ficou ${approved.status}, não aprovado`);
        return {
          path: 'purchasing/conclude',
          as: finance,
          input: {
            id,
            version: approved.version,
            issueDate: today,
            documentNumber: `PC-FALHA-${round}`,
            installments: [{ dueDate: addDays(today, 30), amount: total }],
          },
          async state(db) {
            const [order] = rowsOf<{ status: string; payable_id: string | null }>(
              await db.execute(sql`select status, payable_id from purchase_orders where id = ${id}`),
            );
            const payables = rowsOf<{ id: string }>(
              await db.execute(sql`select id from ledger_documents where purchase_order_id = ${id}`),
            );
            const detail = `pedido ${order?.status}, ${payables.length} contas a pagar`;
            if (payables.length > 1) return { state: 'doubled', detail };
            if (payables.length === 0 && order?.status === 'aprovada' && !order.payable_id)
              return { state: 'absent', detail };
            const whole =
              order?.status === 'concluida' && payables.length === 1 && order.payable_id === payables[0]?.id;
            return { state: whole ? 'whole' : 'torn', detail };
          },
        };
      },
    };

    const observe = (work: Work) =>
      inspect(async (db) => ({ problems: (await checkBooks(db)).length, ...(await work.state(db)) }));
    const restart = async () => {
      server = await startServerProcess(env, 300_000);
      await signIn();
    };

    const tallies: FaultTally[] = [];
    let round = 0;
    for (const kind of options.kinds ?? FAULT_KINDS) {
      // One uninterrupted run: the range the kills are drawn from.
      const measured = await prepare[kind]((round += 1));
      const started = performance.now();
      const first = await send(measured.as, 'POST', measured.path, { ...measured.input, idempotencyKey: randomUUID() });
      const measuredMs = performance.now() - started;
      if (first?.status !== 200)
        throw new Error(`${kind}: a execução sem falha respondeu ${first?.status}: ${first?.body}`);
      const clean = await observe(measured);
      if (clean.state !== 'whole' || clean.problems > 0) {
        throw new Error(`${kind}: a execução sem falha ficou ${clean.state}, ${clean.problems} problemas nos livros`);
      }
      const tally: FaultTally = {
        kind,
        measuredMs,
        kills: 0,
        inFlight: 0,
        whole: 0,
        absent: 0,
        torn: 0,
        doubled: 0,
        lost: 0,
        booksProblems: 0,
      };
      log(`${kind}: sem falha em ${measuredMs.toFixed(0)} ms`);
      for (let k = 0; k < options.kills; k++) {
        const work = await prepare[kind]((round += 1));
        const input = { ...work.input, idempotencyKey: randomUUID() };
        let answer: Answer | null | undefined;
        const request = send(work.as, 'POST', work.path, input).then((a) => (answer = a));
        // wall-clock wait: the kill lands mostly while the work runs, sometimes just after it answered.
        await sleep(Math.random() * measuredMs * 1.2);
        const inFlight = answer === undefined;
        await server.crash();
        await request;
        if (answer && answer.status !== 200) throw new Error(`${kind}: respondeu ${answer.status}: ${answer.body}`);
        await restart();
        const after = await observe(work);
        // Sent again with its key, as the web retries after a lost answer.
        const again = await send(work.as, 'POST', work.path, input);
        if (again?.status !== 200) throw new Error(`${kind}: o reenvio respondeu ${again?.status}: ${again?.body}`);
        const final = await observe(work);
        tally.kills += 1;
        if (inFlight) tally.inFlight += 1;
        if (after.state === 'whole') tally.whole += 1;
        if (after.state === 'absent') tally.absent += 1;
        if (after.state === 'absent' && answer) tally.lost += 1;
        if (after.state === 'torn' || final.state === 'torn' || final.state === 'absent') tally.torn += 1;
        if (after.state === 'doubled' || final.state === 'doubled') tally.doubled += 1;
        tally.booksProblems += after.problems + final.problems;
        log(
          `${kind} ${k + 1}/${options.kills}: ${inFlight ? 'durante' : 'depois da resposta'}, ${after.state} após reiniciar (${after.detail}), ${final.state} após reenviar (${final.detail})`,
        );
      }
      tallies.push(tally);
    }
    return tallies;
  } finally {
    await server.stop();
    await pool?.end();
  }
}

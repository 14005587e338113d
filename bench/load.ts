// The server under load: the payables bench data set (1,000,000 installments in 100 organizations), the real server
// started as `npm start` runs it (two processes on one PostgreSQL database, the load spread over both; one on PGlite),
// and 20 people of 10 organizations, signed in through the identity endpoint with the Cognito client, working at once
// with autocannon: list and filter payables, open a document, create a payable (sent twice with the same idempotency
// key, as a retry after a lost answer), pay one of its installments, import a small OFX, reconcile its line with the
// other installment, read a report. Each write carries an idempotency key as the web sends it; the bench keeps what
// the server answered OK and afterwards counts in the database what was written against it: lost (answered OK, not
// there) and doubled (one key written more than once), and checks the books (`checkBooks`, what `npm run check:books`
// runs): a problem makes it exit with 1. Prints p50/p95/p99 per request kind and the answers by status.
// `errors` in the last line counts answers 5xx and requests that got no answer (timeouts, dropped connections).
//
// PostgreSQL: DATABASE_URL names an EMPTY database (the bench migrates it, fills it and leaves it for inspection);
// 200 connections for 5 minutes. PGlite (no DATABASE_URL): a temporary folder; 20 connections for 2 minutes.
// Shorter runs: `npm run bench:load -- --connections=20 --duration=30` (and `--small`, 10 organizations of 2,000
// installments, to try the bench itself). Run: npm run bench:load
import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { todayInSaoPaulo, type PermissionName } from '@financeiro/core';
import { openDatabase, rowsOf, type Db } from '../apps/server/src/db/client';
import { checkBooks } from '../apps/server/src/ops/books';
import { accounts, accountTypes } from '../apps/server/src/modules/registries/schema';
import { organizations, units } from '../apps/server/src/modules/tenancy/schema';
import { signInForToken } from '../apps/server/src/test/cognito-client';
import { ofxStatement, type OfxTransaction } from '../apps/server/src/test/make-ofx';
import { memberWith } from '../apps/server/src/test/members';
import { freePort } from '../apps/server/src/test/ports';
import { startServerProcess, type ServerProcess } from '../apps/server/src/test/server-process';
import { buildLedgerData } from './support/ledger-data';
import { benchFolderOrEmptyDatabase } from './support/target';

const DATABASE_URL = process.env.DATABASE_URL;
const onPostgres = Boolean(DATABASE_URL);
const flag = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const CONNECTIONS = Number(flag('connections') ?? (onPostgres ? 200 : 20));
const DURATION_S = Number(flag('duration') ?? (onPostgres ? 300 : 120));
/** Organizations whose people work during the run, two people each. */
const WORKING_ORGANIZATIONS = 10;
const PASSWORD = 'Senha#Forte1';
const PERMISSIONS: PermissionName[] = ['ler_contas_pagar', 'editar_contas_pagar', 'acessar_conciliacao'];

// ---------------------------------------------------------------------------------------------------- the database
const dataDir = await benchFolderOrEmptyDatabase('financeiro-load-');
let database = await openDatabase({ databaseUrl: DATABASE_URL, dataDir });
await buildLedgerData(
  database.db,
  process.argv.includes('--small')
    ? { organizations: WORKING_ORGANIZATIONS, parties: 1_000, documents: 1_000 }
    : undefined,
);

/** One person at work: a token, where they work, and what their forms refer to. */
interface Person {
  username: string;
  token: string;
  organizationId: string;
  unitId: string;
  accountId: string;
  classificationId: string;
  costCentreId: string;
  partyIds: string[];
  documentIds: string[];
}

async function preparePeople(db: Db): Promise<Omit<Person, 'token'>[]> {
  const people: Omit<Person, 'token'>[] = [];
  for (let n = 0; n < WORKING_ORGANIZATIONS; n++) {
    const [organization] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.slug, n === 0 ? 'demo' : `empresa-${n}`));
    const organizationId = organization?.id ?? '';
    const [unit] = await db
      .select({ id: units.id })
      .from(units)
      .where(sql`${units.organizationId} = ${organizationId} and ${units.slug} = 'matriz'`);
    const unitId = unit?.id ?? '';
    const [line] = rowsOf<{ classification_id: string; cost_centre_id: string }>(
      await db.execute(sql`select classification_id, cost_centre_id from ledger_document_lines
        where organization_id = ${organizationId} limit 1`),
    );
    const partyIds = rowsOf<{ id: string }>(
      await db.execute(sql`select distinct party_id as id from ledger_installments
        where organization_id = ${organizationId} and kind = 'payable' limit 50`),
    ).map((r) => r.id);
    const documentIds = rowsOf<{ id: string }>(
      await db.execute(sql`select id from ledger_documents
        where organization_id = ${organizationId} and kind = 'payable' order by id limit 200`),
    ).map((r) => r.id);
    const accountTypeId = uuidv7();
    await db
      .insert(accountTypes)
      .values({ id: accountTypeId, organizationId, name: 'Conta corrente da carga', kind: 'checking' });
    const accountId = uuidv7();
    await db.insert(accounts).values({
      id: accountId,
      organizationId,
      name: 'Banco da carga',
      accountTypeId,
      openingBalance: 0,
      openingDate: '2024-01-01',
      unitIds: [unitId],
    });
    for (const letter of ['a', 'b']) {
      const username = `carga${n}${letter}`;
      await memberWith(db, { organizationId, unitId }, username, PERMISSIONS);
      people.push({
        username,
        organizationId,
        unitId,
        accountId,
        classificationId: line?.classification_id ?? '',
        costCentreId: line?.cost_centre_id ?? '',
        partyIds,
        documentIds,
      });
    }
  }
  return people;
}
const prepared = await preparePeople(database.db);
if (dataDir) await database.close();

// ----------------------------------------------------------------------------------------------------- the servers
const ports = onPostgres ? [await freePort(), await freePort()] : [await freePort()];
const publicUrl = `http://127.0.0.1:${ports[0]}`;
const encryptionKey = randomBytes(32).toString('base64');
const people: Person[] = [];

// ------------------------------------------------------------------------------------------------------ the workload
type Kind =
  | 'list'
  | 'open document'
  | 'create'
  | 'create (repeat)'
  | 'settle'
  | 'import OFX'
  | 'reconciliation'
  | 'reconcile'
  | 'report';
const latencies = new Map<Kind, number[]>();
const statuses = new Map<string, number>();

/** What the server answered OK to: the ids it returned, by what the client sent. */
const toldCreated = new Map<string, { documentNumber: string; ids: Set<string> }>();
const toldSettled: { paymentId: string; installmentId: string }[] = [];
const toldImported: { importId: string; fitId: string }[] = [];
const toldReconciled: { groupId: string; installmentId: string }[] = [];

/** One round of a person's work; autocannon clears it when the connection starts the round again. */
interface Round {
  person: Person;
  number: number;
  sentAt: number;
  keys: { create: string; settle: string; import: string; reconcile: string };
  documentId?: string;
  installments?: { id: string; amount: number }[];
  lineDate?: string;
  lineId?: string;
}

let rounds = 0;
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const today = todayInSaoPaulo();

function newRound(): Omit<Round, 'sentAt'> {
  const number = ++rounds;
  return {
    person: people[number % people.length] as Person,
    number,
    keys: { create: randomUUID(), settle: randomUUID(), import: randomUUID(), reconcile: randomUUID() },
  };
}

const headersOf = (person: Person) => ({
  authorization: `Bearer ${person.token}`,
  'x-organization-id': person.organizationId,
  'x-unit-id': person.unitId,
  'content-type': 'application/json',
});
/** A tRPC query or mutation as the web's client sends it (one call per request). */
const query = (person: Person, path: string, input: unknown) => ({
  method: 'GET' as const,
  path: `/v1/${path}?input=${encodeURIComponent(JSON.stringify(input))}`,
  headers: headersOf(person),
});
const mutation = (person: Person, path: string, input: unknown) => ({
  method: 'POST' as const,
  path: `/v1/${path}`,
  headers: headersOf(person),
  body: JSON.stringify(input),
});
const dataOf = <T>(body: string): T => (JSON.parse(body) as { result: { data: T } }).result.data;

/** A bank's OFX of one day: the payment of a bill's installment, and a fee; base64 as the web sends a file. */
function ofxOf(fitId: string, date: string, amount: number): string {
  const day = date.replaceAll('-', '');
  const transactions: OfxTransaction[] = [
    { type: 'DEBIT', posted: `${day}100000`, amount: -amount, fitId, memo: `PAGTO BOLETO ${fitId.slice(0, 8)}` },
    { type: 'FEE', posted: `${day}110000`, amount: -199, fitId: `${fitId}-T`, memo: 'TARIFA' },
  ];
  return Buffer.from(ofxStatement(transactions, { start: day, end: day })).toString('base64');
}

type Call = ReturnType<typeof query> | ReturnType<typeof mutation>;
/** A step of a round: its request (null when an earlier step failed: the round starts again) and what it keeps. */
interface Step {
  kind: Kind;
  request(round: Round): Call | null;
  answered?(round: Round, body: string): void;
}

const LIST_FILTERS: ((p: Person) => object)[] = [
  () => ({ status: ['overdue'] }),
  () => ({ dueFrom: `${today.slice(0, 7)}-01`, dueTo: `${today.slice(0, 7)}-28` }),
  (p) => ({ partyId: pick(p.partyIds) }),
  (p) => ({ classificationId: p.classificationId }),
  () => ({ documentNumber: `NF-${1 + Math.floor(Math.random() * 5000)}` }),
  () => ({ status: ['open'] }),
];

const createStep = (kind: 'create' | 'create (repeat)'): Step => ({
  kind,
  request: (r) => {
    const amount = 10_000 + (r.number % 1000);
    return mutation(r.person, 'ledger/documents.create', {
      kind: 'payable',
      partyId: r.person.partyIds[r.number % r.person.partyIds.length],
      description: 'Compra do teste de carga',
      documentNumber: `CARGA-${r.number}`,
      documentType: 'nfe',
      issueDate: '2025-01-01',
      competence: '01/2025',
      grossAmount: 2 * amount,
      lines: [{ classificationId: r.person.classificationId, costCentreId: r.person.costCentreId, share: 10_000 }],
      installments: [
        { dueDate: '2025-02-01', amount },
        { dueDate: '2025-03-01', amount },
      ],
      idempotencyKey: r.keys.create,
    });
  },
  answered: (r, body) => {
    const { id } = dataOf<{ id: string }>(body);
    r.documentId = id;
    const told = toldCreated.get(r.keys.create) ?? { documentNumber: `CARGA-${r.number}`, ids: new Set<string>() };
    told.ids.add(id);
    toldCreated.set(r.keys.create, told);
  },
});

const STEPS: Step[] = [
  { kind: 'list', request: (r) => query(r.person, 'ledger/documents.list', { kind: 'payable' }) },
  {
    kind: 'list',
    request: (r) =>
      query(r.person, 'ledger/documents.list', {
        kind: 'payable',
        filters: pick(LIST_FILTERS)(r.person),
        ...(Math.random() < 0.3 ? { sort: 'amount', desc: true } : {}),
      }),
  },
  {
    kind: 'open document',
    request: (r) => query(r.person, 'ledger/documents.get', { id: pick(r.person.documentIds) }),
  },
  createStep('create'),
  // The same form sent again with its key, as after an answer lost on the way.
  createStep('create (repeat)'),
  {
    kind: 'open document',
    request: (r) => (r.documentId ? query(r.person, 'ledger/documents.get', { id: r.documentId }) : null),
    answered: (r, body) => {
      r.installments = dataOf<{ installments: { id: string; amount: number }[] }>(body).installments;
    },
  },
  {
    kind: 'settle',
    request: (r) => {
      const first = r.installments?.[0];
      if (!first) return null;
      return mutation(r.person, 'ledger/payments.settle', {
        kind: 'payable',
        paidDate: today,
        accountId: r.person.accountId,
        items: [{ installmentId: first.id, principal: first.amount }],
        idempotencyKey: r.keys.settle,
      });
    },
    answered: (r, body) => {
      toldSettled.push({
        paymentId: dataOf<{ paymentId: string }>(body).paymentId,
        installmentId: r.installments?.[0]?.id ?? '',
      });
    },
  },
  {
    kind: 'import OFX',
    request: (r) => {
      const second = r.installments?.[1];
      if (!second) return null;
      r.lineDate = addDays('2025-03-01', r.number % 300);
      return mutation(r.person, 'banking/imports.commit', {
        fileName: `extrato-${r.number}.ofx`,
        content: ofxOf(r.keys.import, r.lineDate, second.amount),
        statements: [{ index: 0, accountId: r.person.accountId }],
        acceptRejected: false,
        idempotencyKey: r.keys.import,
      });
    },
    answered: (r, body) => {
      for (const s of dataOf<{ statements: { importId: string }[] }>(body).statements) {
        toldImported.push({ importId: s.importId, fitId: r.keys.import });
      }
    },
  },
  {
    kind: 'reconciliation',
    request: (r) =>
      r.lineDate
        ? query(r.person, 'banking/reconciliation.get', {
            accountId: r.person.accountId,
            from: r.lineDate,
            to: r.lineDate,
            pageSize: 200,
          })
        : null,
    answered: (r, body) => {
      const { lines } = dataOf<{ lines: { rows: { id: string; fitId: string | null }[] } }>(body);
      r.lineId = lines.rows.find((l) => l.fitId === r.keys.import)?.id;
    },
  },
  {
    kind: 'reconcile',
    request: (r) => {
      const second = r.installments?.[1];
      if (!r.lineId || !second) return null;
      return mutation(r.person, 'banking/reconciliation.reconcile', {
        accountId: r.person.accountId,
        lines: [{ lineId: r.lineId, amount: null }],
        installments: [{ installmentId: second.id, principal: null }],
        idempotencyKey: r.keys.reconcile,
      });
    },
    answered: (r, body) => {
      toldReconciled.push({
        groupId: dataOf<{ groupId: string }>(body).groupId,
        installmentId: r.installments?.[1]?.id ?? '',
      });
    },
  },
  { kind: 'report', request: (r) => query(r.person, 'reports/status', { kind: 'payable' }) },
  {
    kind: 'list',
    request: (r) =>
      query(r.person, 'ledger/documents.list', { kind: 'payable', filters: { partyId: pick(r.person.partyIds) } }),
  },
];

function record(kind: Kind, status: number, ms: number) {
  const times = latencies.get(kind) ?? [];
  times.push(ms);
  latencies.set(kind, times);
  const label = `${kind} ${status}`;
  if (status !== 200) statuses.set(label, (statuses.get(label) ?? 0) + 1);
}

const requests: autocannon.Request[] = STEPS.map((step, index) => ({
  setupRequest: (request, context) => {
    const round = context as Round;
    if (index === 0) Object.assign(round, newRound());
    const call = step.request(round);
    if (!call) return undefined as unknown as autocannon.Request;
    round.sentAt = performance.now();
    return { ...request, ...call };
  },
  onResponse: (status, body, context) => {
    const round = context as Round;
    record(step.kind, status, performance.now() - round.sentAt);
    try {
      if (status === 200) step.answered?.(round, body);
    } catch {
      // A 200 whose body is not what the step expects: counted apart, and the round starts again.
      const label = `${step.kind} 200 unreadable`;
      statuses.set(label, (statuses.get(label) ?? 0) + 1);
      round.installments = undefined;
      round.documentId = undefined;
      round.lineId = undefined;
    }
  },
}));

const servers: ServerProcess[] = [];
let results: autocannon.Result[];
let serverErrors: string[] = [];
try {
  for (const port of ports) {
    servers.push(
      await startServerProcess({
        ...(DATABASE_URL ? { DATABASE_URL } : { DATA_DIR: dataDir ?? '' }),
        PORT: String(port),
        HOST: '127.0.0.1',
        // Behind one load balancer the processes share the public address, the tokens' issuer.
        PUBLIC_URL: publicUrl,
        NODE_ENV: 'production',
        DATA_ENCRYPTION_KEY: encryptionKey,
        DEMO: 'false',
        LOG_LEVEL: 'warn',
      }),
    );
  }
  for (const person of prepared)
    people.push({ ...person, token: await signInForToken(publicUrl, person.username, PASSWORD) });
  console.log(`${people.length} people of ${WORKING_ORGANIZATIONS} organizations signed in`);
  console.log(
    `${CONNECTIONS} connections for ${DURATION_S} s over ${servers.length} server process${servers.length > 1 ? 'es' : ''} (${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'})`,
  );
  results = await Promise.all(
    ports.map((port, i) =>
      autocannon({
        url: `http://127.0.0.1:${port}`,
        connections: Math.floor(CONNECTIONS / ports.length) + (i < CONNECTIONS % ports.length ? 1 : 0),
        duration: DURATION_S,
        timeout: 30,
        requests,
      }),
    ),
  );
} finally {
  // What the servers logged as errors while under load (stopping them cuts short what was left running).
  serverErrors = servers.flatMap((s) => s.log.join('').split('\n')).filter((l) => l.includes('"level":50'));
  await Promise.all(servers.map((s) => s.stop()));
}

// ------------------------------------------------------------------------------------------------------ the figures
const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
console.log(
  `\n${'request (ms)'.padEnd(20)}${'count'.padStart(8)}${'p50'.padStart(9)}${'p95'.padStart(9)}${'p99'.padStart(9)}`,
);
for (const [kind, times] of latencies) {
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `${kind.padEnd(20)}${String(sorted.length).padStart(8)}${at(sorted, 0.5).toFixed(0).padStart(9)}${at(sorted, 0.95).toFixed(0).padStart(9)}${at(sorted, 0.99).toFixed(0).padStart(9)}`,
  );
}
const unanswered = results.reduce((n, r) => n + r.errors + r.timeouts, 0);
const answered5xx = [...statuses].filter(([label]) => / 5\d\d$/.test(label)).reduce((n, [, c]) => n + c, 0);
console.log(`\nanswers other than 200: ${statuses.size === 0 ? 'none' : ''}`);
for (const [label, count] of [...statuses].sort()) console.log(`  ${label}: ${count}`);
console.log(`requests without an answer (timeouts, connection errors): ${unanswered}`);
if (serverErrors.length > 0) console.log(`server log errors (first 5):\n${serverErrors.slice(0, 5).join('\n')}`);

// ------------------------------------------------------------------------------------- written against what was told
if (dataDir) database = await openDatabase({ dataDir });
const db = database.db;
const count = async (statement: ReturnType<typeof sql>) =>
  rowsOf<{ n: number }>(await db.execute(statement))[0]?.n ?? 0;
const json = (value: unknown) => JSON.stringify(value);

const created = [...toldCreated.values()];
const createdIds = created.flatMap((c) => [...c.ids]);
const lostCreates =
  createdIds.length -
  (await count(sql`select count(*)::int as n from ledger_documents
    where id in (select (jsonb_array_elements_text(${json(createdIds)}::jsonb))::uuid)`));
// A key answered with two ids, or one document number written twice, is a create done twice.
const doubledCreates =
  created.filter((c) => c.ids.size > 1).length +
  (await count(sql`select count(*)::int as n from (select document_number from ledger_documents
    where document_number in (select jsonb_array_elements_text(${json(created.map((c) => c.documentNumber))}::jsonb))
    group by organization_id, document_number having count(*) > 1) d`));
const lostSettles =
  toldSettled.length -
  (await count(sql`select count(*)::int as n from ledger_payments
    where id in (select (jsonb_array_elements_text(${json(toldSettled.map((s) => s.paymentId))}::jsonb))::uuid)`));
const paidInstallments = [...toldSettled, ...toldReconciled].map((s) => s.installmentId);
const doubledSettles = await count(sql`select count(*)::int as n from (select installment_id from ledger_settlements
    where installment_id in (select (jsonb_array_elements_text(${json(paidInstallments)}::jsonb))::uuid)
    group by installment_id having count(*) > 1) s`);
const lostImports =
  toldImported.length -
  (await count(sql`select count(*)::int as n from bank_statement_imports
    where id in (select (jsonb_array_elements_text(${json(toldImported.map((i) => i.importId))}::jsonb))::uuid)`));
const doubledImports = await count(sql`select count(*)::int as n from (select sha256 from bank_statement_imports
    where file_name like 'extrato-%' group by organization_id, account_id, sha256 having count(*) > 1) i`);
const lostReconciles =
  toldReconciled.length -
  (await count(sql`select count(distinct group_id)::int as n from bank_reconciliation_links
    where group_id in (select (jsonb_array_elements_text(${json(toldReconciled.map((r) => r.groupId))}::jsonb))::uuid)`));
const lost = lostCreates + lostSettles + lostImports + lostReconciles;
const doubled = doubledCreates + doubledSettles + doubledImports;
console.log(
  `\nwrites answered OK: ${createdIds.length} payables created, ${toldSettled.length} payments, ${toldImported.length} imports, ${toldReconciled.length} reconciliations`,
);
console.log(
  `lost: ${lostCreates} created, ${lostSettles} payments, ${lostImports} imports, ${lostReconciles} reconciliations`,
);
console.log(`doubled: ${doubledCreates} created, ${doubledSettles} installments paid twice, ${doubledImports} imports`);

// BOOKS CHECK: the finance chain's invariants (decision 0015) over the whole database after the load, the data set
// and what the people wrote; a problem fails the bench.
const problems = await checkBooks(db);
console.log(`\nbooks problems: ${problems.length}${problems.length > 20 ? ' (the first 20 below)' : ''}`);
for (const p of problems.slice(0, 20)) console.log(`  [${p.invariant}] ${p.table} ${p.id}: ${p.detail}`);

const lists = [...(latencies.get('list') ?? [])].sort((a, b) => a - b);
await database.close();
if (dataDir) rmSync(dataDir, { recursive: true, force: true });
if (!onPostgres) console.log('PGlite run: the figure below is the p95 of the lists on PGlite, not PostgreSQL');
console.log(
  `RESULT load pg_p95_ms=${at(lists, 0.95).toFixed(0)} errors=${answered5xx + unanswered} lost=${lost} doubled=${doubled}`,
);
if (problems.length > 0) process.exitCode = 1;

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { todayInSaoPaulo } from '@financeiro/core';
import { rowsOf, type Db } from '../db/client';
import { DEMO_PASSWORD } from '../modules/demo';
import { DATABASE_UNAVAILABLE } from '../trpc/init';
import { signInForToken } from './cognito-client';

/** One HTTP answer the load got: status 0 is a request that got none (a dropped connection, a timeout). */
export interface Answer {
  kind: 'create' | 'open' | 'settle';
  sentAt: number;
  answeredAt: number;
  status: number;
  body: string;
}

/** A failed answer is clean when it is the 503 that names the database in pt-BR, with nothing of the failure. */
export function isCleanFailure(answer: Answer): boolean {
  if (answer.status !== 503) return false;
  try {
    const body = JSON.parse(answer.body) as { error?: { message?: unknown; data?: { stack?: unknown } } };
    return body.error?.message === DATABASE_UNAVAILABLE && body.error.data?.stack === undefined;
  } catch {
    return false;
  }
}

/** Answers counted by kind and status, e.g. "create 200". */
export function byStatus(answers: Answer[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const a of answers) counts.set(`${a.kind} ${a.status}`, (counts.get(`${a.kind} ${a.status}`) ?? 0) + 1);
  return new Map([...counts].sort(([a], [b]) => a.localeCompare(b)));
}

/** When a database restart began and when PostgreSQL accepted connections again (pg_ctl returned). */
export interface Restart {
  startedAt: number;
  endedAt: number;
}

/**
 * Per restart, as the clients saw it: the outage (from the first failed answer to the first success after it; 0 when
 * nothing failed), and the successes and failures of the requests sent once the database was back.
 */
export function restartOutcomes(answers: Answer[], restarts: Restart[]) {
  return restarts.map((restart, i) => {
    const until = restarts[i + 1]?.startedAt ?? Infinity;
    // The answers that came from this restart until the next one began (one sent before it belongs to it).
    const during = answers
      .filter((a) => a.answeredAt >= restart.startedAt && a.answeredAt < until)
      .sort((a, b) => a.answeredAt - b.answeredAt);
    const firstFailure = during.find((a) => a.status !== 200);
    const recovered = firstFailure && during.find((a) => a.status === 200 && a.answeredAt > firstFailure.answeredAt);
    const after = during.filter((a) => a.sentAt >= restart.endedAt);
    return {
      outageMs: firstFailure ? (recovered?.answeredAt ?? Infinity) - firstFailure.answeredAt : 0,
      succeededAfter: after.filter((a) => a.status === 200).length,
      errorsAfterRecovery: after.filter((a) => a.status !== 200).length,
    };
  });
}

/** The demo organization's Matriz and what a payable's form refers to there. */
async function demoFormIds(db: Db) {
  const [ids] = rowsOf<Record<'organization_id' | 'unit_id' | 'party_id' | 'line_id' | 'account_id', string>>(
    await db.execute(sql`
      select o.id as organization_id, u.id as unit_id,
        (select i.party_id from ledger_installments i where i.organization_id = o.id and i.kind = 'payable' limit 1)
          as party_id,
        (select l.id from ledger_document_lines l where l.organization_id = o.id limit 1) as line_id,
        (select a.id from accounts a where a.organization_id = o.id and a.unit_ids ? u.id::text limit 1) as account_id
      from organizations o join units u on u.organization_id = o.id and u.slug = 'matriz'
      where o.slug = 'demo'`),
  );
  const [line] = rowsOf<{ classification_id: string; cost_centre_id: string }>(
    await db.execute(sql`select classification_id, cost_centre_id from ledger_document_lines
      where organization_id = ${ids?.organization_id} and id = ${ids?.line_id}`),
  );
  if (!ids?.party_id || !ids.account_id || !line) throw new Error('the demo data lacks a payable or an account');
  return { ...ids, classificationId: line.classification_id, costCentreId: line.cost_centre_id };
}

interface Sent {
  kind: 'create' | 'settle';
  input: { idempotencyKey: string } & Record<string, unknown>;
}

/**
 * Clients of the demo's "financeiro" (the real server, DEMO on) writing payables over HTTP as the web does, each
 * with its idempotency key: create a payable of two installments, open it, pay its first installment; again, until
 * stopped. Keeps what the server answered OK to and what failed, so that the failures can be sent again with their
 * key and the database counted against what the clients were told.
 */
export async function startWriteLoad({ serverUrl, db, clients }: { serverUrl: string; db: Db; clients: number }) {
  const form = await demoFormIds(db);
  const tokens: string[] = [];
  for (let i = 0; i < Math.min(clients, 5); i++) {
    tokens.push(await signInForToken(serverUrl, 'financeiro', DEMO_PASSWORD));
  }
  const run = randomUUID().slice(0, 8);
  const answers: Answer[] = [];
  /** Keys answered OK: the document a create made, the payment of an installment. */
  const created = new Map<string, { id: string; documentNumber: string }>();
  const settled = new Map<string, { paymentId: string; installmentId: string }>();
  const failed: Sent[] = [];
  const numbers = new Set<string>();
  let stopped = false;

  const call = async (kind: Answer['kind'], token: string, path: string, input: unknown): Promise<Answer> => {
    const sentAt = Date.now();
    const headers = {
      authorization: `Bearer ${token}`,
      'x-organization-id': form.organization_id,
      'x-unit-id': form.unit_id,
      'content-type': 'application/json',
    };
    const request =
      kind === 'open'
        ? fetch(`${serverUrl}/v1/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers })
        : fetch(`${serverUrl}/v1/${path}`, { method: 'POST', headers, body: JSON.stringify(input) });
    const answer = await request.then(
      async (response) => ({ status: response.status, body: await response.text() }),
      () => ({ status: 0, body: '' }),
    );
    const done = { kind, sentAt, answeredAt: Date.now(), ...answer };
    answers.push(done);
    return done;
  };
  const dataOf = <T>(answer: Answer) => (JSON.parse(answer.body) as { result: { data: T } }).result.data;

  const send = async (token: string, sent: Sent): Promise<Answer> => {
    const path = sent.kind === 'create' ? 'ledger/documents.create' : 'ledger/payments.settle';
    const answer = await call(sent.kind, token, path, sent.input);
    if (answer.status !== 200) return answer;
    if (sent.kind === 'create') {
      const documentNumber = String(sent.input.documentNumber);
      created.set(sent.input.idempotencyKey, { id: dataOf<{ id: string }>(answer).id, documentNumber });
    } else {
      const items = sent.input.items as { installmentId: string }[];
      const { paymentId } = dataOf<{ paymentId: string }>(answer);
      settled.set(sent.input.idempotencyKey, { paymentId, installmentId: items[0]?.installmentId ?? '' });
    }
    return answer;
  };

  const client = async (index: number) => {
    const token = tokens[index % tokens.length] as string;
    // A person waits a moment before trying again after an error.
    const pause = () => new Promise((resolve) => setTimeout(resolve, 100));
    for (let round = 1; !stopped; round++) {
      const documentNumber = `REINICIO-${run}-${index}-${round}`;
      numbers.add(documentNumber);
      const create: Sent = {
        kind: 'create',
        input: {
          kind: 'payable',
          partyId: form.party_id,
          description: 'Compra durante o reinício do banco',
          documentNumber,
          documentType: 'nfe',
          issueDate: '2025-01-01',
          competence: '01/2025',
          grossAmount: 20_000,
          lines: [{ classificationId: form.classificationId, costCentreId: form.costCentreId, share: 10_000 }],
          installments: [
            { dueDate: '2025-02-01', amount: 10_000 },
            { dueDate: '2025-03-01', amount: 10_000 },
          ],
          idempotencyKey: randomUUID(),
        },
      };
      const made = await send(token, create);
      if (made.status !== 200) {
        failed.push(create);
        await pause();
        continue;
      }
      const id = dataOf<{ id: string }>(made).id;
      const opened = await call('open', token, 'ledger/documents.get', { id });
      if (opened.status !== 200) {
        await pause();
        continue;
      }
      const [first] = dataOf<{ installments: { id: string; amount: number }[] }>(opened).installments;
      const settle: Sent = {
        kind: 'settle',
        input: {
          kind: 'payable',
          paidDate: todayInSaoPaulo(),
          accountId: form.account_id,
          items: [{ installmentId: first?.id, principal: first?.amount }],
          idempotencyKey: randomUUID(),
        },
      };
      if ((await send(token, settle)).status !== 200) {
        failed.push(settle);
        await pause();
      }
    }
  };
  const running = Array.from({ length: clients }, (_, i) => client(i));

  return {
    organizationId: form.organization_id,
    answers,
    /** Ends the clients after the request each has under way. */
    async stop() {
      stopped = true;
      await Promise.all(running);
    },
    /** Sends each failed create and payment again with its key, one at a time; answers what came back. */
    async resendFailed(): Promise<Answer[]> {
      const again: Answer[] = [];
      for (const sent of failed) again.push(await send(tokens[0] as string, sent));
      return again;
    },
    /**
     * The database against what the clients were told: `lost` answered OK and not there; `doubled` a document
     * number (one key's) written twice, an installment paid twice; `missing` a key with no document (its create
     * never succeeded, not even sent again).
     */
    async count() {
      const json = (values: string[]) => JSON.stringify(values);
      const n = async (statement: ReturnType<typeof sql>) =>
        rowsOf<{ n: number }>(await db.execute(statement))[0]?.n ?? 0;
      const documentIds = [...created.values()].map((c) => c.id);
      const paymentIds = [...settled.values()].map((s) => s.paymentId);
      const installmentIds = [...settled.values()].map((s) => s.installmentId);
      const inList = (values: string[]) => sql`(select jsonb_array_elements_text(${json(values)}::jsonb))`;
      const lost =
        documentIds.length -
        (await n(sql`select count(*)::int as n from ledger_documents where id::text in ${inList(documentIds)}`)) +
        paymentIds.length -
        (await n(sql`select count(*)::int as n from ledger_payments where id::text in ${inList(paymentIds)}`));
      const numbered = rowsOf<{ document_number: string; n: number }>(
        await db.execute(sql`select document_number, count(*)::int as n from ledger_documents
          where organization_id = ${form.organization_id} and document_number in ${inList([...numbers])}
          group by document_number`),
      );
      const doubled =
        numbered.filter((row) => row.n > 1).length +
        (await n(sql`select count(*)::int as n from (select installment_id from ledger_settlements
          where installment_id::text in ${inList(installmentIds)} group by installment_id having count(*) > 1) s`));
      return {
        createsTold: created.size,
        paymentsTold: settled.size,
        failed: failed.length,
        lost,
        doubled,
        missing: numbers.size - numbered.length,
      };
    },
  };
}

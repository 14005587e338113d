// Statement import and bank reconciliation at a company's scale, through the real procedures. One account of the
// demo organization holds 100,000 open installments and unreconciled movements (the labelled set's generator at
// that size: customers paying by PIX, boleto and TED, supplier bills, card acquirer batches, transfers, fees; parties
// with CPF/CNPJ; due dates over 250 days) and 10,000 imported bank lines not yet reconciled, most with a true match.
// It times banking.reconciliation.suggest over them (the one set-based query and the matcher in memory, 5 runs),
// banking.imports.preview + commit of a 50,000-line OFX into fresh accounts (3 runs) and the same file again (must add
// nothing), prints the matcher's precision and recall on the labelled set and runs the OFX fuzz of 100,000 inputs.
// PGlite by default; with DATABASE_URL set, a fresh database on that PostgreSQL server. Run: npm run bench:matching
import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { matchStatement } from '@financeiro/core';
import { runOfxFuzz } from '../packages/core/src/banking/ofx-arbitraries';
import { seedDemo } from '../apps/server/src/modules/demo';
import { createTestApp } from '../apps/server/src/test/app';
import { callersFor } from '../apps/server/src/test/callers';
import { makeOfx } from '../apps/server/src/test/make-ofx';
import { loadLabelledSet, measureQuality } from './matching-quality';
import { makeLabelledSet } from './matching-set';
import { demoIds } from './support/demo';

const LINES = 10_000;
const CANDIDATES = 100_000;
const MATCH_RUNS = 5;
const OFX_LINES = 50_000;
const IMPORT_RUNS = 3;
const FUZZ_INPUTS = 100_000;
/** Rows sent per insert, as one JSON parameter. */
const CHUNK = 10_000;

const t = await createTestApp();
const db = t.database.db;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;
const list = (times: number[]) => times.map((ms) => ms.toFixed(0)).join(', ');

/** Inserts `rows` with `statement`, which reads them from `jsonb_to_recordset(rows)`, a chunk at a time. */
async function insertJson(rows: object[], statement: (json: string) => SQL) {
  for (let start = 0; start < rows.length; start += CHUNK) {
    await db.execute(statement(JSON.stringify(rows.slice(start, start + CHUNK))));
  }
}

try {
  await seedDemo(db);
  const { organizationId, unitId, classificationId, costCentreId } = await demoIds(db, 'Tarifas bancárias');
  const admin = await callersFor(t)('admin', { organizationId, unitId });
  const caller = await callersFor(t)('financeiro', { organizationId, unitId });
  const type = await admin.registries.accountTypes.create({ name: 'Conta do benchmark', kind: 'checking' });
  const newAccount = (name: string) =>
    admin.registries.accounts.create({
      name,
      accountTypeId: type.id,
      openingBalance: 0,
      openingDate: '2026-01-01',
      unitIds: [unitId],
    });

  // The data set, with the set's ids turned into the database's.
  const started = performance.now();
  const set = makeLabelledSet(7, LINES, { candidates: CANDIDATES });
  const account = await newAccount('Conta movimento do benchmark');
  const uuidOf = new Map<string, string>();
  const idOf = (key: string) => {
    let id = uuidOf.get(key);
    if (!id) uuidOf.set(key, (id = uuidv7()));
    return id;
  };
  // A party by its document: the generator may give two of its parties one CPF, the registry keeps one.
  const parties = new Map<string, { id: string; person_type: string; document: string; name: string }>();
  for (const c of set.candidates) {
    if (!c.partyDocument || !c.partyName || parties.has(c.partyDocument)) continue;
    parties.set(c.partyDocument, {
      id: idOf(`party ${c.partyDocument}`),
      person_type: c.partyDocument.length === 11 ? 'PF' : 'PJ',
      document: c.partyDocument,
      name: c.partyName,
    });
  }
  await insertJson(
    [...parties.values()],
    (rows) => sql`insert into parties (id, organization_id, roles, person_type, document, name)
      select r.id, ${organizationId}, '{customer,supplier}', r.person_type, r.document, r.name
      from jsonb_to_recordset(${rows}::jsonb) as r(id uuid, person_type text, document text, name text)`,
  );
  const installments = set.candidates
    .filter((c) => c.kind === 'installment')
    .map((c) => ({
      id: idOf(c.id),
      document_id: uuidv7(),
      kind: c.amount < 0 ? 'payable' : 'receivable',
      party_id: parties.get(c.partyDocument ?? '')?.id,
      document_number: c.documentNumber,
      due_date: c.date,
      amount: Math.abs(c.amount),
    }));
  const recordset = sql`r(id uuid, document_id uuid, kind text, party_id uuid, document_number text, due_date date,
    amount bigint)`;
  await insertJson(
    installments,
    (rows) => sql`insert into ledger_documents (id, organization_id, unit_id, kind, party_id, description,
        document_number, document_type, issue_date, competence, gross_amount, net_amount, status)
      select r.document_id, ${organizationId}, ${unitId}, r.kind, r.party_id,
        case when r.kind = 'payable' then 'Compra ' else 'Venda ' end || coalesce(r.document_number, 'sem número'),
        r.document_number, 'nfe', r.due_date - 30, date_trunc('month', r.due_date - 30)::date, r.amount, r.amount,
        'open'
      from jsonb_to_recordset(${rows}::jsonb) as ${recordset}`,
  );
  await insertJson(
    installments,
    (rows) => sql`insert into ledger_document_lines (id, organization_id, document_id, classification_id,
        cost_centre_id, share, amount)
      select gen_random_uuid(), ${organizationId}, r.document_id, ${classificationId}, ${costCentreId},
        10000, r.amount
      from jsonb_to_recordset(${rows}::jsonb) as ${recordset}`,
  );
  await insertJson(
    installments,
    (rows) => sql`insert into ledger_installments (id, organization_id, unit_id, document_id, kind, party_id,
        document_number, number, count, due_date, amount, settled, status)
      select r.id, ${organizationId}, ${unitId}, r.document_id, r.kind, r.party_id, r.document_number, 1, 1,
        r.due_date, r.amount, 0, 'open'
      from jsonb_to_recordset(${rows}::jsonb) as ${recordset}`,
  );
  // Movements the team wrote by hand (card sales of a day, transfers, fees): manual entries not yet reconciled.
  const movements = set.candidates
    .filter((c) => c.kind === 'movement')
    .map((c) => ({
      id: idOf(c.id),
      date: c.date,
      amount: c.amount,
      description: c.partyName
        ? `${c.amount > 0 ? 'Recebimento' : 'Pagamento'} ${c.partyName}`
        : Math.abs(c.amount) < 10_000
          ? 'Tarifa bancária'
          : 'Transferência entre contas',
    }));
  await insertJson(
    movements,
    (rows) => sql`insert into account_movements (id, organization_id, unit_id, account_id, date, amount, kind,
        classification_id, cost_centre_id, description)
      select r.id, ${organizationId}, ${unitId}, ${account.id}, r.date, r.amount, 'manual', ${classificationId},
        ${costCentreId}, r.description
      from jsonb_to_recordset(${rows}::jsonb) as r(id uuid, date date, amount bigint, description text)`,
  );
  const importId = uuidv7();
  await db.execute(sql`insert into bank_statement_imports (id, organization_id, account_id, file_name, format, sha256,
      line_count, new_count, duplicate_count, rejected_count)
    values (${importId}, ${organizationId}, ${account.id}, 'extrato-benchmark.ofx', 'ofx', ${'0'.repeat(64)},
      ${LINES}, ${LINES}, 0, 0)`);
  await insertJson(
    set.lines.map((l) => ({ id: idOf(l.id), date: l.date, amount: l.amount, memo: l.memo, fit_id: l.fitId })),
    (rows) => sql`insert into bank_statement_lines (id, organization_id, account_id, import_id, date, amount, memo,
        fit_id, line_key)
      select r.id, ${organizationId}, ${account.id}, ${importId}, r.date, r.amount, r.memo, r.fit_id, r.id::text
      from jsonb_to_recordset(${rows}::jsonb) as r(id uuid, date date, amount bigint, memo text, fit_id text)`,
  );
  // What autovacuum does on a server after a bulk load: statistics for the planner, the visibility map.
  await db.execute(sql`VACUUM ANALYZE`);
  const matchable = [...set.truth.values()].filter((ids) => ids !== null).length;
  console.log(
    `${set.lines.length.toLocaleString('pt-BR')} bank lines (${matchable.toLocaleString('pt-BR')} with a true match), ` +
      `${installments.length.toLocaleString('pt-BR')} open installments and ${movements.length.toLocaleString('pt-BR')} ` +
      `movements of ${parties.size.toLocaleString('pt-BR')} parties, ready in ${seconds(started)}`,
  );

  // Auto-match: the suggestions for every open line of the period, as the reconciliation screen asks for them.
  const period = {
    accountId: account.id,
    from: set.lines[0]?.date ?? '',
    to: set.lines[set.lines.length - 1]?.date ?? '',
  };
  const matchTimes: number[] = [];
  let suggestions: Awaited<ReturnType<typeof caller.banking.reconciliation.suggest>> = [];
  for (let run = 0; run < MATCH_RUNS; run++) {
    const start = performance.now();
    suggestions = await caller.banking.reconciliation.suggest(period);
    matchTimes.push(performance.now() - start);
  }
  const matcherStart = performance.now();
  matchStatement(set.lines, set.candidates);
  const matcherMs = performance.now() - matcherStart;
  const match10k = median(matchTimes);
  console.log(
    `\nbanking.reconciliation.suggest, ${period.from} to ${period.to}: ${suggestions.length.toLocaleString('pt-BR')} ` +
      `suggestions, ${suggestions.filter((s) => s.automatic).length.toLocaleString('pt-BR')} automatic`,
  );
  console.log(`  ${MATCH_RUNS} runs (ms): ${list(matchTimes)}; median ${match10k.toFixed(0)} ms`);
  console.log(`  the matcher alone over the same lines and candidates in memory: ${matcherMs.toFixed(0)} ms`);

  // Import: preview and commit of one 50,000-line file, into a fresh account each run.
  const content = Buffer.from(makeOfx(OFX_LINES)).toString('base64');
  const fileName = `extrato-${OFX_LINES}.ofx`;
  const importTimes: number[] = [];
  const previewTimes: number[] = [];
  let lastAccountId = '';
  for (let run = 0; run < IMPORT_RUNS; run++) {
    const target = await newAccount(`Conta de importação ${run + 1}`);
    const start = performance.now();
    const preview = await caller.banking.imports.preview({ fileName, content, accountId: target.id });
    previewTimes.push(performance.now() - start);
    const committed = await caller.banking.imports.commit({
      fileName,
      content,
      statements: [{ index: 0, accountId: target.id }],
      acceptRejected: false,
    });
    importTimes.push(performance.now() - start);
    if (preview.statements[0]?.newCount !== OFX_LINES || committed.newCount !== OFX_LINES) {
      throw new Error(`expected ${OFX_LINES} new lines, the preview said ${preview.statements[0]?.newCount}`);
    }
    lastAccountId = target.id;
  }
  const import50k = median(importTimes);
  const againStart = performance.now();
  const again = await caller.banking.imports.preview({ fileName, content, accountId: lastAccountId });
  const againCommitted = await caller.banking.imports.commit({
    fileName,
    content,
    statements: [{ index: 0, accountId: lastAccountId }],
    acceptRejected: false,
  });
  const againMs = performance.now() - againStart;
  if (again.statements[0]?.newCount !== 0 || againCommitted.newCount !== 0) {
    throw new Error(`the same file again added ${againCommitted.newCount} lines`);
  }
  console.log(
    `\nbanking.imports.preview + commit of a ${OFX_LINES.toLocaleString('pt-BR')}-line OFX ` +
      `(${(Buffer.byteLength(content, 'base64') / 1_048_576).toFixed(1)} MB), fresh account each run`,
  );
  console.log(
    `  ${IMPORT_RUNS} runs (ms): ${list(importTimes)}; median ${import50k.toFixed(0)} ms, of which the preview ` +
      `${median(previewTimes).toFixed(0)} ms`,
  );
  console.log(
    `  the same file again: ${againCommitted.newCount} new, ${againCommitted.duplicateCount.toLocaleString('pt-BR')} ` +
      `already imported, in ${againMs.toFixed(0)} ms`,
  );

  // Quality on the labelled set, at the default threshold.
  const quality = measureQuality(loadLabelledSet());
  console.log(
    `\nlabelled set at the default threshold: precision ${(quality.precision * 100).toFixed(2)}%, recall ` +
      `${(quality.recall * 100).toFixed(2)}% (${quality.suggested} automatic, ${quality.correct} correct, ` +
      `${quality.missed} lines missed)`,
  );

  const fuzzStart = performance.now();
  const fuzz = runOfxFuzz(FUZZ_INPUTS);
  if (fuzz.firstCrash !== null) console.log(`first crash: ${fuzz.firstCrash}`);
  console.log(
    `\nOFX fuzz: ${fuzz.inputs.toLocaleString('pt-BR')} inputs, ${fuzz.crashes} crashes, slowest ` +
      `${fuzz.maxMs.toFixed(1)} ms, in ${seconds(fuzzStart)}`,
  );
  if (fuzz.crashes > 0) process.exitCode = 1;

  console.log(
    `RESULT matching match10k_ms=${match10k.toFixed(0)} import50k_ms=${import50k.toFixed(0)} ` +
      `precision=${quality.precision.toFixed(4)} recall=${quality.recall.toFixed(4)}`,
  );
} finally {
  await t.close();
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { addDays, formatBRL, todayInSaoPaulo } from '@financeiro/core';
import { rowsOf, type Db } from '../db/client';
import { isUniqueViolation } from '../errors';
import { loadEnv } from '../env';
import { createTestApp, type TestApp } from '../test/app';
import { callersFor } from '../test/callers';
import { seedOtherOrganization } from '../test/other-organization';
import { seedDemo } from '../modules/demo';
import { storeLines } from '../test/bank-lines';
import { newClassification, newCostCentre, newParty } from '../test/ledger-fixtures';
import { checkBooks, type BookProblem } from './books';

const CLI = fileURLToPath(new URL('../../scripts/check-books.ts', import.meta.url));

/** Thrown to roll back a transaction that broke the books on purpose. */
class RolledBack extends Error {}

describe('the books check (npm run check:books)', () => {
  let t: TestApp;
  let db: Db;
  const demo = { organizationId: '', unitId: '' };
  const other = { organizationId: '', unitId: '' };

  /** The first column of the first row a query answers, as text. */
  async function one(query: SQL): Promise<Record<string, string>> {
    const [row] = rowsOf<Record<string, unknown>>(await db.execute(query));
    if (!row) throw new Error('the demo lacks the row this test breaks');
    return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, String(v)]));
  }

  /**
   * Breaks the books with raw SQL as the database owner, inside a transaction rolled back afterwards: what the check
   * finds in every organization, and narrowed to Demo and to Outra.
   */
  async function broken(...updates: SQL[]) {
    let found: Record<'all' | 'demo' | 'other', BookProblem[]> | undefined;
    await db
      .transaction(async (tx) => {
        for (const update of updates) await tx.execute(update);
        found = {
          all: await checkBooks(tx),
          demo: await checkBooks(tx, { organizationId: demo.organizationId }),
          other: await checkBooks(tx, { organizationId: other.organizationId }),
        };
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    if (!found) throw new Error('unreachable');
    return found;
  }

  /** Demo's problem is found in the whole database and in Demo, and never when the check looks at Outra only. */
  function expectDemoProblem(found: Awaited<ReturnType<typeof broken>>, problem: Omit<BookProblem, 'organizationId'>) {
    const expected = { ...problem, organizationId: demo.organizationId };
    expect(found.all).toContainEqual(expected);
    expect(found.demo).toContainEqual(expected);
    expect(found.other).toEqual([]);
  }

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    // The demo as `npm start` creates it, and a second organization with a payable of its own.
    await seedDemo(db, { samples: true });
    Object.assign(
      demo,
      await one(sql`select u.organization_id as "organizationId", u.id as "unitId"
      from units u join organizations o on o.id = u.organization_id where o.slug = 'demo' and u.slug = 'matriz'`),
    );
    const seeded = await seedOtherOrganization(t);
    Object.assign(other, { organizationId: seeded.organizationId, unitId: seeded.unitId });
    const as = callersFor(t);
    const outro = await as('outro', other);
    const [partyId, classificationId, costCentreId] = [
      await newParty(outro, { roles: ['supplier'], document: '11.222.333/0001-81', name: 'Fornecedor da Outra' }),
      await newClassification(outro, 'Despesas da Outra'),
      await newCostCentre(outro, 'Sede'),
    ];
    await outro.ledger.documents.create({
      kind: 'payable',
      partyId,
      description: 'Aluguel',
      documentType: 'outros',
      issueDate: '2026-01-05',
      competence: '01/2026',
      grossAmount: 100_000,
      lines: [{ classificationId, costCentreId, share: 10_000 }],
      installments: [{ dueDate: '2026-02-05', amount: 100_000 }],
    });

    // What the demo does not have yet, done as the finance team would: a bank line reconciled with a payment, and a
    // revenue split of the last year's consulting receipts.
    const fin = await as('financeiro', demo);
    const movement = await one(sql`select id, account_id, date::text as date, amount from account_movements
      where organization_id = ${demo.organizationId} and unit_id = ${demo.unitId} and kind = 'payment'
      order by id limit 1`);
    const [lineId = ''] = await storeLines(db, demo, movement.account_id ?? '', [
      { date: movement.date ?? '', amount: Number(movement.amount), memo: 'PAGAMENTO' },
    ]);
    await fin.banking.reconciliation.reconcile({
      accountId: movement.account_id ?? '',
      lines: [{ lineId }],
      movements: [{ movementId: movement.id ?? '' }],
    });
    const config = await one(sql`select id from split_configs where organization_id = ${demo.organizationId}`);
    const expense = await one(sql`select id from classifications
      where organization_id = ${demo.organizationId} and nature = 'expense' order by code limit 1`);
    const today = todayInSaoPaulo();
    await fin.split.run({
      configId: config.id ?? '',
      from: addDays(today, -364),
      to: today,
      dueDate: today,
      classificationId: expense.id ?? '',
      idempotencyKey: randomUUID(),
    });
  });
  afterAll(() => t?.close());

  it('finds the books of the demo, with a reconciliation and a split run, adding up', async () => {
    expect(await checkBooks(db)).toEqual([]);
    expect(await checkBooks(db, { organizationId: demo.organizationId })).toEqual([]);
  });

  it('finds installments that do not add up to the document’s net', async () => {
    const i = await one(sql`select i.id, i.document_id, d.net_amount from ledger_installments i
      join ledger_documents d on d.id = i.document_id
      where i.organization_id = ${demo.organizationId} and i.status = 'open' order by i.id limit 1`);
    const found = await broken(sql`update ledger_installments set amount = amount + 1 where id = ${i.id}`);
    const net = Number(i.net_amount);
    expectDemoProblem(found, {
      invariant: 'document-net',
      table: 'ledger_documents',
      id: i.document_id ?? '',
      detail: `Parcelas somam ${formatBRL(net + 1)}; o documento líquido é ${formatBRL(net)}`,
    });
  });

  it('finds an apportionment that does not add up to the document’s gross', async () => {
    const l = await one(sql`select l.id, l.document_id, d.gross_amount from ledger_document_lines l
      join ledger_documents d on d.id = l.document_id
      where l.organization_id = ${demo.organizationId} order by l.id limit 1`);
    const found = await broken(sql`update ledger_document_lines set amount = amount + 1 where id = ${l.id}`);
    const gross = Number(l.gross_amount);
    expectDemoProblem(found, {
      invariant: 'document-apportionment',
      table: 'ledger_documents',
      id: l.document_id ?? '',
      detail: `As linhas do rateio somam ${formatBRL(gross + 1)}; o valor bruto é ${formatBRL(gross)}`,
    });
  });

  it('finds an installment whose stored settled amount and status are not what its settlements say', async () => {
    const i = await one(sql`select id from ledger_installments
      where organization_id = ${demo.organizationId} and status = 'open' and amount > 100 order by id limit 1`);
    const found = await broken(
      sql`update ledger_installments set settled = 100, status = 'partial' where id = ${i.id}`,
    );
    expectDemoProblem(found, {
      invariant: 'settled-status',
      table: 'ledger_installments',
      id: i.id ?? '',
      detail: `As baixas somam ${formatBRL(0)} de principal; a parcela guarda ${formatBRL(100)} baixado`,
    });
    expect(found.demo.map((p) => p.detail)).toContain(
      'A situação guardada é "paga em parte"; pelas baixas seria "em aberto"',
    );
  });

  it('finds a payment whose movement in the account is not what it paid', async () => {
    const m = await one(sql`select m.id, m.payment_id, p.total from account_movements m
      join ledger_payments p on p.id = m.payment_id
      where m.organization_id = ${demo.organizationId} and m.kind = 'payment' order by m.id desc limit 1`);
    const found = await broken(sql`update account_movements set amount = amount - 1 where id = ${m.id}`);
    const total = Number(m.total);
    expectDemoProblem(found, {
      invariant: 'payment-movements',
      table: 'ledger_payments',
      id: m.payment_id ?? '',
      detail: `Os movimentos do pagamento na conta somam ${formatBRL(total - 1)}; o pagamento moveu ${formatBRL(total)}`,
    });
  });

  it('finds a transfer whose two legs do not cancel out', async () => {
    const m = await one(sql`select id, transfer_id, amount from account_movements
      where organization_id = ${demo.organizationId} and kind = 'transfer' and amount > 0 order by id limit 1`);
    const found = await broken(sql`update account_movements set amount = amount + 1 where id = ${m.id}`);
    expectDemoProblem(found, {
      invariant: 'account-movements',
      table: 'account_movements',
      id: m.id ?? '',
      detail: `As pernas da transferência ${m.transfer_id} somam ${formatBRL(1)}; deveriam se anular`,
    });
  });

  it('finds a reconciliation whose links exceed the bank line and the movement', async () => {
    const k = await one(sql`select k.id, k.line_id, k.movement_id, k.amount from bank_reconciliation_links k
      where k.organization_id = ${demo.organizationId} and k.undone_at is null order by k.id limit 1`);
    const found = await broken(sql`update bank_reconciliation_links set amount = amount + 1 where id = ${k.id}`);
    const amount = Number(k.amount);
    expectDemoProblem(found, {
      invariant: 'reconciliation',
      table: 'bank_statement_lines',
      id: k.line_id ?? '',
      detail: `Os vínculos ativos somam ${formatBRL(amount + 1)}, mais que o valor da linha (${formatBRL(amount)})`,
    });
    expectDemoProblem(found, {
      invariant: 'reconciliation',
      table: 'account_movements',
      id: k.movement_id ?? '',
      detail: `Os vínculos ativos somam ${formatBRL(amount + 1)}, mais que o valor do movimento (${formatBRL(amount)})`,
    });
  });

  it('leaves repeated statement line keys to the database, which refuses them', async () => {
    const line = await one(sql`select organization_id, account_id, import_id, line_key from bank_statement_lines
      where organization_id = ${demo.organizationId} limit 1`);
    const refused = await db
      .execute(
        sql`insert into bank_statement_lines (id, organization_id, account_id, import_id, date, amount, memo, line_key)
          values (${randomUUID()}, ${line.organization_id}, ${line.account_id}, ${line.import_id}, '2026-01-02', 100,
            'DE NOVO', ${line.line_key})`,
      )
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isUniqueViolation(refused, 'bank_statement_lines_line_key')).toBe(true);
  });

  it('finds a reconciled Mercado Pago refund whose fees and net do not add up to its gross', async () => {
    const s = await one(sql`select s.id, s.gross from mercadopago_settlements s
      join mercadopago_reconciliations r on r.settlement_id = s.id and r.undone_at is null
      where s.organization_id = ${demo.organizationId} and s.transaction_type = 'REFUND' order by s.id limit 1`);
    const found = await broken(sql`update mercadopago_settlements set net = net + 1 where id = ${s.id}`);
    const gross = Number(s.gross);
    expectDemoProblem(found, {
      invariant: 'mercadopago-fees',
      table: 'mercadopago_settlements',
      id: s.id ?? '',
      detail: `Tarifas + líquido somam ${formatBRL(gross + 1)}; o bruto é ${formatBRL(gross)}`,
    });
  });

  it('finds a Mercado Pago release booking that is not what the release report moved that day', async () => {
    const b = await one(sql`select id, day::text as day, amount from mercadopago_release_bookings
      where organization_id = ${demo.organizationId} and kind = 'release' order by id limit 1`);
    const found = await broken(sql`update mercadopago_release_bookings set amount = amount + 1 where id = ${b.id}`);
    const amount = Number(b.amount);
    expectDemoProblem(found, {
      invariant: 'mercadopago-releases',
      table: 'mercadopago_release_bookings',
      id: b.id ?? '',
      detail: `As liberações do dia ${b.day} somam ${formatBRL(amount)}; o lançamento transferiu ${formatBRL(amount + 1)}`,
    });
  });

  it('finds a split run whose shares and retained rest do not add up to its base', async () => {
    const r = await one(sql`select id, base from split_runs where organization_id = ${demo.organizationId}`);
    const found = await broken(sql`update split_runs set retained = retained + 1 where id = ${r.id}`);
    const base = Number(r.base);
    expectDemoProblem(found, {
      invariant: 'split',
      table: 'split_runs',
      id: r.id ?? '',
      detail: `As partes e o retido somam ${formatBRL(base + 1)}; a base é ${formatBRL(base)}`,
    });
  });

  it('finds a monthly summary row of the reports that differs from the books it sums', async () => {
    const f = await one(sql`select unit_id, kind, basis, to_char(month, 'YYYY-MM') as month, classification_id,
        cost_centre_id, amount, entries
      from report_monthly_flows
      where organization_id = ${demo.organizationId} and classification_id is not null and entries > 0
      order by month, kind, basis limit 1`);
    const found = await broken(sql`update report_monthly_flows set amount = amount + 1
      where organization_id = ${demo.organizationId} and unit_id = ${f.unit_id} and kind = ${f.kind}
        and basis = ${f.basis} and to_char(month, 'YYYY-MM') = ${f.month}
        and classification_id = ${f.classification_id} and cost_centre_id = ${f.cost_centre_id}`);
    const amount = Number(f.amount);
    expectDemoProblem(found, {
      invariant: 'report-summary',
      table: 'report_monthly_flows',
      id: [f.unit_id, f.kind, f.basis, f.month, f.classification_id, f.cost_centre_id].join('/'),
      detail: `O resumo guarda ${formatBRL(amount + 1)} em ${f.entries} lançamento(s); recalculado dos livros: ${formatBRL(amount)} em ${f.entries} lançamento(s)`,
    });
  });

  it('narrowed to one organization, shows that organization’s problems only', async () => {
    const mine = await one(sql`select id, document_id from ledger_installments
      where organization_id = ${demo.organizationId} and status = 'open' order by id limit 1`);
    const theirs = await one(sql`select id, document_id from ledger_installments
      where organization_id = ${other.organizationId} limit 1`);
    const found = await broken(
      sql`update ledger_installments set amount = amount + 1 where id in (${mine.id}, ${theirs.id})`,
    );
    const documents = (problems: BookProblem[]) =>
      problems.filter((p) => p.invariant === 'document-net').map((p) => [p.organizationId, p.id]);
    expect(documents(found.all)).toEqual(
      expect.arrayContaining([
        [demo.organizationId, mine.document_id],
        [other.organizationId, theirs.document_id],
      ]),
    );
    expect(documents(found.demo)).toEqual([[demo.organizationId, mine.document_id]]);
    expect(documents(found.other)).toEqual([[other.organizationId, theirs.document_id]]);
  });

  /**
   * Runs `npm run check:books` (its script, as npm runs it) on this test's database: on PostgreSQL through
   * DATABASE_URL, on PGlite through a folder holding a copy of it. Its exit code and what it printed.
   */
  async function runCheck(...args: string[]): Promise<{ code: number | null; out: string }> {
    const env: Record<string, string | undefined> = { ...process.env };
    const folder = mkdtempSync(join(tmpdir(), 'books-check-'));
    try {
      if (t.database.dumpDataDir) {
        const copy = await PGlite.create(join(folder, 'data'), { loadDataDir: await t.database.dumpDataDir() });
        await copy.close();
        delete env.DATABASE_URL;
        args.push('--data-dir', join(folder, 'data'));
      } else {
        const { name } = await one(sql`select current_database() as name`);
        const url = new URL(loadEnv().DATABASE_URL ?? '');
        url.pathname = `/${name}`;
        env.DATABASE_URL = url.toString();
      }
      const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { env, stdio: 'pipe' });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      return { code, out };
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }

  it('npm run check:books prints each problem in pt-BR with its organization, and exits with 1', async () => {
    const i = await one(sql`select i.id, i.document_id, d.net_amount from ledger_installments i
      join ledger_documents d on d.id = i.document_id
      where i.organization_id = ${demo.organizationId} and i.status = 'open' order by i.id desc limit 1`);
    const net = Number(i.net_amount);
    await db.execute(sql`update ledger_installments set amount = amount + 1 where id = ${i.id}`);
    try {
      const { code, out } = await runCheck('--organization', 'demo');
      expect(out).toContain(
        `[document-net] demo ledger_documents ${i.document_id}: Parcelas somam ${formatBRL(net + 1)}; o documento líquido é ${formatBRL(net)}`,
      );
      expect(out).toMatch(/^Livros com 1 problema em 1 organização \(document-net 1\): 10 invariantes em "demo"/m);
      expect(code).toBe(1);
    } finally {
      await db.execute(sql`update ledger_installments set amount = amount - 1 where id = ${i.id}`);
    }
  });
});

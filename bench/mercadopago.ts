// Mercado Pago at a marketplace seller's scale, through the real procedures. The demo organization's Matriz holds
// 100,000 open receivables of online orders (one installment each, 2,000 buyers), and a settlement report of
// 100,000 approved sales over five months names them by external reference (PIX, card in installments, account
// money and boleto, with Mercado Pago's fees of each). It times mercadopago.imports.commit of that report plus
// mercadopago.reconciliation.acceptAll of the whole period (every sale settles its receivable on its approval day
// through a receipt into "saldo a liberar", its fees booked as entries), then checks the books: every receivable paid,
// "saldo a liberar" holding the sum of the nets to the centavo, and the same file again adding nothing.
// PGlite by default; with DATABASE_URL set, a fresh database on that PostgreSQL server. Run: npm run bench:mercadopago
import { performance } from 'node:perf_hooks';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { addDays } from '@financeiro/core';
import { rowsOf } from '../apps/server/src/db/client';
import { random, seedDemo, settlementReportCsv, type DemoSale } from '../apps/server/src/modules/demo';
import { ledgerInstallments } from '../apps/server/src/modules/ledger/schema';
import { mercadopagoReconciliations } from '../apps/server/src/modules/mercadopago/schema';
import { classifications, costCentres } from '../apps/server/src/modules/registries/schema';
import { organizations, units } from '../apps/server/src/modules/tenancy/schema';
import { createTestApp } from '../apps/server/src/test/app';
import { callersFor } from '../apps/server/src/test/callers';

const SALES = 100_000;
const BUYERS = 2_000;
const FIRST_DAY = '2026-06-01';
const DAYS = 150;
/** Rows sent per insert, as one JSON parameter. */
const CHUNK = 10_000;

const t = await createTestApp();
const db = t.database.db;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function insertJson(rows: object[], statement: (json: string) => SQL) {
  for (let start = 0; start < rows.length; start += CHUNK) {
    await db.execute(statement(JSON.stringify(rows.slice(start, start + CHUNK))));
  }
}

try {
  await seedDemo(db);
  const [demo] = await db.select().from(organizations).where(eq(organizations.slug, 'demo'));
  const [matriz] = await db.select().from(units).where(eq(units.slug, 'matriz'));
  const organizationId = demo?.id ?? '';
  const unitId = matriz?.id ?? '';
  const byName = async (table: typeof classifications | typeof costCentres, name: string) =>
    (
      await db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.organizationId, organizationId), eq(table.name, name)))
    )[0]?.id ?? '';
  const sales = await byName(classifications, 'Venda de produtos');
  const fees = await byName(classifications, 'Tarifas bancárias');
  const commercial = await byName(costCentres, 'Comercial');
  const admin = await callersFor(t)('admin', { organizationId, unitId });
  const caller = await callersFor(t)('financeiro', { organizationId, unitId });
  const type = await admin.registries.accountTypes.create({ name: 'Carteira do benchmark', kind: 'digital_wallet' });
  const account = async (name: string) =>
    (
      await admin.registries.accounts.create({
        name,
        accountTypeId: type.id,
        openingBalance: 0,
        openingDate: '2026-01-01',
        unitIds: [unitId],
      })
    ).id;
  const wallet = await account('Mercado Pago do benchmark');
  const pending = await account('Mercado Pago a liberar do benchmark');
  await caller.mercadopago.settings.save({
    accountId: wallet,
    pendingAccountId: pending,
    feeClassificationId: fees,
    costCentreId: commercial,
  });

  const started = performance.now();
  const { next } = random(20_261_126);
  const buyers = Array.from({ length: BUYERS }, (_, k) => ({
    id: uuidv7(),
    document: String(10_000_000_000 + k * 7919).slice(0, 11),
    name: `Comprador online ${k + 1}`,
  }));
  await insertJson(
    buyers,
    (rows) => sql`insert into parties (id, organization_id, roles, person_type, document, name)
      select r.id, ${organizationId}, '{customer}', 'PF', r.document, r.name
      from jsonb_to_recordset(${rows}::jsonb) as r(id uuid, document text, name text)`,
  );
  const methods = ['pix', 'credit_card', 'credit_card', 'account_money', 'ticket'] as const;
  const shop: DemoSale[] = [];
  const receivables: object[] = [];
  for (let k = 0; k < SALES; k += 1) {
    const day = addDays(FIRST_DAY, Math.floor((k * DAYS) / SALES));
    const method = methods[Math.floor(next() * methods.length)] ?? 'pix';
    const installments = method === 'credit_card' ? 1 + Math.floor(next() * 6) : 1;
    const gross = 2_000 + Math.floor(next() * 300_000);
    const processingFee = method === 'ticket' ? 349 : Math.round((gross * (method === 'pix' ? 99 : 498)) / 10_000);
    const financingFee = installments > 1 ? Math.round((gross * 199 * (installments - 1)) / 10_000) : 0;
    const reference = `PED-${1_000_000 + k}`;
    const seconds = Math.floor((k * 86_400 * DAYS) / SALES) % 86_400;
    const time = new Date(seconds * 1000).toISOString().slice(11, 19);
    shop.push({
      sourceId: String(5_000_000_000 + k * 37),
      externalReference: reference,
      hasReceivable: true,
      customer: '',
      method,
      installments,
      day,
      time,
      price: gross,
      coupon: 0,
      gross,
      processingFee,
      financingFee,
      net: gross - processingFee - financingFee,
      releaseDay: addDays(day, method === 'credit_card' ? 30 : 0),
      refund: null,
      chargeback: null,
    });
    receivables.push({
      document_id: uuidv7(),
      installment_id: uuidv7(),
      party_id: buyers[k % BUYERS]?.id,
      number: reference,
      day,
      amount: gross,
    });
  }
  const recordset = sql`r(document_id uuid, installment_id uuid, party_id uuid, number text, day date, amount bigint)`;
  await insertJson(
    receivables,
    (rows) => sql`insert into ledger_documents (id, organization_id, unit_id, kind, party_id, description,
        document_number, document_type, issue_date, competence, gross_amount, net_amount, status)
      select r.document_id, ${organizationId}, ${unitId}, 'receivable', r.party_id, 'Pedido da loja online ' || r.number,
        r.number, 'outros', r.day, date_trunc('month', r.day)::date, r.amount, r.amount, 'open'
      from jsonb_to_recordset(${rows}::jsonb) as ${recordset}`,
  );
  await insertJson(
    receivables,
    (rows) => sql`insert into ledger_document_lines (id, organization_id, document_id, classification_id,
        cost_centre_id, share, amount)
      select gen_random_uuid(), ${organizationId}, r.document_id, ${sales}, ${commercial}, 10000, r.amount
      from jsonb_to_recordset(${rows}::jsonb) as ${recordset}`,
  );
  await insertJson(
    receivables,
    (rows) => sql`insert into ledger_installments (id, organization_id, unit_id, document_id, kind, party_id,
        document_number, number, count, due_date, amount, settled, status)
      select r.installment_id, ${organizationId}, ${unitId}, r.document_id, 'receivable', r.party_id, r.number, 1, 1,
        r.day, r.amount, 0, 'open'
      from jsonb_to_recordset(${rows}::jsonb) as ${recordset}`,
  );
  await db.execute(sql`analyze`);
  const csv = settlementReportCsv(shop, FIRST_DAY, addDays(FIRST_DAY, DAYS));
  const content = Buffer.from(csv, 'utf8').toString('base64');
  console.log(
    `data: ${SALES.toLocaleString('en')} receivables and a ${(csv.length / 1e6).toFixed(1)} MB settlement report in ${seconds(started)}`,
  );

  const file = { accountId: wallet, fileName: 'settlement-report.csv', format: 'csv' as const, content };
  const begin = performance.now();
  const imported = await caller.mercadopago.imports.commit({ ...file, acceptRejected: false });
  const importMs = performance.now() - begin;
  const reconciled = await caller.mercadopago.reconciliation.acceptAll({
    accountId: wallet,
    from: FIRST_DAY,
    to: addDays(FIRST_DAY, DAYS),
    minScore: 65,
  });
  const totalMs = performance.now() - begin;
  console.log(
    `import: ${imported.newCount.toLocaleString('en')} rows in ${(importMs / 1000).toFixed(1)} s; reconcile: ${reconciled.reconciled.toLocaleString('en')} sales in ${((totalMs - importMs) / 1000).toFixed(1)} s`,
  );

  // The books after it: every receivable paid, "saldo a liberar" holding the nets, nothing added by the same file.
  const [paid] = await db
    .select({ n: count() })
    .from(ledgerInstallments)
    .where(and(eq(ledgerInstallments.organizationId, organizationId), eq(ledgerInstallments.status, 'paid')));
  const [live] = await db.select({ n: count() }).from(mercadopagoReconciliations);
  const [balance] = rowsOf<{ total: string }>(
    await db.execute(
      sql`select coalesce(sum(amount), 0)::text as total from account_movements where account_id = ${pending}`,
    ),
  );
  const nets = shop.reduce((sum, s) => sum + s.net, 0);
  const again = await caller.mercadopago.imports.commit({ ...file, acceptRejected: false });
  const ok = paid?.n === SALES && live?.n === SALES && Number(balance?.total) === nets && again.newCount === 0;
  console.log(
    `check: ${paid?.n} receivables paid, ${live?.n} reconciliations, saldo a liberar ${balance?.total} = nets ${nets}: ${ok ? 'ok' : 'WRONG'}; the same file again added ${again.newCount}`,
  );
  if (!ok) process.exitCode = 1;
  console.log(`RESULT mercadopago import_reconcile_100k_ms=${totalMs.toFixed(0)}`);
} finally {
  await t.close();
}

import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { addDays, addMonths, DEFAULT_MERCADOPAGO_THRESHOLD, todayInSaoPaulo, WHOLE } from '@financeiro/core';
import type { Tx } from '../../db/client';
import { ledgerScope, createDocument } from '../ledger';
import {
  commitReport,
  readReportFile,
  applyPendingReversals,
  createReceivableFor,
  reconcileSales,
  settlementRow,
  bookReleases,
  saveSettings,
  settingsFor,
  openSales,
  suggestSales,
} from '../mercadopago';
import { accounts, accountTypes, banks, classifications, costCentres, parties } from '../registries/schema';
import { DEMO_BUYERS, demoMercadoPagoSales, releaseReportCsv, settlementReportCsv } from './mercadopago-reports';

/** The days before today whose Mercado Pago reports the demo has not imported yet: the e2e test imports them. */
export const DEMO_MERCADOPAGO_NOT_IMPORTED_DAYS = 5;
/** The days before today whose sales the demo imported but left for the finance team to reconcile. */
const LEFT_TO_RECONCILE_DAYS = 12;

/**
 * The demo's online shop on Mercado Pago: its buyers, a receivable per shop order (and a few boleto orders never
 * paid), the "saldo a liberar" account and the reconciliation settings of "Mercado Pago vendas"; then, through the
 * functions the API uses, the settlement and release reports imported up to a few days ago, the sales reconciled and
 * the releases booked up to about two weeks ago, so the screen shows a month being closed.
 */
export async function seedMercadoPagoSamples(
  tx: Tx,
  demo: { organizationId: string; unitId: string; unitIds: string[]; userId: string },
): Promise<void> {
  const { organizationId } = demo;
  const scope = ledgerScope(tx, { organizationId, unitId: demo.unitId }, demo.userId, 'demo');
  const today = todayInSaoPaulo();
  const idOf = async (
    table: typeof accounts | typeof classifications | typeof costCentres | typeof accountTypes,
    name: string,
  ) =>
    (
      await tx
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.organizationId, organizationId), eq(table.name, name)))
    )[0]?.id ?? '';
  const wallet = await idOf(accounts, 'Mercado Pago vendas');
  const bank = await idOf(accounts, 'Itaú movimento');
  if (!wallet || !bank) return;
  const [mercadoPago] = await tx
    .select({ id: banks.id })
    .from(banks)
    .where(and(eq(banks.organizationId, organizationId), eq(banks.code, '323')));
  const pending = uuidv7();
  await tx.insert(accounts).values({
    id: pending,
    organizationId,
    name: 'Mercado Pago a liberar',
    accountTypeId: await idOf(accountTypes, 'Carteira digital'),
    bankId: mercadoPago?.id ?? null,
    openingBalance: 0,
    openingDate: '2026-01-01',
    unitIds: demo.unitIds,
  });
  const consumer = uuidv7();
  const buyers = DEMO_BUYERS.map(([name, cpf]) => ({ id: uuidv7(), name, cpf }));
  await tx.insert(parties).values(
    [...buyers, { id: consumer, name: 'Consumidor final (vendas online)', cpf: '84621357964' }].map((b) => ({
      id: b.id,
      organizationId,
      roles: ['customer' as const],
      personType: 'PF' as const,
      document: b.cpf,
      name: b.name,
    })),
  );
  const buyerId = new Map<string, string>(buyers.map((b) => [b.name, b.id]));
  const sales = await idOf(classifications, 'Venda de produtos');
  const commercial = await idOf(costCentres, 'Comercial');
  const order = (number: string, customer: string, day: string, amount: number, description: string) =>
    createDocument(scope, {
      kind: 'receivable',
      partyId: buyerId.get(customer) ?? consumer,
      newParty: null,
      description,
      documentNumber: number,
      documentType: 'outros',
      issueDate: day,
      competence: `${day.slice(0, 7)}-01`,
      paymentMethodId: null,
      accountId: wallet,
      notes: null,
      grossAmount: amount,
      interestRate: 0,
      fineRate: 0,
      lines: [{ classificationId: sales, costCentreId: commercial, share: WHOLE }],
      apportionmentTemplateId: null,
      taxes: [],
      installments: [{ dueDate: day, amount, barcode: null, pixCode: null }],
    });

  const shop = demoMercadoPagoSales(today);
  for (const sale of shop) {
    if (!sale.hasReceivable) continue;
    await order(
      sale.externalReference,
      sale.customer,
      sale.day,
      sale.price,
      `Pedido da loja online ${sale.externalReference}`,
    );
  }
  // Boleto orders the buyer never paid: receivables no sale settles.
  for (let k = 0; k < 6; k += 1) {
    const day = addDays(addMonths(today, -3, 1), 9 + k * 16);
    if (day > today) break;
    const buyer = DEMO_BUYERS[(k * 3) % DEMO_BUYERS.length]?.[0] ?? '';
    await order(`PED-${9_001 + k}`, buyer, day, 15_900 + k * 4_500, `Pedido da loja online PED-${9_001 + k} (boleto)`);
  }

  await saveSettings(scope, {
    accountId: wallet,
    pendingAccountId: pending,
    feeClassificationId: await idOf(classifications, 'Tarifas bancárias'),
    costCentreId: commercial,
    payoutAccountId: bank,
    customerId: consumer,
    receivableClassificationId: sales,
    paymentMethodId: null,
  });
  const first = addMonths(today, -3, 1);
  const imported = addDays(today, -DEMO_MERCADOPAGO_NOT_IMPORTED_DAYS);
  for (const [fileName, csv] of [
    ['settlement-report.csv', settlementReportCsv(shop, first, imported)],
    ['release-report.csv', releaseReportCsv(shop, first, imported)],
  ] as const) {
    const report = await readReportFile('csv', Buffer.from(csv, 'utf8'));
    await commitReport(scope, report, { accountId: wallet, fileName, acceptRejected: false });
  }
  const closed = { accountId: wallet, from: first, to: addDays(today, -LEFT_TO_RECONCILE_DAYS) };
  const { suggestions } = await suggestSales(scope, closed);
  await reconcileSales(
    scope,
    wallet,
    suggestions
      .filter((s) => s.score >= DEFAULT_MERCADOPAGO_THRESHOLD)
      .map((s) => ({
        settlementId: s.paymentId,
        how: { allocations: s.allocations, origin: 'suggestion' as const, score: s.score, reasons: s.reasons },
      })),
  );
  // The marketplace's sales had no receivable: the finance team made one for each, for the final consumer.
  for (const sale of await openSales(scope, closed)) {
    await createReceivableFor(scope, await settlementRow(scope, sale.id), {
      partyId: null,
      classificationId: null,
      costCentreId: null,
      description: `Venda no Mercado Livre — pedido ${sale.externalReference ?? sale.sourceId}`,
    });
  }
  await applyPendingReversals(scope, await settingsFor(scope, wallet), closed);
  await bookReleases(scope, closed);
}

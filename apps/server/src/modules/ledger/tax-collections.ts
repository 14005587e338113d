import { and, asc, eq, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  addMonths,
  allocate,
  collectionDueDate,
  collectionMonths,
  DARF_MINIMUM,
  formatBRL,
  formatCalendarDate,
  isFederalCollection,
  monthTitle,
  todayInSaoPaulo,
  WHOLE,
  type CollectionState,
  type TAX_KINDS,
  type WithheldMonth,
} from '@financeiro/core';
import { ConflictError, InvalidInputError, NotFoundError, uniqueOr } from '../../errors';
import { audit } from '../audit';
import { partiesView, taxTypesView } from '../registries';
import type { LedgerScope } from './access';
import { insertDocument, type DocumentRow } from './create-document';
import { ledgerDocumentLines, ledgerDocuments, ledgerDocumentTaxes, ledgerInstallments } from './schema';

/*
 * A month's withheld taxes, collected once per collection code (decision 0037). The withholdings are rows of
 * `ledger_document_taxes` of the unit's payables, by their competence; a month's collection is a payable
 * (`tax_collection`, `tax_period`) to whoever collects the tax, which every withholding it pays points at.
 */

type TaxKind = (typeof TAX_KINDS)[number];

const collections = alias(ledgerDocuments, 'collections');
/** What a withholding is collected under: its tax type's collection code, or the tax type itself when it has none. */
const collectionKey = sql<string>`coalesce(${taxTypesView.collectionCode}, ${taxTypesView.id}::text)`;
const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`;

const NOT_FOUND = 'Recolhimento não encontrado nesta organização.';

/** A withholding's bill. */
const billOfWithholding = and(
  eq(ledgerDocuments.organizationId, ledgerDocumentTaxes.organizationId),
  eq(ledgerDocuments.id, ledgerDocumentTaxes.documentId),
);
/** Withholdings of the unit's payables that are not cancelled: the ones a collection pays. */
const livePayablesOf = (scope: LedgerScope) => [
  eq(ledgerDocumentTaxes.organizationId, scope.tenant.organizationId),
  eq(ledgerDocuments.unitId, scope.tenant.unitId),
  eq(ledgerDocuments.kind, 'payable'),
  ne(ledgerDocuments.status, 'cancelled'),
];

/** The withheld taxes of the unit's payables up to a month, per collection, month and tax. */
function withheldByMonth(scope: LedgerScope, lastPeriod: string) {
  return scope.tx
    .select({
      collection: collectionKey,
      period: ledgerDocuments.competence,
      taxTypeId: ledgerDocumentTaxes.taxTypeId,
      withheld: sql<number>`sum(${ledgerDocumentTaxes.amount})::bigint`.mapWith(Number),
      collected:
        sql<number>`coalesce(sum(${ledgerDocumentTaxes.amount}) FILTER (WHERE ${collections.id} IS NOT NULL), 0)::bigint`.mapWith(
          Number,
        ),
      // A payable made per bill before collections existed counts as collected in its bill's month.
      collectedIn: sql<string | null>`max(coalesce(${collections.taxPeriod}, ${collections.competence}))::text`,
    })
    .from(ledgerDocumentTaxes)
    .innerJoin(ledgerDocuments, billOfWithholding)
    .innerJoin(
      taxTypesView,
      and(
        eq(taxTypesView.organizationId, ledgerDocumentTaxes.organizationId),
        eq(taxTypesView.id, ledgerDocumentTaxes.taxTypeId),
      ),
    )
    .leftJoin(
      collections,
      and(
        eq(collections.organizationId, ledgerDocumentTaxes.organizationId),
        eq(collections.id, ledgerDocumentTaxes.taxDocumentId),
        ne(collections.status, 'cancelled'),
      ),
    )
    .where(and(...livePayablesOf(scope), lte(ledgerDocuments.competence, lastPeriod)))
    .groupBy(collectionKey, ledgerDocuments.competence, ledgerDocumentTaxes.taxTypeId);
}

/** The organization's tax types with how each is collected. */
function taxTypesOf(scope: LedgerScope) {
  return scope.tx
    .select({
      id: taxTypesView.id,
      collection: collectionKey,
      name: taxTypesView.name,
      kind: taxTypesView.kind,
      code: taxTypesView.collectionCode,
      dueDay: taxTypesView.dueDay,
      collectorPartyId: taxTypesView.collectorPartyId,
      collectorName: partiesView.name,
    })
    .from(taxTypesView)
    .leftJoin(
      partiesView,
      and(
        eq(partiesView.organizationId, taxTypesView.organizationId),
        eq(partiesView.id, taxTypesView.collectorPartyId),
      ),
    )
    .where(eq(taxTypesView.organizationId, scope.tenant.organizationId))
    .orderBy(asc(taxTypesView.name));
}

type TaxTypeRow = Awaited<ReturnType<typeof taxTypesOf>>[number];

/** How a collection is paid: its title, due date, collector and minimum, or what is missing to make it. */
function collectionRule(types: TaxTypeRow[], period: string) {
  const code = types.find((t) => t.code)?.code ?? null;
  const names = types.map((t) => t.name).join(', ');
  const kinds = types.map((t) => t.kind as TaxKind);
  const federal = isFederalCollection(kinds);
  const dueDays = types.map((t) => t.dueDay).filter((d): d is number => d !== null);
  const collector = types.find((t) => t.collectorPartyId);
  const dueDay = dueDays.length > 0 ? Math.min(...dueDays) : null;
  const missing =
    dueDay === null || !collector
      ? `Informe o dia do vencimento e quem arrecada ${names} em Tipos de imposto para gerar a guia.`
      : null;
  return {
    title: code ? `${federal ? 'DARF' : 'Guia'} ${code} (${names})` : `Guia ${names}`,
    code,
    names,
    minimum: federal ? DARF_MINIMUM : 0,
    dueDate: dueDay === null ? null : collectionDueDate(period, dueDay, kinds),
    collectorPartyId: collector?.collectorPartyId ?? null,
    collectorName: collector?.collectorName ?? null,
    missing,
  };
}

/** The live collection payables of a month, by collection. */
async function collectionPayables(scope: LedgerScope, period: string) {
  const rows = await scope.tx
    .select({
      id: ledgerDocuments.id,
      collection: ledgerDocuments.taxCollection,
      status: ledgerDocuments.status,
      amount: ledgerDocuments.netAmount,
      dueDate: sql<string>`min(${ledgerInstallments.dueDate})::text`,
      settled: sql<number>`sum(${ledgerInstallments.settled})::bigint`.mapWith(Number),
    })
    .from(ledgerDocuments)
    .innerJoin(
      ledgerInstallments,
      and(
        eq(ledgerInstallments.organizationId, ledgerDocuments.organizationId),
        eq(ledgerInstallments.documentId, ledgerDocuments.id),
      ),
    )
    .where(
      and(
        eq(ledgerDocuments.organizationId, scope.tenant.organizationId),
        eq(ledgerDocuments.unitId, scope.tenant.unitId),
        eq(ledgerDocuments.taxPeriod, period),
        ne(ledgerDocuments.status, 'cancelled'),
      ),
    )
    .groupBy(ledgerDocuments.organizationId, ledgerDocuments.id);
  return new Map(rows.map((r) => [r.collection, r]));
}

/** The payables of a month that withheld taxes, with each tax, for the accountant. */
function billsOf(scope: LedgerScope, period: string) {
  return scope.tx
    .select({
      documentId: ledgerDocuments.id,
      documentNumber: ledgerDocuments.documentNumber,
      description: ledgerDocuments.description,
      issueDate: ledgerDocuments.issueDate,
      partyName: partiesView.name,
      partyDocument: partiesView.document,
      gross: ledgerDocuments.grossAmount,
      taxTypeId: ledgerDocumentTaxes.taxTypeId,
      rate: ledgerDocumentTaxes.rate,
      amount: ledgerDocumentTaxes.amount,
    })
    .from(ledgerDocumentTaxes)
    .innerJoin(ledgerDocuments, billOfWithholding)
    .innerJoin(
      partiesView,
      and(eq(partiesView.organizationId, ledgerDocuments.organizationId), eq(partiesView.id, ledgerDocuments.partyId)),
    )
    .where(and(...livePayablesOf(scope), eq(ledgerDocuments.competence, period)))
    .orderBy(asc(ledgerDocuments.issueDate), asc(ledgerDocuments.id));
}

/** One collection's month as the screen shows it. */
interface CollectionOfMonth {
  collection: string;
  title: string;
  code: string | null;
  collectorName: string | null;
  taxes: { taxTypeId: string; name: string; amount: number }[];
  withheld: number;
  carriedIn: number;
  total: number;
  minimum: number;
  state: CollectionState | 'open';
  dueDate: string | null;
  missing: string | null;
  payable: { id: string; status: string; amount: number; dueDate: string; settled: number } | null;
}

/**
 * A month of the unit's withheld taxes: per collection, what each tax withheld, what earlier months carried in, what
 * the collection pays and when, and its payable once made; and the bills that withheld them.
 */
export async function taxMonth(scope: LedgerScope, month: string) {
  const period = firstOfMonth(month);
  const current = firstOfMonth(todayInSaoPaulo());
  const [rows, types, payables, bills] = await Promise.all([
    withheldByMonth(scope, period),
    taxTypesOf(scope),
    collectionPayables(scope, period),
    billsOf(scope, period),
  ]);
  const result: CollectionOfMonth[] = [];
  for (const key of [...new Set(rows.map((r) => r.collection))]) {
    const mine = rows.filter((r) => r.collection === key);
    const byPeriod = new Map<string, WithheldMonth>([
      [period, { period, withheld: 0, collected: 0, collectedIn: null }],
    ]);
    for (const r of mine) {
      const m = byPeriod.get(r.period) ?? { period: r.period, withheld: 0, collected: 0, collectedIn: null };
      m.withheld += r.withheld;
      m.collected += r.collected;
      if (r.collectedIn && (!m.collectedIn || r.collectedIn > m.collectedIn)) m.collectedIn = r.collectedIn;
      byPeriod.set(r.period, m);
    }
    const group = types.filter((t) => t.collection === key);
    const rule = collectionRule(group, period);
    const shown = collectionMonths([...byPeriod.values()], rule.minimum).find((m) => m.period === period);
    if (!shown || shown.total === 0) continue;
    const taxes = group
      .map((t) => ({
        taxTypeId: t.id,
        name: t.name,
        amount: mine.filter((r) => r.period === period && r.taxTypeId === t.id).reduce((s, r) => s + r.withheld, 0),
      }))
      .filter((t) => t.amount > 0);
    result.push({
      collection: key,
      title: rule.title,
      code: rule.code,
      collectorName: rule.collectorName,
      taxes,
      withheld: shown.withheld,
      carriedIn: shown.carriedIn,
      total: shown.total,
      minimum: rule.minimum,
      state: shown.state === 'due' && period >= current ? 'open' : shown.state,
      dueDate: rule.dueDate,
      missing: rule.missing,
      payable: payables.get(key) ?? null,
    });
  }
  result.sort((a, b) => a.title.localeCompare(b.title, 'pt-BR'));
  const names = new Map(types.map((t) => [t.id, t.name]));
  const byBill = new Map<
    string,
    (typeof bills)[number] & { taxes: { name: string; rate: number; amount: number }[] }
  >();
  for (const b of bills) {
    const bill = byBill.get(b.documentId) ?? { ...b, taxes: [] };
    bill.taxes.push({ name: names.get(b.taxTypeId) ?? '', rate: b.rate, amount: b.amount });
    byBill.set(b.documentId, bill);
  }
  return {
    month: period,
    label: monthTitle(period),
    collections: result,
    bills: [...byBill.values()].map(({ taxTypeId: _t, rate: _r, amount: _a, ...bill }) => bill),
  };
}

/** A collection's lines: each withholding spread over its bill's classifications and cost centres, added up. */
async function collectionLines(scope: LedgerScope, withheld: { documentId: string; amount: number }[]) {
  const lines = await scope.tx
    .select({
      documentId: ledgerDocumentLines.documentId,
      classificationId: ledgerDocumentLines.classificationId,
      costCentreId: ledgerDocumentLines.costCentreId,
      amount: ledgerDocumentLines.amount,
    })
    .from(ledgerDocumentLines)
    .where(
      and(
        eq(ledgerDocumentLines.organizationId, scope.tenant.organizationId),
        inArray(ledgerDocumentLines.documentId, [...new Set(withheld.map((w) => w.documentId))]),
      ),
    )
    .orderBy(asc(ledgerDocumentLines.documentId), asc(ledgerDocumentLines.id));
  const sums = new Map<string, { classificationId: string; costCentreId: string; amount: number }>();
  for (const w of withheld) {
    const own = lines.filter((l) => l.documentId === w.documentId);
    const parts = allocate(
      w.amount,
      own.map((l) => l.amount),
    );
    own.forEach((l, i) => {
      const key = `${l.classificationId}:${l.costCentreId}`;
      const sum = sums.get(key) ?? { classificationId: l.classificationId, costCentreId: l.costCentreId, amount: 0 };
      sum.amount += parts[i] ?? 0;
      sums.set(key, sum);
    });
  }
  const kept = [...sums.values()].filter((s) => s.amount > 0);
  // Shares for the record (the amounts are exact): every line keeps at least one basis point.
  const shares = allocate(
    WHOLE - kept.length,
    kept.map((k) => k.amount),
  ).map((s) => s + 1);
  return kept.map((k, i) => ({ ...k, share: shares[i] ?? 1 }));
}

/**
 * Makes the payable of a month's collection: every withholding of its code (or tax) up to that month not collected
 * yet, the months below the DARF minimum included, due on the tax's day of the next month, to whoever collects it.
 * Made once per month: a second request (even at the same instant) is refused, and cancelling the payable gives its
 * withholdings back to be collected again.
 */
export async function collectTaxes(scope: LedgerScope, input: { collection: string; period: string }) {
  const period = firstOfMonth(input.period);
  const today = todayInSaoPaulo();
  if (period >= firstOfMonth(today)) {
    throw new InvalidInputError(
      `${monthTitle(period)} ainda não terminou: a guia pode ser gerada a partir de ${formatCalendarDate(addMonths(period, 1, 1))}.`,
    );
  }
  const group = (await taxTypesOf(scope)).filter((t) => t.collection === input.collection);
  if (group.length === 0) throw new NotFoundError(NOT_FOUND);
  const rule = collectionRule(group, period);
  if (rule.missing || !rule.dueDate || !rule.collectorPartyId) throw new InvalidInputError(rule.missing ?? NOT_FOUND);
  const withheld = await scope.tx
    .select({
      id: ledgerDocumentTaxes.id,
      documentId: ledgerDocumentTaxes.documentId,
      amount: ledgerDocumentTaxes.amount,
    })
    .from(ledgerDocumentTaxes)
    .innerJoin(ledgerDocuments, billOfWithholding)
    .where(
      and(
        ...livePayablesOf(scope),
        lte(ledgerDocuments.competence, period),
        isNull(ledgerDocumentTaxes.taxDocumentId),
        inArray(
          ledgerDocumentTaxes.taxTypeId,
          group.map((t) => t.id),
        ),
      ),
    )
    .orderBy(asc(ledgerDocumentTaxes.id))
    .for('update', { of: ledgerDocumentTaxes });
  const total = withheld.reduce((sum, w) => sum + w.amount, 0);
  // Read after the lock: a request made at the same instant waited for this one's withholdings and finds its payable.
  if ((await collectionPayables(scope, period)).has(input.collection)) {
    throw new ConflictError(`${rule.title} de ${monthTitle(period)} já foi gerada.`);
  }
  if (total === 0) throw new InvalidInputError(`Não há ${rule.names} a recolher até ${monthTitle(period)}.`);
  if (total < rule.minimum) {
    throw new InvalidInputError(
      `${rule.title}: ${formatBRL(total)} até ${monthTitle(period)} fica abaixo do mínimo de ${formatBRL(rule.minimum)} e soma-se ao recolhimento do mês seguinte.`,
    );
  }
  const document: DocumentRow = {
    kind: 'payable',
    partyId: rule.collectorPartyId,
    description: `${rule.title} de ${monthTitle(period)}`.slice(0, 200),
    documentNumber: `${rule.code ?? rule.names} ${period.slice(5, 7)}/${period.slice(0, 4)}`.slice(0, 60),
    documentType: 'outros',
    // Issued when its month ends, on that month's competence: the accrual basis leaves it out, so it moves no figure
    // of a closed month; its payment's date is checked as every payment's is.
    issueDate: addMonths(period, 1, 1),
    competence: period,
    paymentMethodId: null,
    accountId: null,
    notes: null,
    grossAmount: total,
    withheldAmount: 0,
    interestRate: 0,
    fineRate: 0,
  };
  const lines = await collectionLines(scope, withheld);
  const installments = [{ dueDate: rule.dueDate, amount: total, barcode: null, pixCode: null }];
  const id = await uniqueOr(
    'ledger_documents_tax_collection_key',
    `${rule.title} de ${monthTitle(period)} já foi gerada.`,
    () =>
      insertDocument(scope, document, lines, installments, { taxCollection: { collection: input.collection, period } }),
  );
  await scope.tx
    .update(ledgerDocumentTaxes)
    .set({ taxDocumentId: id })
    .where(
      and(
        eq(ledgerDocumentTaxes.organizationId, scope.tenant.organizationId),
        inArray(
          ledgerDocumentTaxes.id,
          withheld.map((w) => w.id),
        ),
      ),
    );
  await audit(scope, {
    action: 'payable.create',
    entity: 'payable',
    entityId: id,
    after: {
      ...document,
      netAmount: total,
      taxCollection: input.collection,
      taxPeriod: period,
      withholdings: withheld.length,
      lines,
      installments,
    },
  });
  return { id, total, dueDate: rule.dueDate };
}

/** The live collections that took withholdings of these documents, by document: the bills they bind. */
export async function collectionsTaking(scope: LedgerScope, documentIds: string[]) {
  if (documentIds.length === 0) return [];
  return scope.tx
    .selectDistinct({ documentId: ledgerDocumentTaxes.documentId, description: collections.description })
    .from(ledgerDocumentTaxes)
    .innerJoin(
      collections,
      and(
        eq(collections.organizationId, ledgerDocumentTaxes.organizationId),
        eq(collections.id, ledgerDocumentTaxes.taxDocumentId),
      ),
    )
    .where(
      and(
        eq(ledgerDocumentTaxes.organizationId, scope.tenant.organizationId),
        inArray(ledgerDocumentTaxes.documentId, documentIds),
        isNotNull(collections.taxPeriod),
        ne(collections.status, 'cancelled'),
      ),
    );
}

import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgView } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { ledgerDocumentsView, ledgerRecurrencesView } from '../ledger';
import { usersView } from '../identity';
import {
  accountsView,
  accountTypesView,
  apportionmentTemplatesView,
  banksView,
  classificationsView,
  contractsView,
  costCentresView,
  partiesView,
  paymentMethodsView,
  productsView,
  purchasingCentresView,
  splitConfigsView,
  taxTypesView,
} from '../registries';
import { departmentsView, membershipsView, organizationsView, profilesView, unitsView } from '../tenancy';

/** Where the names of one kind of record are read: every source is limited to the organization reading the log. */
interface Source {
  table: PgView;
  id: PgColumn;
  name: PgColumn | SQL;
  inOrganization: (organizationId: string) => SQL;
  join?: { table: PgView; on: SQL };
}

const registry = (table: PgView & { id: PgColumn; organizationId: PgColumn }, name: PgColumn): Source => ({
  table,
  id: table.id,
  name,
  inOrganization: (organizationId) => eq(table.organizationId, organizationId),
});

const SOURCES = {
  bank: registry(banksView, banksView.name),
  account_type: registry(accountTypesView, accountTypesView.name),
  financial_account: registry(accountsView, accountsView.name),
  party: registry(partiesView, partiesView.name),
  classification: registry(classificationsView, classificationsView.name),
  cost_centre: registry(costCentresView, costCentresView.name),
  tax_type: registry(taxTypesView, taxTypesView.name),
  payment_method: registry(paymentMethodsView, paymentMethodsView.name),
  apportionment_template: registry(apportionmentTemplatesView, apportionmentTemplatesView.name),
  split_config: registry(splitConfigsView, splitConfigsView.name),
  product: registry(productsView, productsView.name),
  contract: registry(contractsView, contractsView.object),
  purchasing_centre: registry(purchasingCentresView, purchasingCentresView.name),
  document: registry(ledgerDocumentsView, ledgerDocumentsView.description),
  recurrence: registry(ledgerRecurrencesView, ledgerRecurrencesView.description),
  unit: registry(unitsView, unitsView.name),
  department: registry(departmentsView, departmentsView.name),
  profile: registry(profilesView, profilesView.name),
  organization: {
    table: organizationsView,
    id: organizationsView.id,
    name: organizationsView.name,
    inOrganization: (organizationId) => eq(organizationsView.id, organizationId),
  },
  // A person is named only when they belong to the organization.
  user: {
    table: usersView,
    id: usersView.id,
    name: usersView.name,
    inOrganization: (organizationId) => eq(membershipsView.organizationId, organizationId),
    join: { table: membershipsView, on: eq(membershipsView.userId, usersView.id) },
  },
  membership: {
    table: membershipsView,
    id: membershipsView.id,
    name: usersView.name,
    inOrganization: (organizationId) => eq(membershipsView.organizationId, organizationId),
    join: { table: usersView, on: eq(usersView.id, membershipsView.userId) },
  },
} satisfies Record<string, Source>;
type SourceName = keyof typeof SOURCES;

/** The kind of record an event's entity id names. */
const ENTITIES: Record<string, SourceName> = {
  bank: 'bank',
  account_type: 'account_type',
  financial_account: 'financial_account',
  supplier: 'party',
  customer: 'party',
  partner: 'party',
  classification: 'classification',
  cost_centre: 'cost_centre',
  tax_type: 'tax_type',
  payment_method: 'payment_method',
  apportionment_template: 'apportionment_template',
  split_config: 'split_config',
  product: 'product',
  contract: 'contract',
  purchasing_centre: 'purchasing_centre',
  payable: 'document',
  receivable: 'document',
  recurrence: 'recurrence',
  unit: 'unit',
  department: 'department',
  profile: 'profile',
  organization: 'organization',
  membership: 'membership',
  account: 'user',
};

/** The kind of record a field of before/after points at (a single id or a list of ids). */
const FIELDS: Record<string, SourceName> = {
  bankId: 'bank',
  accountTypeId: 'account_type',
  defaultAccountId: 'financial_account',
  accountId: 'financial_account',
  fromAccountId: 'financial_account',
  toAccountId: 'financial_account',
  pendingAccountId: 'financial_account',
  payoutAccountId: 'financial_account',
  paymentMethodId: 'payment_method',
  partyId: 'party',
  classificationId: 'classification',
  feeClassificationId: 'classification',
  receivableClassificationId: 'classification',
  customerId: 'party',
  costCentreId: 'cost_centre',
  contractId: 'contract',
  unitId: 'unit',
  unitIds: 'unit',
  departmentId: 'department',
  departmentIds: 'department',
  profileId: 'profile',
  userId: 'user',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface LoggedEvent {
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
}

/** Collects the ids a value holds under `key`, walking lists of lines (an apportionment's cost centres). */
function collect(wanted: Map<SourceName, Set<string>>, entity: string, value: unknown, key?: string): void {
  if (Array.isArray(value)) {
    for (const item of value) collect(wanted, entity, item, key);
    return;
  }
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) collect(wanted, entity, v, k);
    return;
  }
  // A tree's parent is a record of the tree itself.
  const source = key === 'parentId' ? ENTITIES[entity] : key && Object.hasOwn(FIELDS, key) ? FIELDS[key] : undefined;
  if (source && typeof value === 'string' && UUID.test(value)) add(wanted, source, value);
}

function add(wanted: Map<SourceName, Set<string>>, source: SourceName, id: string) {
  const ids = wanted.get(source) ?? new Set<string>();
  ids.add(id);
  wanted.set(source, ids);
}

const recordOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * The names of the records a page of events mentions, read now with one query per kind of record (never per event)
 * and only among the organization's own records: id → name. Each event gets the name of its record; a record since
 * deleted keeps the name the event itself carries.
 */
export async function nameEvents<E extends LoggedEvent>(
  tx: Tx,
  organizationId: string,
  events: E[],
): Promise<{ rows: (E & { entityName: string | null })[]; names: Record<string, string> }> {
  const wanted = new Map<SourceName, Set<string>>();
  for (const event of events) {
    const source = Object.hasOwn(ENTITIES, event.entity) ? ENTITIES[event.entity] : undefined;
    if (source && event.entityId && UUID.test(event.entityId)) add(wanted, source, event.entityId);
    collect(wanted, event.entity, event.before);
    collect(wanted, event.entity, event.after);
  }
  const names: Record<string, string> = {};
  for (const [kind, ids] of wanted) {
    const source: Source = SOURCES[kind];
    const query = tx.select({ id: source.id, name: source.name }).from(source.table);
    const joined = source.join ? query.innerJoin(source.join.table, source.join.on) : query;
    const rows = await joined.where(and(source.inOrganization(organizationId), inArray(source.id, [...ids])));
    for (const row of rows) if (typeof row.name === 'string') names[String(row.id)] = row.name;
  }
  const carried = (event: E) => {
    const name = recordOf(event.after).name ?? recordOf(event.before).name;
    return typeof name === 'string' ? name : null;
  };
  return {
    rows: events.map((event) => ({
      ...event,
      entityName: (event.entityId ? names[event.entityId] : undefined) ?? carried(event),
    })),
    names,
  };
}

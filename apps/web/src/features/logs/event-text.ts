import { formatBRL, formatCalendarDate, formatPercent, permissionLabel } from '@financeiro/core';
import { logsMessages as t } from '../../i18n/logs';
import { registryMessages as r } from '../../i18n/registries';

export const actionLabel = (action: string) => t.actions[action] ?? action;
export const entityLabel = (entity: string) => t.entities[entity] ?? entity;

type Texts = Record<string, unknown>;

/** The texts of the registry form an entity is edited in: its field labels and the names of its options. */
const FORMS: Record<string, Texts> = {
  bank: r.banks,
  account_type: r.accountTypes,
  financial_account: r.accounts,
  supplier: r.parties,
  customer: r.parties,
  partner: r.parties,
  classification: r.classifications,
  cost_centre: r.costCentres,
  tax_type: r.taxTypes,
  payment_method: r.paymentMethods,
  apportionment_template: r.apportionmentTemplates,
  split_config: r.splitConfigs,
  product: r.products,
  contract: r.contracts,
  purchasing_centre: r.purchasingCentres,
};

/** Fields whose form label is named differently from the field. */
const LABEL_KEYS: Record<string, string> = { userId: 'approver', partyId: 'party' };
const SPLIT_LABEL_KEYS: Record<string, string> = { partyId: 'partner' };

const MONEY = new Set([
  'openingBalance',
  'price',
  'value',
  'limit',
  'principal',
  'interest',
  'fine',
  'discount',
  'fees',
  'total',
  'amount',
  'minAmount',
  'maxAmount',
]);
const PERCENT = new Set(['rate', 'share']);
const DATES = new Set(['openingDate', 'startDate', 'endDate', 'date']);

/** The names each field's options are shown with in the forms; `kind` differs per registry. */
const OPTIONS: Record<string, Texts> = {
  roles: r.parties.roleNames,
  personType: r.parties.personTypes,
  pixKeyType: r.parties.pixTypes,
  nature: r.classifications.natures,
  periodicity: r.contracts.periodicities,
  readjustmentIndex: r.contracts.indexes,
  direction: t.directions,
};

const text = (texts: Texts | undefined, key: string): string | undefined => {
  const value = texts?.[key];
  return typeof value === 'string' ? value : undefined;
};

/** A field as its form labels it: "bankId" of an account is "Banco"; admin fields use the log's own labels. */
export function fieldLabel(entity: string, key: string): string {
  const form = FORMS[entity];
  const alias = (entity === 'split_config' ? SPLIT_LABEL_KEYS[key] : undefined) ?? LABEL_KEYS[key];
  const bare = key.replace(/Ids?$/, '');
  return (
    (alias && text(form, alias)) ??
    text(form, key) ??
    (key.endsWith('Ids') ? text(form, `${bare}s`) : undefined) ??
    text(form, bare) ??
    t.fields[key] ??
    key
  );
}

/** How an event reads its values: the entity whose form names the fields, and the names of the records it mentions. */
export interface EventContext {
  entity: string;
  /** Record id → its name, as the server resolved them for the page. */
  names: Record<string, string>;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * A value as a person reads it: records by name, money in R$, dates as dd/mm/aaaa, percentages, options and statuses
 * in pt-BR, yes/no; a list joined, a line of a list (an apportionment line) as its values.
 */
export function readableValue(value: unknown, key = '', context: EventContext = { entity: '', names: {} }): string {
  if (value === null || value === undefined || value === '') return t.values.empty;
  if (Array.isArray(value)) return value.map((v) => readableValue(v, key, context)).join(', ');
  if (typeof value === 'object') {
    return Object.entries(asRecord(value))
      .map(([k, v]) => readableValue(v, k, context))
      .join(' · ');
  }
  if (typeof value === 'boolean') return t.values[value ? 'true' : 'false'];
  if (typeof value === 'number') {
    if (MONEY.has(key)) return formatBRL(value);
    if (PERCENT.has(key)) return formatPercent(value);
    if (key === 'readjustmentMonth') return r.contracts.months[value - 1] ?? String(value);
    return value.toLocaleString('pt-BR');
  }
  if (typeof value !== 'string') return String(value);
  const named = context.names[value];
  if (named !== undefined) return named;
  if (value === 'active' || value === 'inactive') return t.values[value];
  if (DATES.has(key) && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatCalendarDate(value);
  const options = key === 'kind' ? asRecord(FORMS[context.entity]?.kinds) : OPTIONS[key];
  return text(options, value) ?? value;
}

export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

/**
 * The fields an event changed, with the form's labels and readable values. A creation lists what was set, a deletion
 * what was removed; unchanged fields are left out. Nested objects (a profile's permissions) compare per key.
 */
export function eventChanges(
  before: unknown,
  after: unknown,
  context: EventContext = { entity: '', names: {} },
  placeName: (key: string) => string = (key) => key,
  prefix = '',
): FieldChange[] {
  const was = asRecord(before);
  const is = asRecord(after);
  const changes: FieldChange[] = [];
  for (const key of [...new Set([...Object.keys(was), ...Object.keys(is)])]) {
    const a = was[key];
    const b = is[key];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    // A creation lists what was set; fields it left empty say nothing.
    if ((before === null || before === undefined) && (b === null || b === undefined)) continue;
    const label = prefix ? `${prefix} › ${placeName(key)}` : fieldLabel(context.entity, key);
    const nested = [a, b].every((v) => v === undefined || (v !== null && typeof v === 'object' && !Array.isArray(v)));
    if (nested) {
      changes.push(...eventChanges(a, b, context, placeName, label));
      continue;
    }
    // Inside a profile's permissions, lists hold permission names: show their labels.
    const show = (v: unknown) =>
      prefix && v === '*'
        ? t.values.all
        : prefix && Array.isArray(v)
          ? readableValue(
              v.map((n) => permissionLabel(String(n))),
              key,
              context,
            )
          : readableValue(v, key, context);
    changes.push({
      field: label,
      before: before === null || before === undefined ? null : show(a),
      after: after === null || after === undefined ? null : show(b),
    });
  }
  return changes;
}

/** One line per change, for the spreadsheet export: "Nome: Loja 1 → Loja Centro". */
export function changesText(
  before: unknown,
  after: unknown,
  context?: EventContext,
  placeName?: (key: string) => string,
): string {
  return eventChanges(before, after, context, placeName)
    .map((c) => `${c.field}: ${[c.before, c.after].filter((v) => v !== null).join(' → ')}`)
    .join('; ');
}

/** Names a profile grant key from the organization's units and departments: "Matriz › Compras". */
export function grantKeyNamer(organization: {
  units: { id: string; name: string; departments: { id: string; name: string }[] }[];
}): (key: string) => string {
  return (key) => {
    if (key === 'organization') return t.fields.organization ?? key;
    const match = /^unit:([^.]+)(?:\.department:(.+))?$/.exec(key);
    const unit = organization.units.find((u) => u.id === match?.[1]);
    if (!match || !unit) return key;
    const department = match[2] ? unit.departments.find((d) => d.id === match[2]) : undefined;
    return department ? `${unit.name} › ${department.name}` : unit.name;
  };
}

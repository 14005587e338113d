import { permissionLabel } from '@financeiro/core';
import { logsMessages as t } from '../../i18n/logs';

export const actionLabel = (action: string) => t.actions[action] ?? action;
export const entityLabel = (entity: string) => t.entities[entity] ?? entity;

/** A value as a person reads it: statuses and yes/no in pt-BR, lists joined, objects compact. */
export function readableValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return t.values.empty;
  if (value === 'active' || value === 'inactive') return t.values[value];
  if (typeof value === 'boolean') return t.values[value ? 'true' : 'false'];
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(readableValue).join(', ');
  return JSON.stringify(value);
}

export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * The fields an event changed, with readable labels and values. A creation lists what was set, a deletion what
 * was removed; unchanged fields are left out. Nested objects (a profile's permissions) compare per key.
 */
export function eventChanges(
  before: unknown,
  after: unknown,
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
    const label = prefix ? `${prefix} › ${placeName(key)}` : (t.fields[key] ?? key);
    const nested = [a, b].every((v) => v === undefined || (v !== null && typeof v === 'object' && !Array.isArray(v)));
    if (nested) {
      changes.push(...eventChanges(a, b, placeName, label));
      continue;
    }
    // Inside a profile's permissions, lists hold permission names: show their labels.
    const show = (v: unknown) =>
      prefix && v === '*'
        ? t.values.all
        : readableValue(prefix && Array.isArray(v) ? v.map((n) => permissionLabel(String(n))) : v);
    changes.push({
      field: label,
      before: before === null || before === undefined ? null : show(a),
      after: after === null || after === undefined ? null : show(b),
    });
  }
  return changes;
}

/** One line per change, for the CSV export: "Nome: Loja 1 → Loja Centro". */
export function changesText(before: unknown, after: unknown, placeName?: (key: string) => string): string {
  return eventChanges(before, after, placeName)
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

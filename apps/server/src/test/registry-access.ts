import { expect, it } from 'vitest';
import type { TenantSelection } from '@financeiro/core';
import { registriesRouter } from '../modules/registries';
import type { callersFor } from './callers';
import { codeOf } from './callers';

type Callers = Awaited<ReturnType<ReturnType<typeof callersFor>>>;
type Registry = keyof Callers['registries'];

const PROCEDURES = ['list', 'get', 'create', 'update', 'setStatus', 'delete', 'export', 'options', 'import'] as const;
const NAMING_A_RECORD = new Set(['get', 'update', 'setStatus', 'delete']);

/**
 * The access tests every registry gets: its procedures are exactly the pattern's; a member of another organization
 * is refused, and from their own organization never reaches this one's record; a member without the permission is
 * refused; and a member who may read but not edit can only read.
 */
export function registryAccessTests(options: {
  registry: Registry;
  context: () => {
    as: ReturnType<typeof callersFor>;
    here: TenantSelection;
    elsewhere: TenantSelection;
    /** A record of `here`'s organization. */
    recordId: string;
  };
  /** Valid inputs for create and update (update gets the id and version added); a function when they name records. */
  create: Record<string, unknown> | (() => Record<string, unknown>);
  /** A member of `here` whose profile may read but not edit this registry, if any. */
  reader?: string;
  /** A member of `here` whose profile may do neither. */
  outsider: string;
}) {
  const input = (procedure: (typeof PROCEDURES)[number], id: string): unknown => {
    const create = typeof options.create === 'function' ? options.create() : options.create;
    if (procedure === 'list' || procedure === 'export' || procedure === 'options') return {};
    if (procedure === 'create') return create;
    if (procedure === 'import') return { rows: [create] };
    if (procedure === 'update') return { ...create, id, version: 1 };
    if (procedure === 'setStatus') return { id, status: 'inactive' };
    return { id };
  };
  const call = (callers: Callers, procedure: (typeof PROCEDURES)[number], id: string) => {
    const api = callers.registries[options.registry] as unknown as Record<string, (input: unknown) => Promise<unknown>>;
    const fn = api[procedure];
    if (!fn) throw new Error(`no ${procedure}`);
    return fn(input(procedure, id));
  };

  it('offers exactly the registry pattern’s procedures', () => {
    const own = Object.keys(registriesRouter._def.procedures).filter((p) => p.startsWith(`${options.registry}.`));
    expect(own.sort()).toEqual(PROCEDURES.map((p) => `${options.registry}.${p}`).sort());
  });

  it('refuses a member of another organization, and never reaches this organization’s record from their own', async () => {
    const { as, here, elsewhere, recordId } = options.context();
    for (const procedure of PROCEDURES) {
      expect(await codeOf(call(await as('outro', here), procedure, recordId)), procedure).toBe('FORBIDDEN');
      const own = call(await as('outro', elsewhere), procedure, recordId);
      if (NAMING_A_RECORD.has(procedure)) expect(await codeOf(own), procedure).toBe('NOT_FOUND');
      // Refused (the input names this organization's records) or answered from their own: never this record.
      else
        expect(JSON.stringify(await own.catch((error: unknown) => String(error))), procedure).not.toContain(recordId);
    }
  });

  it('refuses members whose profile lacks the permission, who still see the choices; a reader only reads', async () => {
    const { as, here, recordId } = options.context();
    for (const procedure of PROCEDURES) {
      const outsider = procedure === 'options' ? 'OK' : 'FORBIDDEN';
      expect(await codeOf(call(await as(options.outsider, here), procedure, recordId)), procedure).toBe(outsider);
      if (options.reader) {
        const expected = ['list', 'get', 'export', 'options'].includes(procedure) ? 'OK' : 'FORBIDDEN';
        expect(await codeOf(call(await as(options.reader, here), procedure, recordId)), procedure).toBe(expected);
      }
    }
  });
}

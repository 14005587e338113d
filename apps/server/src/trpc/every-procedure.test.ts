import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { departments } from '../modules/tenancy/schema';
import { startDemoApp, type DemoApp } from '../test/demo';
import { routers } from '../routers';

/** What a zod schema is made of, as far as building inputs of its shape needs. */
interface SchemaDef {
  type: string;
  shape?: Record<string, unknown>;
  element?: unknown;
  valueType?: unknown;
  left?: unknown;
  right?: unknown;
  in?: unknown;
  innerType?: unknown;
  options?: unknown[];
}
const defOf = (schema: unknown): SchemaDef | undefined =>
  typeof schema === 'object' && schema !== null && '_zod' in schema
    ? (schema as { _zod: { def: SchemaDef } })._zod.def
    : undefined;

const charCode = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
/** Text a careless or hostile client sends: NUL, lone surrogates, impossible dates, inherited names, huge text. */
const nastyText = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '\u0000',
      'Banco\u0000',
      '\uD800',
      'a\uDC00b',
      '0000-01-01',
      '01/01/0000',
      '0000-01-01T00:00:00.000Z',
      '9999-12-31T23:59:59.999Z',
      '__proto__',
      'constructor',
      'valueOf',
      '00000000-0000-0000-0000-000000000000',
      '1e400',
      '-1',
      '',
      'x'.repeat(70_000),
    ),
  },
  { weight: 1, arbitrary: fc.string() },
  { weight: 1, arbitrary: fc.string({ unit: charCode }) },
  { weight: 1, arbitrary: fc.string().map((s) => `${s}\u0000${s}`) },
);
const { anything } = fc.letrec((tie) => ({
  anything: fc.oneof(
    { depthSize: 'small' },
    nastyText,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(2 ** 31, -(2 ** 63), Number.MAX_VALUE, 1.5),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('anything'), { maxLength: 3 }),
    fc.dictionary(nastyText, tie('anything'), { maxKeys: 3 }),
  ),
}));
const leaf = fc.oneof({ weight: 3, arbitrary: nastyText }, { weight: 1, arbitrary: anything });

/** Inputs shaped like what the procedure expects (its field names, lists and records) filled with hostile values. */
function shaped(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (!def || depth > 5) return leaf;
  const inner = (s: unknown) => shaped(s, depth + 1);
  switch (def.type) {
    case 'object':
      return fc.record(Object.fromEntries(Object.entries(def.shape ?? {}).map(([key, s]) => [key, inner(s)])), {
        requiredKeys: [],
      });
    case 'array':
      return fc.array(inner(def.element), { maxLength: 3 });
    case 'record':
      return fc.dictionary(nastyText, inner(def.valueType), { maxKeys: 3 });
    case 'intersection':
      return fc
        .tuple(inner(def.left), inner(def.right))
        .map(([a, b]) => (typeof a === 'object' && typeof b === 'object' ? { ...a, ...b } : a));
    case 'union':
      return fc.oneof(...(def.options ?? []).map(inner));
    case 'pipe':
      return inner(def.in);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner(def.innerType);
    default:
      return leaf;
  }
}

interface Procedure {
  area: string;
  path: string;
  type: 'query' | 'mutation';
  input: fc.Arbitrary<unknown>;
}

/** Every procedure of every API area with its input's schema. */
const PROCEDURES_SCHEMAS = Object.entries(routers).flatMap(([area, router]) =>
  Object.entries(router._def.procedures).map(([path, procedure]) => {
    const { type, inputs } = (procedure as { _def: { type: 'query' | 'mutation'; inputs: unknown[] } })._def;
    return { area, path, name: `${area}.${path}`, type, schema: inputs[0] };
  }),
);

/** Every procedure of every API area, as the HTTP API serves it. */
const PROCEDURES: Procedure[] = PROCEDURES_SCHEMAS.map(({ area, path, type, schema }) => ({
  area,
  path,
  type,
  input: fc.oneof({ weight: 4, arbitrary: shaped(schema) }, { weight: 1, arbitrary: anything }),
}));

/** zod's own English words: every refusal must read in pt-BR. */
const ENGLISH =
  /invalid input|too (big|small)|invalid (option|string|key|element)|unrecognized key|expected \w+, received/i;
/** Words of a query, a database error or a driver's message: none may reach a client. */
const SQL_TEXT = /select |insert |update |delete from|failed query|syntax|violates|relation "|pglite/i;

describe('every procedure, thrown hostile input over HTTP, as an administrator in a valid tenant', () => {
  let d: DemoApp;
  let url: string;
  let headers: Record<string, string>;

  beforeAll(async () => {
    d = await startDemoApp();
    url = await d.t.app.listen({ port: 0, host: '127.0.0.1' });
    const [department] = await d.t.database.db
      .select()
      .from(departments)
      .where(eq(departments.unitId, d.matriz.unitId));
    headers = {
      authorization: `Bearer ${await d.t.tokenFor('admin')}`,
      'x-organization-id': d.matriz.organizationId,
      'x-unit-id': d.matriz.unitId,
      'x-department-id': department?.id ?? '',
    };
  });
  afterAll(() => d?.t.close());

  async function call(p: Procedure, input: unknown): Promise<{ status: number; body: string }> {
    const encoded = input === undefined ? undefined : JSON.stringify(input);
    const response =
      p.type === 'query'
        ? await fetch(`${url}/v1/${p.area}/${p.path}${encoded ? `?input=${encodeURIComponent(encoded)}` : ''}`, {
            headers,
          })
        : await fetch(`${url}/v1/${p.area}/${p.path}`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: encoded ?? '{}',
          });
    return { status: response.status, body: await response.text() };
  }

  it('covers every procedure', () => {
    expect(PROCEDURES.length).toBeGreaterThan(100);
  });

  it.each(PROCEDURES.map((p) => [`${p.area}.${p.path}`, p] as const))(
    '%s answers no 5xx, no SQL and no English',
    async (_, p) => {
      await fc.assert(
        fc.asyncProperty(p.input, async (input) => {
          const { status, body } = await call(p, input);
          const answer = {
            status: status < 500 ? 'below 500' : status,
            sql: SQL_TEXT.exec(body)?.[0] ?? null,
            english: ENGLISH.exec(body)?.[0] ?? null,
          };
          expect(answer, body).toEqual({ status: 'below 500', sql: null, english: null });
        }),
        { numRuns: 12 },
      );
    },
  );
});

/** The fields that carry money, by name: each takes whole centavos only. */
const MONEY_FIELDS = new Set([
  'amount',
  'amountMin',
  'amountMax',
  'grossAmount',
  'principal',
  'interest',
  'fine',
  'discount',
  'fees',
  'total',
  'unitPrice',
  'price',
  'value',
  'limit',
  'openingBalance',
  'minAmount',
  'maxAmount',
]);
/**
 * Every other number a procedure takes, by name: counts, positions, days, versions, basis points, thousandths. A new
 * number field must join one list or the other, so that no amount slips in as something else.
 */
const OTHER_NUMBERS = new Set([
  'page',
  'pageSize',
  'version',
  'share',
  'rate',
  'interestRate',
  'fineRate',
  'quantity',
  'chosenQuotation',
  'quotation',
  'days',
  'daysToClear',
  'deliveryDays',
  'dueDay',
  'readjustmentMonth',
  'priority',
  'threshold',
  'minScore',
  'index',
  'headerLine',
  'year',
]);

/** Whether a schema takes a number somewhere along its wrappers. */
function takesNumber(schema: unknown): boolean {
  const def = defOf(schema);
  if (!def) return false;
  if (def.type === 'number') return true;
  if (def.type === 'pipe') return takesNumber(def.in);
  if (def.type === 'union') return (def.options ?? []).some(takesNumber);
  return def.innerType !== undefined && takesNumber(def.innerType);
}

/** The paths of the fields that take a number, with lists entered at their first element. */
function numberFields(schema: unknown, path: string[] = []): string[][] {
  const def = defOf(schema);
  if (!def) return [];
  if (def.type === 'object') {
    return Object.entries(def.shape ?? {}).flatMap(([key, field]) => numberFields(field, [...path, key]));
  }
  if (def.type === 'array') return numberFields(def.element, [...path, '0']);
  if (def.type === 'intersection') return [...numberFields(def.left, path), ...numberFields(def.right, path)];
  if (takesNumber(schema)) return [path];
  if (def.type === 'pipe') return numberFields(def.in, path);
  if (def.innerType !== undefined) return numberFields(def.innerType, path);
  return (def.options ?? []).flatMap((option) => numberFields(option, path));
}

/** An input holding `value` at `path` and nothing else (a list holds it in its first element). */
function holding(path: string[], value: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return value;
  const inner = holding(rest, value);
  return key === '0' ? [inner] : { [key]: inner };
}

describe('money on the wire: whole centavos in every procedure', () => {
  // A bank statement's CSV mapping names columns by their position; those are no amounts.
  const fields = PROCEDURES_SCHEMAS.flatMap(({ name, schema }) =>
    numberFields(schema)
      .filter((path) => !path.includes('csvMapping'))
      .map((path) => ({ name, schema, path, key: path.filter((part) => part !== '0').at(-1) ?? '' })),
  );
  const money = fields.filter((field) => MONEY_FIELDS.has(field.key));

  it('knows every number a procedure takes as money or as something else', () => {
    const unknown = fields.filter((f) => !MONEY_FIELDS.has(f.key) && !OTHER_NUMBERS.has(f.key));
    expect(unknown.map((f) => `${f.name} ${f.path.join('.')}`)).toEqual([]);
    expect(money.map((f) => `${f.name} ${f.path.join('.')}`)).toEqual(
      expect.arrayContaining([
        'ledger.documents.create grossAmount',
        'ledger.documents.create installments.0.amount',
        'ledger.payments.settle items.0.principal',
        'ledger.payments.settle fees',
        'purchasing.create order.items.0.unitPrice',
        'registries.accounts.create openingBalance',
        'banking.reconciliation.reconcile installments.0.principal',
      ]),
    );
    expect(money.length).toBeGreaterThan(40);
  });

  it.each([
    ['text', ' 1 '],
    ['reais and centavos as typed', '1.234,56'],
    ['a fraction of a centavo', 12.5],
    ['a yes', true],
  ])('refuses %s in every money field, naming the field in pt-BR', (_, sent) => {
    const accepted = money.flatMap(({ name, schema, path }) => {
      const issues = (schema as z.ZodType).safeParse(holding(path, sent)).error?.issues ?? [];
      const field = path.join('.');
      const named = issues.some(
        (issue) =>
          issue.path.join('.') === field &&
          issue.message === `Envie "${field}" em centavos, como número inteiro: R$ 1,00 é 100.`,
      );
      return named ? [] : [`${name} ${field}`];
    });
    expect(accepted).toEqual([]);
  });
});

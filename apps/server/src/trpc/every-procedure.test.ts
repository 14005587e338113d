import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
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

/** Every procedure of every API area, as the HTTP API serves it. */
const PROCEDURES: Procedure[] = Object.entries(routers).flatMap(([area, router]) =>
  Object.entries(router._def.procedures).map(([path, procedure]) => {
    const { type, inputs } = (procedure as { _def: { type: 'query' | 'mutation'; inputs: unknown[] } })._def;
    return {
      area,
      path,
      type,
      input: fc.oneof({ weight: 4, arbitrary: shaped(inputs[0]) }, { weight: 1, arbitrary: anything }),
    };
  }),
);

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

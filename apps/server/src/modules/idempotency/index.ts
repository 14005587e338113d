import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { type ProcedureContext } from '../../trpc/init';
import { ConflictError } from '../../errors';
import { idempotencyKeys } from './schema';

/** How long a key answers with its first result; after that the same key creates again. */
const KEY_LIFETIME_HOURS = 24;
const REUSED = 'Este formulário já foi enviado com outros dados. Feche-o e abra de novo para criar outro registro.';

/**
 * Runs a create once per idempotency key (decision 0013). The first submission claims the key and keeps the
 * create's result in the create's own transaction; a repeat (a double click, a retry after a lost answer) gets that
 * result and creates nothing. A repeat that arrives while the first still runs waits on the key's unique constraint
 * until the first commits (then answers its result) or rolls back (then creates itself). Without a key the create
 * simply runs. `create` gets the input without the key and must answer what the wire carries (JSON, no Date), since
 * a repeat answers the stored copy.
 */
export async function idempotent<I extends { idempotencyKey?: string | undefined }, T>(
  ctx: ProcedureContext,
  procedure: string,
  input: I,
  create: (submitted: Omit<I, 'idempotencyKey'>) => Promise<T>,
): Promise<T> {
  const { idempotencyKey: key, ...submitted } = input;
  if (!key) return create(submitted);
  const t = idempotencyKeys;
  const userId = ctx.user.userId;
  const organizationId = ctx.tenant.organizationId ?? null;
  // jsonb's text form orders the keys, so the same data hashes alike whatever order the client wrote it in.
  const inputHash = sql<string>`encode(sha256(convert_to((${JSON.stringify(submitted)})::jsonb::text, 'UTF8')), 'hex')`;

  // The caller's expired keys go now; the ones another request is already removing are left to it.
  const expired = ctx.tx
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.userId, userId), lt(t.createdAt, sql`now() - make_interval(hours => ${KEY_LIFETIME_HOURS})`)))
    .for('update', { skipLocked: true });
  await ctx.tx.delete(t).where(inArray(t.id, expired));

  const [claimed] = await ctx.tx
    .insert(t)
    .values({ id: uuidv7(), userId, organizationId, procedure, key, inputHash })
    .onConflictDoNothing()
    .returning({ id: t.id });
  if (claimed) {
    const result = await create(submitted);
    await ctx.tx.update(t).set({ result }).where(eq(t.id, claimed.id));
    return result;
  }
  const [first] = await ctx.tx
    .select({ result: t.result, same: sql<boolean>`${t.inputHash} = ${inputHash}` })
    .from(t)
    .where(
      and(
        eq(t.userId, userId),
        organizationId ? eq(t.organizationId, organizationId) : isNull(t.organizationId),
        eq(t.procedure, procedure),
        eq(t.key, key),
      ),
    );
  if (!first?.same) throw new ConflictError(REUSED);
  // Stored from this procedure's own answer above.
  return first.result as T;
}

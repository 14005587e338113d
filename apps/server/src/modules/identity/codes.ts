import { randomInt } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../db/client';
import { errors } from './errors';
import { enqueueEmail, enqueueSms } from '../outbox';
import { codeEmail, maskEmail, maskPhone, type CodeEmailPurpose } from './messages';
import { identityCodes } from './schema';
import { sha256 } from './tokens';
import type { User } from './users';
import { now, nowMs } from '../../clock';

type Purpose = (typeof identityCodes.$inferInsert)['purpose'];

const MAX_ATTEMPTS = 5;
/** A new sign-up code at most every 120 seconds. */
export const RESEND_INTERVAL_MS = 120_000;

const hashCode = (userId: string, code: string) => sha256(`${userId}:${code}`);

/** A fresh 6-digit code; earlier unused codes of the same purpose stop working. */
export async function issueCode(db: DbOrTx, userId: string, purpose: Purpose, ttlMs: number): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db
    .update(identityCodes)
    .set({ usedAt: now() })
    .where(and(eq(identityCodes.userId, userId), eq(identityCodes.purpose, purpose), isNull(identityCodes.usedAt)));
  await db.insert(identityCodes).values({
    id: uuidv7(),
    userId,
    purpose,
    codeHash: hashCode(userId, code),
    // Stamped by the server's clock, which the resend interval is measured by.
    createdAt: now(),
    expiresAt: new Date(nowMs() + ttlMs),
  });
  return code;
}

/** A new code of a kind goes out at most every 120 seconds (LimitExceededException before that). */
export async function assertResendAllowed(db: DbOrTx, userId: string, purpose: Purpose): Promise<void> {
  const [last] = await db
    .select({ createdAt: identityCodes.createdAt })
    .from(identityCodes)
    .where(and(eq(identityCodes.userId, userId), eq(identityCodes.purpose, purpose)))
    .orderBy(desc(identityCodes.createdAt))
    .limit(1);
  if (last && nowMs() - last.createdAt.getTime() < RESEND_INTERVAL_MS) throw errors.limitExceeded();
}

/** Spends a code: single use, expires, and a few wrong tries lock it. */
export async function consumeCode(db: DbOrTx, userId: string, purpose: Purpose, code: string): Promise<void> {
  const [current] = await db
    .select()
    .from(identityCodes)
    .where(and(eq(identityCodes.userId, userId), eq(identityCodes.purpose, purpose), isNull(identityCodes.usedAt)))
    .orderBy(desc(identityCodes.createdAt))
    .limit(1);
  if (!current) throw errors.expiredCode();
  if (current.attempts >= MAX_ATTEMPTS) throw errors.limitExceeded();
  if (current.expiresAt.getTime() < nowMs()) throw errors.expiredCode();
  if (current.codeHash !== hashCode(userId, code.trim())) {
    await db
      .update(identityCodes)
      .set({ attempts: current.attempts + 1 })
      .where(eq(identityCodes.id, current.id));
    throw errors.codeMismatch();
  }
  await db.update(identityCodes).set({ usedAt: now() }).where(eq(identityCodes.id, current.id));
}

const CODE_TTL_MS: Record<CodeEmailPurpose, number> = {
  sign_up: 24 * 3600 * 1000,
  reset_password: 3600 * 1000,
  verify_email: 24 * 3600 * 1000,
};

/** Issues a code and queues it to the user's e-mail, or phone when there is no e-mail. */
export async function sendCode(db: DbOrTx, user: User, purpose: CodeEmailPurpose) {
  const code = await issueCode(db, user.id, purpose, CODE_TTL_MS[purpose]);
  if (user.email) {
    await enqueueEmail(db, { to: user.email, ...codeEmail(purpose, user.name, code) });
    return { Destination: maskEmail(user.email), DeliveryMedium: 'EMAIL', AttributeName: 'email' };
  }
  if (user.phoneNumber) {
    await enqueueSms(db, user.phoneNumber, `Financeiro: seu código é ${code}`);
    return { Destination: maskPhone(user.phoneNumber), DeliveryMedium: 'SMS', AttributeName: 'phone_number' };
  }
  throw errors.invalidParameter('An email or phone_number is required to confirm the account');
}

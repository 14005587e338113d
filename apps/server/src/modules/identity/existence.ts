import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { errors, type IdentityError } from './errors';
import { maskEmail } from './messages';
import type { IdentityContext } from './request';
import { signingKeys } from './schema';
import { padHex, startChallenge } from './srp';
import { jwks } from './tokens';

/**
 * PreventUserExistenceErrors (env PREVENT_USER_EXISTENCE_ERRORS): what the pool answers for a user it does not have,
 * as Cognito does. Sign-in goes through its first step with a salt that stays the same for the same name, as a real
 * one does, and fails at the password proof; password reset and resend answer that a code went to a masked address.
 * What must look the same on every call is keyed with a secret of this pool, so nobody can recompute it.
 */

const secrets = new WeakMap<Db, Buffer>();

/** The pool's secret, taken from its first signing key: it outlives a key rotation and every process shares it. */
async function poolSecret(db: Db): Promise<Buffer> {
  const cached = secrets.get(db);
  if (cached) return cached;
  await jwks(db); // makes the first signing key when there is none yet
  const [key] = await db.select().from(signingKeys).orderBy(asc(signingKeys.createdAt)).limit(1);
  if (!key) throw new Error('no signing key');
  const secret = Buffer.from(hkdfSync('sha256', JSON.stringify(key.privateJwk), '', 'user existence', 32));
  secrets.set(db, secret);
  return secret;
}

const keyed = (secret: Buffer, purpose: string, value: string) =>
  createHmac('sha256', secret).update(`${purpose}:${value.trim().toLowerCase()}`).digest();

/** A session token that only this pool could have made, of the same length as a real one (48 bytes). */
function simulatedSession(secret: Buffer): string {
  const nonce = randomBytes(32);
  return Buffer.concat([nonce, keyed(secret, 'session', nonce.toString('hex')).subarray(0, 16)]).toString('base64url');
}

export async function isSimulatedSession(ctx: IdentityContext, token: string): Promise<boolean> {
  const raw = Buffer.from(token, 'base64url');
  if (raw.length !== 48) return false;
  const tag = keyed(await poolSecret(ctx.db), 'session', raw.subarray(0, 32).toString('hex')).subarray(0, 16);
  return timingSafeEqual(tag, raw.subarray(32));
}

/** The first step of an SRP sign-in for a name nobody has: the same salt for the same name, a fresh B. */
export async function simulatedPasswordChallenge(ctx: IdentityContext, login: string): Promise<object> {
  const secret = await poolSecret(ctx.db);
  const username = login.trim().toLowerCase();
  const salt = padHex(BigInt(`0x${keyed(secret, 'salt', login).subarray(0, 16).toString('hex')}`));
  const verifier = Buffer.from(hkdfSync('sha256', secret, username, 'verifier', 384)).toString('hex');
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    Session: simulatedSession(secret),
    ChallengeParameters: {
      SALT: salt,
      SRP_B: startChallenge(verifier).B,
      SECRET_BLOCK: randomBytes(64).toString('base64'),
      USER_ID_FOR_SRP: username,
      USERNAME: username,
    },
  };
}

const MAIL_DOMAINS = ['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.com.br', 'uol.com.br', 'icloud.com'];

/** The refusal for a user that does not exist: UserNotFoundException, unless what Cognito answers instead. */
export function unknownUser(ctx: IdentityContext, instead: IdentityError): IdentityError {
  return ctx.env.PREVENT_USER_EXISTENCE_ERRORS ? instead : errors.userNotFound();
}

/**
 * Where a code "went" for a name nobody has (UserNotFoundException when existence may be told): the address itself
 * when the name is one, else the name at a common mail domain, the same one every time.
 */
export async function unknownUserDelivery(ctx: IdentityContext, login: string) {
  if (!ctx.env.PREVENT_USER_EXISTENCE_ERRORS) throw errors.userNotFound();
  const name = login.trim().toLowerCase();
  if (!name.includes('@')) {
    const pick = keyed(await poolSecret(ctx.db), 'domain', name).readUInt32BE(0) % MAIL_DOMAINS.length;
    return { Destination: maskEmail(`${name}@${MAIL_DOMAINS[pick]}`), DeliveryMedium: 'EMAIL', AttributeName: 'email' };
  }
  return { Destination: maskEmail(name), DeliveryMedium: 'EMAIL', AttributeName: 'email' };
}

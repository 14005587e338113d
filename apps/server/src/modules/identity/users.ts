import { randomInt } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { USER_POOL_NAME, type UserData } from '@financeiro/core';
import type { DbOrTx } from '../../db/client';
import { assertContactFormats } from './contact-formats';
import { errors } from './errors';
import { users } from './schema';
import { createVerifier } from './srp';
import { now } from '../../clock';

export type User = typeof users.$inferSelect;

/** Cognito's limit on a password's length. */
const MAX_PASSWORD_LENGTH = 256;

/**
 * Password policy: at least 8 characters with lower and upper case letters, a digit and a symbol; at most 256
 * characters, as Cognito's API takes.
 */
export function assertPasswordPolicy(password: string): void {
  if (!password) throw errors.invalidPassword('Password must not be empty');
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw errors.invalidParameter(
      `1 validation error detected: Value at 'password' failed to satisfy constraint: Member must have length less than or equal to ${MAX_PASSWORD_LENGTH}`,
    );
  }
  if (password.length < 8) throw errors.invalidPassword('Password not long enough');
  if (!/[a-z]/.test(password)) throw errors.invalidPassword('Password must have lowercase characters');
  if (!/[A-Z]/.test(password)) throw errors.invalidPassword('Password must have uppercase characters');
  if (!/\d/.test(password)) throw errors.invalidPassword('Password must have numeric characters');
  if (!/[^A-Za-z0-9]/.test(password)) throw errors.invalidPassword('Password must have symbol characters');
}

/**
 * The account whose verified e-mail is this address, case-insensitive: the only account an invitation to the address
 * may join. A username or an unverified e-mail proves nothing about who holds the mailbox. Reads only the columns the
 * application role may read (decision 0012), as an invitation runs in a tenant transaction.
 */
export async function findUserByVerifiedEmail(
  db: DbOrTx,
  email: string,
): Promise<{ id: string; name: string | null } | undefined> {
  const [user] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, eq(users.emailVerified, true)))
    .limit(1);
  return user;
}

/** A user by username or e-mail (either signs in), case-insensitive. */
export async function findUserByLogin(db: DbOrTx, login: string): Promise<User | undefined> {
  const value = login.trim().toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = ${value}`, sql`lower(${users.email}) = ${value}`))
    .limit(1);
  return user;
}

export interface NewUser {
  username: string;
  password: string;
  name?: string | null;
  email?: string | null;
  phoneNumber?: string | null;
  picture?: string | null;
  locale?: string | null;
  confirmed: boolean;
  /** Created by an administrator: the password is temporary and must be replaced at the first sign-in. */
  temporaryPassword?: boolean;
  organizationCreationEnabled?: boolean;
  /** Sign-in insists on a second factor (set up at the first sign-in when missing). */
  mfaRequired?: boolean;
}

export async function insertUser(db: DbOrTx, input: NewUser): Promise<User> {
  const username = input.username.trim();
  if (!/^[\p{L}\p{N}._@+-]{1,128}$/u.test(username)) throw errors.invalidParameter('Invalid username');
  assertPasswordPolicy(input.password);
  const email = input.email?.trim().toLowerCase() || null;
  assertContactFormats({ email, phone: input.phoneNumber || null });
  // A username that looks like an e-mail address must be the account's own, or it could pass for someone's mailbox.
  if (username.includes('@') && username.toLowerCase() !== email) throw errors.usernameIsEmail();
  if (await findUserByLogin(db, username)) throw errors.usernameExists();
  if (email && (await findUserByLogin(db, email))) throw errors.emailExists();
  // The SRP identity is the username: it never changes, unlike the e-mail a user may also sign in with.
  const { salt, verifier } = createVerifier(USER_POOL_NAME, username, input.password);
  const [user] = await db
    .insert(users)
    .values({
      id: uuidv7(),
      username,
      srpSalt: salt,
      srpVerifier: verifier,
      status: input.temporaryPassword ? 'FORCE_CHANGE_PASSWORD' : input.confirmed ? 'CONFIRMED' : 'UNCONFIRMED',
      name: input.name?.trim() || null,
      email,
      emailVerified: input.confirmed && email !== null,
      phoneNumber: input.phoneNumber || null,
      picture: input.picture || null,
      locale: input.locale || 'pt-BR',
      organizationCreationEnabled: input.organizationCreationEnabled ?? false,
      mfaRequired: input.mfaRequired ?? false,
    })
    .returning();
  if (!user) throw new Error('user not inserted');
  return user;
}

/** A ready-to-use account (administrators and the demo data create these). */
export async function createConfirmedUser(
  db: DbOrTx,
  input: {
    username: string;
    password: string;
    name: string;
    email: string;
    phoneNumber?: string;
    organizationCreationEnabled?: boolean;
    mfaRequired?: boolean;
  },
): Promise<{ id: string }> {
  const user = await insertUser(db, { ...input, confirmed: true });
  return { id: user.id };
}

const PASSWORD_SETS = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '#$%&*+-?@'];

/**
 * A random password that meets the policy (three of each kind, shuffled), without look-alike characters, and
 * without '=' so that it reads the same in a quoted-printable e-mail.
 */
export function generateTemporaryPassword(): string {
  const chars = PASSWORD_SETS.flatMap((set) => Array.from({ length: 3 }, () => set.charAt(randomInt(set.length))));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  return chars.join('');
}

/** An account an administrator creates: it signs in once with the temporary password, then must choose its own. */
export async function createUserWithTemporaryPassword(
  db: DbOrTx,
  input: { username: string; temporaryPassword: string; name: string; email: string },
): Promise<{ id: string }> {
  const user = await insertUser(db, {
    ...input,
    password: input.temporaryPassword,
    confirmed: true,
    temporaryPassword: true,
  });
  return { id: user.id };
}

/** The profile getMe answers; it names its columns because the application role may read no others (decision 0012). */
export async function getUserData(db: DbOrTx, userId: string): Promise<UserData> {
  const [user] = await db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      email: users.email,
      phone_number: users.phoneNumber,
      picture: users.picture,
      locale: users.locale,
      organization_creation_enabled: users.organizationCreationEnabled,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw errors.userNotFound();
  return user;
}

/** Cognito's attribute list for GetUser. */
export function userAttributes(user: User): { Name: string; Value: string }[] {
  const pairs: [string, string | null][] = [
    ['sub', user.id],
    ['name', user.name],
    ['email', user.email],
    ['email_verified', user.email ? String(user.emailVerified) : null],
    ['phone_number', user.phoneNumber],
    ['phone_number_verified', user.phoneNumber ? String(user.phoneNumberVerified) : null],
    ['picture', user.picture],
    ['locale', user.locale],
  ];
  return pairs.filter((p): p is [string, string] => p[1] !== null).map(([Name, Value]) => ({ Name, Value }));
}

/** Whether sign-in insists on a second factor for this account (an administrator decides). */
export async function setMfaRequired(db: DbOrTx, userId: string, required: boolean): Promise<void> {
  await db.update(users).set({ mfaRequired: required, updatedAt: now() }).where(eq(users.id, userId));
}

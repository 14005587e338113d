import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey(),
    username: text().notNull(),
    /** SRP salt and verifier (hex); the password itself is never stored. */
    srpSalt: text().notNull(),
    srpVerifier: text().notNull(),
    /** FORCE_CHANGE_PASSWORD: created with a temporary password; RESET_REQUIRED: must reset before signing in. */
    status: text({ enum: ['UNCONFIRMED', 'CONFIRMED', 'FORCE_CHANGE_PASSWORD', 'RESET_REQUIRED'] }).notNull(),
    enabled: boolean().notNull().default(true),
    name: text(),
    email: text(),
    emailVerified: boolean().notNull().default(false),
    phoneNumber: text(),
    phoneNumberVerified: boolean().notNull().default(false),
    picture: text(),
    locale: text().notNull().default('pt-BR'),
    organizationCreationEnabled: boolean().notNull().default(false),
    /** Authenticator app (TOTP): the verified secret, one awaiting verification, and the last time step used. */
    totpSecret: text(),
    totpPendingSecret: text(),
    totpEnabled: boolean().notNull().default(false),
    totpLastStep: integer(),
    smsMfaEnabled: boolean().notNull().default(false),
    preferredMfa: text({ enum: ['SOFTWARE_TOKEN_MFA', 'SMS_MFA'] }),
    /** Wrong passwords in a row, and the lock they lead to (SPEC: "Password attempts exceeded"). */
    failedSignIns: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
  ],
);

/** One-time codes (sign-up confirmation and, later, resets and attribute checks), stored only as hashes. */
export const identityCodes = pgTable(
  'identity_codes',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ['sign_up', 'reset_password', 'verify_email', 'verify_phone', 'sms_mfa'] }).notNull(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('identity_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt)],
);

/** Sign-in sessions between InitiateAuth and RespondToAuthChallenge (expire after 3 minutes). */
export const authSessions = pgTable('auth_sessions', {
  id: uuid().primaryKey(),
  tokenHash: text().notNull().unique(),
  userId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  challenge: text().notNull(),
  state: jsonb().$type<Record<string, string>>().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** Refresh tokens; the id is the `origin_jti` of every access token issued from it. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    deviceKey: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_user_idx').on(t.userId)],
);

/** Remembered devices (the flows arrive with multi-factor sign-in). */
export const devices = pgTable(
  'devices',
  {
    key: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text(),
    remembered: boolean().notNull().default(false),
    srpSalt: text(),
    srpVerifier: text(),
    lastUsedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('devices_user_idx').on(t.userId)],
);

/** RS256 key pairs that sign tokens; public halves are served as JWKS. */
export const signingKeys = pgTable('signing_keys', {
  kid: text().primaryKey(),
  privateJwk: jsonb().$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb().$type<Record<string, unknown>>().notNull(),
  active: boolean().notNull().default(true),
  createdAt: createdAt(),
});

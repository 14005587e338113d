import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

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
    /** Sign-in insists on a second factor: a user without one sets up the authenticator app before entering. */
    mfaRequired: boolean().notNull().default(false),
    /** Wrong passwords in a row, and the lock they lead to (Cognito's "Password attempts exceeded"). */
    failedSignIns: integer().notNull().default(0),
    /** Wrong second-factor codes in a row, across sign-ins; enough of them set the same lock as passwords do. */
    failedMfaCodes: integer().notNull().default(0),
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

/**
 * Devices a user signed in from. Each sign-in without a known device key hands out a new one; the client confirms
 * it with an SRP verifier of a secret only it holds (then it is listed), and may ask that it be remembered, which
 * lets that device skip the second factor.
 */
export const devices = pgTable(
  'devices',
  {
    key: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The "pool name" of the device's SRP proof. */
    groupKey: text().notNull(),
    name: text(),
    remembered: boolean().notNull().default(false),
    srpSalt: text(),
    srpVerifier: text(),
    lastUsedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
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

/** A user's account at an outside identity provider (Google), linked on first sign-in through it. */
export const federatedIdentities = pgTable(
  'federated_identities',
  {
    provider: text().notNull(),
    subject: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] })],
);

/**
 * A sign-in through an outside provider in flight: what our client asked for at /oauth2/authorize (its redirect,
 * state and PKCE challenge) and what we sent the provider (state, nonce, our own PKCE verifier). Minutes long.
 */
export const oauthRequests = pgTable('oauth_requests', {
  id: uuid().primaryKey(),
  stateHash: text().notNull().unique(),
  provider: text().notNull(),
  redirectUri: text().notNull(),
  clientState: text(),
  codeChallenge: text().notNull(),
  nonce: text().notNull(),
  providerVerifier: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** Authorization codes /oauth2/token exchanges for tokens: single use, bound to the PKCE challenge and redirect. */
export const oauthCodes = pgTable('oauth_codes', {
  id: uuid().primaryKey(),
  codeHash: text().notNull().unique(),
  userId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  redirectUri: text().notNull(),
  codeChallenge: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** Who made a row: a user, kept as the user's id. */
export const createdBy = () => uuid().references(() => users.id);

import { boolean, check, foreignKey, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users, createdBy } from '../identity/schema';
import { accounts } from '../registries/schema';
import { createdAt } from '../../db/columns';
import { tenant } from '../tenancy/schema';

/*
 * Fetching Mercado Pago's reports from its API (decision 0022): one access token per account, sealed with the
 * server's data key (crypto/secrets.ts), never stored or answered in plain text.
 */

/** The outcome of an account's last fetch from the API. */
export const MERCADOPAGO_FETCH_OUTCOMES = ['ok', 'error'] as const;

/** One account's Mercado Pago access token and whether its reports are fetched from the API. */
export const mercadopagoCredentials = pgTable(
  'mercadopago_credentials',
  {
    ...tenant(),
    accountId: uuid().notNull(),
    /** The access token sealed with AES-256-GCM, bound to this organization and account. */
    sealedToken: text().notNull(),
    /** The token's last four characters, shown so a person recognises which token is saved. */
    tokenLast4: text().notNull(),
    /** "Buscar relatórios pela API do Mercado Pago". */
    enabled: boolean().notNull().default(false),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedBy: uuid().references(() => users.id),
    updatedAt: createdAt(),
    lastFetchAt: timestamp({ withTimezone: true }),
    lastFetchOutcome: text({ enum: MERCADOPAGO_FETCH_OUTCOMES }),
    /** What the last fetch did or why it failed, in pt-BR as the person saw it. */
    lastFetchMessage: text(),
  },
  (t) => [
    primaryKey({ name: 'mercadopago_credentials_pkey', columns: [t.organizationId, t.id] }),
    unique('mercadopago_credentials_account_key').on(t.organizationId, t.accountId),
    foreignKey({ columns: [t.organizationId, t.accountId], foreignColumns: [accounts.organizationId, accounts.id] }),
    check('mercadopago_credentials_last4_check', sql`char_length(${t.tokenLast4}) = 4`),
    check('mercadopago_credentials_sealed_check', sql`${t.sealedToken} ~ '^v[0-9]+\\.'`),
    check(
      'mercadopago_credentials_last_fetch_check',
      sql`(${t.lastFetchAt} IS NULL) = (${t.lastFetchOutcome} IS NULL)
        AND char_length(${t.lastFetchMessage}) <= 500`,
    ),
  ],
);

import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import {
  addDays,
  daysBetween,
  dateInput,
  idempotencyKeyInput,
  requiredId,
  TIME_ZONE,
  todayInSaoPaulo,
} from '@financeiro/core';
import { open, seal, SealedSecretError, type Keyring } from '../../crypto/secrets';
import { InvalidInputError } from '../../errors';
import { audit } from '../audit';
import { mustUseAccount, type LedgerScope } from '../ledger';
import { MERCADOPAGO_REPORT_KINDS } from './schema';
import { mercadopagoCredentials } from './credentials-schema';

/*
 * An account's access token to Mercado Pago's API and the switch that lets its reports be fetched (decision 0022).
 * The token is sealed with the server's data key, bound to the organization and account, and never answered: a
 * person sees only whether one is saved and its last four characters.
 */

/** Longest access token accepted: Mercado Pago's are about 75 characters. */
const MAX_TOKEN = 200;
/** Longest period one fetch asks for: Mercado Pago prepares reports of up to a year. */
const MAX_PERIOD_DAYS = 366;

const accountId = requiredId('Escolha a conta do Mercado Pago.');

export const accountInput = z.object({ accountId });

const token = z
  .string('Informe o token de acesso do Mercado Pago.')
  .trim()
  .min(1, 'Informe o token de acesso do Mercado Pago.')
  .max(MAX_TOKEN, `O token de acesso tem no máximo ${MAX_TOKEN} caracteres.`)
  .regex(
    /^[A-Za-z0-9_-]{20,}$/,
    'Token de acesso inválido: copie o Access Token (APP_USR-…) das credenciais da sua aplicação no Mercado Pago.',
  );

export const saveInput = z
  .object({
    accountId,
    /** A new token; left out (or blank) keeps the saved one. */
    token: z.union([z.literal(''), token]).nullish(),
    enabled: z.boolean('Informe se os relatórios são buscados pela API.'),
  })
  .and(idempotencyKeyInput);

const period = {
  accountId,
  kind: z.enum(MERCADOPAGO_REPORT_KINDS, 'Escolha o relatório: todas as transações ou liberações.'),
  from: dateInput('Informe o início do período.'),
  to: dateInput('Informe o fim do período.'),
};

const periodRules = <T extends { from: string; to: string }>(value: T, ctx: z.RefinementCtx) => {
  if (value.to < value.from) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'O fim do período vem antes do início.' });
  } else if (daysBetween(value.from, value.to) >= MAX_PERIOD_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'Busque no máximo um ano por vez.' });
  }
  if (value.from > todayInSaoPaulo()) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'O período começa no futuro.' });
  }
};

export const previewFetchInput = z.object(period).superRefine(periodRules);

export const fetchInput = z
  .object({
    ...period,
    acceptRejected: z.boolean('Informe se as linhas que não puderam ser lidas ficam de fora.').default(false),
  })
  .superRefine(periodRules)
  .and(idempotencyKeyInput);

/** What seals an account's token: the organization and the account, so a sealed token copied elsewhere fails. */
const contextOf = (organizationId: string, account: string) => `mercadopago_credentials:${organizationId}:${account}`;

async function credentialsOf(scope: LedgerScope, account: string) {
  const t = mercadopagoCredentials;
  const [row] = await scope.tx
    .select()
    .from(t)
    .where(and(eq(t.organizationId, scope.tenant.organizationId), eq(t.accountId, account)));
  return row;
}

/** An account's API settings as a person sees them: never the token, only whether one is saved and its end. */
export async function apiSettings(scope: LedgerScope, account: string) {
  await mustUseAccount(scope, account);
  const row = await credentialsOf(scope, account);
  return {
    accountId: account,
    tokenSaved: row !== undefined,
    tokenLast4: row?.tokenLast4 ?? null,
    enabled: row?.enabled ?? false,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    lastFetch: row?.lastFetchAt
      ? {
          at: row.lastFetchAt.toISOString(),
          outcome: row.lastFetchOutcome ?? 'error',
          message: row.lastFetchMessage ?? '',
        }
      : null,
  };
}

/** Saves the account's token (sealed) and switch; a save without a token keeps the one already saved. */
export async function saveApiSettings(
  scope: LedgerScope,
  keyring: Keyring,
  input: { accountId: string; token?: string | null | undefined; enabled: boolean },
) {
  await mustUseAccount(scope, input.accountId);
  const { organizationId } = scope.tenant;
  const before = await credentialsOf(scope, input.accountId);
  const newToken = input.token || null;
  if (!before && !newToken) throw new InvalidInputError('Informe o token de acesso do Mercado Pago.');
  const now = new Date();
  const changes = {
    enabled: input.enabled,
    updatedBy: scope.user.userId,
    updatedAt: now,
    ...(newToken
      ? {
          sealedToken: seal(keyring, contextOf(organizationId, input.accountId), newToken),
          tokenLast4: newToken.slice(-4),
        }
      : {}),
  };
  const t = mercadopagoCredentials;
  if (before) {
    await scope.tx
      .update(t)
      .set(changes)
      .where(and(eq(t.organizationId, organizationId), eq(t.id, before.id)));
  } else {
    await scope.tx
      .insert(t)
      .values({
        id: uuidv7(),
        organizationId,
        accountId: input.accountId,
        sealedToken: '',
        tokenLast4: '',
        createdBy: scope.user.userId,
        ...changes,
      })
      // Two first saves at once: the second updates what the first inserted.
      .onConflictDoUpdate({ target: [t.organizationId, t.accountId], set: changes });
  }
  await audit(scope, {
    action: 'financial_account.mercadopago_api',
    entity: 'financial_account',
    entityId: input.accountId,
    before: before ? { enabled: before.enabled, tokenLast4: before.tokenLast4 } : null,
    after: { enabled: input.enabled, tokenLast4: changes.tokenLast4 ?? before?.tokenLast4, tokenChanged: !!newToken },
  });
  return apiSettings(scope, input.accountId);
}

/** Forgets the account's token: fetching from the API stops until a token is saved again. */
export async function removeApiSettings(scope: LedgerScope, account: string) {
  await mustUseAccount(scope, account);
  const t = mercadopagoCredentials;
  const [removed] = await scope.tx
    .delete(t)
    .where(and(eq(t.organizationId, scope.tenant.organizationId), eq(t.accountId, account)))
    .returning({ enabled: t.enabled, tokenLast4: t.tokenLast4 });
  if (!removed) throw new InvalidInputError('Esta conta não tem token do Mercado Pago salvo.');
  await audit(scope, {
    action: 'financial_account.mercadopago_api_remove',
    entity: 'financial_account',
    entityId: account,
    before: removed,
    after: null,
  });
  return apiSettings(scope, account);
}

/** The account's token to call the API with, refused when none is saved or fetching is switched off. */
export async function tokenToFetch(scope: LedgerScope, keyring: Keyring, account: string): Promise<string> {
  await mustUseAccount(scope, account);
  const row = await credentialsOf(scope, account);
  if (!row) {
    throw new InvalidInputError(
      'Esta conta não tem token do Mercado Pago. Salve o token de acesso em "Configurar API".',
    );
  }
  if (!row.enabled) {
    throw new InvalidInputError(
      'A busca de relatórios pela API está desligada nesta conta. Ligue "Buscar relatórios pela API do Mercado Pago" em "Configurar API".',
    );
  }
  try {
    return open(keyring, contextOf(scope.tenant.organizationId, account), row.sealedToken);
  } catch (error) {
    if (error instanceof SealedSecretError) {
      throw new InvalidInputError(
        'O token salvo desta conta não pôde ser lido com a chave atual do servidor. Salve o token de acesso de novo em "Configurar API".',
      );
    }
    throw error;
  }
}

/** Records when the account last fetched and how it went (the message a person saw). */
export async function recordFetch(scope: LedgerScope, account: string, outcome: 'ok' | 'error', message: string) {
  const t = mercadopagoCredentials;
  await scope.tx
    .update(t)
    .set({ lastFetchAt: sql`now()`, lastFetchOutcome: outcome, lastFetchMessage: message.slice(0, 500) })
    .where(and(eq(t.organizationId, scope.tenant.organizationId), eq(t.accountId, account)));
}

const dayOffsets = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** São Paulo's offset from UTC (ms) at an instant. */
function offsetAt(instant: number): number {
  const parts = Object.fromEntries(dayOffsets.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant a São Paulo day starts. */
function startOfDay(day: string): Date {
  const wall = Date.parse(`${day}T00:00:00Z`);
  let instant = wall - offsetAt(wall + 3 * 3_600_000);
  instant = wall - offsetAt(instant);
  return new Date(instant);
}

/** The period of São Paulo days [from, to] as instants: from the first day's start to the last second of `to`. */
export function periodInstants(from: string, to: string): { begin: Date; end: Date } {
  return { begin: startOfDay(from), end: new Date(startOfDay(addDays(to, 1)).getTime() - 1000) };
}

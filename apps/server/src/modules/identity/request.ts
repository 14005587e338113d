import { eq } from 'drizzle-orm';
import { USER_POOL_CLIENT_ID } from '@financeiro/core';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { errors } from './errors';
import { users } from './schema';
import { InvalidTokenError, type createAccessTokenVerifier } from './tokens';
import type { User } from './users';

export interface IdentityContext {
  db: Db;
  env: Env;
  verifyAccessToken: ReturnType<typeof createAccessTokenVerifier>;
}

export type Body = Record<string, unknown>;
export type Operation = (ctx: IdentityContext, body: Body) => Promise<object>;

export function str(body: Body, key: string, required = true): string {
  const value = body[key];
  if (typeof value === 'string' && value.length > 0) return value;
  if (required) throw errors.invalidParameter(`${key} is required`);
  return '';
}

export function record(body: Body, key: string): Record<string, string> {
  const value = body[key];
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

export function assertClient(body: Body): void {
  if (body.ClientId !== USER_POOL_CLIENT_ID) throw errors.unknownClient();
}

export async function userFromAccessToken(ctx: IdentityContext, body: Body): Promise<User> {
  try {
    const { userId } = await ctx.verifyAccessToken(str(body, 'AccessToken'));
    const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
    if (!user) throw errors.userNotFound();
    return user;
  } catch (error) {
    if (error instanceof InvalidTokenError) throw errors.notAuthorized('Access Token has been revoked');
    throw error;
  }
}

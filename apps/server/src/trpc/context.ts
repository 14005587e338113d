import type { FastifyRequest } from 'fastify';
import type { Membership, TenantSelection } from '@financeiro/core';
import type { Db, DbOrTx, Tx } from '../db/client';
import type { Env } from '../env';
import type { createAccessTokenVerifier } from '../modules/identity';
import type { RateLimiter } from './rate-limit';

export interface ApiDeps {
  db: Db;
  env: Env;
  verifyAccessToken: ReturnType<typeof createAccessTokenVerifier>;
  /** The user's active memberships (the tenancy module's `loadMemberships`), checked against each request. */
  loadMemberships: (tx: DbOrTx, userId: string) => Promise<Membership[]>;
  /** What a new organization starts with besides its first unit (the registries module's `seedRegistries`). */
  seedOrganization: (tx: Tx, organizationId: string) => Promise<void>;
  rateLimiter: RateLimiter;
}

/** What every procedure starts from: the request's facts, none of them trusted yet. */
export interface RequestContext extends ApiDeps {
  requestId: string;
  ip: string | null;
  userAgent: string | null;
  accessToken: string | null;
  /** The tenant the client says it works in (headers); checked against the user's memberships before use. */
  requested: TenantSelection;
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
};

export function contextFromRequest(deps: ApiDeps, request: FastifyRequest): RequestContext {
  const authorization = header(request, 'authorization');
  return {
    ...deps,
    requestId: String(request.id),
    ip: request.ip ?? null,
    userAgent: header(request, 'user-agent') ?? null,
    accessToken: authorization?.startsWith('Bearer ') ? authorization.slice(7) : null,
    requested: {
      organizationId: header(request, 'x-organization-id'),
      unitId: header(request, 'x-unit-id'),
      departmentId: header(request, 'x-department-id'),
    },
  };
}

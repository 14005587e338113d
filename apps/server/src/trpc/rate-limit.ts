import { TRPCError } from '@trpc/server';
import { nowMs } from '../clock';
import type { Env } from '../env';

/** Requests are counted in windows of a minute. */
const WINDOW_MS = 60_000;
/** Past this many counters, the ended windows are dropped. */
const PURGE_ABOVE = 50_000;

/** Requests a minute: of each user, of each organization, and of each user's file uploads (imports and previews). */
export interface RateLimits {
  user: number;
  organization: number;
  uploads: number;
}

export const rateLimitsOf = (env: Env): RateLimits => ({
  user: env.RATE_LIMIT_USER,
  organization: env.RATE_LIMIT_ORGANIZATION,
  uploads: env.RATE_LIMIT_UPLOADS,
});

/** A request past a limit: 429 with the seconds until the window ends, sent as Retry-After too. */
export class TooManyRequestsError extends TRPCError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super({ code: 'TOO_MANY_REQUESTS', message });
  }
}

const WHO = {
  user: 'Você fez muitas solicitações',
  organization: 'Sua organização fez muitas solicitações',
  uploads: 'Você enviou muitos arquivos',
} as const;

/**
 * Counts each caller's requests in this server process, once the caller is known: one person, or one organization's
 * people together, cannot take the server from everyone else, and a burst of uploads is stopped sooner. A refused
 * request counts against no limit.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { endsAt: number; count: number }>();

  constructor(private readonly limits: RateLimits) {}

  take(request: { userId: string; organizationId?: string; upload: boolean }): void {
    const now = nowMs();
    const counted: [string, keyof RateLimits][] = [[`user:${request.userId}`, 'user']];
    if (request.organizationId) counted.push([`organization:${request.organizationId}`, 'organization']);
    if (request.upload) counted.push([`uploads:${request.userId}`, 'uploads']);
    for (const [key, limit] of counted) {
      const window = this.windows.get(key);
      if (window && window.endsAt > now && window.count >= this.limits[limit]) {
        const seconds = Math.max(1, Math.ceil((window.endsAt - now) / 1000));
        throw new TooManyRequestsError(`${WHO[limit]} em pouco tempo. Tente de novo em ${seconds} s.`, seconds);
      }
    }
    if (this.windows.size > PURGE_ABOVE) {
      for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
    }
    for (const [key] of counted) {
      const window = this.windows.get(key);
      if (window && window.endsAt > now) window.count += 1;
      else this.windows.set(key, { endsAt: now + WINDOW_MS, count: 1 });
    }
  }
}

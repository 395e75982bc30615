import { DomainError } from '../domain/errors.js';
import { feedSnapshotSchema, type SportsSource } from '../domain/sports/sports-source.js';
import { retryAfterMs } from './http-price-source.js';

export interface HttpSportsFeedOptions {
  url: string;
  timeoutMs: number;
  /** Sent as `Authorization: Bearer <token>` when set. */
  token?: string;
}

/**
 * The HTTP feed adapter: GETs the feed's JSON (format in docs/api.md), checks it against the
 * schema and hands the snapshot on. Like the `http` price source: 429 -> TOO_MANY_REQUESTS with
 * retryAfterSeconds (the worker pauses the sports queue), anything else -> UNAVAILABLE (retried).
 * A payload that fails the schema changes nothing.
 */
export function httpSportsFeed(options: HttpSportsFeedOptions): SportsSource {
  return {
    name: 'feed',
    async snapshot() {
      let response: Response;
      try {
        response = await fetch(options.url, {
          headers: { accept: 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        const timedOut = (error as Error).name === 'TimeoutError';
        throw new DomainError('UNAVAILABLE', timedOut ? `Sports feed timed out after ${options.timeoutMs} ms` : 'Sports feed unreachable');
      }
      if (response.status === 429) {
        await response.body?.cancel();
        const waitMs = retryAfterMs(response.headers.get('retry-after'));
        throw new DomainError('TOO_MANY_REQUESTS', 'Sports feed rate limit', { retryAfterSeconds: Math.ceil(waitMs / 1000) });
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new DomainError('UNAVAILABLE', `Sports feed answered ${response.status}`);
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new DomainError('UNAVAILABLE', 'Sports feed sent malformed JSON');
      }
      const parsed = feedSnapshotSchema.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new DomainError('UNAVAILABLE', `Sports feed payload is invalid at ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`, {
          code: 'FEED_INVALID',
        });
      }
      return parsed.data;
    },
  };
}

import { DomainError } from '../domain/errors.js';
import { feedSnapshotSchema, type SportsSource } from '../domain/sports/sports-source.js';
import { fetchJson } from './http-json-fetch.js';

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
      const body = await fetchJson({
        url: options.url,
        timeoutMs: options.timeoutMs,
        label: 'Sports feed',
        ...(options.token ? { headers: { authorization: `Bearer ${options.token}` } } : {}),
      });
      const parsed = feedSnapshotSchema.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new DomainError(
          'UNAVAILABLE',
          `Sports feed payload is invalid at ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`,
          {
            code: 'FEED_INVALID',
          },
        );
      }
      return parsed.data;
    },
  };
}

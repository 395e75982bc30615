import { DomainError } from '../domain/errors.js';

export interface HttpJsonFetchOptions {
  url: string;
  timeoutMs: number;
  /** Names the source in every error message, e.g. "Price source". */
  label: string;
  /** Sent besides `accept: application/json`. */
  headers?: Record<string, string>;
}

/** A 429's Retry-After (seconds or an HTTP date) in ms, or a default. */
export function retryAfterMs(header: string | null, fallbackMs = 60_000, now = Date.now()): number {
  if (!header) return fallbackMs;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.max(1_000, seconds * 1_000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? fallbackMs : Math.max(1_000, date - now);
}

/**
 * GETs an external JSON endpoint that a worker job polls. Every failure becomes a DomainError the
 * jobs understand: 429 -> TOO_MANY_REQUESTS with retryAfterSeconds (the job pauses or rate-limits
 * its queue), anything else (timeout, unreachable, non-2xx, malformed JSON) -> UNAVAILABLE (the job
 * retries with backoff). What the body must contain is the caller's business.
 */
export async function fetchJson(options: HttpJsonFetchOptions): Promise<unknown> {
  const { label, timeoutMs } = options;
  let response: Response;
  try {
    response = await fetch(options.url, {
      headers: { accept: 'application/json', ...options.headers },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    throw new DomainError(
      'UNAVAILABLE',
      timedOut ? `${label} timed out after ${timeoutMs} ms` : `${label} unreachable`,
    );
  }
  if (response.status === 429) {
    await response.body?.cancel();
    const waitMs = retryAfterMs(response.headers.get('retry-after'));
    throw new DomainError('TOO_MANY_REQUESTS', `${label} rate limit`, { retryAfterSeconds: Math.ceil(waitMs / 1000) });
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new DomainError('UNAVAILABLE', `${label} answered ${response.status}`);
  }
  try {
    return await response.json();
  } catch {
    throw new DomainError('UNAVAILABLE', `${label} sent malformed JSON`);
  }
}

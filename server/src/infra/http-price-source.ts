import { z } from 'zod';
import { DomainError } from '../domain/errors.js';
import type { PriceSource } from '../domain/token/token.service.js';
import { numberToUnits, parseUnits } from '../domain/token/token-units.js';

export interface HttpPriceSourceOptions {
  url: string;
  /** Where the price sits in the JSON body: dot-separated keys and array indexes, e.g. "data.0.price". */
  path: string;
  timeoutMs: number;
}

const priceValueSchema = z.union([z.number().positive().finite(), z.string().regex(/^\d+(\.\d+)?$/, 'a decimal string')]);

export function readPath(body: unknown, path: string): unknown {
  let value: unknown = body;
  for (const key of path.split('.').filter(Boolean)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function decimalToUnits(text: string): bigint {
  const [whole, fraction = ''] = text.split('.');
  if (fraction.length <= 8) return parseUnits(text);
  const truncated = parseUnits(`${whole}.${fraction.slice(0, 8)}`);
  return fraction[8]! >= '5' ? truncated + 1n : truncated;
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
 * An external JSON endpoint. Every failure becomes a DomainError the price job understands:
 * 429 -> TOO_MANY_REQUESTS with retryAfterSeconds (the job rate-limits its queue), anything else
 * -> UNAVAILABLE (the job retries with backoff).
 */
export function httpPriceSource(options: HttpPriceSourceOptions): PriceSource {
  return {
    name: 'http',
    async quote() {
      let response: Response;
      try {
        response = await fetch(options.url, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        const timedOut = (error as Error).name === 'TimeoutError';
        throw new DomainError('UNAVAILABLE', timedOut ? `Price source timed out after ${options.timeoutMs} ms` : 'Price source unreachable');
      }
      if (response.status === 429) {
        await response.body?.cancel();
        const waitMs = retryAfterMs(response.headers.get('retry-after'));
        throw new DomainError('TOO_MANY_REQUESTS', 'Price source rate limit', { retryAfterSeconds: Math.ceil(waitMs / 1000) });
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new DomainError('UNAVAILABLE', `Price source answered ${response.status}`);
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new DomainError('UNAVAILABLE', 'Price source sent malformed JSON');
      }
      const parsed = priceValueSchema.safeParse(readPath(body, options.path));
      if (!parsed.success) {
        throw new DomainError('UNAVAILABLE', `Price source has no positive price at "${options.path}"`);
      }
      const price = typeof parsed.data === 'number' ? numberToUnits(parsed.data) : decimalToUnits(parsed.data);
      if (price <= 0n) throw new DomainError('UNAVAILABLE', 'Price source price rounds to zero');
      return price;
    },
  };
}

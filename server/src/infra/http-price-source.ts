import { z } from 'zod';
import { DomainError } from '../domain/errors.js';
import type { PriceSource } from '../domain/token/token.service.js';
import { numberToUnits, parseUnits } from '../domain/token/token-units.js';
import { fetchJson } from './http-json-fetch.js';

export interface HttpPriceSourceOptions {
  url: string;
  /** Where the price sits in the JSON body: dot-separated keys and array indexes, e.g. "data.0.price". */
  path: string;
  timeoutMs: number;
}

const priceValueSchema = z.union([
  z.number().positive().finite(),
  z.string().regex(/^\d+(\.\d+)?$/, 'a decimal string'),
]);

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

/**
 * An external JSON endpoint (fetched by fetchJson: 429 -> TOO_MANY_REQUESTS, other failures ->
 * UNAVAILABLE). A body without a positive price at `path` is UNAVAILABLE too (the job retries).
 */
export function httpPriceSource(options: HttpPriceSourceOptions): PriceSource {
  return {
    name: 'http',
    async quote() {
      const body = await fetchJson({ url: options.url, timeoutMs: options.timeoutMs, label: 'Price source' });
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

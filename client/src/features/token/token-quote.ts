/**
 * The token.latest shape on the client and how a live `token-price-update` merges into it.
 * The tRPC API carries money as decimal strings; the /api/ws socket carries JSON numbers
 * (legacy clients read numbers), so numbers are turned back into 8-decimal strings here.
 * Pure logic, no I/O.
 */
import type { RouterOutputs } from '../../lib/router-types';

/** token.latest: price (USD per BZU), marketCap and volume24h are decimal strings; change24h is a percent. */
export type TokenQuote = RouterOutputs['token']['latest'];
export type TokenHistory = RouterOutputs['token']['history'];
export type TokenSupply = RouterOutputs['token']['supply'];
export type TokenBurns = RouterOutputs['token']['burns'];

/** The server's money precision: amounts are integers of 1e-8 units. */
const WIRE_DECIMALS = 8;

/** A wire amount as a decimal string; null when it is not a finite amount. */
export function wireDecimal(value: unknown): string | null {
  if (typeof value === 'string') return /^-?\d+(\.\d+)?$/.test(value.trim()) ? value.trim() : null;
  if (typeof value === 'number' && Number.isFinite(value)) return value.toFixed(WIRE_DECIMALS);
  return null;
}

/** The fields of a (possibly partial) price update that are well-formed. */
export function parseTokenUpdate(data: unknown): Partial<TokenQuote> {
  if (typeof data !== 'object' || data === null) return {};
  const raw = data as Record<string, unknown>;
  const update: Partial<TokenQuote> = {};
  for (const field of ['price', 'marketCap', 'volume24h'] as const) {
    const value = wireDecimal(raw[field]);
    if (value !== null) update[field] = value;
  }
  const change = typeof raw.change24h === 'string' ? Number(raw.change24h) : raw.change24h;
  if (typeof change === 'number' && Number.isFinite(change)) update.change24h = change;
  if (raw.symbol === 'BZU') update.symbol = 'BZU';
  if (raw.source === 'pool' || raw.source === 'http') update.source = raw.source;
  if (typeof raw.updatedAt === 'string' && !Number.isNaN(Date.parse(raw.updatedAt))) update.updatedAt = raw.updatedAt;
  return update;
}

function isComplete(quote: Partial<TokenQuote>): quote is TokenQuote {
  return (
    quote.symbol !== undefined &&
    quote.price !== undefined &&
    quote.change24h !== undefined &&
    quote.marketCap !== undefined &&
    quote.volume24h !== undefined &&
    quote.updatedAt !== undefined &&
    quote.source !== undefined
  );
}

/**
 * The cached quote after a live update. An update older than the cached quote (a poll already
 * brought something newer) changes nothing; a partial update with nothing cached is kept only if
 * it is complete, otherwise the caller refetches.
 */
export function mergeTokenUpdate(current: TokenQuote | undefined, update: Partial<TokenQuote>): TokenQuote | undefined {
  if (!current) return isComplete(update) ? update : undefined;
  if (update.updatedAt && Date.parse(update.updatedAt) < Date.parse(current.updatedAt)) return current;
  return { ...current, ...update };
}

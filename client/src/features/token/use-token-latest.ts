/** The latest BZU price as `token.latest` will return it. */
export interface TokenQuote {
  symbol: string;
  /** Decimal string. */
  price: string;
  change24h: string | number;
  marketCap?: string | null;
  volume24h?: string | null;
  updatedAt: string;
  source?: string;
}

export type TokenQuoteState =
  | { status: 'loading' }
  | { status: 'unavailable' }
  | { status: 'error'; message: string }
  | { status: 'ready'; quote: TokenQuote };

/**
 * The token card's data source. The server has no `token.latest` procedure yet, so this reports
 * "unavailable" and the card shows its empty state; the token engineer replaces the body with
 * `trpc.token.latest.useQuery(...)` (refetch every TOKEN_PRICE_REFRESH_MS) plus `token.onPrice`.
 */
export function useTokenLatest(): TokenQuoteState {
  return { status: 'unavailable' };
}

import { z } from 'zod';

export const historyRangeSchema = z.enum(['24h', '7d', '30d', 'all']);
export type HistoryRange = z.infer<typeof historyRangeSchema>;

export const historyInputSchema = z.object({ range: historyRangeSchema.default('24h') });
export const burnsInputSchema = z.object({ limit: z.number().int().min(1).max(100).default(20) }).optional();

export type PriceSourceName = 'pool' | 'http';

/** token.latest and the token-price-update event: exact decimal strings for money. */
export interface TokenData {
  symbol: 'BZU';
  /** USD per BZU, 8 decimals. */
  price: string;
  /** Percent change against the price 24 h earlier, 4 decimals (e.g. -1.2345). */
  change24h: number;
  marketCap: string;
  volume24h: string;
  updatedAt: string;
  source: PriceSourceName;
}

export interface TokenSupply {
  maxSupply: string;
  totalSupply: string;
  circulatingSupply: string;
  burned: string;
  updatedAt: string;
}

export interface TokenBurn {
  id: string;
  amount: string;
  usdValue: string;
  reason: string;
  createdAt: string;
  /** Buy-and-burn formula inputs (null on burns recorded otherwise): the closed hour [periodStart, periodEnd). */
  periodStart: string | null;
  periodEnd: string | null;
  /** Net gaming revenue of the period, USD. */
  revenue: string | null;
  /** Share of the revenue spent, a fraction ("0.2"). */
  share: string | null;
  usdSpent: string | null;
  bzuBought: string | null;
  /** Average USD per BZU paid. */
  price: string | null;
}

export interface TokenBurnPeriod {
  periodStart: string;
  periodEnd: string;
  revenue: string;
  share: string;
  status: 'burned' | 'skipped';
  reason: string | null;
  burnId: string | null;
}

export interface TokenBurns {
  totalBurned: string;
  burned24h: string;
  burns: TokenBurn[];
  /** Every hour the buy-and-burn job looked at, newest first, including the skipped ones. */
  periods: TokenBurnPeriod[];
}

export interface TokenHistory {
  range: HistoryRange;
  points: { t: string; price: string }[];
  /** The range's highest and lowest price over every stored point (null: no price in the range). */
  high: string | null;
  low: string | null;
}

export const tokenDataSchema = z.object({
  symbol: z.literal('BZU'),
  price: z.string(),
  change24h: z.number(),
  marketCap: z.string(),
  volume24h: z.string(),
  updatedAt: z.string(),
  source: z.enum(['pool', 'http']),
});

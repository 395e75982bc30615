import type { ColumnType } from 'kysely';
import type { Generated, Int8, Timestamp } from './schema.js';

/**
 * Token economy (migration 20261127_0301_token_economy): one row per closed hour the buy-and-burn
 * job looked at. The columns it added to token_swaps and token_burns are on their types in schema.ts.
 */
export interface TokenBurnPeriodsTable {
  period_start: Timestamp;
  period_end: Timestamp;
  revenue_e8: Int8;
  share_ppm: number;
  status: 'burned' | 'skipped';
  reason: string | null;
  burn_id: string | null;
  created_at: Generated<Timestamp>;
}

export type NullableInt8 = ColumnType<string | null, string | bigint | null | undefined, string | bigint | null>;

export interface TokenEconomyTables {
  token_burn_periods: TokenBurnPeriodsTable;
}

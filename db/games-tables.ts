import type { ColumnType } from 'kysely';
import type { Generated, Int8, NullableTimestamp, Timestamp } from './schema.js';
import type { LedgerCurrency } from './wallet-tables.js';

/** Originals tables (migration 20261127_0101_games). */
/** `refunded`: a round bet given back because its round never ran (migration 20261202_0901). */
export type BetState = 'open' | 'won' | 'lost' | 'refunded';

export interface SeedPairsTable {
  id: Generated<string>;
  user_id: number;
  server_seed: string;
  server_seed_hash: string;
  next_server_seed: string;
  next_server_seed_hash: string;
  client_seed: string;
  nonce: Generated<number>;
  active: Generated<boolean>;
  created_at: Generated<Timestamp>;
  revealed_at: NullableTimestamp;
}

type Json = ColumnType<unknown, string, string>;

export interface BetsTable {
  id: Generated<string>;
  user_id: number;
  game: string;
  currency: LedgerCurrency;
  amount_e8: Int8;
  payout_e8: Generated<Int8>;
  multiplier: Generated<string>;
  state: BetState;
  params: Json;
  outcome: Json;
  seed_pair_id: string;
  nonce: number;
  client_bet_id: string | null;
  high_roller: Generated<boolean>;
  created_at: Generated<Timestamp>;
  settled_at: NullableTimestamp;
  /** Round games (migration 20261129_0201): the public round the bet rides on. */
  round_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface GamesTables {
  seed_pairs: SeedPairsTable;
  bets: BetsTable;
}

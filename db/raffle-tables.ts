import type { ColumnType } from 'kysely';
import type { Generated, Int8, NullableTimestamp, Timestamp } from './schema.js';
import type { NullableInt8 } from './token-economy-tables.js';

/** Raffle tables (migration 20261127_0601_raffle). */
export type RaffleStatus = 'open' | 'closed' | 'drawn';

type Json = ColumnType<unknown, string, string>;
type NullableInt = ColumnType<number | null, number | null | undefined, number | null>;
type NullableText = ColumnType<string | null, string | null | undefined, string | null>;

export interface RafflesTable {
  id: Generated<string>;
  opens_at: Timestamp;
  closes_at: Timestamp;
  status: ColumnType<RaffleStatus, RaffleStatus | undefined, RaffleStatus>;
  server_seed: string;
  server_seed_hash: string;
  entrants_hash: NullableText;
  total_tickets: NullableInt8;
  players: NullableInt;
  revenue_e8: NullableInt8;
  revenue_share_ppm: number;
  funded_e8: NullableInt8;
  jackpot_e8: NullableInt8;
  pool_e8: NullableInt8;
  paid_e8: NullableInt8;
  prize_shares_ppm: Json;
  usd_per_ticket_e8: Int8;
  bzu_per_ticket_e8: Int8;
  closed_at: NullableTimestamp;
  drawn_at: NullableTimestamp;
  created_at: Generated<Timestamp>;
}

export interface RaffleFreeEntriesTable {
  raffle_id: string;
  user_id: number;
  created_at: Generated<Timestamp>;
}

export interface RaffleEntrantsTable {
  raffle_id: string;
  user_id: number;
  tickets: number;
  first_ticket: number;
  last_ticket: number;
  wagered_usd_e8: Generated<Int8>;
  wagered_bzu_e8: Generated<Int8>;
  holder_bonus: Generated<number>;
  free_entry: Generated<boolean>;
}

export interface RafflePrizesTable {
  raffle_id: string;
  prize_index: number;
  amount_e8: Int8;
  ticket: number;
  user_id: number;
  ledger_transaction_id: NullableInt8;
}

export interface RaffleTables {
  raffles: RafflesTable;
  raffle_free_entries: RaffleFreeEntriesTable;
  raffle_entrants: RaffleEntrantsTable;
  raffle_prizes: RafflePrizesTable;
}

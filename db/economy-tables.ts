import type { Generated, Int8, NullableTimestamp, Timestamp } from './schema.js';
import type { LedgerCurrency } from './wallet-tables.js';

/** The player economy tables (migration 20261127_0501_player_economy). */
export interface PlayerXpTable {
  user_id: number;
  xp_e8: Generated<Int8>;
  rank: Generated<string>;
  updated_at: Generated<Timestamp>;
}

export interface BetEconomyTable {
  bet_id: string;
  user_id: number;
  currency: LedgerCurrency;
  wagered_e8: Int8;
  house_edge_ppm: number;
  usd_value_e8: Int8;
  xp_e8: Int8;
  rank_before: string;
  rank_after: string;
  rakeback_share_ppm: number;
  boost_ppm: number;
  rakeback_e8: Int8;
  claimed_at: NullableTimestamp;
  created_at: Generated<Timestamp>;
}

export interface TipsTable {
  id: Generated<string>;
  sender_id: number;
  recipient_id: number;
  currency: LedgerCurrency;
  amount_e8: Int8;
  private: Generated<boolean>;
  ledger_transaction_id: string;
  created_at: Generated<Timestamp>;
}

export interface RainsTable {
  id: string;
  period_start: Timestamp;
  period_end: Timestamp;
  recipients: number;
  funded_usd_e8: Generated<Int8>;
  funded_bzu_e8: Generated<Int8>;
  share_usd_e8: Generated<Int8>;
  share_bzu_e8: Generated<Int8>;
  created_at: Generated<Timestamp>;
}

export interface RainRecipientsTable {
  rain_id: string;
  user_id: number;
}

export interface EconomyTables {
  player_xp: PlayerXpTable;
  bet_economy: BetEconomyTable;
  tips: TipsTable;
  rains: RainsTable;
  rain_recipients: RainRecipientsTable;
}

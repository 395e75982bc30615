import type { Generated, Int8, NullableTimestamp, Timestamp } from './schema.js';

/** Sportsbook tables (migration 20261127_0401_sportsbook). Odds are integers of 1/1000; money BIGINT 1e-8 units. */
export type SportsEventStatus = 'upcoming' | 'live' | 'finished' | 'cancelled';
export type SportsMarketType = '1x2' | 'moneyline' | 'totals' | 'handicap';
export type SportsMarketStatus = 'open' | 'suspended' | 'settled';
export type SportsSelectionResult = 'won' | 'lost' | 'void';
export type SportsBetStatus = 'open' | 'won' | 'lost' | 'void' | 'cashed_out';
export type SportsSourceName = 'operator' | 'feed';

export interface SportsTable {
  id: Generated<number>;
  name: string;
  created_at: Generated<Timestamp>;
}

export interface SportsCompetitionsTable {
  id: Generated<number>;
  sport_id: number;
  name: string;
  created_at: Generated<Timestamp>;
}

export interface SportsEventsTable {
  id: Generated<string>;
  competition_id: number;
  home: string;
  away: string;
  starts_at: Timestamp;
  status: Generated<SportsEventStatus>;
  source: SportsSourceName;
  external_id: string | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface SportsMarketsTable {
  id: Generated<string>;
  event_id: string;
  type: SportsMarketType;
  line_milli: number | null;
  status: Generated<SportsMarketStatus>;
  result_version: Generated<number>;
  /** The result version whose settlement run finished (migration 20261128_0601); behind `result_version`: not applied yet. */
  settled_version: Generated<number>;
  external_id: string | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface SportsSelectionsTable {
  id: Generated<string>;
  market_id: string;
  code: string;
  name: string;
  odds_milli: number;
  result: SportsSelectionResult | null;
  position: Generated<number>;
  updated_at: Generated<Timestamp>;
}

export interface SportsOddsHistoryTable {
  id: Generated<string>;
  selection_id: string;
  odds_milli: number;
  previous_odds_milli: number | null;
  source: string;
  created_at: Generated<Timestamp>;
}

export interface SportsBetsTable {
  id: Generated<string>;
  user_id: number;
  client_id: string;
  kind: 'single' | 'multi';
  currency: 'USD' | 'BZU';
  stake_e8: Int8;
  potential_return_e8: Int8;
  status: Generated<SportsBetStatus>;
  paid_e8: Generated<Int8>;
  settlement_count: Generated<number>;
  created_at: Generated<Timestamp>;
  settled_at: NullableTimestamp;
}

export interface SportsBetLegsTable {
  id: Generated<string>;
  bet_id: string;
  event_id: string;
  market_id: string;
  selection_id: string;
  odds_milli: number;
}

export interface SportsTables {
  sports: SportsTable;
  sports_competitions: SportsCompetitionsTable;
  sports_events: SportsEventsTable;
  sports_markets: SportsMarketsTable;
  sports_selections: SportsSelectionsTable;
  sports_odds_history: SportsOddsHistoryTable;
  sports_bets: SportsBetsTable;
  sports_bet_legs: SportsBetLegsTable;
}

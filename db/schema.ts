import type { ColumnType, Generated as KyselyGenerated } from 'kysely';
import type { AccountTables } from './account-tables.js';
import type { ChatTables } from './chat-tables.js';
import type { EventTables } from './event-tables.js';
import type { NullableInt8, TokenEconomyTables } from './token-economy-tables.js';
import type { EconomyTables } from './economy-tables.js';
import type { GamesTables } from './games-tables.js';
import type { SportsTables } from './sports-tables.js';
import type { RaffleTables } from './raffle-tables.js';
import type { WalletTables } from './wallet-tables.js';
import type { ChainTables } from './chain-tables.js';
import type { BackOfficeTables } from './back-office-tables.js';

/**
 * A column the database fills in when the insert leaves it out. Unlike kysely's own Generated, a
 * ColumnType argument (e.g. Timestamp) is not nested: selects still give its select type (Date).
 */
export type Generated<S> =
  S extends ColumnType<infer Select, infer Insert, infer Update>
    ? ColumnType<Select, Insert | undefined, Update>
    : KyselyGenerated<S>;

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface AppSettingsTable {
  key: string;
  value: unknown;
  updated_at: Generated<Timestamp>;
}

export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Migration 20261202_0501 added the staff roles finance, support and risk (domain/staff/roles.schemas.ts). */
export type UserRole = 'user' | 'admin' | 'finance' | 'support' | 'risk' | 'moderator';

export interface UsersTable {
  id: Generated<number>;
  login_name: string;
  public_username: string;
  email: string;
  password_hash: string;
  role: ColumnType<UserRole, UserRole | undefined, UserRole>;
  currency: ColumnType<string, string | undefined, string>;
  email_verified_at: NullableTimestamp;
  password_changed_at: Generated<Timestamp>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  /** The public bet page shows "Hidden" for this player's name (20261201_0401). */
  hide_bets: Generated<boolean>;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: number;
  /** SHA-256 (hex) of the bearer token; the token itself is never stored. */
  token_hash: string;
  ip: string | null;
  user_agent: string | null;
  created_at: Generated<Timestamp>;
  last_seen_at: Generated<Timestamp>;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export type EmailTokenPurpose = 'verify_email' | 'reset_password';

export interface EmailTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: EmailTokenPurpose;
  token_hash: string;
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface EmailOutboxTable {
  id: Generated<number>;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string | null;
  html_body: string | null;
  created_at: Generated<Timestamp>;
  attempts: Generated<number>;
  last_error: string | null;
  sent_at: NullableTimestamp;
  message_id: string | null;
  /** When the link inside dies with its token (migration 20261127_0202); null: no link. */
  expires_at: NullableTimestamp;
}

/** BIGINT / NUMERIC columns: pg returns them as strings; write bigint or string. */
export type Int8 = ColumnType<string, string | bigint, string | bigint>;

export interface TokenSupplyTable {
  symbol: string;
  max_supply_e8: Int8;
  locked_e8: Int8;
  burned_e8: Int8;
  genesis_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface TokenPoolsTable {
  id: string;
  reserve_bzu_e8: Int8;
  reserve_usd_e8: Int8;
  fee_bps: Generated<number>;
  updated_at: Generated<Timestamp>;
}

export interface TokenSwapsTable {
  id: Generated<string>;
  pool_id: string;
  side: 'buy' | 'sell';
  bzu_amount_e8: Int8;
  usd_amount_e8: Int8;
  idempotency_key: string;
  created_at: Generated<Timestamp>;
  /** Migration 20261127_0301: the trader (null: the house's buy-and-burn), fee, spot price after, ledger link. */
  user_id: ColumnType<number | null, number | null | undefined, number | null>;
  kind: Generated<'trade' | 'burn'>;
  fee_e8: Generated<Int8>;
  price_after_e8: NullableInt8;
  ledger_transaction_id: NullableInt8;
}

export interface TokenBurnsTable {
  id: Generated<string>;
  amount_e8: Int8;
  usd_value_e8: Int8;
  reason: string;
  idempotency_key: string;
  created_at: Generated<Timestamp>;
  /** Migration 20261127_0301: the buy-and-burn formula's inputs. */
  period_start: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  period_end: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revenue_e8: NullableInt8;
  share_ppm: ColumnType<number | null, number | null | undefined, number | null>;
  usd_spent_e8: NullableInt8;
  price_e8: NullableInt8;
  ledger_transaction_id: NullableInt8;
}

export interface TokenPricesTable {
  id: Generated<string>;
  slot_at: Timestamp;
  price_e8: Int8;
  source: string;
  change_24h: ColumnType<string, string | number, string | number>;
  market_cap_e8: Int8;
  volume_24h_e8: Int8;
  created_at: Generated<Timestamp>;
}

/**
 * Every table the app reads or writes. Each area adds its tables here next to its migration.
 */
export interface Database
  extends
    WalletTables,
    ChainTables,
    ChatTables,
    AccountTables,
    EventTables,
    TokenEconomyTables,
    GamesTables,
    EconomyTables,
    SportsTables,
    RaffleTables,
    BackOfficeTables {
  app_settings: AppSettingsTable;
  users: UsersTable;
  sessions: SessionsTable;
  email_tokens: EmailTokensTable;
  email_outbox: EmailOutboxTable;
  token_supply: TokenSupplyTable;
  token_pools: TokenPoolsTable;
  token_swaps: TokenSwapsTable;
  token_burns: TokenBurnsTable;
  token_prices: TokenPricesTable;
}

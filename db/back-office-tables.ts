import type { ColumnType } from 'kysely';
import type { Generated, Int8, Timestamp } from './schema.js';

/** The back office's tables (migration 20261202_0501_back_office). */
type Json = ColumnType<unknown, string | null, never>;

/** Append-only: the database refuses UPDATE, DELETE and TRUNCATE. */
export interface StaffAuditLogTable {
  id: Generated<string>;
  actor_id: number | null;
  actor_role: string;
  action: string;
  target_type: string;
  target_id: string | null;
  ip: string | null;
  user_agent: string | null;
  before: Json;
  after: Json;
  created_at: Generated<Timestamp>;
}

export interface ReportGameDaysTable {
  day: ColumnType<string, string, string>;
  currency: string;
  provider: string;
  game: string;
  family: string;
  bets: Int8;
  stake_e8: Int8;
  payout_e8: Int8;
  ratio_sum: number;
  ratio_sq_sum: number;
}

export interface ReportMoneyDaysTable {
  day: ColumnType<string, string, string>;
  currency: string;
  deposits_e8: Int8;
  deposits: number;
  withdrawals_e8: Int8;
  withdrawals: number;
  rakeback_e8: Int8;
  promotions_e8: Int8;
  house_tips_e8: Int8;
  burn_usd_e8: Int8;
  burned_bzu_e8: Int8;
}

export interface ReportPlayerDaysTable {
  day: ColumnType<string, string, string>;
  user_id: number;
  played: boolean;
  deposited: boolean;
  is_new: boolean;
}

export interface StaffNotesTable {
  id: Generated<string>;
  user_id: number;
  author_id: number;
  body: string;
  created_at: Generated<Timestamp>;
}

export interface BackOfficeTables {
  staff_audit_log: StaffAuditLogTable;
  report_game_days: ReportGameDaysTable;
  report_money_days: ReportMoneyDaysTable;
  report_player_days: ReportPlayerDaysTable;
  staff_notes: StaffNotesTable;
}

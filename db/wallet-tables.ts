import type { ColumnType } from 'kysely';
import type { Generated, Int8, NullableTimestamp, Timestamp } from './schema.js';

/** Wallet tables (migration 20261125_0001_wallet); amounts are BIGINT 1e-8 units. */
export type LedgerCurrency = 'USD' | 'BZU';
/** CONFIRMED (migration 20261201_0302): a hot-wallet payout whose transaction reached the network's confirmations. */
export type WithdrawalStatus = 'PENDING' | 'APPROVED' | 'SENDING' | 'SENT' | 'CONFIRMED' | 'REJECTED' | 'FAILED';
/** DROPPED (migration 20261201_0301): seen on chain, then its block left the canonical chain before the threshold. */
export type DepositStatus = 'PENDING' | 'CREDITED' | 'DROPPED';

export interface LedgerAccountsTable {
  id: Generated<string>;
  code: string;
  currency: LedgerCurrency;
  kind: 'user' | 'house';
  user_id: number | null;
  balance_e8: Generated<Int8>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface LedgerTransactionsTable {
  id: Generated<string>;
  idempotency_key: string;
  kind: string;
  user_id: number | null;
  memo: ColumnType<Record<string, unknown>, string | undefined, never>;
  created_at: Generated<Timestamp>;
}

export interface LedgerEntriesTable {
  id: Generated<string>;
  transaction_id: string;
  account_id: string;
  currency: LedgerCurrency;
  amount_e8: Int8;
  balance_after_e8: Int8;
}

export interface DepositAddressesTable {
  id: Generated<string>;
  user_id: number;
  network: string;
  address: string;
  derivation_path: string;
  created_at: Generated<Timestamp>;
}

export interface DepositsTable {
  id: Generated<string>;
  user_id: number;
  network: string;
  asset: string;
  currency: LedgerCurrency;
  address: string;
  tx_hash: string;
  output_index: Generated<number>;
  amount_e8: Int8;
  confirmations: Generated<number>;
  required_confirmations: number;
  status: Generated<DepositStatus>;
  flags: Generated<string[]>;
  ledger_transaction_id: string | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  credited_at: NullableTimestamp;
  /** Where the watcher saw it (migration 20261201_0301); null for deposits reported by the webhook. */
  block_number: Generated<Int8 | null>;
  block_hash: Generated<string | null>;
}

export interface WithdrawalsTable {
  id: Generated<string>;
  user_id: number;
  currency: LedgerCurrency;
  asset: string;
  network: string;
  address: string;
  amount_e8: Int8;
  fee_e8: Int8;
  status: Generated<WithdrawalStatus>;
  txid: string | null;
  reason: string | null;
  decided_by: number | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  decided_at: NullableTimestamp;
  sent_at: NullableTimestamp;
  /** Migration 20261127_0202: who approved (kept apart from who recorded the txid). */
  approved_by: Generated<number | null>;
  approved_at: NullableTimestamp;
  txid_recorded_by: Generated<number | null>;
  /** Set when the payout adapter was about to be called (status SENDING). */
  sending_at: NullableTimestamp;
  confirmed_at: NullableTimestamp;
}

export interface DepositLimitsTable {
  user_id: number;
  period: 'day' | 'week' | 'month';
  amount_e8: Int8 | null;
  pending_amount_e8: Int8 | null;
  pending_removal: Generated<boolean>;
  pending_effective_at: NullableTimestamp;
  updated_at: Generated<Timestamp>;
}

export interface SelfExclusionsTable {
  id: Generated<string>;
  user_id: number;
  starts_at: Generated<Timestamp>;
  ends_at: NullableTimestamp;
  created_at: Generated<Timestamp>;
  /** Migration 20261201_0201: time-outs and closures are exclusion rows too. */
  kind: Generated<'self-exclusion' | 'time-out' | 'closure'>;
  reopen_requested_at: NullableTimestamp;
}

export interface ReferralCommissionsTable {
  id: Generated<string>;
  referrer_id: number;
  referee_id: number | null;
  source_key: string;
  currency: LedgerCurrency;
  wagered_e8: Int8;
  house_edge_ppm: number;
  rate_ppm: number;
  commission_e8: Int8;
  created_at: Generated<Timestamp>;
  /** Set when a claim moved this commission into cash (migration 20261126_0001). */
  claimed_at: NullableTimestamp;
}

export interface ReferralCodesTable {
  id: Generated<string>;
  user_id: number;
  code: string;
  created_at: Generated<Timestamp>;
}

/** One row per (user, requestId) of a money move (migration 20261128_0502): the retried request's answer. */
export interface MoneyRequestsTable {
  user_id: number;
  request_id: string;
  kind: string;
  /** SHA-256 of what the request asked for: the same id with another body is refused. */
  fingerprint: string;
  answer: ColumnType<unknown, string | null, string>;
  created_at: Generated<Timestamp>;
}

export interface WalletTables {
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  deposit_addresses: DepositAddressesTable;
  deposits: DepositsTable;
  withdrawals: WithdrawalsTable;
  deposit_limits: DepositLimitsTable;
  self_exclusions: SelfExclusionsTable;
  referral_commissions: ReferralCommissionsTable;
  referral_codes: ReferralCodesTable;
  money_requests: MoneyRequestsTable;
}

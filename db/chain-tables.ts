import type { Int8, Timestamp, Generated } from './schema.js';

/** The deposit watcher's scan position per configured EVM network (migration 20261201_0301). */
export interface ChainCursorsTable {
  network: string;
  /** The first block the next scan reads. */
  next_block: Int8;
  updated_at: Generated<Timestamp>;
}

/** The hot wallet's next nonce per network (migration 20261201_0302). */
export interface ChainNoncesTable {
  network: string;
  sender: string;
  next_nonce: Int8;
}

/** HELD: another transaction took its nonce; an operator decides (migration 20261204_0151). */
export type ChainPayoutStatus = 'BROADCAST' | 'MINED' | 'CONFIRMED' | 'FAILED' | 'HELD';

/** One per withdrawal paid on chain: its nonce, fixed once (migration 20261201_0302). */
export interface ChainPayoutsTable {
  withdrawal_id: string;
  network: string;
  sender: string;
  nonce: Int8;
  status: Generated<ChainPayoutStatus>;
  mined_tx_hash: string | null;
  mined_block: Int8 | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** Each signed transaction of a payout (the first, then each fee bump of the same nonce). */
export interface ChainPayoutAttemptsTable {
  id: Generated<string>;
  withdrawal_id: string;
  tx_hash: string;
  raw_tx: string;
  gas: string;
  max_fee_per_gas: string;
  max_priority_fee_per_gas: string;
  created_at: Generated<Timestamp>;
}

/** A sweep or a gas top-up (migration 20261201_0303); amount in token units or wei. */
export interface ChainSweepsTable {
  id: Generated<string>;
  network: string;
  address: string;
  kind: 'TOPUP' | 'SWEEP';
  asset: string | null;
  amount: string;
  tx_hash: string;
  created_at: Generated<Timestamp>;
  /** A top-up's hot wallet and nonce (migration 20261202_0301); null for a sweep. */
  sender: string | null;
  nonce: Int8 | null;
  mined_tx_hash: string | null;
  /** When the top-up was seen mined; null while it waits (a sweep's is set when recorded). */
  settled_at: Timestamp | null;
}

/** Each signed transaction of a top-up: the first, then each fee bump of the same nonce (migration 20261202_0301). */
export interface ChainSweepAttemptsTable {
  id: Generated<string>;
  sweep_id: string;
  tx_hash: string;
  raw_tx: string;
  gas: string;
  max_fee_per_gas: string;
  max_priority_fee_per_gas: string;
  created_at: Generated<Timestamp>;
}

export interface ChainTables {
  chain_sweep_attempts: ChainSweepAttemptsTable;
  chain_sweeps: ChainSweepsTable;
  chain_cursors: ChainCursorsTable;
  chain_nonces: ChainNoncesTable;
  chain_payouts: ChainPayoutsTable;
  chain_payout_attempts: ChainPayoutAttemptsTable;
}

import type { Generated, NullableTimestamp, Timestamp } from './schema.js';

/** Two-factor and referral attribution tables (migration 20261126_0001_two_factor_referrals). */
export interface UserTwoFactorTable {
  user_id: number;
  /** AES-256-GCM of the base32 secret: "v1.<iv>.<tag>.<ciphertext>" (base64url parts). */
  secret_enc: string;
  enabled_at: NullableTimestamp;
  /** The newest TOTP time step accepted; a code for this step or an older one is refused. */
  last_used_step: string | number | null;
  created_at: Generated<Timestamp>;
}

export interface TwoFactorRecoveryCodesTable {
  id: Generated<string>;
  user_id: number;
  code_hash: string;
  used_at: NullableTimestamp;
  created_at: Generated<Timestamp>;
}

export interface ReferralsTable {
  referee_id: number;
  referrer_id: number;
  code_id: string | null;
  created_at: Generated<Timestamp>;
}

export interface AccountTables {
  user_two_factor: UserTwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  referrals: ReferralsTable;
}

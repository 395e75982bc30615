/** What the auth service needs from the outside world; services.ts plugs in the real ones. */

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(digest: string, password: string): Promise<boolean>;
  /** True when the digest was made with other parameters than the current ones. */
  needsRehash(digest: string): boolean;
}

export type AuthLimit =
  | 'loginIp'
  | 'loginAccount'
  | 'registerIp'
  | 'registerEmail'
  | 'resendIp'
  | 'resendEmail'
  | 'forgotIp'
  | 'forgotEmail'
  | 'twoFactor';

export interface AuthRateLimits {
  /** Spends one point; throws a TOO_MANY_REQUESTS DomainError when the key has none left. */
  consume(limit: AuthLimit, key: string): Promise<void>;
  reset(limit: AuthLimit, key: string): Promise<void>;
}

export interface MailQueue {
  /** Hands an outbox row to the e-mail queue. Never throws: a row left unsent is picked up by the sweep. */
  enqueue(outboxId: number): Promise<void>;
}

/**
 * Balances shown on the user object, as exact decimal strings. Until the wallet exists this is the
 * single placeholder answering "0"; the wallet replaces it in services.ts.
 */
export type BalanceReader = (userId: number) => Promise<{ balance: string; bzuBalance: string }>;

export interface RequestMeta {
  ip: string;
  userAgent?: string;
}

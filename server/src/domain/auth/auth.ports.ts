/** What the auth service needs from the outside world; server/src/composition/auth.ts plugs in the real ones. */
import { DomainError } from '../errors.js';

export interface PasswordHasher {
  /** Both wait their turn in the hashing line; they reject with passwordHashingUnavailable() when the
   *  hashing process died or did not answer in time. */
  hash(password: string): Promise<string>;
  /** With `signIn`, it is turned away like turnAwayIfFull() instead of waiting while the line is full. */
  verify(digest: string, password: string, options?: { signIn?: boolean }): Promise<boolean>;
  /** Throws tooManySignIns() (counted) while the hashing line is full: a login is turned away before any other work of its own. */
  turnAwayIfFull?(): void;
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
  | 'twoFactor'
  /** Password re-confirmation of a signed-in user (withdrawals, password change, step-up): its own counter. */
  | 'confirmPassword';

export interface AuthRateLimits {
  /** Spends one point; throws a TOO_MANY_REQUESTS DomainError when the key has none left. */
  consume(limit: AuthLimit, key: string): Promise<void>;
  reset(limit: AuthLimit, key: string): Promise<void>;
}

/** The slower per-account login limit (whatever the address): a growing delay, never a long lock. */
export interface LoginBackoff {
  /** Throws a TOO_MANY_REQUESTS DomainError (with the seconds to wait) while the account must wait. */
  take(accountKey: string): Promise<void>;
  reset(accountKey: string): Promise<void>;
}

export interface MailQueue {
  /** Hands an outbox row to the e-mail queue. Never throws: a row left unsent is picked up by the sweep. */
  enqueue(outboxId: number): Promise<void>;
}

/**
 * Balances shown on the user object, as exact decimal strings: the wallet's (WalletService.userBalances),
 * which is why the ledger's side of the wallet is composed before auth (server/src/composition/index.ts).
 */
export type BalanceReader = (userId: number) => Promise<{ balance: string; bzuBalance: string }>;

export interface RequestMeta {
  ip: string;
  userAgent?: string;
}

/** The answer to a sign-in that finds the hashing line full: at once, with when to come back. */
export function tooManySignIns(): DomainError {
  return new DomainError('UNAVAILABLE', 'Too many sign-ins at once, try again in a few seconds', {
    code: 'TOO_MANY_SIGN_INS',
    retryAfterSeconds: 3,
  });
}

/** The password hashing process died or did not answer in time; it is being replaced. */
export function passwordHashingUnavailable(): DomainError {
  return new DomainError('UNAVAILABLE', 'Signing in is briefly unavailable, try again in a few seconds', {
    code: 'PASSWORD_HASHING_UNAVAILABLE',
    retryAfterSeconds: 3,
  });
}

import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Db } from '../../../../db/client.js';
import * as repo from '../../../../db/repositories/two-factor.repo.js';
import type { TwoFactorRow } from '../../../../db/repositories/two-factor.repo.js';
import { DomainError } from '../errors.js';
import type { AuthRateLimits } from './auth.ports.js';
import { hashRecoveryCode, newRecoveryCode, openSecret, sealSecret } from './two-factor.crypto.js';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
export const INVALID_CODE_MESSAGE = 'That code is not valid. Check your authenticator app and try again.';
export const CODE_USED_MESSAGE = 'That code was already used. Wait for the next code in your authenticator app.';
export const CODE_REQUIRED_MESSAGE = 'otp: a two-factor code is required';

export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: string | null;
  /** A secret was issued by begin() but not confirmed yet. */
  pending: boolean;
  recoveryCodesLeft: number;
}

export interface TwoFactorSetup {
  /** Base32, for manual entry; shown only while setting up. */
  secret: string;
  /** otpauth://totp/... */
  uri: string;
  /** The URI as a PNG QR code, a data: URL. */
  qrCode: string;
}

export interface TwoFactorDeps {
  db: Db;
  limits: AuthRateLimits;
  /** Re-checks the account password (rate limited by auth); throws when wrong. */
  confirmPassword: (userId: number, password: string) => Promise<void>;
  now?: () => Date;
}

export interface TwoFactorOptions {
  issuer: string;
  /** 32 bytes: AES-256-GCM key for the secrets at rest. */
  encryptionKey: Buffer;
}

/**
 * TOTP two-factor authentication (RFC 6238: SHA-1, 6 digits, 30 s, +-1 step). A code is accepted
 * once: the accepted time step is stored and a code for that step or an older one is refused.
 * Recovery codes are single use and stored as SHA-256 digests. Every code attempt spends a point
 * of the per-account `twoFactor` limit; a correct code gives the points back.
 */
export class TwoFactorService {
  private readonly now: () => Date;

  constructor(
    private readonly deps: TwoFactorDeps,
    private readonly options: TwoFactorOptions,
  ) {
    if (options.encryptionKey.length !== 32) throw new Error('The two-factor encryption key must be 32 bytes');
    this.now = deps.now ?? (() => new Date());
  }

  async status(userId: number): Promise<TwoFactorStatus> {
    const row = await this.row(userId);
    const enabled = Boolean(row?.enabled_at);
    const left = enabled ? await repo.countUnusedRecoveryCodes(this.deps.db, userId) : 0;
    return {
      enabled,
      enabledAt: row?.enabled_at ? new Date(row.enabled_at).toISOString() : null,
      pending: Boolean(row && !row.enabled_at),
      recoveryCodesLeft: left,
    };
  }

  /** A new secret (replacing an unconfirmed one); refused while 2FA is on. */
  async begin(user: { id: number; loginName: string }): Promise<TwoFactorSetup> {
    const secret = new Secret({ size: 20 }).base32;
    const sealed = sealSecret(this.options.encryptionKey, user.id, secret);
    if (!(await repo.storePendingSecret(this.deps.db, user.id, sealed, this.now()))) throw alreadyEnabled();
    const uri = this.totp(secret, user.loginName).toString();
    const qrCode = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
    return { secret, uri, qrCode };
  }

  /** The first valid code turns 2FA on; answers the recovery codes, shown this once only. */
  async confirm(userId: number, code: string): Promise<{ recoveryCodes: string[] }> {
    const row = await this.row(userId);
    if (!row) throw new DomainError('BAD_REQUEST', 'Start two-factor setup first', { code: 'TWO_FACTOR_NOT_STARTED' });
    if (row.enabled_at) throw alreadyEnabled();
    await this.attempt(userId, () => this.acceptTotp(userId, row, code));
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, () => newRecoveryCode());
    if (!(await repo.enableTwoFactor(this.deps.db, userId, recoveryCodes.map(hashRecoveryCode), this.now())))
      throw alreadyEnabled();
    return { recoveryCodes };
  }

  /** Turns 2FA off: needs the password and a current code or an unused recovery code. */
  async disable(userId: number, input: { password: string; code: string }): Promise<{ message: string }> {
    const row = await this.row(userId);
    if (!row?.enabled_at) throw notEnabled();
    await this.deps.confirmPassword(userId, input.password);
    await this.verify(userId, row, input.code);
    await repo.deleteTwoFactor(this.deps.db, userId);
    return { message: 'Two-factor authentication is off.' };
  }

  /**
   * The check sensitive actions (withdrawals) make: nothing to do when 2FA is off; otherwise a
   * current code or an unused recovery code is required.
   */
  async requireCode(userId: number, code: string | undefined): Promise<void> {
    const row = await this.row(userId);
    if (!row?.enabled_at) return;
    if (!code?.trim()) throw new DomainError('BAD_REQUEST', CODE_REQUIRED_MESSAGE, { code: 'TWO_FACTOR_REQUIRED' });
    await this.verify(userId, row, code);
  }

  // ---- helpers -----------------------------------------------------------------------------

  private async verify(userId: number, row: TwoFactorRow, code: string): Promise<void> {
    const compact = code.replace(/\s/g, '');
    await this.attempt(userId, () =>
      /^\d{6}$/.test(compact) ? this.acceptTotp(userId, row, compact) : this.acceptRecoveryCode(userId, code),
    );
  }

  /** Spends a point of the account's limit, runs the check, and gives the points back on success. */
  private async attempt(userId: number, check: () => Promise<void>): Promise<void> {
    const key = `user:${userId}`;
    await this.deps.limits.consume('twoFactor', key);
    await check();
    await this.deps.limits.reset('twoFactor', key);
  }

  private async acceptTotp(userId: number, row: TwoFactorRow, code: string): Promise<void> {
    const token = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(token)) throw invalidCode();
    const secret = openSecret(this.options.encryptionKey, userId, row.secret_enc);
    const timestamp = this.now().getTime();
    const totp = this.totp(secret, 'check');
    const delta = totp.validate({ token, timestamp, window: 1 });
    if (delta === null) throw invalidCode();
    const step = totp.counter({ timestamp }) + delta;
    // Of two requests with the same code, only one moves the step forward.
    if (!(await repo.advanceTotpStep(this.deps.db, userId, step)))
      throw new DomainError('BAD_REQUEST', CODE_USED_MESSAGE, { code: 'TWO_FACTOR_CODE_USED' });
  }

  private async acceptRecoveryCode(userId: number, code: string): Promise<void> {
    if (!(await repo.useRecoveryCode(this.deps.db, userId, hashRecoveryCode(code), this.now()))) throw invalidCode();
  }

  private totp(secret: string, label: string): TOTP {
    return new TOTP({
      issuer: this.options.issuer,
      label,
      algorithm: 'SHA1',
      digits: TOTP_DIGITS,
      period: TOTP_PERIOD_SECONDS,
      secret: Secret.fromBase32(secret),
    });
  }

  private row(userId: number): Promise<TwoFactorRow | undefined> {
    return repo.findTwoFactor(this.deps.db, userId);
  }
}

function invalidCode(): DomainError {
  return new DomainError('BAD_REQUEST', INVALID_CODE_MESSAGE, { code: 'INVALID_TWO_FACTOR_CODE' });
}

function alreadyEnabled(): DomainError {
  return new DomainError('CONFLICT', 'Two-factor authentication is already on', { code: 'TWO_FACTOR_ENABLED' });
}

function notEnabled(): DomainError {
  return new DomainError('CONFLICT', 'Two-factor authentication is not on', { code: 'TWO_FACTOR_NOT_ENABLED' });
}

import type { Db } from '../../../../db/client.js';
import {
  consumeEmailToken,
  deleteExpiredEmailTokens,
  emailTokenOwnerVerified,
  findUsableEmailToken,
  insertEmailToken,
  retireEmailTokens,
} from '../../../../db/repositories/email-tokens.repo.js';
import { insertOutboxMail } from '../../../../db/repositories/email-outbox.repo.js';
import { uniqueViolation } from '../../../../db/repositories/pg-errors.js';
import {
  deleteDeadSessions,
  findLiveSession,
  hasSignedInFrom,
  insertSession,
  listLiveSessions,
  revokeSession,
  revokeUserSessions,
  touchSession,
} from '../../../../db/repositories/sessions.repo.js';
import {
  findUserByEmail,
  findUserById,
  findUserByLoginName,
  findUserConflicts,
  insertUser,
  markEmailVerified,
  rehashPassword,
  setUserRole,
  updateDisplayName,
  updatePasswordHash,
  type UserRow,
} from '../../../../db/repositories/users.repo.js';
import { DomainError } from '../errors.js';
import { passwordResetMail, verificationMail, linkWithToken, type MailContent } from './auth.mails.js';
import {
  type AuthRateLimits,
  type BalanceReader,
  type LoginBackoff,
  type MailQueue,
  type PasswordHasher,
  type RequestMeta,
} from './auth.ports.js';
import type { LoginInput, RegisterInput, Role } from './auth.schemas.js';
import { hashToken, isEmailLogin, limitKey, newOpaqueToken, normalizePassword } from './auth.tokens.js';
import { toAuthUser, toUserView, type AuthUser, type SessionView, type UserView } from './auth.views.js';

export const REGISTERED_MESSAGE = 'Registration successful! Please verify your email.';
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid credentials';
export const NOT_VERIFIED_MESSAGE = 'Please verify your email address before logging in.';
export const NOT_AUTHENTICATED_MESSAGE = 'Not authenticated';
export const INVALID_VERIFICATION_LINK_MESSAGE = 'Invalid or expired verification link';
export const INVALID_RESET_LINK_MESSAGE = 'Invalid or expired password reset link';
export const RESEND_MESSAGE =
  'If that address belongs to an account that is not verified yet, a new verification link is on its way.';
export const FORGOT_MESSAGE = 'If that address belongs to an account, a password reset link is on its way.';
export const RESET_DONE_MESSAGE = 'Your password has been reset. Please log in with your new password.';
export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed. Your other sessions were signed out.';
export const COMMON_PASSWORD_MESSAGE = 'Password is too common. Please choose a less common password.';

export interface AuthServiceOptions {
  /** Unverified accounts cannot log in; when off, registration signs the user in at once. */
  emailVerification: boolean;
  sessionTtlMs: number;
  verificationTtlMs: number;
  resetTtlMs: number;
  /** Base of the links in e-mails: the client's /verify-email and /reset-password pages. */
  publicUrl: string;
}

export interface AuthServiceDeps {
  db: Db;
  hasher: PasswordHasher;
  limits: AuthRateLimits;
  mailQueue: MailQueue;
  balances: BalanceReader;
  isCommonPassword: (password: string) => boolean;
  /** Attributes a new account to the owner of a referral code, inside the registration's transaction. */
  attributeReferral?: (trx: Db, userId: number, code: string) => Promise<unknown>;
  /** The slower per-account login limit for addresses the account never signed in from. */
  loginBackoff?: LoginBackoff;
  /** The two-factor check of step-up actions (no-op for accounts without 2FA); see TwoFactorService.requireCode. */
  secondFactor?: (userId: number, code: string | undefined) => Promise<void>;
  /** Told after sessions were revoked (logout, password change/reset, revoke), to close their live sockets. */
  onSessionsRevoked?: (sessionIds: string[]) => Promise<void>;
  now?: () => Date;
}

/** An address the account signed in from within this period counts as known (skips the backoff). */
const KNOWN_ADDRESS_MS = 30 * 24 * 3_600_000;

export interface AuthenticatedSession {
  user: AuthUser;
  sessionId: string;
  /** When the session expires; live connections end then. */
  expiresAt?: Date;
}

/**
 * Re-checks a signed-in user's password; a function of its own so that two-factor setup can use it
 * without holding the auth service (which itself needs the two-factor check).
 */
export async function confirmAccountPassword(
  deps: Pick<AuthServiceDeps, 'db' | 'hasher' | 'limits'>,
  userId: number,
  password: string,
  message = 'Password is incorrect',
): Promise<void> {
  const { db, hasher, limits } = deps;
  // Its own counter: failed logins by others never block the owner's re-confirmation, and the
  // owner's typos here never lock the login.
  const accountKey = `user:${userId}`;
  await limits.consume('confirmPassword', accountKey);
  const row = await findUserById(db, userId);
  if (!row) throw new DomainError('UNAUTHORIZED', NOT_AUTHENTICATED_MESSAGE);
  // Not a 401: that would sign the client out for a typo.
  if (!(await hasher.verify(row.password_hash, normalizePassword(password)))) {
    throw new DomainError('BAD_REQUEST', message, { code: 'INVALID_PASSWORD' });
  }
  await limits.reset('confirmPassword', accountKey);
}

/** How often a session's last-seen time is written at most. */
const TOUCH_INTERVAL_MS = 60_000;

/** Accounts: registration, e-mail verification, login, sessions and password recovery. */
export class AuthService {
  private readonly now: () => Date;
  private dummyDigest?: Promise<string>;

  constructor(
    private readonly deps: AuthServiceDeps,
    private readonly options: AuthServiceOptions,
  ) {
    this.now = deps.now ?? (() => new Date());
  }

  // ---- registration and e-mail verification ------------------------------------------------

  async register(
    input: RegisterInput,
    meta: RequestMeta,
  ): Promise<{ message: string; user: UserView; token?: string; expiresAt?: string }> {
    const { limits, hasher, db } = this.deps;
    // Limits come first: nothing below (lookups, hashing) runs for a client over its budget.
    await limits.consume('registerIp', meta.ip);
    await limits.consume('registerEmail', limitKey(input.email));
    const password = normalizePassword(input.password);
    this.refuseCommonPassword(password);
    const publicUsername = input.publicUsername ?? input.loginName;

    const conflicts = await findUserConflicts(db, { email: input.email, loginName: input.loginName, publicUsername });
    if (conflicts.email) throw emailTaken();
    if (conflicts.loginName) throw loginNameTaken();
    if (conflicts.publicUsername) throw displayNameTaken();

    const passwordHash = await hasher.hash(password);
    const verify = this.options.emailVerification;
    let outboxId: number | undefined;
    let row: UserRow;
    try {
      row = await db.transaction().execute(async (trx) => {
        const created = await insertUser(trx, {
          loginName: input.loginName,
          publicUsername,
          email: input.email,
          passwordHash,
          currency: input.currency ?? 'USD',
          emailVerifiedAt: verify ? null : this.now(),
        });
        if (verify) outboxId = await this.writeVerificationMail(trx, created);
        // An unknown code is ignored: the account is created either way.
        if (input.ref && this.deps.attributeReferral) await this.deps.attributeReferral(trx, created.id, input.ref);
        return created;
      });
    } catch (error) {
      // Two registrations that both passed the check above: the unique index decides.
      throw conflictFromUniqueViolation(error) ?? error;
    }
    if (outboxId !== undefined) await this.deps.mailQueue.enqueue(outboxId);

    const user = await this.view(toAuthUser(row));
    if (verify) return { message: REGISTERED_MESSAGE, user };
    const session = await this.openSession(row.id, meta);
    return { message: REGISTERED_MESSAGE, user, token: session.token, expiresAt: session.expiresAt };
  }

  async confirmEmail(token: string): Promise<{ message: string; user: UserView }> {
    const now = this.now();
    const row = await this.deps.db.transaction().execute(async (trx) => {
      const userId = await consumeEmailToken(trx, hashToken(token), 'verify_email', now);
      return userId === undefined ? undefined : markEmailVerified(trx, userId);
    });
    if (!row) {
      // The legacy answer stays "invalid or expired"; the code tells a page to say the address is already verified.
      const verified = await emailTokenOwnerVerified(this.deps.db, hashToken(token), 'verify_email');
      throw new DomainError('BAD_REQUEST', INVALID_VERIFICATION_LINK_MESSAGE, {
        code: verified ? 'EMAIL_ALREADY_VERIFIED' : 'INVALID_TOKEN',
      });
    }
    return { message: 'Email verified', user: await this.view(toAuthUser(row)) };
  }

  /** Same answer whether or not the address is registered or already verified. */
  async resendVerification(email: string, meta: RequestMeta): Promise<{ message: string }> {
    await this.deps.limits.consume('resendIp', meta.ip);
    await this.deps.limits.consume('resendEmail', limitKey(email));
    const row = await findUserByEmail(this.deps.db, email);
    if (row && row.email_verified_at === null && this.options.emailVerification) {
      const outboxId = await this.deps.db.transaction().execute(async (trx) => {
        await retireEmailTokens(trx, row.id, 'verify_email');
        return this.writeVerificationMail(trx, row);
      });
      await this.deps.mailQueue.enqueue(outboxId);
    }
    return { message: RESEND_MESSAGE };
  }

  // ---- login and sessions --------------------------------------------------------------------

  async login(input: LoginInput, meta: RequestMeta): Promise<{ token: string; expiresAt: string; user: UserView }> {
    const { limits, hasher, db } = this.deps;
    // A burst beyond the hashing line is turned away before its lookups and limit counters cost anything.
    hasher.turnAwayIfFull?.();
    await limits.consume('loginIp', meta.ip);
    const login = input.login.trim();
    const row = isEmailLogin(login) ? await findUserByEmail(db, login) : await findUserByLoginName(db, login);
    // Unknown names get their own key, so probing them costs the same as probing real accounts.
    const accountKey = row ? `user:${row.id}` : `name:${limitKey(login)}`;
    // Per account AND address: a stranger's guesses lock only the stranger's address out.
    const accountIpKey = `${accountKey}|${meta.ip}`;
    await limits.consume('loginAccount', accountIpKey);
    // Guesses spread over many addresses meet a per-account backoff (seconds, never a long lock);
    // the owner's known addresses skip it.
    const known = row
      ? await hasSignedInFrom(db, row.id, meta.ip.slice(0, 64), new Date(this.now().getTime() - KNOWN_ADDRESS_MS))
      : false;
    if (!known) await this.deps.loginBackoff?.take(accountKey);

    const password = normalizePassword(input.password);
    // An unknown account still costs one hash, so timing does not tell whether it exists.
    const digest = row?.password_hash ?? (await this.dummyPasswordDigest());
    const valid = await hasher.verify(digest, password, { signIn: true });
    if (!row || !valid)
      throw new DomainError('UNAUTHORIZED', INVALID_CREDENTIALS_MESSAGE, { code: 'INVALID_CREDENTIALS' });
    // Only after the password proved the caller owns the account do we say it is unverified.
    if (this.options.emailVerification && row.email_verified_at === null) {
      throw new DomainError('FORBIDDEN', NOT_VERIFIED_MESSAGE, { code: 'EMAIL_NOT_VERIFIED' });
    }
    // The password is right: the second step is asked only of its owner, with its own per-account limit.
    await limits.reset('loginAccount', accountIpKey);
    await this.deps.loginBackoff?.reset(accountKey);
    await this.deps.secondFactor?.(row.id, input.twoFactorCode).catch((error: unknown) => {
      throw loginRefusal(error);
    });
    if (hasher.needsRehash(row.password_hash)) {
      await rehashPassword(db, row.id, row.password_hash, await hasher.hash(password));
    }
    const session = await this.openSession(row.id, meta);
    return { token: session.token, expiresAt: session.expiresAt, user: await this.view(toAuthUser(row)) };
  }

  /** The user behind a bearer token, or null when the token is unknown, revoked or expired. */
  async authenticate(token: string | undefined | null): Promise<AuthUser | null> {
    return (await this.authenticateSession(token))?.user ?? null;
  }

  async authenticateSession(token: string | undefined | null): Promise<AuthenticatedSession | null> {
    if (!token || token.length > 256) return null;
    const now = this.now();
    const found = await findLiveSession(this.deps.db, hashToken(token), now);
    if (!found) return null;
    if (now.getTime() - new Date(found.session.last_seen_at).getTime() > TOUCH_INTERVAL_MS) {
      await touchSession(this.deps.db, found.session.id);
    }
    return { user: toAuthUser(found.user), sessionId: found.session.id, expiresAt: new Date(found.session.expires_at) };
  }

  /** Like authenticateSession, but a missing or dead session is a 401. */
  async requireSession(token: string | undefined | null): Promise<AuthenticatedSession> {
    const session = await this.authenticateSession(token);
    if (!session) throw new DomainError('UNAUTHORIZED', NOT_AUTHENTICATED_MESSAGE, { code: 'UNAUTHORIZED' });
    return session;
  }

  async logout(auth: AuthenticatedSession): Promise<void> {
    if (await revokeSession(this.deps.db, auth.user.id, auth.sessionId)) await this.sessionsRevoked([auth.sessionId]);
  }

  async sessions(auth: AuthenticatedSession): Promise<SessionView[]> {
    const rows = await listLiveSessions(this.deps.db, auth.user.id, this.now());
    return rows.map((row) => ({
      id: row.id,
      current: row.id === auth.sessionId,
      ip: row.ip,
      userAgent: row.user_agent,
      createdAt: new Date(row.created_at).toISOString(),
      lastSeenAt: new Date(row.last_seen_at).toISOString(),
      expiresAt: new Date(row.expires_at).toISOString(),
    }));
  }

  /** Signing out another session needs the 2FA code (when on): a stolen password must not lock the owner out. */
  async revokeSession(auth: AuthenticatedSession, sessionId: string, otp?: string): Promise<{ message: string }> {
    if (sessionId !== auth.sessionId) await this.deps.secondFactor?.(auth.user.id, otp);
    const revoked = await revokeSession(this.deps.db, auth.user.id, sessionId);
    if (!revoked) throw new DomainError('NOT_FOUND', 'Session not found', { code: 'SESSION_NOT_FOUND' });
    await this.sessionsRevoked([sessionId]);
    return { message: 'Session revoked' };
  }

  // ---- profile -----------------------------------------------------------------------------

  async me(user: AuthUser): Promise<UserView> {
    return this.view(user);
  }

  async changeDisplayName(user: AuthUser, publicUsername: string): Promise<UserView> {
    let row: UserRow | undefined;
    try {
      row = await updateDisplayName(this.deps.db, user.id, publicUsername);
    } catch (error) {
      throw conflictFromUniqueViolation(error) ?? error;
    }
    if (!row) throw new DomainError('UNAUTHORIZED', NOT_AUTHENTICATED_MESSAGE);
    return this.view(toAuthUser(row));
  }

  async setRole(loginName: string, role: Role): Promise<UserView> {
    const row = await setUserRole(this.deps.db, loginName, role);
    if (!row) throw new DomainError('NOT_FOUND', `No user with login name ${loginName}`, { code: 'USER_NOT_FOUND' });
    return this.view(toAuthUser(row));
  }

  // ---- passwords ---------------------------------------------------------------------------

  /** Same answer whether or not the address is registered. */
  async forgotPassword(email: string, meta: RequestMeta): Promise<{ message: string }> {
    await this.deps.limits.consume('forgotIp', meta.ip);
    await this.deps.limits.consume('forgotEmail', limitKey(email));
    const row = await findUserByEmail(this.deps.db, email);
    if (row) {
      const outboxId = await this.deps.db.transaction().execute(async (trx) => {
        await retireEmailTokens(trx, row.id, 'reset_password');
        const token = newOpaqueToken();
        const expiresAt = new Date(this.now().getTime() + this.options.resetTtlMs);
        await insertEmailToken(trx, {
          userId: row.id,
          purpose: 'reset_password',
          tokenHash: hashToken(token),
          expiresAt,
        });
        const link = linkWithToken(this.options.publicUrl, '/reset-password', token);
        const minutes = Math.round(this.options.resetTtlMs / 60_000);
        return this.writeMail(trx, row.email, passwordResetMail(row.login_name, link, minutes), expiresAt);
      });
      await this.deps.mailQueue.enqueue(outboxId);
    }
    return { message: FORGOT_MESSAGE };
  }

  /** Sets a new password from a reset link; every session of the account is revoked. */
  async resetPassword(token: string, newPassword: string): Promise<{ message: string }> {
    const { db, hasher } = this.deps;
    const tokenHash = hashToken(token);
    // Check the link before spending a hash on it; it is used up only in the transaction below.
    if (!(await findUsableEmailToken(db, tokenHash, 'reset_password', this.now()))) throw invalidResetLink();
    const password = normalizePassword(newPassword);
    this.refuseCommonPassword(password);
    const passwordHash = await hasher.hash(password);
    const revoked = await db.transaction().execute(async (trx) => {
      const userId = await consumeEmailToken(trx, tokenHash, 'reset_password', this.now());
      if (userId === undefined) return undefined;
      // Following the link proved the mailbox is theirs, so the address counts as verified.
      await updatePasswordHash(trx, userId, passwordHash, { markVerified: true });
      return revokeUserSessions(trx, userId);
    });
    if (!revoked) throw invalidResetLink();
    await this.sessionsRevoked(revoked);
    return { message: RESET_DONE_MESSAGE };
  }

  /**
   * Re-checks the password of a signed-in user before a sensitive action (e.g. a withdrawal);
   * limited like logins. Throws BAD_REQUEST INVALID_PASSWORD when wrong.
   */
  async confirmPassword(userId: number, password: string, message = 'Password is incorrect'): Promise<void> {
    await confirmAccountPassword(this.deps, userId, password, message);
  }

  /** Step-up: the password, then the two-factor code when the account has 2FA on. */
  async confirmStepUp(userId: number, password: string | undefined, otp: string | undefined): Promise<void> {
    if (!password)
      throw new DomainError('BAD_REQUEST', 'Please confirm with your password', { code: 'PASSWORD_REQUIRED' });
    await this.confirmPassword(userId, password);
    await this.deps.secondFactor?.(userId, otp);
  }

  async changePassword(
    auth: AuthenticatedSession,
    input: { currentPassword: string; newPassword: string; otp?: string },
  ): Promise<{ message: string }> {
    const { db, hasher } = this.deps;
    await this.confirmPassword(auth.user.id, input.currentPassword, 'Current password is incorrect');
    await this.deps.secondFactor?.(auth.user.id, input.otp);
    const password = normalizePassword(input.newPassword);
    this.refuseCommonPassword(password);
    const passwordHash = await hasher.hash(password);
    const revoked = await db.transaction().execute(async (trx) => {
      await updatePasswordHash(trx, auth.user.id, passwordHash);
      return revokeUserSessions(trx, auth.user.id, auth.sessionId);
    });
    await this.sessionsRevoked(revoked);
    return { message: PASSWORD_CHANGED_MESSAGE };
  }

  /** Live sockets of revoked sessions are closed on every server process (best effort after commit). */
  private async sessionsRevoked(sessionIds: string[]): Promise<void> {
    if (sessionIds.length === 0 || !this.deps.onSessionsRevoked) return;
    await this.deps.onSessionsRevoked(sessionIds).catch(() => undefined);
  }

  /** Housekeeping: drops sessions and link tokens dead for more than a week. */
  async purgeExpired(keepMs = 7 * 24 * 3_600_000): Promise<number> {
    const before = new Date(this.now().getTime() - keepMs);
    return (await deleteDeadSessions(this.deps.db, before)) + (await deleteExpiredEmailTokens(this.deps.db, before));
  }

  // ---- helpers -----------------------------------------------------------------------------

  private refuseCommonPassword(password: string): void {
    if (this.deps.isCommonPassword(password)) {
      throw new DomainError('BAD_REQUEST', COMMON_PASSWORD_MESSAGE, { code: 'PASSWORD_TOO_COMMON' });
    }
  }

  private async openSession(userId: number, meta: RequestMeta): Promise<{ token: string; expiresAt: string }> {
    const token = newOpaqueToken();
    const expiresAt = new Date(this.now().getTime() + this.options.sessionTtlMs);
    await insertSession(this.deps.db, {
      userId,
      tokenHash: hashToken(token),
      ip: meta.ip.slice(0, 64),
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
      expiresAt,
    });
    return { token, expiresAt: expiresAt.toISOString() };
  }

  private async writeVerificationMail(trx: Db, row: UserRow): Promise<number> {
    const token = newOpaqueToken();
    const expiresAt = new Date(this.now().getTime() + this.options.verificationTtlMs);
    await insertEmailToken(trx, { userId: row.id, purpose: 'verify_email', tokenHash: hashToken(token), expiresAt });
    const link = linkWithToken(this.options.publicUrl, '/verify-email', token);
    const hours = Math.round(this.options.verificationTtlMs / 3_600_000);
    return this.writeMail(trx, row.email, verificationMail(row.login_name, link, hours), expiresAt);
  }

  /** The mail's link dies with its token: `expiresAt` keeps a late retry from sending it. */
  private writeMail(trx: Db, to: string, mail: MailContent, expiresAt?: Date): Promise<number> {
    return insertOutboxMail(trx, {
      kind: mail.kind,
      to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      expiresAt,
    });
  }

  private dummyPasswordDigest(): Promise<string> {
    this.dummyDigest ??= this.deps.hasher.hash(newOpaqueToken());
    return this.dummyDigest;
  }

  private async view(user: AuthUser): Promise<UserView> {
    return toUserView(user, await this.deps.balances(user.id));
  }
}

function emailTaken(): DomainError {
  return new DomainError('CONFLICT', 'Email already registered', { code: 'EMAIL_TAKEN' });
}

export const TWO_FACTOR_LOGIN_MESSAGE = 'Enter the code from your authenticator app';

/** A refused or missing second factor at login is a 401, like a wrong password: nobody is signed in yet. */
function loginRefusal(error: unknown): unknown {
  if (!(error instanceof DomainError) || error.kind !== 'BAD_REQUEST') return error;
  const message = error.code === 'TWO_FACTOR_REQUIRED' ? TWO_FACTOR_LOGIN_MESSAGE : error.message;
  return new DomainError('UNAUTHORIZED', message, { code: error.code });
}

function loginNameTaken(): DomainError {
  return new DomainError('CONFLICT', 'Username already taken', { code: 'USERNAME_TAKEN' });
}

function displayNameTaken(): DomainError {
  return new DomainError('CONFLICT', 'Display name already taken', { code: 'DISPLAY_NAME_TAKEN' });
}

function invalidResetLink(): DomainError {
  return new DomainError('BAD_REQUEST', INVALID_RESET_LINK_MESSAGE, { code: 'INVALID_TOKEN' });
}

/** Maps a unique-index violation on users to the 409 that names the taken value. */
export function conflictFromUniqueViolation(error: unknown): DomainError | undefined {
  const constraint = uniqueViolation(error);
  if (constraint === undefined) return undefined;
  if (constraint.includes('email')) return emailTaken();
  if (constraint.includes('login_name')) return loginNameTaken();
  if (constraint.includes('public_username')) return displayNameTaken();
  return new DomainError('CONFLICT', 'Already exists', { code: 'CONFLICT' });
}

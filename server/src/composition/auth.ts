import type { Db } from '../../../db/client.js';
import type { AuthLimit, BalanceReader } from '../domain/auth/auth.ports.js';
import { AuthService, confirmAccountPassword } from '../domain/auth/auth.service.js';
import { TwoFactorService } from '../domain/auth/two-factor.service.js';
import { MailService } from '../domain/mail/mail.service.js';
import { isCommonPassword } from '../infra/common-passwords.js';
import { createLogger } from '../infra/logger.js';
import { createMailTransport } from '../infra/mailer.js';
import { createArgon2Hasher } from '../infra/password-hasher.js';
import { AttemptBackoff, RateLimits } from '../infra/rate-limiter.js';
import { loadTwoFactorKey, twoFactorKeyOptions } from '../infra/two-factor-key.js';
import type { Infrastructure } from '../infrastructure.js';

/** What accounts need from the other areas: wallet balances on the user object, referral attribution, and session revocation. */
export interface AuthPorts {
  balances: BalanceReader;
  attributeReferral: (trx: Db, userId: number, code: string) => Promise<unknown>;
  /** Ends the live sockets and subscriptions of revoked sessions on every server process. */
  revokeSessions: (sessionIds: string[]) => Promise<void>;
}

/** Accounts and sessions, two-factor authentication, and the e-mail outbox they write to. */
export function createAuth(infra: Infrastructure, ports: AuthPorts) {
  const { env, db, redis, jobs } = infra;
  const logger = createLogger(env.LOG_LEVEL, 'auth');
  const enqueueMail = (outboxId: number) =>
    jobs.enqueue('email', 'send', { outboxId }, { jobId: `email-${outboxId}` }).catch((error: Error) => {
      // The row stays unsent in the outbox; the housekeeping sweep enqueues it again.
      logger.warn({ err: error, outboxId }, 'e-mail enqueue failed');
    });
  const limits = new RateLimits<AuthLimit>(redis, env.redisPrefix, env.config.authLimits);
  const hasher = createArgon2Hasher({
    memoryKib: env.ARGON2_MEMORY_KIB,
    timeCost: env.ARGON2_TIME_COST,
    parallelism: env.ARGON2_PARALLELISM,
    concurrency: env.PASSWORD_HASH_CONCURRENCY,
    maxWaiting: env.PASSWORD_HASH_QUEUE_MAX,
    process: env.PASSWORD_HASH_PROCESS,
    timeoutMs: env.PASSWORD_HASH_TIMEOUT_MS,
  });
  // Two-factor setup re-checks the password itself, so it is built first and auth's step-up
  // checks can ask it for the code.
  const twoFactor = new TwoFactorService(
    {
      db,
      limits,
      confirmPassword: (userId, password) => confirmAccountPassword({ db, hasher, limits }, userId, password),
    },
    { issuer: env.TWO_FACTOR_ISSUER, encryptionKey: loadTwoFactorKey(twoFactorKeyOptions(env), logger) },
  );
  const accounts = new AuthService(
    {
      db,
      hasher,
      limits,
      mailQueue: { enqueue: enqueueMail },
      balances: ports.balances,
      isCommonPassword,
      attributeReferral: ports.attributeReferral,
      loginBackoff: new AttemptBackoff(redis, `${env.redisPrefix}:bo:login`, {
        free: env.RATE_LIMIT_LOGIN_ACCOUNT_GLOBAL.points,
        windowSeconds: env.RATE_LIMIT_LOGIN_ACCOUNT_GLOBAL.durationSeconds,
        maxDelaySeconds: env.LOGIN_BACKOFF_MAX_SECONDS,
      }),
      secondFactor: (userId, code) => twoFactor.requireCode(userId, code),
      onSessionsRevoked: ports.revokeSessions,
    },
    {
      emailVerification: env.EMAIL_VERIFICATION,
      sessionTtlMs: env.SESSION_TTL_MS,
      verificationTtlMs: env.EMAIL_VERIFICATION_TTL_MS,
      resetTtlMs: env.PASSWORD_RESET_TTL_MS,
      publicUrl: env.publicUrl,
    },
  );
  const mail = new MailService({
    db,
    transport: createMailTransport({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: env.dataDir }, logger),
    enqueue: enqueueMail,
  });
  // The hashing process (PASSWORD_HASH_PROCESS=child) belongs to this composition: its shutdown stops it.
  const hashing = { stop: async () => hasher.child?.stop() };
  return { accounts, twoFactor, mail, hashing };
}

export type AuthServices = ReturnType<typeof createAuth>;

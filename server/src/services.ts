import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client.js';
import { AuthService } from './domain/auth/auth.service.js';
import type { AuthLimit, BalanceReader } from './domain/auth/auth.ports.js';
import { MailService } from './domain/mail/mail.service.js';
import { SystemService } from './domain/system/system.service.js';
import type { Env } from './env.js';
import type { JobProducer } from './infra/queues.js';
import { isCommonPassword } from './infra/common-passwords.js';
import { createLogger } from './infra/logger.js';
import { createMailTransport } from './infra/mailer.js';
import { createArgon2Hasher } from './infra/password-hasher.js';
import { RateLimits } from './infra/rate-limiter.js';
import { pingRedis } from './infra/redis.js';
import { readWorkerHeartbeat } from './infra/worker-heartbeat.js';
import { PlatformEvents } from './domain/events/platform-events.js';
import { RedisEventBus } from './infra/event-bus.js';
import { createTokenService } from './infra/token-store.js';
import { LiveFeedService } from './realtime/live-feed.service.js';
import type { SessionResolver } from './realtime/session-resolver.js';

export interface Infrastructure {
  env: Env;
  db: Db;
  redis: Redis;
  jobs: JobProducer;
}

/** Builds every domain service over the shared infrastructure; one place to see what depends on what. */
export interface ServiceOptions {
  /** Who a socket/subscription session token belongs to; defaults to auth once it is wired in. */
  resolveSession?: SessionResolver;
}

export function createServices(infra: Infrastructure, options: ServiceOptions = {}) {
  const { env, db, redis } = infra;
  // Live events: published on Redis after commit, delivered by every server process's hub.
  const eventBus = new RedisEventBus(redis, { redisUrl: env.REDIS_URL, prefix: env.redisPrefix, backlog: env.EVENT_BACKLOG });
  const events = new PlatformEvents(eventBus);
  // Called only after createServices returns, so `auth` (built below) is initialised by then.
  const live = new LiveFeedService(eventBus, options.resolveSession ?? ((token) => auth.authenticate(token)));
  const token = createTokenService(env, db, redis, events);
  const system = new SystemService(
    {
      databaseTime: async () => {
        const { rows } = await sql<{ now: Date }>`select now() as now`.execute(db);
        return new Date(rows[0]!.now);
      },
      redisAlive: () => pingRedis(redis),
      workerLastBeat: () => readWorkerHeartbeat(redis, env.redisPrefix),
    },
    {
      version: env.APP_VERSION,
      supportEmail: env.SUPPORT_EMAIL,
      sportsEnabled: env.SPORTS_ENABLED,
      emailVerification: env.EMAIL_VERIFICATION,
      workerStaleAfterMs: env.WORKER_HEARTBEAT_MS * 3,
    },
  );
  const { auth, mail } = createAuthServices(infra);
  return { system, auth, mail, events, live, token };
}

export type Services = ReturnType<typeof createServices>;

/**
 * The user object's balances. Placeholder until the wallet exists: the wallet replaces this one
 * function (legacy REST turns the strings into numbers).
 */
const placeholderBalances: BalanceReader = async () => ({ balance: '0', bzuBalance: '0' });

/** Accounts and the e-mail outbox they write to. */
function createAuthServices(infra: Infrastructure) {
  const { env, db, redis, jobs } = infra;
  const logger = createLogger(env.LOG_LEVEL, 'auth');
  const enqueueMail = (outboxId: number) =>
    jobs.enqueue('email', 'send', { outboxId }, { jobId: `email-${outboxId}` }).catch((error: Error) => {
      // The row stays unsent in the outbox; the housekeeping sweep enqueues it again.
      logger.warn({ err: error, outboxId }, 'e-mail enqueue failed');
    });
  const limits = new RateLimits<AuthLimit>(redis, env.redisPrefix, {
    loginIp: env.RATE_LIMIT_LOGIN_IP,
    loginAccount: env.RATE_LIMIT_LOGIN_ACCOUNT,
    registerIp: env.RATE_LIMIT_REGISTER_IP,
    registerEmail: env.RATE_LIMIT_REGISTER_EMAIL,
    resendIp: env.RATE_LIMIT_RESEND_IP,
    resendEmail: env.RATE_LIMIT_RESEND_EMAIL,
    forgotIp: env.RATE_LIMIT_FORGOT_IP,
    forgotEmail: env.RATE_LIMIT_FORGOT_EMAIL,
  });
  const auth = new AuthService(
    {
      db,
      hasher: createArgon2Hasher({
        memoryKib: env.ARGON2_MEMORY_KIB,
        timeCost: env.ARGON2_TIME_COST,
        parallelism: env.ARGON2_PARALLELISM,
        concurrency: env.PASSWORD_HASH_CONCURRENCY,
      }),
      limits,
      mailQueue: { enqueue: enqueueMail },
      balances: placeholderBalances,
      isCommonPassword,
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
  return { auth, mail };
}

import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client.js';
import { AuthService, type AuthServiceDeps } from './domain/auth/auth.service.js';
import { TwoFactorService } from './domain/auth/two-factor.service.js';
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
import { createChatService } from './infra/chat-store.js';
import { LiveFeedService } from './realtime/live-feed.service.js';
import type { SessionResolver } from './realtime/session-resolver.js';
import { parseAmount } from './domain/wallet/amounts.js';
import { DepositService } from './domain/wallet/deposit.service.js';
import { LedgerService } from './domain/wallet/ledger.service.js';
import { AddressDeriver, NETWORK_IDS, NETWORKS, type NetworkId } from './domain/wallet/networks.js';
import { ReferralService } from './domain/wallet/referral.service.js';
import { ResponsibleGamingService } from './domain/wallet/responsible-gaming.service.js';
import { WalletService } from './domain/wallet/wallet.service.js';
import {
  manualPayoutAdapter,
  WithdrawalService,
  type PasswordConfirmer,
  type PayoutAdapter,
  type SecondFactorCheck,
} from './domain/wallet/withdrawal.service.js';
import { loadWalletKeys } from './infra/wallet-keys.js';
import { loadTwoFactorKey } from './infra/two-factor-key.js';
import { SportsCatalogueService } from './domain/sports/sports.service.js';
import { SportsBetsService } from './domain/sports/sports-bets.service.js';
import { httpSportsFeed } from './infra/http-sports-feed.js';

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
  /** How approved withdrawals are sent; defaults to the manual adapter (an admin records the txid). */
  payoutAdapter?: PayoutAdapter;
}

export function createServices(infra: Infrastructure, options: ServiceOptions = {}) {
  const { env, db, redis } = infra;
  // Live events: published on Redis after commit, delivered by every server process's hub.
  const eventBus = new RedisEventBus(redis, { redisUrl: env.REDIS_URL, prefix: env.redisPrefix, backlog: env.EVENT_BACKLOG });
  const events = new PlatformEvents(eventBus);
  // Called only after createServices returns, so `auth` (built below) is initialised by then.
  const live = new LiveFeedService(eventBus, options.resolveSession ?? ((token) => auth.authenticate(token)));
  const token = createTokenService(env, db, redis, events);
  // Trollbox; self-exclusion is read from the account work's self_exclusions table.
  const chat = createChatService(env, db, redis, events);
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
      themeSwitcher: env.THEME_SWITCHER_ENABLED,
      workerStaleAfterMs: env.WORKER_HEARTBEAT_MS * 3,
    },
  );
  // Auth shows wallet balances on the user object and attributes sign-ups to referral codes; the
  // wallet re-checks passwords and two-factor codes through auth.
  const { auth, mail, twoFactor } = createAuthServices(
    infra,
    (userId) => walletServices.wallet.userBalances(userId),
    (trx, userId, code) => walletServices.referrals.attribute(trx, userId, code),
  );
  const walletServices = createWalletServices(
    infra,
    events,
    { confirmPassword: (userId, password) => auth.confirmPassword(userId, password), secondFactor: (userId, code) => twoFactor.requireCode(userId, code) },
    options,
  );
  const sports = createSportsServices(infra, events, walletServices);
  return { system, auth, mail, twoFactor, events, live, token, chat, ...walletServices, ...sports };
}

export type Services = ReturnType<typeof createServices>;

/** Accounts and the e-mail outbox they write to; `balances` fills the user object's balance fields. */
function createAuthServices(infra: Infrastructure, balances: BalanceReader, attributeReferral: AuthServiceDeps['attributeReferral']) {
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
    twoFactor: env.RATE_LIMIT_TWO_FACTOR,
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
      balances,
      isCommonPassword,
      attributeReferral,
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
  const twoFactor = new TwoFactorService(
    { db, limits, confirmPassword: (userId, password) => auth.confirmPassword(userId, password) },
    {
      issuer: env.TWO_FACTOR_ISSUER,
      encryptionKey: loadTwoFactorKey({ key: env.TWO_FACTOR_ENCRYPTION_KEY, dataDir: env.dataDir, production: env.NODE_ENV === 'production' }, logger),
    },
  );
  return { auth, mail, twoFactor };
}

/** Ledger, deposits, withdrawals, responsible gaming and referrals. */
function createWalletServices(
  infra: Infrastructure,
  events: PlatformEvents,
  checks: { confirmPassword: PasswordConfirmer; secondFactor: SecondFactorCheck },
  options: ServiceOptions,
) {
  const { env, db, jobs } = infra;
  const logger = createLogger(env.LOG_LEVEL, 'wallet');
  const keys = loadWalletKeys(
    { xpub: env.WALLET_XPUB, webhookSecret: env.DEPOSIT_WEBHOOK_SECRET, dataDir: env.dataDir, production: env.NODE_ENV === 'production' },
    logger,
  );
  const ledger = new LedgerService({ db, events, onPublishError: (error) => logger.warn({ err: error }, 'balance-update publish failed') });
  const responsibleGaming = new ResponsibleGamingService({ db });
  const configured = Object.fromEntries((env.DEPOSIT_CONFIRMATIONS ?? '').split(',').filter(Boolean).map((pair) => pair.split(':')));
  const confirmations = Object.fromEntries(
    NETWORK_IDS.map((id) => [id, configured[id] !== undefined ? Number(configured[id]) : NETWORKS[id].defaultConfirmations]),
  ) as Record<NetworkId, number>;
  const deposits = new DepositService(
    { db, ledger, responsibleGaming, deriver: new AddressDeriver(keys.xpub) },
    { webhookSecret: keys.webhookSecret, webhookToleranceSeconds: env.DEPOSIT_WEBHOOK_TOLERANCE_SECONDS, confirmations },
  );
  const withdrawals = new WithdrawalService(
    {
      db,
      ledger,
      // Password, then the two-factor code when the account has 2FA on.
      confirmPassword: checks.confirmPassword,
      secondFactor: checks.secondFactor,
      payoutQueue: { enqueue: (withdrawalId) => jobs.enqueue('wallet', 'payout', { withdrawalId }, { jobId: `payout-${withdrawalId}` }) },
      payout: options.payoutAdapter ?? manualPayoutAdapter,
    },
    {
      minimum: { USD: parseAmount(env.WITHDRAWAL_MIN_USD), BZU: parseAmount(env.WITHDRAWAL_MIN_BZU) },
      fee: { USD: parseAmount(env.WITHDRAWAL_FEE_USD), BZU: parseAmount(env.WITHDRAWAL_FEE_BZU) },
    },
  );
  const referrals = new ReferralService({ db, ledger }, { ratePpm: Number(parseAmount(env.REFERRAL_RATE) / 100n) });
  const wallet = new WalletService({ ledger });
  return { ledger, wallet, deposits, withdrawals, responsibleGaming, referrals, walletKeys: { webhookSecret: keys.webhookSecret } };
}

/** The sportsbook: the catalogue (operator console + HTTP feed) and bets over the wallet's ledger. */
function createSportsServices(
  infra: Infrastructure,
  events: PlatformEvents,
  wallet: Pick<ReturnType<typeof createWalletServices>, 'ledger' | 'responsibleGaming'>,
) {
  const { env, db, jobs } = infra;
  const logger = createLogger(env.LOG_LEVEL, 'sports');
  const onBackgroundError = (error: unknown, what: string) => logger.warn({ err: error }, `${what} failed`);
  const sportsCatalogue = new SportsCatalogueService({
    db,
    events,
    enabled: env.SPORTS_ENABLED,
    feed: env.SPORTS_FEED_URL ? httpSportsFeed({ url: env.SPORTS_FEED_URL, timeoutMs: env.SPORTS_FEED_TIMEOUT_MS, token: env.SPORTS_FEED_TOKEN }) : undefined,
    settlement: {
      enqueue: (marketId, resultVersion) =>
        jobs.enqueue('sports', 'settle-market', { marketId, resultVersion }, { jobId: `sports-settle-${marketId}-v${resultVersion}` }),
    },
    onBackgroundError,
  });
  const sportsBets = new SportsBetsService(
    { db, ledger: wallet.ledger, responsibleGaming: wallet.responsibleGaming, events, assertEnabled: () => sportsCatalogue.assertEnabled(), onBackgroundError },
    {
      minStake: { USD: parseAmount(env.SPORTS_MIN_STAKE_USD), BZU: parseAmount(env.SPORTS_MIN_STAKE_BZU) },
      maxStake: { USD: parseAmount(env.SPORTS_MAX_STAKE_USD), BZU: parseAmount(env.SPORTS_MAX_STAKE_BZU) },
      maxPayout: { USD: parseAmount(env.SPORTS_MAX_PAYOUT_USD), BZU: parseAmount(env.SPORTS_MAX_PAYOUT_BZU) },
      // "0.05" -> 50000 ppm: parseAmount gives 1e-8 units, so divide by 100.
      cashOutMarginPpm: parseAmount(env.SPORTS_CASHOUT_MARGIN) / 100n,
    },
  );
  return { sportsCatalogue, sportsBets };
}

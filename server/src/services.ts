import { ProviderWalletService } from './domain/providers/provider-wallet.service.js';
import { ProvidersService } from './domain/providers/providers.service.js';
import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client.js';
import { AuthService, type AuthServiceDeps } from './domain/auth/auth.service.js';
import { TwoFactorService } from './domain/auth/two-factor.service.js';
import type { AuthLimit, BalanceReader } from './domain/auth/auth.ports.js';
import { MailService } from './domain/mail/mail.service.js';
import { SystemService } from './domain/system/system.service.js';
import type { Env } from './env.js';
import { configuredSchedulers, type JobProducer } from './infra/queues.js';
import { isCommonPassword } from './infra/common-passwords.js';
import { createLogger } from './infra/logger.js';
import { createMailTransport } from './infra/mailer.js';
import { createArgon2Hasher } from './infra/password-hasher.js';
import { AttemptBackoff, RateLimits } from './infra/rate-limiter.js';
import { CallBudget } from './infra/call-budget.js';
import { pingRedis } from './infra/redis.js';
import { readWorkerHeartbeat } from './infra/worker-heartbeat.js';
import { PlatformEvents } from './domain/events/platform-events.js';
import { RedisEventBus } from './infra/event-bus.js';
import { EventOutbox } from './domain/events/event-outbox.js';
import { TOKEN_PRICE_TICK_MS, TokenService } from './domain/token/token.service.js';
import { redisTokenCache } from './infra/token-cache.js';
import { httpPriceSource } from './infra/http-price-source.js';
import { rakebackBoostPpm } from './domain/token/holder-tiers.js';
import { BurnService } from './domain/token/burn.service.js';
import { TokenTradeService } from './domain/token/trade.service.js';
import { ChatService } from './domain/chat/chat.service.js';
import { redisChatThrottle } from './infra/chat-throttle.js';
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
import { loadWalletKeys, walletKeyOptions } from './infra/wallet-keys.js';
import { BetEngine, type GameLimits } from './domain/games/bet-engine.js';
import { FairnessService } from './domain/games/fairness.service.js';
import { GamesService } from './domain/games/games.service.js';
import { loadTwoFactorKey, twoFactorKeyOptions } from './infra/two-factor-key.js';
import { VipService, type RakebackBoost } from './domain/economy/vip.service.js';
import { VaultService } from './domain/economy/vault.service.js';
import { TipsService } from './domain/economy/tips.service.js';
import { RainService } from './domain/economy/rain.service.js';
import { parseUnits } from './domain/token/token-units.js';
import { SportsCatalogueService } from './domain/sports/sports.service.js';
import { SportsBetsService } from './domain/sports/sports-bets.service.js';
import { httpSportsFeed } from './infra/http-sports-feed.js';
import { RaffleService } from './domain/raffle/raffle.service.js';
import { LobbyService } from './domain/lobby/lobby.service.js';
import { gameMetaBySlug } from './domain/games/registry.js';
import { RoundService } from './domain/rounds/round.service.js';

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
  /** BZU-holder rakeback boost (ppm, 1_000_000 = 1x); defaults to the holder tiers of domain/token/holder-tiers.ts. */
  rakebackBoost?: RakebackBoost;
}

export function createServices(infra: Infrastructure, options: ServiceOptions = {}) {
  const { env, db, redis } = infra;
  // Live events: published on Redis after commit, delivered by every server process's hub.
  const eventBus = new RedisEventBus(redis, { redisUrl: env.REDIS_URL, prefix: env.redisPrefix, backlog: env.EVENT_BACKLOG });
  const events = new PlatformEvents(eventBus);
  // Events that must not be lost go through the outbox: written with their transaction, published
  // after commit, re-published by housekeeping when that failed.
  const eventLogger = createLogger(env.LOG_LEVEL, 'events');
  const outbox = new EventOutbox({
    db,
    events,
    onPublishError: (error, entry) => eventLogger.warn({ err: error, type: entry.type, outboxId: entry.id }, 'event publish failed; housekeeping retries it'),
  });
  // Called only after createServices returns, so `auth` (built below) is initialised by then.
  const live = new LiveFeedService(
    eventBus,
    options.resolveSession ??
      (async (token) => {
        const session = await auth.authenticateSession(token);
        return session ? { id: session.user.id, sessionId: session.sessionId, expiresAt: session.expiresAt } : null;
      }),
    {
      replayMax: env.EVENT_REPLAY_MAX,
      maxSubscriptionsPerConnection: env.WS_MAX_SUBSCRIPTIONS,
      maxHttpSubscriptionsPerIp: env.HTTP_MAX_SUBSCRIPTIONS_PER_IP,
    },
  );
  const token = new TokenService(
    {
      db,
      cache: redisTokenCache(redis, env.redisPrefix),
      events,
      // The configured HTTP API; without it, the platform's own BZU/USD pool.
      priceSource:
        env.BZU_PRICE_SOURCE === 'http'
          ? httpPriceSource({ url: env.BZU_PRICE_HTTP_URL!, path: env.BZU_PRICE_HTTP_PATH, timeoutMs: env.BZU_PRICE_HTTP_TIMEOUT_MS })
          : undefined,
    },
    { tickMs: TOKEN_PRICE_TICK_MS },
  );
  // Trollbox: self-excluded players cannot send (the wallet's responsible-gaming rule; called only after createServices returns).
  const chatLogger = createLogger(env.LOG_LEVEL, 'chat');
  const chat = new ChatService({
    db,
    throttle: redisChatThrottle(redis, env.redisPrefix, { rate: env.CHAT_RATE_LIMIT, burst: env.CHAT_RATE_BURST }),
    isSelfExcluded: (userId) => walletServices.responsibleGaming.isExcluded(userId),
    events,
    onPublishError: (error, what) => chatLogger.warn({ err: error }, `chat ${what} event not published`),
  });
  const system = new SystemService(
    {
      databaseTime: async () => {
        const { rows } = await sql<{ now: Date }>`select now() as now`.execute(db);
        return new Date(rows[0]!.now);
      },
      redisAlive: () => pingRedis(redis),
      workerLastBeat: () => readWorkerHeartbeat(redis, env.redisPrefix),
      missingSchedules: () => infra.jobs.missingSchedulers(configuredSchedulers(env.RAIN_INTERVAL_MINUTES)),
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
    // Revoked sessions' sockets and subscriptions end on every server process.
    (sessionIds) => live.revokeSessions(sessionIds),
  );
  const walletServices = createWalletServices(
    infra,
    outbox,
    {
      confirmPassword: (userId, password) => auth.confirmPassword(userId, password),
      secondFactor: (userId, code) => twoFactor.requireCode(userId, code),
      stepUp: (userId, password, otp) => auth.confirmStepUp(userId, password, otp),
    },
    options,
  );
  // BZU trading and buy-and-burn move money through the ledger; each swap records a price point.
  const tokenLogger = createLogger(env.LOG_LEVEL, 'token');
  const recordSwapPrice = (price: bigint, at: Date) => token.recordSwapPrice(price, at);
  const onPriceError = (error: unknown) => tokenLogger.warn({ err: error }, 'swap price point failed');
  const tokenTrade = new TokenTradeService(
    { db, ledger: walletServices.ledger, responsibleGaming: walletServices.responsibleGaming, recordSwapPrice, onPriceError },
    { feeBps: env.BZU_TRADE_FEE_BPS },
  );
  const tokenBurn = new BurnService(
    { db, ledger: walletServices.ledger, recordSwapPrice, onPriceError },
    { sharePpm: Number(parseAmount(env.BZU_BURN_REVENUE_SHARE) / 100n) },
  );
  const economy = createEconomyServices(infra, events, outbox, walletServices, {
    bzuPrice: async () => parseUnits((await token.latest()).price),
    confirmPassword: (userId, password) => auth.confirmPassword(userId, password),
    secondFactor: (userId, code) => twoFactor.requireCode(userId, code),
    chatLine: (line) => chat.postSystemLine(line),
    // BZU held in the cash account sets the holder tier's rakeback boost (domain/token/holder-tiers.ts).
    boost:
      options.rakebackBoost ??
      (async (userIds) => {
        const held = await walletServices.ledger.balancesOf(userIds, 'BZU');
        return new Map(userIds.map((id) => [id, rakebackBoostPpm(held.get(id) ?? 0n)]));
      }),
  });
  const gameServices = createGameServices(infra, events, walletServices, economy.vip);
  // Round games (crash): bets and cash-outs on every server process; the worker's runner moves the rounds.
  const roundsLogger = createLogger(env.LOG_LEVEL, 'rounds');
  const rounds = new RoundService({
    db,
    bets: gameServices.bets,
    events,
    onBackgroundError: (error, what) => roundsLogger.warn({ err: error }, `${what} failed`),
    settings: { bingo: { ballMs: env.BINGO_BALL_MS, minPot: { USD: parseAmount(env.BINGO_MIN_POT_USD), BZU: parseAmount(env.BINGO_MIN_POT_BZU) } } },
  });
  const sports = createSportsServices(infra, events, walletServices);
  const raffle = createRaffleService(infra, events, outbox, walletServices, (line) => chat.postSystemLine(line));
  // What requests without a live session may cost per address (http/trpc-request-guard.ts).
  const anonymousCalls = new CallBudget(redis, `${env.redisPrefix}:rl:anonymous-calls`, env.RATE_LIMIT_ANONYMOUS_CALLS);
  const providerServices = createProviderServices(infra, walletServices, gameServices);
  const lobby = new LobbyService({ db, isGame: (slug) => gameMetaBySlug(slug) !== undefined });
  return { system, auth, mail, twoFactor, events, outbox, live, token, tokenTrade, tokenBurn, chat, raffle, rounds, anonymousCalls, lobby, ...providerServices, ...walletServices, ...gameServices, ...economy, ...sports };
}

/** Raffles: tickets from settled bets, the pool from the house's revenue, prizes through the ledger (docs/raffle.md). */
function createRaffleService(
  infra: Infrastructure,
  events: PlatformEvents,
  outbox: EventOutbox,
  wallet: Pick<ReturnType<typeof createWalletServices>, 'ledger' | 'responsibleGaming'>,
  chatLine: (line: { kind: 'raffle'; userId: null; message: string }) => Promise<unknown>,
) {
  const { env, db } = infra;
  const logger = createLogger(env.LOG_LEVEL, 'raffle');
  const [hours, minutes] = env.RAFFLE_CLOSE_UTC.split(':').map(Number);
  return new RaffleService(
    {
      db,
      ledger: wallet.ledger,
      outbox,
      chat: { post: chatLine },
      isExcluded: (userId) => wallet.responsibleGaming.isExcluded(userId),
      onBackgroundError: (error, what) => logger.warn({ err: error }, `${what} failed`),
    },
    {
      enabled: env.RAFFLE_ENABLED,
      periodMs: env.RAFFLE_PERIOD_HOURS * 3_600_000,
      closeUtcMinutes: hours! * 60 + minutes!,
      // "0.05" -> 50000 ppm: parseAmount gives 1e-8 units, so divide by 100.
      revenueSharePpm: Number(parseAmount(env.RAFFLE_REVENUE_SHARE) / 100n),
      rule: { usdPerTicket: parseAmount(env.RAFFLE_TICKET_WAGER_USD), bzuPerTicket: parseAmount(env.RAFFLE_TICKET_WAGER_BZU) },
      // Percent -> ppm: "25" is 25e8 units / 1e4 = 250000.
      topPrizesPpm: env.RAFFLE_TOP_PRIZES.split(',').map((share) => Number(parseAmount(share) / 10_000n)),
      equalPrizes: env.RAFFLE_EQUAL_PRIZES,
    },
  );
}

/** Player economy: XP and ranks with rakeback, the vault, tips and rain. */
function createEconomyServices(
  infra: Infrastructure,
  events: PlatformEvents,
  outbox: EventOutbox,
  wallet: Pick<ReturnType<typeof createWalletServices>, 'ledger' | 'responsibleGaming'>,
  ports: {
    bzuPrice: () => Promise<bigint>;
    confirmPassword: PasswordConfirmer;
    secondFactor: SecondFactorCheck;
    chatLine: (line: { kind: 'tip' | 'rain'; userId: number | null; message: string }) => Promise<unknown>;
    boost?: RakebackBoost;
  },
) {
  const { env, db } = infra;
  const logger = createLogger(env.LOG_LEVEL, 'economy');
  const { ledger } = wallet;
  const isExcluded = (userId: number) => wallet.responsibleGaming.isExcluded(userId);
  const chat = { post: ports.chatLine };
  const onLineError = (error: unknown) => logger.warn({ err: error }, 'chat line failed after the money moved');
  const vip = new VipService({
    db,
    ledger,
    bzuPrice: ports.bzuPrice,
    boost: ports.boost,
    events: { vipUpdate: (payload) => events.vipUpdate(payload), rankUp: (payload) => events.rankUp(payload) },
    onPublishError: (error) => logger.warn({ err: error }, 'vip event publish failed'),
  });
  const vault = new VaultService({ db, ledger, confirmPassword: ports.confirmPassword, secondFactor: ports.secondFactor });
  const tips = new TipsService(
    { db, ledger, outbox, isExcluded, secondFactor: ports.secondFactor, chat, onLineError },
    {
      minimum: { USD: parseAmount(env.TIP_MIN_USD), BZU: parseAmount(env.TIP_MIN_BZU) },
      dailyCap: { USD: parseAmount(env.TIP_DAILY_CAP_USD), BZU: parseAmount(env.TIP_DAILY_CAP_BZU) },
      twoFactorAbove: { USD: parseAmount(env.TIP_2FA_ABOVE_USD), BZU: parseAmount(env.TIP_2FA_ABOVE_BZU) },
    },
  );
  const rain = new RainService(
    { db, ledger, bzuPrice: ports.bzuPrice, isExcluded, chat, onLineError },
    {
      intervalMs: env.RAIN_INTERVAL_MINUTES * 60_000,
      revenueSharePpm: Number(parseAmount(env.RAIN_REVENUE_SHARE) / 100n),
      minWagerUsd: parseAmount(env.RAIN_MIN_WAGER_USD),
      minContribution: { USD: parseAmount(env.RAIN_MIN_CONTRIBUTION_USD), BZU: parseAmount(env.RAIN_MIN_CONTRIBUTION_BZU) },
    },
  );
  return { vip, vault, tips, rain };
}

/** Originals: seed pairs, the bet engine over the ledger, and the read side (catalogue, history, feed). */
function createGameServices(
  infra: Infrastructure,
  events: PlatformEvents,
  wallet: Pick<ReturnType<typeof createWalletServices>, 'ledger' | 'responsibleGaming' | 'referrals'>,
  economy?: VipService,
) {
  const { env, db } = infra;
  const logger = createLogger(env.LOG_LEVEL, 'games');
  const limits: GameLimits = {
    minBet: { USD: parseAmount(env.GAME_MIN_BET_USD), BZU: parseAmount(env.GAME_MIN_BET_BZU) },
    maxProfit: { USD: parseAmount(env.GAME_MAX_PROFIT_USD), BZU: parseAmount(env.GAME_MAX_PROFIT_BZU) },
    highRoller: { USD: parseAmount(env.GAME_HIGH_ROLLER_USD), BZU: parseAmount(env.GAME_HIGH_ROLLER_BZU) },
  };
  const fairness = new FairnessService({ db });
  const bets = new BetEngine(
    {
      db,
      ledger: wallet.ledger,
      fairness,
      assertCanPlay: (userId, db) => wallet.responsibleGaming.assertCanPlay(userId, db),
      referrals: wallet.referrals,
      events: { gameResult: (payload) => events.gameResult(payload), bet: (payload, highRoller) => events.bet(payload, highRoller) },
      onAfterCommitError: (error, what) => logger.warn({ err: error }, `${what} failed after a bet committed`),
      economy,
    },
    limits,
  );
  const games = new GamesService({ db }, limits);
  return { fairness, bets, games };
}

export type Services = ReturnType<typeof createServices>;

/** Third-party game providers: their configuration and launches, and the seamless wallet they call (docs/providers.md). */
function createProviderServices(
  infra: Infrastructure,
  wallet: Pick<ReturnType<typeof createWalletServices>, 'ledger' | 'responsibleGaming'>,
  games: Pick<ReturnType<typeof createGameServices>, 'bets'>,
) {
  const { env, db } = infra;
  const logger = createLogger(env.LOG_LEVEL, 'providers');
  const providers = new ProvidersService({ db, publicUrl: env.publicUrl, assertCanPlay: (userId) => wallet.responsibleGaming.assertCanPlay(userId) });
  const providerWallet = new ProviderWalletService(
    {
      db,
      ledger: wallet.ledger,
      accrueWager: (wager, houseEdgePpm) => games.bets.accrueWager(wager, houseEdgePpm),
      onAfterCommitError: (error, what) => logger.warn({ err: error }, `${what} failed after a provider call committed`),
    },
    // The originals' minimum bet; the largest stake is the originals' profit limit (a provider's win is not ours to cap).
    {
      minBet: { USD: parseAmount(env.GAME_MIN_BET_USD), BZU: parseAmount(env.GAME_MIN_BET_BZU) },
      maxBet: { USD: parseAmount(env.GAME_MAX_PROFIT_USD), BZU: parseAmount(env.GAME_MAX_PROFIT_BZU) },
    },
  );
  return { providers, providerWallet };
}

/** Accounts and the e-mail outbox they write to; `balances` fills the user object's balance fields. */
function createAuthServices(
  infra: Infrastructure,
  balances: BalanceReader,
  attributeReferral: AuthServiceDeps['attributeReferral'],
  onSessionsRevoked: AuthServiceDeps['onSessionsRevoked'],
) {
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
    confirmPassword: env.RATE_LIMIT_CONFIRM_PASSWORD,
  });
  const loginBackoff = new AttemptBackoff(redis, `${env.redisPrefix}:bo:login`, {
    free: env.RATE_LIMIT_LOGIN_ACCOUNT_GLOBAL.points,
    windowSeconds: env.RATE_LIMIT_LOGIN_ACCOUNT_GLOBAL.durationSeconds,
    maxDelaySeconds: env.LOGIN_BACKOFF_MAX_SECONDS,
  });
  const auth: AuthService = new AuthService(
    {
      db,
      hasher: createArgon2Hasher({
        memoryKib: env.ARGON2_MEMORY_KIB,
        timeCost: env.ARGON2_TIME_COST,
        parallelism: env.ARGON2_PARALLELISM,
        concurrency: env.PASSWORD_HASH_CONCURRENCY, maxWaiting: env.PASSWORD_HASH_QUEUE_MAX, process: env.PASSWORD_HASH_PROCESS, timeoutMs: env.PASSWORD_HASH_TIMEOUT_MS,
      }),
      limits,
      mailQueue: { enqueue: enqueueMail },
      balances,
      isCommonPassword,
      attributeReferral,
      loginBackoff,
      // Built just below; called only after construction.
      secondFactor: (userId, code): Promise<void> => twoFactor.requireCode(userId, code),
      onSessionsRevoked,
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
  const twoFactor: TwoFactorService = new TwoFactorService(
    { db, limits, confirmPassword: (userId, password): Promise<void> => auth.confirmPassword(userId, password) },
    {
      issuer: env.TWO_FACTOR_ISSUER,
      encryptionKey: loadTwoFactorKey(twoFactorKeyOptions(env), logger),
    },
  );
  return { auth, mail, twoFactor };
}

/** Ledger, deposits, withdrawals, responsible gaming and referrals. */
function createWalletServices(
  infra: Infrastructure,
  outbox: EventOutbox,
  checks: {
    confirmPassword: PasswordConfirmer;
    secondFactor: SecondFactorCheck;
    stepUp: (userId: number, password: string | undefined, otp: string | undefined) => Promise<void>;
  },
  options: ServiceOptions,
) {
  const { env, db, jobs } = infra;
  const logger = createLogger(env.LOG_LEVEL, 'wallet');
  const keys = loadWalletKeys(walletKeyOptions(env), logger);
  const ledger = new LedgerService({ db, outbox });
  const responsibleGaming = new ResponsibleGamingService({ db, stepUp: checks.stepUp });
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
      onQueueError: (error, withdrawalId) => logger.warn({ err: error, withdrawalId }, 'payout enqueue failed; housekeeping queues it later'),
    },
    {
      minimum: { USD: parseAmount(env.WITHDRAWAL_MIN_USD), BZU: parseAmount(env.WITHDRAWAL_MIN_BZU) },
      fee: { USD: parseAmount(env.WITHDRAWAL_FEE_USD), BZU: parseAmount(env.WITHDRAWAL_FEE_BZU) },
    },
  );
  const referrals = new ReferralService({ db, ledger }, { ratePpm: Number(parseAmount(env.REFERRAL_RATE) / 100n) });
  const wallet = new WalletService({ ledger, db });
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

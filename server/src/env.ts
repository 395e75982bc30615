import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { DbTimeouts } from '../../db/client.js';
import { databaseEnvShape } from '../../db/config.js';
import type { OpenDatabaseOptions } from '../../db/open.js';
import type { AuthLimit } from './domain/auth/auth.ports.js';
import { parseEvmNetworks, type EvmNetwork } from './domain/chain/chain-config.js';
import { parseAmount, type Currency } from './domain/wallet/amounts.js';
import { NETWORK_IDS, NETWORKS, type NetworkId } from './domain/wallet/networks.js';
import { readOrCreateSharedFile } from './infra/shared-file.js';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

export interface RateLimitSetting {
  points: number;
  durationSeconds: number;
}

/** A limit written as "<points>/<seconds>", e.g. "10/900". */
/** One password hash per core but one (at least one): argon2 keeps a core busy ~25-40 ms per hash. */
function defaultHashConcurrency(): number {
  return Math.max(1, Math.min(16, os.availableParallelism() - 1));
}

function rateLimit(fallback: string) {
  return z
    .string()
    .regex(/^\d+\/\d+$/, 'must look like <points>/<seconds>, e.g. 10/900')
    .default(fallback)
    .transform((value): RateLimitSetting => {
      const [points, seconds] = value.split('/').map(Number);
      return { points: Math.max(1, points!), durationSeconds: Math.max(1, seconds!) };
    });
}

/** A non-negative decimal amount in whole units, at most 8 decimals (kept as text; parsed exactly by the wallet). */
function walletAmount(fallback: string) {
  return z
    .string()
    .regex(/^\d{1,12}(\.\d{1,8})?$/, 'must be a decimal amount with at most 8 decimals')
    .default(fallback);
}

/** The OWASP baseline for argon2id; only tests may go below it. */
export const ARGON2_BASELINE = { memoryKib: 19_456, timeCost: 2, parallelism: 1 } as const;

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(5001),
    HOST: z.string().default('0.0.0.0'),
    ...databaseEnvShape,
    // Fail fast when Postgres does not answer: requests get 503 instead of hanging.
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(2_000),
    DB_POOL_WAIT_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
    DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
    // Frequent statements run as named prepared statements (db/prepared-statements.ts). Off for a pooler in
    // transaction mode (PgBouncer before 1.21), which cannot keep a statement on a backend between transactions.
    DB_PREPARED_STATEMENTS: z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((value) => value === 'true' || value === '1'),
    REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
    REDIS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only')
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    APP_VERSION: z.string().default('1.0.0'),
    PUBLIC_URL: z.string().url().optional(),
    SUPPORT_EMAIL: z.string().email().default('support@bzu.example'),
    SPORTS_ENABLED: booleanFlag,
    THEME_SWITCHER_ENABLED: booleanFlag,
    SESSION_TTL_MS: z.coerce.number().int().positive().default(86_400_000),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('BZU <no-reply@bzu.example>'),
    WORKER_HEARTBEAT_MS: z.coerce.number().int().positive().default(5_000),
    // How often the worker checks that every job schedule is still in Redis (re-creating lost ones).
    WORKER_SCHEDULE_CHECK_MS: z.coerce.number().int().min(100).default(60_000),
    CLIENT_DIST_DIR: z.string().default('dist/client'),
    // Bearer token GET /metrics requires (required in production; unset elsewhere: /metrics is open).
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    ALLOWED_ORIGINS: z.string().optional(),
    // Accounts (auth): argon2id cost (never below m=19 MiB, t=2, p=1 outside NODE_ENV=test), e-mail tokens, limits
    EMAIL_VERIFICATION: z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((value) => value === 'true' || value === '1'),
    ARGON2_MEMORY_KIB: z.coerce.number().int().min(1_024).default(19_456),
    ARGON2_TIME_COST: z.coerce.number().int().min(1).default(2),
    ARGON2_PARALLELISM: z.coerce.number().int().min(1).default(1),
    // Hashes at once: one per core but one, so a burst of sign-ins leaves a core to everything else.
    PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(defaultHashConcurrency()),
    // Sign-ins waiting for a hash beyond this many are answered 503 at once (Retry-After) instead of queueing.
    PASSWORD_HASH_QUEUE_MAX: z.coerce.number().int().min(0).max(10_000).default(32),
    // Where hashes run: 'child', a separate process at nice 19 so sign-ins never outbid the event loop for a core; 'inline' on this process's thread pool.
    PASSWORD_HASH_PROCESS: z.enum(['child', 'inline']).default('child'),
    // A hash the child has not answered within this long fails with 503 and the child is replaced.
    PASSWORD_HASH_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    EMAIL_VERIFICATION_TTL_MS: z.coerce.number().int().positive().default(86_400_000),
    PASSWORD_RESET_TTL_MS: z.coerce.number().int().positive().default(3_600_000),
    // Each limit is "<points>/<seconds>": at most <points> attempts per key within <seconds>.
    RATE_LIMIT_LOGIN_IP: rateLimit('30/600'),
    RATE_LIMIT_LOGIN_ACCOUNT: rateLimit('10/900'),
    RATE_LIMIT_REGISTER_IP: rateLimit('10/3600'),
    RATE_LIMIT_REGISTER_EMAIL: rateLimit('5/3600'),
    RATE_LIMIT_RESEND_IP: rateLimit('10/3600'),
    RATE_LIMIT_RESEND_EMAIL: rateLimit('3/900'),
    RATE_LIMIT_FORGOT_IP: rateLimit('10/3600'),
    RATE_LIMIT_FORGOT_EMAIL: rateLimit('3/900'),
    // Two-factor (TOTP): code attempts per account; the key that encrypts TOTP secrets at rest
    // (64 hex characters; development: generated once into DATA_DIR, required in production).
    RATE_LIMIT_TWO_FACTOR: rateLimit('6/300'),
    // Logins: RATE_LIMIT_LOGIN_ACCOUNT counts per account AND address; this one per account from
    // any unknown address: <points> free attempts per <seconds>, then 1, 2, 4 ... s between attempts
    // (at most LOGIN_BACKOFF_MAX_SECONDS). Password re-confirmation (withdrawals, step-up) has its own.
    RATE_LIMIT_LOGIN_ACCOUNT_GLOBAL: rateLimit('10/3600'),
    LOGIN_BACKOFF_MAX_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    RATE_LIMIT_CONFIRM_PASSWORD: rateLimit('10/900'),
    TWO_FACTOR_ENCRYPTION_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
      .optional(),
    TWO_FACTOR_ISSUER: z.string().min(1).max(40).default('BZU'),
    // Realtime (/api/ws and the event bus)
    WS_HEARTBEAT_MS: z.coerce.number().int().positive().default(30_000),
    WS_FLOOD_MAX_MESSAGES: z.coerce.number().int().positive().default(60),
    WS_FLOOD_WINDOW_MS: z.coerce.number().int().positive().default(10_000),
    WS_MAX_BUFFERED_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(4 * 1024 * 1024),
    EVENT_BACKLOG: z.coerce.number().int().positive().default(1_000),
    // Both socket paths (/api/ws and /api/trpc-ws) and tRPC HTTP streaming: subscriptions per
    // connection, how many missed events one resume replays at most, sockets per client IP and in total.
    WS_MAX_SUBSCRIPTIONS: z.coerce.number().int().positive().default(50),
    EVENT_REPLAY_MAX: z.coerce.number().int().positive().default(200),
    WS_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().positive().default(50),
    WS_MAX_CONNECTIONS: z.coerce.number().int().positive().default(10_000),
    HTTP_MAX_SUBSCRIPTIONS_PER_IP: z.coerce.number().int().positive().default(50),
    // BZU price feed
    BZU_PRICE_SOURCE: z.enum(['pool', 'http']).default('pool'),
    BZU_PRICE_HTTP_URL: z.string().url().optional(),
    BZU_PRICE_HTTP_PATH: z.string().default('price'),
    BZU_PRICE_HTTP_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
    // BZU trading and buy-and-burn: the trade fee in basis points before the holder discount
    // (30 = 0.3 %), and the share of each hour's net gaming revenue spent on buying BZU to burn.
    BZU_TRADE_FEE_BPS: z.coerce.number().int().min(0).max(1_000).default(30),
    BZU_BURN_REVENUE_SHARE: z
      .string()
      .regex(/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/, 'must be a fraction between 0 and 1, e.g. 0.2')
      .default('0.2'),
    // Wallet (deposits, withdrawals, referrals). Amounts are decimal strings in whole units.
    WALLET_XPUB: z
      .string()
      .regex(/^[xt]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/, 'must be a BIP32 extended public key (xpub...)')
      .optional(),
    // The extended PRIVATE key of WALLET_XPUB: only the worker reads it, to pay out and sweep (development: generated
    // into DATA_DIR/wallet-dev-keys.json); the server refuses to start with it (refuseSigningKey). Unset in
    // production: withdrawals are paid by hand.
    WALLET_XPRV: z
      .string()
      .regex(/^[xt]prv[1-9A-HJ-NP-Za-km-z]{100,112}$/, 'must be a BIP32 extended private key (xprv...)')
      .optional(),
    DEPOSIT_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    DEPOSIT_WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
    DEPOSIT_CONFIRMATIONS: z
      .string()
      .regex(/^([A-Z0-9]+:\d+)(,[A-Z0-9]+:\d+)*$/, 'must look like ERC20:12,BEP20:15,TRC20:20')
      .optional(),
    // EVM custody (docs/operations.md, "EVM networks"): the networks as a JSON array, or a file holding it. None: no
    // chain watcher or payout sender (npm start then runs its local dev chain and sets EVM_NETWORKS for its children).
    EVM_NETWORKS: z.string().optional(),
    EVM_NETWORKS_FILE: z.string().optional(),
    // One watcher and one payout sender per network in the deployment: whoever holds its Redis lease.
    CHAIN_LEASE_MS: z.coerce.number().int().min(1_000).default(30_000),
    // Tests only (refused in production): the worker kills itself (SIGKILL) at this point, as a crash would:
    // payout-after-broadcast (a payout broadcast, nothing recorded), or watcher-mid-range@<block> (the range holding
    // that block written but not committed).
    CHAIN_TEST_CRASH_AT: z
      .string()
      .regex(/^(payout-after-broadcast|watcher-mid-range@\d+)$/, 'payout-after-broadcast or watcher-mid-range@<block>')
      .optional(),
    // How often each network's deposit addresses are swept into the hot wallet.
    CHAIN_SWEEP_INTERVAL_MS: z.coerce.number().int().min(1_000).default(600_000),
    WITHDRAWAL_MIN_USD: walletAmount('10'),
    WITHDRAWAL_FEE_USD: walletAmount('1'),
    WITHDRAWAL_MIN_BZU: walletAmount('100'),
    WITHDRAWAL_FEE_BZU: walletAmount('10'),
    // A pending withdrawal scoring above this (0-100, docs/operations.md "Withdrawal risk") needs a risk review first.
    WITHDRAWAL_RISK_REVIEW_SCORE: z.coerce.number().int().min(0).max(100).default(50),
    // Originals: smallest stake and largest possible profit of one bet per currency (the house's exposure), and the
    // stake or payout from which a bet also goes to the public high-rollers feed.
    // Reality checks (docs/api.md, responsible gaming): the interval a player who chose none gets; 0 = off.
    REALITY_CHECK_DEFAULT_MINUTES: z.coerce
      .number()
      .int()
      .refine(
        (minutes) => minutes === 0 || (minutes >= 15 && minutes <= 120),
        'REALITY_CHECK_DEFAULT_MINUTES: 0 or 15-120',
      )
      .default(60),
    GAME_MIN_BET_USD: walletAmount('0.01'),
    GAME_MIN_BET_BZU: walletAmount('1'),
    GAME_MAX_PROFIT_USD: walletAmount('10000'),
    GAME_MAX_PROFIT_BZU: walletAmount('1000000'),
    GAME_HIGH_ROLLER_USD: walletAmount('100'),
    GAME_HIGH_ROLLER_BZU: walletAmount('10000'),
    // The provider payout breaker: a provider whose players were paid more than this net (wins and rollbacks less
    // bets) in the last hour, in one currency, is paused for new bets until an operator resumes it.
    PROVIDER_HOURLY_PAYOUT_LIMIT_USD: walletAmount('100000'),
    PROVIDER_HOURLY_PAYOUT_LIMIT_BZU: walletAmount('10000000'),
    // Round games (crash): the worker runs the rounds unless ROUNDS_ENABLED=false (off by default under NODE_ENV=test,
    // so tests that start a worker for something else get no rounds). Exactly one worker runs them: the one holding
    // the Redis lease (ROUND_LEASE_MS to live, tried and renewed every ROUND_LEASE_RETRY_MS).
    ROUNDS_ENABLED: z.enum(['true', 'false', '1', '0']).optional(),
    ROUND_BETTING_MS: z.coerce.number().int().min(100).default(6_000),
    ROUND_COOLDOWN_MS: z.coerce.number().int().min(0).default(3_000),
    // The money wheel's own window and pause: with its 6 s spin (more on a re-spin) a round about every 20 s.
    WHEEL_BETTING_MS: z.coerce.number().int().min(100).default(10_000),
    WHEEL_COOLDOWN_MS: z.coerce.number().int().min(0).default(4_000),
    /** The running round's correcting tick to every screen (`round-tick`). */
    ROUND_TICK_MS: z.coerce.number().int().min(50).default(250),
    ROUND_LEASE_MS: z.coerce.number().int().min(300).default(3_000),
    ROUND_LEASE_RETRY_MS: z.coerce.number().int().min(50).default(500),
    ROUND_CHAIN_LENGTH: z.coerce.number().int().min(1).max(100_000_000).default(1_000_000),
    ROUND_CHAIN_CHECKPOINT_EVERY: z.coerce.number().int().min(1).default(1_000),
    // The public salt of a new chain (FAIRNESS.md): set it before the first round; unset, a random one (development).
    ROUND_CHAIN_SALT: z.string().min(1).max(200).optional(),
    // Bingo rooms (games/bingo): the card sale window, a ball every BINGO_BALL_MS, the pause after a game, and the
    // pot each currency is guaranteed (the house funds the shortfall of a game with cards in that currency).
    BINGO_SALE_MS: z.coerce.number().int().min(100).default(60_000),
    BINGO_BALL_MS: z.coerce.number().int().min(50).default(3_000),
    BINGO_COOLDOWN_MS: z.coerce.number().int().min(0).default(8_000),
    BINGO_MIN_POT_USD: walletAmount('5'),
    BINGO_MIN_POT_BZU: walletAmount('500'),
    REFERRAL_RATE: z
      .string()
      .regex(/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/, 'must be a fraction between 0 and 1, e.g. 0.1')
      .default('0.1'),
    // Player economy (issue #12): tips and rain. Amounts are decimal strings in whole units.
    TIP_MIN_USD: walletAmount('0.1'),
    TIP_MIN_BZU: walletAmount('10'),
    TIP_DAILY_CAP_USD: walletAmount('1000'),
    TIP_DAILY_CAP_BZU: walletAmount('100000'),
    TIP_2FA_ABOVE_USD: walletAmount('100'),
    TIP_2FA_ABOVE_BZU: walletAmount('10000'),
    RAIN_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
    RAIN_REVENUE_SHARE: z
      .string()
      .regex(/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/, 'must be a fraction between 0 and 1, e.g. 0.01')
      .default('0.01'),
    RAIN_MIN_WAGER_USD: walletAmount('10'),
    RAIN_MIN_CONTRIBUTION_USD: walletAmount('1'),
    RAIN_MIN_CONTRIBUTION_BZU: walletAmount('100'),
    // Raffles (issue #14, docs/raffle.md): one per period, closing at RAFFLE_CLOSE_UTC + k x RAFFLE_PERIOD_HOURS; the pool
    // is RAFFLE_REVENUE_SHARE of the house's net gaming revenue in the period plus the rolling jackpot; a ticket per
    // RAFFLE_TICKET_WAGER_USD / _BZU wagered ('0': that currency earns none); the top prizes in percent of the pool,
    // then RAFFLE_EQUAL_PRIZES equal prizes sharing the rest.
    RAFFLE_ENABLED: z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((value) => value === 'true' || value === '1'),
    RAFFLE_PERIOD_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 28)
      .default(24),
    RAFFLE_CLOSE_UTC: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a UTC time HH:MM, e.g. 20:00')
      .default('20:00'),
    RAFFLE_REVENUE_SHARE: z
      .string()
      .regex(/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/, 'must be a fraction between 0 and 1, e.g. 0.05')
      .default('0.05'),
    RAFFLE_TICKET_WAGER_USD: walletAmount('10'),
    RAFFLE_TICKET_WAGER_BZU: walletAmount('1000'),
    RAFFLE_TOP_PRIZES: z
      .string()
      .regex(/^(\d{1,3}(\.\d{1,4})?)(,\d{1,3}(\.\d{1,4})?)*$/, 'must be percentages of the pool, e.g. 25,15,10')
      .refine(
        (value) => value.split(',').reduce((sum, share) => sum + Number(share), 0) <= 100,
        'the top prizes must not exceed 100 percent',
      )
      .default('25,15,10'),
    RAFFLE_EQUAL_PRIZES: z.coerce.number().int().min(0).max(1_000).default(47),
    // Sportsbook (only with SPORTS_ENABLED=true). Amounts are decimal strings in whole units.
    SPORTS_MIN_STAKE_USD: walletAmount('0.1'),
    SPORTS_MAX_STAKE_USD: walletAmount('1000'),
    SPORTS_MIN_STAKE_BZU: walletAmount('1'),
    SPORTS_MAX_STAKE_BZU: walletAmount('100000'),
    SPORTS_MAX_PAYOUT_USD: walletAmount('10000'),
    SPORTS_MAX_PAYOUT_BZU: walletAmount('1000000'),
    SPORTS_CASHOUT_MARGIN: z
      .string()
      .regex(/^0(\.\d{1,6})?$/, 'must be a fraction below 1 with at most 6 decimals, e.g. 0.05')
      .default('0.05'),
    SPORTS_FEED_URL: z.string().url().optional(),
    SPORTS_FEED_TOKEN: z.string().optional(),
    SPORTS_FEED_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
    // Trollbox: per-user send rate plus a burst allowance ("<points>/<seconds>"), and how long an
    // in-process poll page may live without an invalidation (a safety net if the bus drops one).
    CHAT_RATE_LIMIT: rateLimit('1/2'),
    CHAT_RATE_BURST: rateLimit('3/20'),
    CHAT_PAGE_MAX_AGE_MS: z.coerce.number().int().positive().default(10_000),
    // tRPC over HTTP (http/trpc-request-guard.ts): calls per query batch (mutations: always one per
    // request; never below the web client's 10), bytes per answer, and calls per address per window
    // for requests without a live session.
    TRPC_MAX_BATCH: z.coerce.number().int().min(10).max(100).default(10),
    TRPC_MAX_RESPONSE_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(4 * 1024 * 1024),
    RATE_LIMIT_ANONYMOUS_CALLS: rateLimit('40/4'),
    // Calls per signed-in account per window, over tRPC and REST (http/request-budget.ts): well above a turbo
    // autobet's pace, far below a flood's.
    RATE_LIMIT_ACCOUNT_CALLS: rateLimit('600/10'),
    // Which proxies' X-Forwarded-For names the client: unset or "false" trusts none (the peer is the client);
    // "loopback", a comma-separated list of addresses or CIDRs, or a number of hops, as Express's "trust proxy".
    TRUST_PROXY: z
      .string()
      .max(1000)
      .default('false')
      .transform((value): boolean | number | string[] => {
        const text = value.trim();
        if (text === '' || text === 'false') return false;
        if (text === 'true') return true;
        if (/^\d+$/.test(text)) return Number(text);
        return text
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean);
      }),
  })
  .refine((env) => env.BZU_PRICE_SOURCE !== 'http' || env.BZU_PRICE_HTTP_URL, {
    message: 'is required when BZU_PRICE_SOURCE is http',
    path: ['BZU_PRICE_HTTP_URL'],
  });

/**
 * What production refuses to start without: secrets that development generates into DATA_DIR,
 * real mail (links must reach people), a real database, the public address links point to, and
 * the token that keeps /metrics private. docker-compose.yml passes each one.
 */
export const PRODUCTION_REQUIRED = [
  'DATABASE_URL',
  'PUBLIC_URL',
  'SMTP_URL',
  'TWO_FACTOR_ENCRYPTION_KEY',
  'WALLET_XPUB',
  'DEPOSIT_WEBHOOK_SECRET',
  'METRICS_TOKEN',
] as const;

export type Env = z.infer<typeof envSchema> & {
  dbTimeouts: DbTimeouts;
  dbPreparedStatements: boolean;
  dataDir: string;
  redisPrefix: string;
  publicUrl: string;
  allowedOrigins: string[];
  /** Does this worker run round games (ROUNDS_ENABLED; default: yes, except under NODE_ENV=test)? */
  roundsEnabled: boolean;
  /** The settings the services take, parsed from the variables above once (amounts in 1e-8 units, shares in ppm). */
  config: Config;
  /** EVM_NETWORKS (or EVM_NETWORKS_FILE), parsed: the chains the watcher and the payout sender work on. */
  evmNetworks: EvmNetwork[];
};

/** An amount per currency, in integer units (1e-8). */
export type PerCurrency = Record<Currency, bigint>;

export interface Config {
  games: { minBet: PerCurrency; maxProfit: PerCurrency; highRoller: PerCurrency };
  providers: { hourlyPayoutLimit: PerCurrency };
  bingo: { ballMs: number; minPot: PerCurrency };
  wallet: {
    withdrawal: { minimum: PerCurrency; fee: PerCurrency };
    /** Confirmations a deposit waits for per network: DEPOSIT_CONFIRMATIONS over each network's default. */
    depositConfirmations: Record<NetworkId, number>;
    referralRatePpm: number;
  };
  economy: {
    tips: { minimum: PerCurrency; dailyCap: PerCurrency; twoFactorAbove: PerCurrency };
    rain: { intervalMs: number; revenueSharePpm: number; minWagerUsd: bigint; minContribution: PerCurrency };
  };
  raffle: {
    enabled: boolean;
    periodMs: number;
    /** RAFFLE_CLOSE_UTC as minutes after midnight UTC. */
    closeUtcMinutes: number;
    revenueSharePpm: number;
    rule: { usdPerTicket: bigint; bzuPerTicket: bigint };
    topPrizesPpm: number[];
    equalPrizes: number;
  };
  sports: { minStake: PerCurrency; maxStake: PerCurrency; maxPayout: PerCurrency; cashOutMarginPpm: bigint };
  token: { burnSharePpm: number };
  /** The auth service's attempt limits, by limit name. */
  authLimits: Record<AuthLimit, RateLimitSetting>;
}

/** Two `<NAME>_USD` / `<NAME>_BZU` variables as one amount per currency. */
function perCurrency(usd: string, bzu: string): PerCurrency {
  return { USD: parseAmount(usd), BZU: parseAmount(bzu) };
}

/** A fraction such as "0.05" in parts per million (50000): parseAmount gives 1e-8 units, so divide by 100. */
export function fractionPpm(fraction: string): number {
  return Number(parseAmount(fraction) / 100n);
}

/** A percentage such as "25" in parts per million (250000): 25e8 units / 1e4. */
export function percentPpm(percent: string): number {
  return Number(parseAmount(percent) / 10_000n);
}

/** "HH:MM" as minutes after midnight. */
function minutesOfDay(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
}

/** "ERC20:12,BEP20:15" over the networks' defaults; networks not named keep theirs. */
function depositConfirmations(setting: string | undefined): Record<NetworkId, number> {
  const configured = Object.fromEntries(
    (setting ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => pair.split(':')),
  );
  return Object.fromEntries(
    NETWORK_IDS.map((id) => [
      id,
      configured[id] !== undefined ? Number(configured[id]) : NETWORKS[id].defaultConfirmations,
    ]),
  ) as Record<NetworkId, number>;
}

function deriveConfig(env: z.infer<typeof envSchema>): Config {
  return {
    games: {
      minBet: perCurrency(env.GAME_MIN_BET_USD, env.GAME_MIN_BET_BZU),
      maxProfit: perCurrency(env.GAME_MAX_PROFIT_USD, env.GAME_MAX_PROFIT_BZU),
      highRoller: perCurrency(env.GAME_HIGH_ROLLER_USD, env.GAME_HIGH_ROLLER_BZU),
    },
    providers: {
      hourlyPayoutLimit: perCurrency(env.PROVIDER_HOURLY_PAYOUT_LIMIT_USD, env.PROVIDER_HOURLY_PAYOUT_LIMIT_BZU),
    },
    bingo: { ballMs: env.BINGO_BALL_MS, minPot: perCurrency(env.BINGO_MIN_POT_USD, env.BINGO_MIN_POT_BZU) },
    wallet: {
      withdrawal: {
        minimum: perCurrency(env.WITHDRAWAL_MIN_USD, env.WITHDRAWAL_MIN_BZU),
        fee: perCurrency(env.WITHDRAWAL_FEE_USD, env.WITHDRAWAL_FEE_BZU),
      },
      depositConfirmations: depositConfirmations(env.DEPOSIT_CONFIRMATIONS),
      referralRatePpm: fractionPpm(env.REFERRAL_RATE),
    },
    economy: {
      tips: {
        minimum: perCurrency(env.TIP_MIN_USD, env.TIP_MIN_BZU),
        dailyCap: perCurrency(env.TIP_DAILY_CAP_USD, env.TIP_DAILY_CAP_BZU),
        twoFactorAbove: perCurrency(env.TIP_2FA_ABOVE_USD, env.TIP_2FA_ABOVE_BZU),
      },
      rain: {
        intervalMs: env.RAIN_INTERVAL_MINUTES * 60_000,
        revenueSharePpm: fractionPpm(env.RAIN_REVENUE_SHARE),
        minWagerUsd: parseAmount(env.RAIN_MIN_WAGER_USD),
        minContribution: perCurrency(env.RAIN_MIN_CONTRIBUTION_USD, env.RAIN_MIN_CONTRIBUTION_BZU),
      },
    },
    raffle: {
      enabled: env.RAFFLE_ENABLED,
      periodMs: env.RAFFLE_PERIOD_HOURS * 3_600_000,
      closeUtcMinutes: minutesOfDay(env.RAFFLE_CLOSE_UTC),
      revenueSharePpm: fractionPpm(env.RAFFLE_REVENUE_SHARE),
      rule: {
        usdPerTicket: parseAmount(env.RAFFLE_TICKET_WAGER_USD),
        bzuPerTicket: parseAmount(env.RAFFLE_TICKET_WAGER_BZU),
      },
      topPrizesPpm: env.RAFFLE_TOP_PRIZES.split(',').map(percentPpm),
      equalPrizes: env.RAFFLE_EQUAL_PRIZES,
    },
    sports: {
      minStake: perCurrency(env.SPORTS_MIN_STAKE_USD, env.SPORTS_MIN_STAKE_BZU),
      maxStake: perCurrency(env.SPORTS_MAX_STAKE_USD, env.SPORTS_MAX_STAKE_BZU),
      maxPayout: perCurrency(env.SPORTS_MAX_PAYOUT_USD, env.SPORTS_MAX_PAYOUT_BZU),
      cashOutMarginPpm: BigInt(fractionPpm(env.SPORTS_CASHOUT_MARGIN)),
    },
    token: { burnSharePpm: fractionPpm(env.BZU_BURN_REVENUE_SHARE) },
    authLimits: {
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
    },
  };
}

/**
 * The server is watch-only: it derives deposit addresses from WALLET_XPUB, and only the worker signs (payouts, sweeps).
 * A server that was handed WALLET_XPRV refuses to start rather than hold a key it never needs (docs/operations.md,
 * "Keys"); `npm start` gives it an environment without one (scripts/child-env.ts).
 */
export function refuseSigningKey(env: Pick<Env, 'WALLET_XPRV'>): void {
  if (env.WALLET_XPRV !== undefined) {
    throw new Error(
      "Invalid configuration: WALLET_XPRV: the server never signs; give the signing key to the worker only and remove it from the server's environment",
    );
  }
}

/** How the server, the worker and `npm start` open the database this configuration names. */
export function databaseOptions(env: Env, hostEmbedded: boolean): OpenDatabaseOptions {
  return {
    databaseUrl: env.DATABASE_URL,
    dataDir: env.dataDir,
    hostEmbedded,
    timeouts: env.dbTimeouts,
    preparedStatements: env.dbPreparedStatements,
  };
}

/** Parses configuration once at boot; a bad value stops the process with a message naming the variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable means "not set", as in most shells' `VAR= command` usage.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const env = parsed.data;
  if (
    env.NODE_ENV !== 'test' &&
    (env.ARGON2_MEMORY_KIB < ARGON2_BASELINE.memoryKib || env.ARGON2_TIME_COST < ARGON2_BASELINE.timeCost)
  ) {
    throw new Error(
      `Invalid configuration: ARGON2_MEMORY_KIB must be >= ${ARGON2_BASELINE.memoryKib} and ARGON2_TIME_COST >= ${ARGON2_BASELINE.timeCost} outside tests`,
    );
  }
  if (env.CHAIN_TEST_CRASH_AT !== undefined && env.NODE_ENV !== 'test') {
    throw new Error('Invalid configuration: CHAIN_TEST_CRASH_AT is a test hook (NODE_ENV=test only)');
  }
  if (env.NODE_ENV === 'production') {
    const missing = PRODUCTION_REQUIRED.filter((name) => env[name] === undefined);
    if (missing.length > 0) {
      throw new Error(
        `Invalid configuration: ${missing.map((name) => `${name}: is required when NODE_ENV=production`).join('; ')}`,
      );
    }
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  return {
    ...env,
    dataDir,
    // Instances with their own DATA_DIR that share one Redis must not share keys or queues.
    redisPrefix: env.REDIS_PREFIX ?? defaultRedisPrefix(dataDir, env.DATABASE_URL),
    publicUrl,
    config: deriveConfig(env),
    evmNetworks: loadEvmNetworks(env.EVM_NETWORKS, env.EVM_NETWORKS_FILE),
    roundsEnabled:
      env.ROUNDS_ENABLED === undefined
        ? env.NODE_ENV !== 'test'
        : env.ROUNDS_ENABLED === 'true' || env.ROUNDS_ENABLED === '1',
    dbTimeouts: {
      connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
      poolWaitTimeoutMs: env.DB_POOL_WAIT_TIMEOUT_MS,
      statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    dbPreparedStatements: env.DB_PREPARED_STATEMENTS,
    allowedOrigins: env.ALLOWED_ORIGINS
      ? env.ALLOWED_ORIGINS.split(',')
          .map((origin) => origin.trim())
          .filter(Boolean)
      : [publicUrl, `http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`],
  };
}

function loadEvmNetworks(text: string | undefined, file: string | undefined): EvmNetwork[] {
  if (text && file) throw new Error('Invalid configuration: set EVM_NETWORKS or EVM_NETWORKS_FILE, not both');
  const source = file ? readFileSync(file, 'utf8') : text;
  if (!source) return [];
  try {
    return parseEvmNetworks(source);
  } catch (error) {
    throw new Error(`Invalid configuration: ${(error as Error).message}`);
  }
}

function defaultRedisPrefix(dataDir: string, databaseUrl: string | undefined): string {
  const identity = databaseUrl ?? `${dataDir}#${embeddedInstanceId(dataDir)}`;
  return `bzu-${createHash('sha256').update(identity).digest('hex').slice(0, 8)}`;
}

/**
 * A random id kept in DATA_DIR beside the embedded database. Wiping DATA_DIR makes a new database
 * and so a new id: a shared Redis then offers it a clean namespace instead of the old database's
 * job ids, caches and counters.
 */
function embeddedInstanceId(dataDir: string): string {
  // The server, the worker and the launcher all derive the Redis prefix from it: one creates it.
  return readOrCreateSharedFile(
    path.join(dataDir, 'instance-id'),
    () => randomBytes(8).toString('hex'),
    (id) => id.trim().length > 0,
  ).trim();
}

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.js';

describe('loadEnv', () => {
  it('applies the documented defaults', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(5001);
    expect(env.APP_VERSION).toBe('1.0.0');
    expect(env.SESSION_TTL_MS).toBe(86_400_000);
    expect(env.SPORTS_ENABLED).toBe(false);
    expect(env.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(env.dataDir).toBe(path.resolve('.data'));
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('turns sports on only for SPORTS_ENABLED=true', () => {
    expect(loadEnv({ SPORTS_ENABLED: 'true' }).SPORTS_ENABLED).toBe(true);
    expect(loadEnv({ SPORTS_ENABLED: 'false' }).SPORTS_ENABLED).toBe(false);
  });

  it('prepares frequent statements unless DB_PREPARED_STATEMENTS=false', () => {
    expect(loadEnv({}).dbPreparedStatements).toBe(true);
    expect(loadEnv({ DB_PREPARED_STATEMENTS: 'false' }).dbPreparedStatements).toBe(false);
    expect(() => loadEnv({ DB_PREPARED_STATEMENTS: 'maybe' })).toThrow(/DB_PREPARED_STATEMENTS/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadEnv({ DATABASE_URL: '', PORT: '' }).PORT).toBe(5001);
  });

  it('names the variable when a value is invalid', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadEnv({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('gives instances with different data folders different Redis prefixes, and the same folder the same one', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'bzu-env-'));
    try {
      const a = loadEnv({ DATA_DIR: path.join(root, 'a') }).redisPrefix;
      expect(loadEnv({ DATA_DIR: path.join(root, 'a') }).redisPrefix).toBe(a);
      expect(loadEnv({ DATA_DIR: path.join(root, 'b') }).redisPrefix).not.toBe(a);
      // A wiped data folder holds a new database, so it gets a fresh namespace in a shared Redis.
      rmSync(path.join(root, 'a'), { recursive: true });
      expect(loadEnv({ DATA_DIR: path.join(root, 'a') }).redisPrefix).not.toBe(a);
      expect(loadEnv({ REDIS_PREFIX: 'custom' }).redisPrefix).toBe('custom');
      const external = 'postgres://db.example/bzu';
      expect(loadEnv({ DATABASE_URL: external, DATA_DIR: path.join(root, 'c') }).redisPrefix).toBe(
        loadEnv({ DATABASE_URL: external, DATA_DIR: path.join(root, 'd') }).redisPrefix,
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the derived configuration (env.config)', () => {
  const UNIT = 100_000_000n;

  it('reads each _USD / _BZU pair as integer units per currency', () => {
    const { config } = loadEnv({ GAME_MIN_BET_USD: '0.25', GAME_MIN_BET_BZU: '3', WITHDRAWAL_FEE_BZU: '12.5' });
    expect(config.games.minBet).toEqual({ USD: UNIT / 4n, BZU: 3n * UNIT });
    expect(config.games.maxProfit).toEqual({ USD: 10_000n * UNIT, BZU: 1_000_000n * UNIT });
    expect(config.wallet.withdrawal.fee).toEqual({ USD: UNIT, BZU: 1_250_000_000n });
    expect(config.sports.maxPayout).toEqual({ USD: 10_000n * UNIT, BZU: 1_000_000n * UNIT });
    expect(config.economy.tips.twoFactorAbove).toEqual({ USD: 100n * UNIT, BZU: 10_000n * UNIT });
  });

  it('turns fractions into parts per million', () => {
    const { config } = loadEnv({ REFERRAL_RATE: '0.125', RAIN_REVENUE_SHARE: '0.000001', BZU_BURN_REVENUE_SHARE: '1' });
    expect(config.wallet.referralRatePpm).toBe(125_000);
    expect(config.economy.rain.revenueSharePpm).toBe(1);
    expect(config.token.burnSharePpm).toBe(1_000_000);
    expect(config.raffle.revenueSharePpm).toBe(50_000);
    expect(config.sports.cashOutMarginPpm).toBe(50_000n);
  });

  it('turns the raffle prize percentages into ppm and the closing time into minutes after midnight', () => {
    const { config } = loadEnv({
      RAFFLE_TOP_PRIZES: '25,12.5,0.0001',
      RAFFLE_CLOSE_UTC: '07:45',
      RAFFLE_PERIOD_HOURS: '12',
    });
    expect(config.raffle.topPrizesPpm).toEqual([250_000, 125_000, 1]);
    expect(config.raffle.closeUtcMinutes).toBe(7 * 60 + 45);
    expect(config.raffle.periodMs).toBe(12 * 3_600_000);
  });

  it('takes deposit confirmations from DEPOSIT_CONFIRMATIONS and each network default otherwise', () => {
    expect(loadEnv({}).config.wallet.depositConfirmations).toEqual({ ERC20: 12, BEP20: 15, TRC20: 20 });
    expect(loadEnv({ DEPOSIT_CONFIRMATIONS: 'TRC20:3,ERC20:1' }).config.wallet.depositConfirmations).toEqual({
      ERC20: 1,
      BEP20: 15,
      TRC20: 3,
    });
  });

  it('gathers the auth attempt limits by limit name', () => {
    const { config } = loadEnv({ RATE_LIMIT_TWO_FACTOR: '4/60' });
    expect(config.authLimits.twoFactor).toEqual({ points: 4, durationSeconds: 60 });
    expect(config.authLimits.loginAccount).toEqual({ points: 10, durationSeconds: 900 });
    expect(Object.keys(config.authLimits).sort()).toEqual([
      'confirmPassword',
      'forgotEmail',
      'forgotIp',
      'loginAccount',
      'loginIp',
      'registerEmail',
      'registerIp',
      'resendEmail',
      'resendIp',
      'twoFactor',
    ]);
  });

  it('converts minutes and hours to milliseconds', () => {
    const { config } = loadEnv({ RAIN_INTERVAL_MINUTES: '15', BINGO_BALL_MS: '500' });
    expect(config.economy.rain.intervalMs).toBe(15 * 60_000);
    expect(config.bingo.ballMs).toBe(500);
  });
});

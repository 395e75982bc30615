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

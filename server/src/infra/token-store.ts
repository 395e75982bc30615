import type { Redis } from 'ioredis';
import type { Db } from '../../../db/client.js';
import * as economy from '../../../db/repositories/token-economy.repo.js';
import * as repo from '../../../db/repositories/token.repo.js';
import type { PlatformEvents } from '../domain/events/platform-events.js';
import { poolPriceSource, TokenService, type PriceSource, type TokenStore } from '../domain/token/token.service.js';
import type { Env } from '../env.js';
import { httpPriceSource } from './http-price-source.js';
import { redisTokenCache } from './token-cache.js';

/** The price job's tick (the scheduler in queues.ts uses the same value). */
export const TOKEN_PRICE_TICK_MS = 20_000;

export function postgresTokenStore(db: Db): TokenStore {
  return {
    supply: () => repo.findSupply(db),
    poolReserves: () => repo.findPoolReserves(db),
    swapVolumeSince: (since) => repo.swapVolumeSince(db, since),
    insertSnapshot: (snapshot) => repo.insertPriceSnapshot(db, snapshot),
    latestSnapshot: () => repo.latestPriceSnapshot(db),
    referenceSamples: (cutoff) => repo.referenceSamples(db, cutoff),
    history: (since, bucketSeconds) => repo.priceHistory(db, since, bucketSeconds),
    priceExtremes: (since) => repo.priceExtremes(db, since),
    recentBurns: (limit) => repo.recentBurns(db, limit),
    burnedSince: (since) => repo.burnedSince(db, since),
    recentBurnPeriods: (limit) => economy.recentBurnPeriods(db, limit),
    upsertSwapPoint: (snapshot) =>
      economy.upsertTradePricePoint(db, {
        at: snapshot.slotAt,
        price: snapshot.price,
        change24h: snapshot.change24h,
        marketCap: snapshot.marketCap,
        volume24h: snapshot.volume24h,
      }),
  };
}

export function priceSourceFor(env: Env, store: TokenStore): PriceSource {
  if (env.BZU_PRICE_SOURCE === 'http') {
    return httpPriceSource({ url: env.BZU_PRICE_HTTP_URL!, path: env.BZU_PRICE_HTTP_PATH, timeoutMs: env.BZU_PRICE_HTTP_TIMEOUT_MS });
  }
  return poolPriceSource(store);
}

export function createTokenService(env: Env, db: Db, redis: Redis, events: PlatformEvents): TokenService {
  const store = postgresTokenStore(db);
  return new TokenService(store, priceSourceFor(env, store), redisTokenCache(redis, env.redisPrefix), events, {
    tickMs: TOKEN_PRICE_TICK_MS,
  });
}

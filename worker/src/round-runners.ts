import { ROUND_GAMES } from '../../server/src/domain/games/registry.js';
import { RoundRunner } from '../../server/src/domain/rounds/round-runner.js';
import type { RoundTimings } from '../../server/src/domain/rounds/round.service.js';
import type { Logger } from '../../server/src/infra/logger.js';
import { RedisLease } from '../../server/src/infra/redis-lease.js';
import { createRedis, redisKey, whenReady } from '../../server/src/infra/redis.js';
import type { Infrastructure } from '../../server/src/infrastructure.js';
import type { Services } from '../../server/src/composition/index.js';

/** Each round game's betting window, pause and tick (env.ts): crash's are ROUND_*, the wheel's and bingo's their own. */
function timingsOf(slug: string, env: Infrastructure['env']): RoundTimings & { tickMs: number } {
  if (slug === 'wheel') return { bettingMs: env.WHEEL_BETTING_MS, cooldownMs: env.WHEEL_COOLDOWN_MS, tickMs: env.ROUND_TICK_MS };
  // Bingo's betting window is its card sale, and a tick per ball carries the balls to every screen.
  if (slug === 'bingo') return { bettingMs: env.BINGO_SALE_MS, cooldownMs: env.BINGO_COOLDOWN_MS, tickMs: env.BINGO_BALL_MS };
  return { bettingMs: env.ROUND_BETTING_MS, cooldownMs: env.ROUND_COOLDOWN_MS, tickMs: env.ROUND_TICK_MS };
}

/**
 * One runner per round game in this worker; each runs rounds only while it holds its game's lease, so any number of
 * workers may start them (docs/architecture.md "Round games").
 */
export async function startRoundRunners({ infra, services, logger }: { infra: Infrastructure; services: Services; logger: Logger }) {
  const { env } = infra;
  // Its own connection: the lease's renewals must not wait behind the worker's other Redis traffic.
  const redis = createRedis(env.REDIS_URL, 'command');
  await whenReady(redis, 5_000);
  const runners = ROUND_GAMES.map(
    (game) =>
      new RoundRunner(
        services.rounds,
        game,
        new RedisLease(redis, redisKey(env.redisPrefix, 'rounds', 'lease', game.slug), env.ROUND_LEASE_MS),
        {
          ...timingsOf(game.slug, env),
          leaseRetryMs: env.ROUND_LEASE_RETRY_MS,
          chain: { length: env.ROUND_CHAIN_LENGTH, checkpointEvery: env.ROUND_CHAIN_CHECKPOINT_EVERY, salt: env.ROUND_CHAIN_SALT, requireSalt: env.NODE_ENV === 'production' },
        },
        logger,
      ),
  );
  for (const runner of runners) runner.start();
  return {
    runners,
    async stop() {
      await Promise.all(runners.map((runner) => runner.stop()));
      redis.disconnect();
    },
  };
}

import { ROUND_GAMES } from '../../server/src/domain/games/registry.js';
import { RoundRunner } from '../../server/src/domain/rounds/round-runner.js';
import type { Logger } from '../../server/src/infra/logger.js';
import { RedisLease } from '../../server/src/infra/redis-lease.js';
import { createRedis, redisKey, whenReady } from '../../server/src/infra/redis.js';
import type { Infrastructure } from '../../server/src/infrastructure.js';
import type { Services } from '../../server/src/composition/index.js';

/**
 * One runner per round game in this worker; each runs rounds only while it holds its game's lease, so any number of
 * workers may start them (docs/architecture.md "Round games").
 */
export async function startRoundRunners({
  infra,
  services,
  logger,
}: {
  infra: Infrastructure;
  services: Services;
  logger: Logger;
}) {
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
          ...game.timings(env),
          leaseRetryMs: env.ROUND_LEASE_RETRY_MS,
          chain: {
            length: env.ROUND_CHAIN_LENGTH,
            checkpointEvery: env.ROUND_CHAIN_CHECKPOINT_EVERY,
            salt: env.ROUND_CHAIN_SALT,
            requireSalt: env.NODE_ENV === 'production',
          },
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

import { DepositWatcher } from '../../server/src/domain/chain/deposit-watcher.js';
import { LeasedLoop } from '../../server/src/domain/chain/leased-loop.js';
import type { Services } from '../../server/src/composition/index.js';
import { createEvmClient, EvmChainReader } from '../../server/src/infra/evm-rpc.js';
import type { Logger } from '../../server/src/infra/logger.js';
import { RedisLease } from '../../server/src/infra/redis-lease.js';
import { createRedis, redisKey, whenReady } from '../../server/src/infra/redis.js';
import type { Infrastructure } from '../../server/src/infrastructure.js';

/**
 * One deposit watcher per configured EVM network in this worker; each scans only while it holds its network's lease,
 * so any number of workers may start them (docs/operations.md "EVM networks").
 */
export async function startChainWatchers({
  infra,
  services,
  logger,
}: {
  infra: Infrastructure;
  services: Services;
  logger: Logger;
}) {
  const { env } = infra;
  if (env.evmNetworks.length === 0) return { loops: [], readers: [], stop: async () => undefined };
  const redis = createRedis(env.REDIS_URL, 'command');
  await whenReady(redis, 5_000);
  const log = logger.child({ area: 'chain' });
  const readers = env.evmNetworks.map((network) => new EvmChainReader(createEvmClient(network.rpcUrls)));
  const loops = env.evmNetworks.map((network, index) => {
    const watcher = new DepositWatcher(
      {
        db: infra.db,
        chain: readers[index]!,
        credit: (depositId) => services.wallet.deposits.creditConfirmed(depositId),
        log: log.child({ network: network.name }),
      },
      network,
    );
    return new LeasedLoop(
      new RedisLease(redis, redisKey(env.redisPrefix, 'chain', 'watcher', network.name), env.CHAIN_LEASE_MS),
      () => watcher.tick(),
      { name: `deposit-watcher:${network.name}`, intervalMs: network.blockTimeMs, maxBackoffMs: 60_000, alertAfter: 3 },
      log.child({ network: network.name }),
    );
  });
  for (const loop of loops) loop.start();
  return {
    loops,
    readers,
    async stop() {
      await Promise.all(loops.map((loop) => loop.stop()));
      redis.disconnect();
    },
  };
}

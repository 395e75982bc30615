import { DepositWatcher } from '../../server/src/domain/chain/deposit-watcher.js';
import { LeasedLoop } from '../../server/src/domain/chain/leased-loop.js';
import type { Services } from '../../server/src/composition/index.js';
import type { Redis } from 'ioredis';
import { PayoutSender } from '../../server/src/domain/chain/payout-sender.js';
import { EvmPayoutChain, privateKeySigner } from '../../server/src/infra/evm-payouts.js';
import { createEvmClient, EvmChainReader } from '../../server/src/infra/evm-rpc.js';
import { loadWalletKeys, walletKeyOptions } from '../../server/src/infra/wallet-keys.js';
import { depositAddressKey, hotWalletKey, loadSigningRoot } from '../../server/src/infra/wallet-signing-keys.js';
import { depositBranch, Sweeper } from '../../server/src/domain/chain/sweeper.js';
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
  if (env.evmNetworks.length === 0) return { loops: [] as LeasedLoop[], readers: [], stop: async () => undefined };
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
        beforeRangeCommit: crashHook<[bigint, bigint]>(env.CHAIN_TEST_CRASH_AT, 'watcher-mid-range', ([from, to]) => {
          const block = BigInt(env.CHAIN_TEST_CRASH_AT!.split('@')[1]!);
          return from <= block && block <= to;
        }),
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
  loops.push(...payoutLoops(infra, services, redis, log));
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

/**
 * One payout sender (the withdrawals asked for under its name, or the processor id it stands for) and one sweeper per
 * network, when this worker has the signing key (WALLET_XPRV, or the development one in DATA_DIR); without it
 * withdrawals stay with the operator and deposits stay in their addresses.
 */
function payoutLoops(infra: Infrastructure, services: Services, redis: Redis, log: Logger): LeasedLoop[] {
  const { env } = infra;
  const root = loadSigningRoot({
    xprv: env.WALLET_XPRV,
    xpub: loadWalletKeys(walletKeyOptions(env)).xpub,
    dataDir: env.dataDir,
    production: env.NODE_ENV === 'production',
  });
  if (!root) {
    log.warn('chain: no signing key (WALLET_XPRV); withdrawals are paid by hand');
    return [];
  }
  const signer = privateKeySigner(hotWalletKey(root));
  log.info({ hotWallet: signer.address }, 'chain: paying withdrawals and sweeping into the hot wallet');
  const sweeps = env.evmNetworks.map((network) => {
    const sweeper = new Sweeper(
      {
        db: infra.db,
        chain: new EvmPayoutChain(createEvmClient(network.rpcUrls)),
        hotWallet: signer,
        depositSigner: (userId) => privateKeySigner(depositAddressKey(root, depositBranch(network), userId)),
        log: log.child({ network: network.name }),
      },
      network,
    );
    return new LeasedLoop(
      new RedisLease(redis, redisKey(env.redisPrefix, 'chain', 'sweeps', network.name), env.CHAIN_LEASE_MS),
      () => sweeper.tick(),
      {
        name: `sweeper:${network.name}`,
        intervalMs: env.CHAIN_SWEEP_INTERVAL_MS,
        maxBackoffMs: 600_000,
        alertAfter: 3,
      },
      log.child({ network: network.name }),
    );
  });
  const payouts = env.evmNetworks.map((network) => {
    const sender = new PayoutSender(
      {
        db: infra.db,
        chain: new EvmPayoutChain(createEvmClient(network.rpcUrls)),
        signer,
        withdrawals: services.wallet.withdrawals,
        log: log.child({ network: network.name }),
        afterBroadcast: crashHook<[string]>(env.CHAIN_TEST_CRASH_AT, 'payout-after-broadcast'),
      },
      network,
    );
    return new LeasedLoop(
      new RedisLease(redis, redisKey(env.redisPrefix, 'chain', 'payouts', network.name), env.CHAIN_LEASE_MS),
      () => sender.tick(),
      { name: `payout-sender:${network.name}`, intervalMs: network.blockTimeMs, maxBackoffMs: 60_000, alertAfter: 3 },
      log.child({ network: network.name }),
    );
  });
  return [...payouts, ...sweeps];
}

/**
 * CHAIN_TEST_CRASH_AT (NODE_ENV=test only): the process kills itself with SIGKILL at that point, so a test can show
 * what a real crash there leaves (an open transaction rolled back by Postgres, a broadcast with nothing recorded).
 */
function crashHook<A extends unknown[]>(
  setting: string | undefined,
  point: string,
  when: (args: A) => boolean = () => true,
): ((...args: A) => Promise<void>) | undefined {
  if (setting?.split('@')[0] !== point) return undefined;
  return async (...args: A) => {
    if (when(args)) process.kill(process.pid, 'SIGKILL');
  };
}

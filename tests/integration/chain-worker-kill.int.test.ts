import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readChainCursor } from '../../db/repositories/chain.repo.js';
import { hotWalletAddress } from '../../server/src/infra/wallet-signing-keys.js';
import { signedInAccount } from '../support/auth.js';
import { localChainSuite, payByMint, sendNative, tokenBalance, tokenOf } from '../support/chain.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';
import { fundPlayer, PLAYING_TEST_ENV } from '../support/wallet.js';

const PAYMENTS = 30;
/** The keccak-256 of Transfer(address,address,uint256): the topic of every ERC-20 transfer log. */
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/**
 * A real worker process (worker/src/main.ts) on the test platform's database, Redis prefix, DATA_DIR (so the same
 * development signing keys) and chain; `crashAt` sets its CHAIN_TEST_CRASH_AT hook (it SIGKILLs itself there).
 */
function startWorkerProcess(platform: TestPlatform, networksJson: string, crashAt?: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'worker/src/main.ts'], {
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: platform.databaseUrl,
      DATA_DIR: platform.dataDir,
      REDIS_URL: platform.env.REDIS_URL,
      REDIS_PREFIX: platform.env.redisPrefix,
      LOG_LEVEL: 'silent',
      EVM_NETWORKS: networksJson,
      CHAIN_LEASE_MS: '1000',
      CHAIN_TEST_CRASH_AT: crashAt ?? '',
    },
  });
}

function exited(child: ChildProcess): Promise<NodeJS.Signals | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.signalCode);
  return new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
}

describe('a worker process killed with SIGKILL', () => {
  const chain = localChainSuite();
  let platform: TestPlatform;
  let payerJson: string;
  const workers: ChildProcess[] = [];
  const tokens = () => chain.tokens.map(({ symbol, address, decimals }) => ({ symbol, address, decimals }));
  beforeAll(async () => {
    // A network with no processor id to stand for: players withdraw on it by its configured name.
    payerJson = JSON.stringify([
      {
        name: 'payer',
        label: 'Payer chain',
        chainId: 31337,
        rpcUrls: [chain.node.url],
        confirmations: 1,
        blockTimeMs: 100,
        startBlock: Number(await chain.node.blockNumber()),
        tokens: tokens(),
      },
    ]);
    // Sign-ups hash passwords beside two booting worker processes: no deadline on a busy machine's hashing.
    platform = await startTestPlatform({
      ...PLAYING_TEST_ENV,
      PASSWORD_HASH_TIMEOUT_MS: '120000',
      EVM_NETWORKS: payerJson,
    });
  });
  afterAll(async () => {
    for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
    await platform?.stop();
  });

  it('right after broadcasting a payout, before recording it: the restarted worker finds it on chain and pays once', async () => {
    const db = platform.platform.infra.db;
    const services = platform.platform.services;
    const { xpub } = JSON.parse(readFileSync(path.join(platform.dataDir, 'wallet-dev-keys.json'), 'utf8')) as {
      xpub: string;
    };
    const hot = hotWalletAddress(xpub);
    const usdt = tokenOf(chain.tokens, 'USDT');
    await sendNative(chain.node, hot, 10n ** 19n);
    await payByMint(chain.node, usdt, hot, 1_000n * 10n ** 6n);

    const player = await signedInAccount(platform);
    const admin = await signedInAccount(platform);
    await fundPlayer(platform, player.token, '20');
    const destination = '0x00000000000000000000000000000000000a11ce';
    const requested = await services.wallet.withdrawals.request(player.user.id, {
      amount: 1_234_000_000n,
      asset: 'USDT',
      network: 'payer',
      address: destination,
      password: player.account.password,
    });
    expect(requested.network).toBe('payer');
    await services.wallet.withdrawals.approve(admin.user.id, requested.id);
    const withdrawal = () =>
      db.selectFrom('withdrawals').selectAll().where('id', '=', requested.id).executeTakeFirstOrThrow();
    const attempts = () =>
      db.selectFrom('chain_payout_attempts').selectAll().where('withdrawal_id', '=', requested.id).execute();

    const first = startWorkerProcess(platform, payerJson, 'payout-after-broadcast');
    workers.push(first);
    expect(await exited(first)).toBe('SIGKILL');
    // Broadcast (and mined: the node mines each transaction) but never recorded.
    expect((await withdrawal()).status).toBe('SENDING');
    expect((await withdrawal()).txid).toBeNull();
    expect(await attempts()).toHaveLength(1);
    expect(await tokenBalance(chain.node, usdt, destination)).toBe(12_340_000n);

    const second = startWorkerProcess(platform, payerJson);
    workers.push(second);
    await expect.poll(async () => (await withdrawal()).status, { timeout: 120_000 }).toBe('CONFIRMED');
    second.kill('SIGTERM');
    await exited(second);

    const [attempt] = await attempts();
    expect(await attempts()).toHaveLength(1);
    expect((await withdrawal()).txid).toBe(attempt!.tx_hash);
    expect(await tokenBalance(chain.node, usdt, destination)).toBe(12_340_000n);
    // Exactly one transfer to the destination on the whole chain.
    const logs = await chain.node.rpc<{ transactionHash: string }[]>('eth_getLogs', [
      {
        fromBlock: '0x0',
        toBlock: 'latest',
        address: usdt.address,
        topics: [TRANSFER_TOPIC, null, `0x${destination.slice(2).toLowerCase().padStart(64, '0')}`],
      },
    ]);
    expect(logs.map((log) => log.transactionHash)).toEqual([attempt!.tx_hash]);
    const settlements = await db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('idempotency_key', 'like', `withdrawal:${requested.id}:%`)
      .execute();
    // The reservation and one settlement, no refund.
    expect(settlements).toHaveLength(2);
    expect((await services.wallet.accounts.balances(player.user.id)).USD).toBe('7.66');
    // Two worker processes boot (tsx compiles each) on a shared, busy machine: a generous budget, no timing assumed.
  }, 600_000);

  it('in the middle of a scanned range is resumed by the next worker from the Postgres cursor: every transfer credited exactly once', async () => {
    const db = platform.platform.infra.db;
    const player = await signedInAccount(platform);
    const { address } = await platform.platform.services.wallet.deposits.ensureAddress(player.user.id, 'ERC20');
    const usdt = tokenOf(chain.tokens, 'USDT');
    const start = Number(await chain.node.blockNumber()) + 1;
    // One payment per block, 1..30 USDT: the sum says whether any was credited twice.
    for (let i = 1; i <= PAYMENTS; i += 1) await payByMint(chain.node, usdt, address, BigInt(i) * 1_000_000n);
    const killedAt = start + 24;
    const networksJson = JSON.stringify([
      {
        name: 'killed',
        label: 'Kill test',
        chainId: 31337,
        rpcUrls: [chain.node.url],
        confirmations: 1,
        blockTimeMs: 100,
        startBlock: start,
        maxBlockRange: 1,
        tokens: tokens(),
      },
    ]);
    const deposits = (status: 'PENDING' | 'CREDITED') =>
      db
        .selectFrom('deposits')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('network', '=', 'killed')
        .where('status', '=', status)
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n));

    // The first worker scans and credits the first tick's ranges, then dies inside the range of block start+24: its
    // transfer is written in the open transaction, the cursor moved there too, nothing of it committed.
    const first = startWorkerProcess(platform, networksJson, `watcher-mid-range@${killedAt}`);
    workers.push(first);
    expect(await exited(first)).toBe('SIGKILL');
    expect(await readChainCursor(db, 'killed')).toBe(BigInt(killedAt));
    const creditedAtKill = await deposits('CREDITED');
    expect(creditedAtKill).toBeGreaterThan(0);
    expect(creditedAtKill).toBeLessThan(PAYMENTS);
    const inKilledRange = await db
      .selectFrom('deposits')
      .select('id')
      .where('network', '=', 'killed')
      .where('block_number', '=', String(killedAt))
      .execute();
    expect(inKilledRange).toHaveLength(0);

    const second = startWorkerProcess(platform, networksJson);
    workers.push(second);
    await expect.poll(() => deposits('CREDITED'), { timeout: 120_000 }).toBe(PAYMENTS);
    second.kill('SIGTERM');
    await exited(second);

    expect(await deposits('PENDING')).toBe(0);
    expect((await platform.platform.services.wallet.accounts.balances(player.user.id)).USD).toBe(
      String((PAYMENTS * (PAYMENTS + 1)) / 2),
    );
    const postings = await db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('user_id', '=', player.user.id)
      .where('kind', '=', 'deposit')
      .execute();
    expect(postings).toHaveLength(PAYMENTS);
    // Two worker processes boot (tsx compiles each) on a shared, busy machine: a generous budget, no timing assumed.
  }, 600_000);
});

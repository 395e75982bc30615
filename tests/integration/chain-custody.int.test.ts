import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DepositWatcher } from '../../server/src/domain/chain/deposit-watcher.js';
import { depositBranch, Sweeper } from '../../server/src/domain/chain/sweeper.js';
import { createLogger } from '../../server/src/infra/logger.js';
import { EvmPayoutChain, privateKeySigner } from '../../server/src/infra/evm-payouts.js';
import { createEvmClient, EvmChainReader } from '../../server/src/infra/evm-rpc.js';
import {
  depositAddressKey,
  hotWalletAddress,
  hotWalletKey,
  loadSigningRoot,
} from '../../server/src/infra/wallet-signing-keys.js';
import { signedInAccount } from '../support/auth.js';
import { localChainSuite, payByMint, sendNative, tokenBalance, tokenOf } from '../support/chain.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';
import { fundPlayer, PLAYING_TEST_ENV, trpc } from '../support/wallet.js';

describe('sweeps with a gas top-up, and the custody report (admin service and npm run cli -- custody:report)', () => {
  const chain = localChainSuite();
  let platform: TestPlatform;
  let networksJson: string;
  beforeAll(async () => {
    networksJson = JSON.stringify([
      {
        name: 'local',
        label: 'Local dev chain',
        chainId: 31337,
        rpcUrls: [chain.node.url],
        confirmations: 1,
        blockTimeMs: 1_000,
        startBlock: 0,
        withdrawals: 'ERC20',
        explorerUrl: 'https://explorer.example/',
        tokens: chain.tokens.map(({ symbol, address, decimals }) => ({ symbol, address, decimals })),
      },
    ]);
    platform = await startTestPlatform({ ...PLAYING_TEST_ENV, EVM_NETWORKS: networksJson });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  /** `npm run cli -- custody:report` against this platform's database and chain. */
  function cli() {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/cli.ts', 'custody:report'], {
      encoding: 'utf8',
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: platform.databaseUrl,
        DATA_DIR: platform.dataDir,
        REDIS_URL: platform.env.REDIS_URL,
        REDIS_PREFIX: platform.env.redisPrefix,
        EVM_NETWORKS: networksJson,
        LOG_LEVEL: 'silent',
      },
    });
    return { status: result.status, out: `${result.stdout}${result.stderr}` };
  }

  it('balances with a deposit in its address, sweeps it (topping up gas first), still balances, and exits 1 when short', async () => {
    const db = platform.platform.infra.db;
    const services = platform.platform.services;
    const network = platform.env.evmNetworks[0]!;
    const stored = JSON.parse(readFileSync(path.join(platform.dataDir, 'wallet-dev-keys.json'), 'utf8')) as {
      xpub: string;
    };
    const root = loadSigningRoot({ xpub: stored.xpub, dataDir: platform.dataDir, production: false })!;
    const hot = privateKeySigner(hotWalletKey(root));
    expect(hot.address).toBe(hotWalletAddress(stored.xpub));
    await sendNative(chain.node, hot.address, 10n ** 19n);

    // A player deposits 25 USDT on chain; the watcher credits it.
    const player = await signedInAccount(platform);
    const { address } = await services.wallet.deposits.ensureAddress(player.user.id, 'ERC20');
    const usdt = tokenOf(chain.tokens, 'USDT');
    await payByMint(chain.node, usdt, address, 25_000_000n);
    const log = createLogger('silent', 'chain');
    const watcher = new DepositWatcher(
      {
        db,
        chain: new EvmChainReader(createEvmClient(network.rpcUrls)),
        credit: (id) => services.wallet.deposits.creditConfirmed(id),
        log,
      },
      network,
    );
    expect((await watcher.tick()).credited).toBe(1);

    let report = await services.wallet.custody.report();
    expect(report).toMatchObject({ ok: true, held: { USD: '25' }, owed: { USD: '25' }, surplus: { USD: '0' } });
    expect(report.networks[0]!.tokens.find((token) => token.symbol === 'USDT')).toMatchObject({
      hotWallet: '0',
      depositAddresses: '25',
    });
    const balanced = cli();
    expect(balanced.out).toContain('custody ok');
    expect(balanced.status).toBe(0);

    // The sweep: the deposit address has no ETH, so it is topped up first, then its USDT moves to the hot wallet.
    const sweeper = new Sweeper(
      {
        db,
        chain: new EvmPayoutChain(createEvmClient(network.rpcUrls)),
        hotWallet: hot,
        depositSigner: (userId) => privateKeySigner(depositAddressKey(root, depositBranch(network), userId)),
        log,
      },
      network,
    );
    expect(await sweeper.tick()).toMatchObject({ toppedUp: 1, swept: 0 });
    expect(await sweeper.tick()).toMatchObject({ toppedUp: 0, swept: 1 });
    expect(await tokenBalance(chain.node, usdt, address)).toBe(0n);
    expect(await tokenBalance(chain.node, usdt, hot.address)).toBe(25_000_000n);
    expect(await sweeper.tick()).toMatchObject({ toppedUp: 0, swept: 0 });
    report = await services.wallet.custody.report();
    expect(report.ok).toBe(true);
    expect(report.networks[0]!.tokens.find((token) => token.symbol === 'USDT')).toMatchObject({
      hotWallet: '25',
      depositAddresses: '0',
    });

    // A processor's deposit credits 10 USD that the chain does not hold: short by 10, and the CLI exits 1.
    await fundPlayer(platform, player.token, '10');
    report = await services.wallet.custody.report();
    expect(report).toMatchObject({ ok: false, held: { USD: '25' }, owed: { USD: '35' }, surplus: { USD: '-10' } });
    const short = cli();
    expect(short.status).toBe(1);
    expect(short.out).toContain('holds less than the players are owed');

    // The same report in the admin console (admins only).
    const admin = await signedInAccount(platform);
    expect((await trpc(platform, 'query', 'admin.custody', undefined, admin.token)).status).toBe(403);
    await services.auth.accounts.setRole(admin.account.username, 'admin');
    const inConsole = await trpc(platform, 'query', 'admin.custody', undefined, admin.token);
    expect(inConsole.status).toBe(200);
    expect(inConsole.body.result.data).toMatchObject({ ok: false, owed: { USD: '35' }, surplus: { USD: '-10' } });
    // Two CLI processes (each compiles and boots the services) on two shared cores.
  }, 120_000);

  it("links a paid withdrawal's transaction to the paying network's explorer on the player's list", async () => {
    const services = platform.platform.services;
    const player = await signedInAccount(platform);
    const approver = await signedInAccount(platform);
    await fundPlayer(platform, player.token, '10');
    const requested = await services.wallet.withdrawals.request(player.user.id, {
      amount: 500_000_000n,
      asset: 'USDT',
      network: 'ERC20',
      address: '0x000000000000000000000000000000000000dEaD',
      password: player.account.password,
    });
    await services.wallet.withdrawals.approve(approver.user.id, requested.id);
    const txid = `0x${'ab'.repeat(32)}`;
    await services.wallet.withdrawals.recordTxid(requested.id, txid);
    const { items } = await services.wallet.withdrawals.list(player.user.id, { status: 'ALL' });
    expect(items[0]).toMatchObject({ status: 'SENT', txid, explorerUrl: `https://explorer.example/tx/${txid}` });
  });
});

import { describe, expect, it } from 'vitest';
import { RELAXED_LIMITS, signedInAccount } from '../support/auth.js';
import { platformSuite } from '../support/platform-suite.js';
import type { TestPlatform } from '../support/platform.js';
import { fundPlayer, PLAYING_TEST_ENV, trpc } from '../support/wallet.js';

const token = (symbol: string, last: string) => ({
  symbol,
  address: `0x${last.padStart(40, '0')}`,
  decimals: 6,
});

const PRODUCTION_XPUB =
  'xpub661MyMwAqRbcFLxTHctmaYadubpQ7nAnJYoazsrQudybD27wRMhwMqEHXumeWBCDC9ix48SmC1gesdRyANL59ssBmUPVC8sAFPzn11hUvN9';

/**
 * Networks as an operator configures them (the RPC URLs are never called here): Polygon on its own name, Base standing
 * for the processor's ERC20 id.
 */
const EVM_NETWORKS = JSON.stringify([
  {
    name: 'polygon',
    label: 'Polygon',
    chainId: 137,
    rpcUrls: ['http://127.0.0.1:9/polygon'],
    confirmations: 128,
    blockTimeMs: 2_000,
    explorerUrl: 'https://polygonscan.com',
    tokens: [token('USDT', 'a1'), token('USDC', 'a2')],
  },
  {
    name: 'base',
    label: 'Base',
    chainId: 8453,
    rpcUrls: ['http://127.0.0.1:9/base'],
    confirmations: 10,
    blockTimeMs: 2_000,
    withdrawals: 'ERC20',
    tokens: [token('USDC', 'b1')],
  },
]);

describe('every configured network is offered for deposits and withdrawals (API)', () => {
  const suite = platformSuite({ ...PLAYING_TEST_ENV, PASSWORD_HASH_TIMEOUT_MS: '120000', EVM_NETWORKS });
  const platform = () => suite.platform;

  it("lists the configured networks (their own confirmations and assets) before the processor networks they don't stand for", async () => {
    const player = await signedInAccount(platform());
    const terms = await trpc(platform(), 'query', 'wallet.withdrawalTerms', undefined, player.token);
    expect(terms.status).toBe(200);
    expect(terms.body.result.data.networks).toEqual([
      { id: 'polygon', name: 'Polygon', family: 'evm', assets: ['USDT', 'USDC'], confirmations: 128 },
      { id: 'base', name: 'Base', family: 'evm', assets: ['USDC'], confirmations: 10 },
      // DEPOSIT_CONFIRMATIONS (tests: 3) counts for the processor networks only.
      { id: 'BEP20', name: 'BNB Smart Chain', family: 'evm', assets: ['USDT', 'USDC', 'BZU'], confirmations: 3 },
      { id: 'TRC20', name: 'Tron', family: 'tron', assets: ['USDT', 'USDC'], confirmations: 3 },
    ]);
  });

  it("shows the deposit address with the network's configured confirmations, one EVM address for every EVM network", async () => {
    const player = await signedInAccount(platform());
    const address = async (network: string) => {
      const answer = await trpc(platform(), 'query', 'wallet.depositAddress', { network }, player.token);
      expect(answer.status).toBe(200);
      return answer.body.result.data as { network: string; address: string; requiredConfirmations: number };
    };
    const polygon = await address('polygon');
    const base = await address('base');
    expect(polygon).toMatchObject({ network: 'polygon', requiredConfirmations: 128, assets: ['USDT', 'USDC'] });
    expect(base).toMatchObject({ network: 'base', requiredConfirmations: 10 });
    expect(base.address).toBe(polygon.address);
    // The processor id Base stands for names Base.
    expect(await address('ERC20')).toEqual(base);
    expect((await address('TRC20')).address).toMatch(/^T/);
    const unknown = await trpc(platform(), 'query', 'wallet.depositAddress', { network: 'solana' }, player.token);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.data.domainCode).toBe('UNKNOWN_NETWORK');
  });

  it('takes withdrawals on a configured network by its name; an unknown network or an asset it lacks is a 400 that changes nothing', async () => {
    const player = await signedInAccount(platform());
    await fundPlayer(platform(), player.token, '50');
    const withdraw = (input: Record<string, unknown>) =>
      trpc(
        platform(),
        'mutation',
        'wallet.withdraw',
        {
          amount: '12.5',
          asset: 'USDC',
          address: '0x52908400098527886E0F7030069857D2E4169EE7',
          password: player.account.password,
          ...input,
        },
        player.token,
      );
    const balance = async () =>
      (await trpc(platform(), 'query', 'wallet.balances', undefined, player.token)).body.result.data.USD as string;

    const refused = [
      await withdraw({ network: 'solana' }),
      await withdraw({ network: 'base', asset: 'USDT' }),
      await withdraw({ network: 'polygon', address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8' }),
      await withdraw({ network: 'poly gon!' }),
    ];
    expect(refused.map((answer) => answer.status)).toEqual([400, 400, 400, 400]);
    expect(refused[0]!.body.error.message).toContain('solana is not offered here (polygon, base, BEP20, TRC20)');
    expect(refused[1]!.body.error.message).toContain('USDT is not available on base');
    expect(await balance()).toBe('50');

    // Two at once on two configured networks, and one under the processor id Base stands for.
    const [onPolygon, onBase, onErc20] = await Promise.all([
      withdraw({ network: 'polygon' }),
      withdraw({ network: 'base' }),
      withdraw({ network: 'ERC20', amount: '20' }),
    ]);
    expect([onPolygon!.status, onBase!.status, onErc20!.status]).toEqual([200, 200, 200]);
    expect(onPolygon!.body.result.data).toMatchObject({ network: 'polygon', status: 'PENDING', amount: '12.5' });
    expect(onBase!.body.result.data).toMatchObject({ network: 'base', status: 'PENDING' });
    expect(onErc20!.body.result.data).toMatchObject({ network: 'base' });
    expect(await balance()).toBe('5');

    // Recorded as paid: the player's list links the transaction to the paying network's explorer (when it has one).
    const admin = await signedInAccount(platform());
    const services = platform().platform.services;
    const txid = (byte: string) => `0x${byte.repeat(32)}`;
    for (const [answer, byte] of [
      [onPolygon!, 'cd'],
      [onBase!, 'ce'],
    ] as const) {
      await services.wallet.withdrawals.approve(admin.user.id, answer.body.result.data.id);
      await services.wallet.withdrawals.recordTxid(answer.body.result.data.id, txid(byte));
    }
    const { items } = await services.wallet.withdrawals.list(player.user.id, { status: 'SENT' });
    // The two were placed at once, so their order in the list is not part of this check.
    const byNetwork = items
      .map((item) => [item.network, item.explorerUrl])
      .sort(([a], [b]) => String(a).localeCompare(String(b)));
    expect(byNetwork).toEqual([
      ['base', null],
      ['polygon', `https://polygonscan.com/tx/${txid('cd')}`],
    ]);
  });
});

/** What the "Send test …" faucet answers where it must not pay: NO_DEV_CHAIN, a 404, and no transaction sent. */
async function expectNoDevChain(platform: TestPlatform) {
  const player = await signedInAccount(platform);
  const info = await trpc(platform, 'query', 'wallet.devChain', undefined, player.token);
  expect(info.status).toBe(200);
  expect(info.body.result.data).toBeNull();
  for (const symbol of ['USDT', 'BZU']) {
    const sent = await trpc(platform, 'mutation', 'wallet.sendTestTokens', { symbol }, player.token);
    expect(sent.status).toBe(404);
    expect(sent.body.error.data.domainCode).toBe('NO_DEV_CHAIN');
  }
}

describe('wallet.sendTestTokens pays only on a dev: true network outside production', () => {
  describe('networks configured, none of them dev', () => {
    const suite = platformSuite({ ...PLAYING_TEST_ENV, EVM_NETWORKS });
    it('answers NO_DEV_CHAIN (404), and wallet.devChain is null', async () => {
      // The RPC URLs point at a closed port: had the faucet been built, the send would fail with a 5xx instead.
      await expectNoDevChain(suite.platform);
    });
  });

  describe('a dev: true network configured under NODE_ENV=production', () => {
    const DEV_NETWORK = JSON.stringify([
      {
        name: 'devchain-prod',
        label: 'Local dev chain',
        chainId: 31337,
        rpcUrls: ['http://127.0.0.1:9/dev'],
        confirmations: 3,
        blockTimeMs: 2_000,
        withdrawals: 'ERC20',
        dev: true,
        tokens: [token('USDT', 'c1'), { ...token('BZU', 'c2'), decimals: 18 }],
      },
    ]);
    const suite = platformSuite({
      ...RELAXED_LIMITS,
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://bzu.example',
      SMTP_URL: 'smtp://127.0.0.1:9',
      TWO_FACTOR_ENCRYPTION_KEY: 'ab'.repeat(32),
      WALLET_XPUB: PRODUCTION_XPUB,
      DEPOSIT_WEBHOOK_SECRET: 'a-production-webhook-secret',
      METRICS_TOKEN: 'metrics-token-0123456789abcdef',
      EVM_NETWORKS: DEV_NETWORK,
    });
    it('answers NO_DEV_CHAIN (404): production never builds the faucet', async () => {
      await expectNoDevChain(suite.platform);
    });
  });
});

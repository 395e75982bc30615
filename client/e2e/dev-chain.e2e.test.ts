import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployTestTokens, type DeployedToken } from '../../chain/dev-tokens.js';
import { fundDevFaucet, startChainLoops } from '../../tests/support/chain.js';
import { DEV_ACCOUNT_KEYS, startLocalNode, type LocalNode } from '../../chain/local-node.js';
import { FAST_HASHING, RELAXED_LIMITS, http, signedInAccount } from '../../tests/support/auth.js';
import { launchBrowser, screenshot } from '../../tests/support/browser.js';
import { startTestPlatform, type TestPlatform } from '../../tests/support/platform.js';
import { WALLET_TEST_ENV } from '../../tests/support/wallet.js';
import { visit } from './support/page-helpers.js';
import { seedSession } from './support/session-seed.js';

const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 10_000 });

/** The embedded development chain in Chromium: "Send test USDT" pays the deposit address; it confirms and credits. */
describe('the development chain deposit button', () => {
  let node: LocalNode;
  let tokens: DeployedToken[];
  let platform: TestPlatform;
  let browser: Browser;
  let watchers: Awaited<ReturnType<typeof startChainLoops>>;

  beforeAll(async () => {
    node = await startLocalNode();
    tokens = await deployTestTokens(node.url, DEV_ACCOUNT_KEYS[0]);
    await fundDevFaucet(node, tokens);
    platform = await startTestPlatform({
      ...FAST_HASHING,
      ...RELAXED_LIMITS,
      ...WALLET_TEST_ENV,
      EVM_NETWORKS: JSON.stringify([
        {
          name: 'devchain-e2e',
          label: 'Local dev chain',
          chainId: 31337,
          rpcUrls: [node.url],
          confirmations: 3,
          blockTimeMs: 200,
          startBlock: 0,
          dev: true,
          tokens: tokens.map(({ symbol, address, decimals }) => ({ symbol, address, decimals })),
        },
      ]),
    });
    watchers = await startChainLoops(platform);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await watchers?.stop();
    await platform?.stop();
    await node?.stop();
  });

  it('sends test USDT to the deposit address, shows it confirming, and the header balance moves once it is credited', async () => {
    const player = await signedInAccount(platform);
    const profile = await http(platform.url, 'GET', '/api/auth/profile', undefined, { token: player.token });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await seedSession(context, { token: player.token, user: profile.body });
    const page = await context.newPage();
    await visit(page, platform.url, '/account/balances');
    await poll(() => page.getByTestId('header-balance').innerText()).toMatch(/^0\.00/);

    await page.getByRole('button', { name: 'Send test USDT' }).click();
    await poll(() => page.getByRole('status').filter({ hasText: 'Sent 100 USDT' }).count()).toBe(1);
    // Mined at once (one confirmation); the watcher records it pending and the page shows it counting.
    const pending = page.getByTestId('pending-deposits');
    await poll(() => pending.innerText()).toMatch(/100 USDT\s+1 \/ 3/);
    console.log('screenshot', await screenshot(page, 'dev-chain-pending-deposit'));
    await node.mine(1);
    await poll(() => pending.innerText()).toMatch(/2 \/ 3/);
    expect(await page.getByTestId('header-balance').innerText()).toMatch(/^0\.00/);
    await node.mine(1);
    await poll(() => page.getByTestId('header-balance').innerText()).toMatch(/^100\.00/);
    await poll(() => pending.count()).toBe(0);
    await context.close();
  });
});

import { sql } from 'kysely';
import type { BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { FAST_HASHING, RELAXED_LIMITS, http, signedInAccount } from '../../tests/support/auth.js';
import { screenshot } from '../../tests/support/browser.js';
import { WALLET_TEST_ENV } from '../../tests/support/wallet.js';
import { browserSuite } from './support/browser-suite.js';
import { WIDE, visit } from './support/page-helpers.js';
import { seedSession } from './support/session-seed.js';

/**
 * The admin console's Custody section lists credited deposits a reorg took off the chain (issue 41): finance runs the
 * report and reads which deposit, player, amount and transaction to review.
 */
describe('custody report in the admin console', () => {
  const suite = browserSuite({
    ...FAST_HASHING,
    ...RELAXED_LIMITS,
    ...WALLET_TEST_ENV,
    PASSWORD_HASH_TIMEOUT_MS: '60000',
  });
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
  });

  it('shows a reorged deposit to review, with its player, amount and transaction', async () => {
    const { platform } = suite;
    const db = platform.platform.infra.db;
    const player = await signedInAccount(platform, { username: 'reorgvic' });
    const txHash = `0x${'ab'.repeat(32)}`;
    // What the deposit watcher leaves behind, through its own steps: a seen transfer, its credit, then the REORGED flag
    // (tests/integration/chain-custody.int.test.ts reorgs a real node for it).
    const { rows } = await sql<{ id: string }>`
      insert into deposits (user_id, network, asset, currency, address, tx_hash, output_index, amount_e8,
        confirmations, required_confirmations, block_number, block_hash)
      values (${player.user.id}, 'polygon', 'USDT', 'USD', '0x52908400098527886E0F7030069857D2E4169EE7', ${txHash}, 3,
        1250000000, 3, 3, 1234, ${`0x${'cd'.repeat(32)}`})
      returning id::text`.execute(db);
    const depositId = rows[0]!.id;
    await platform.platform.services.wallet.deposits.creditConfirmed(depositId);
    await sql`update deposits set flags = array_append(flags, 'REORGED') where id = ${depositId}`.execute(db);

    const finance = await signedInAccount(platform);
    await platform.platform.services.auth.accounts.setRole(finance.account.username, 'finance');
    const profile = await http(platform.url, 'GET', '/api/auth/profile', undefined, { token: finance.token });
    const context = await suite.browser.newContext({ viewport: WIDE });
    contexts.push(context);
    await seedSession(context, { token: finance.token, user: profile.body });
    const page = await context.newPage();
    await visit(page, platform.url, '/admin');
    await page.getByRole('button', { name: 'Run custody report' }).click();
    const reorged = page.getByTestId('custody-reorged');
    await reorged.waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => reorged.innerText()).toContain('Reorged after credit: 1 deposit(s) to review');
    const row = reorged.getByRole('row').filter({ hasText: txHash });
    const cells = (await row.getByRole('cell').allInnerTexts()).map((text) => text.trim());
    expect(cells).toEqual([
      depositId,
      'polygon',
      `reorgvic (#${player.user.id})`,
      '12.5 USDT',
      `${txHash}:3`,
      '1234',
      expect.stringMatching(/\d/),
    ]);
    await reorged.scrollIntoViewIfNeeded();
    await screenshot(page, 'custody-reorged-1440');
  }, 120_000);
});

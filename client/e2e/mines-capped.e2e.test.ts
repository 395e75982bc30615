import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { floatsFromSeeds } from '../../server/src/domain/games/shared/floats.js';
import { minePositions } from '../../server/src/domain/games/mines/rules.js';
import { FAST_HASHING, RELAXED_LIMITS, http, signedInAccount } from '../../tests/support/auth.js';
import { screenshot } from '../../tests/support/browser.js';
import { WALLET_TEST_ENV, fundPlayer } from '../../tests/support/wallet.js';
import { browserSuite } from './support/browser-suite.js';
import { DESKTOP, visit } from './support/page-helpers.js';
import { seedSession } from './support/session-seed.js';

const hmac = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message).digest());

/** The profit limit on the mines page (FAIRNESS.md): a round that reaches it ends at once and says it was capped. */
describe('mines at the profit limit in the browser', () => {
  // A 1 USD limit: 12 mines at 0.01 USD reach it on the sixth safe tile (x102.2).
  const suite = browserSuite({
    ...FAST_HASHING,
    ...RELAXED_LIMITS,
    ...WALLET_TEST_ENV,
    GAME_MIN_BET_USD: '0.01',
    GAME_MAX_PROFIT_USD: '1',
  });

  it(
    'plays 12 mines at the minimum stake and shows the capped win, paying exactly stake + limit',
    { timeout: 120_000 },
    async () => {
      const signedIn = await signedInAccount(suite.platform);
      await fundPlayer(suite.platform, signedIn.token, '5');
      const profile = await http(suite.platform.url, 'GET', '/api/auth/profile', undefined, { token: signedIn.token });
      const context = await suite.browser.newContext({ viewport: DESKTOP });
      await seedSession(context, { token: signedIn.token, user: profile.body });
      const page = await context.newPage();
      const main = page.locator('main');

      await visit(page, suite.platform.url, '/casino/games/mines');
      // The Manual tab's fields: the Auto tab's copies are there too once React has pre-rendered the hidden tab.
      await main.getByTestId('mines-count').first().click();
      await page.getByRole('option', { name: '12', exact: true }).click();
      await main.getByTestId('bet-amount').first().fill('0.01');
      await main.getByTestId('bet-button').click();
      await expect.poll(() => main.getByTestId('mines-cashout').isVisible(), { timeout: 10_000 }).toBe(true);

      // The board, from the seed pair the server holds (the player cannot see it, the test can).
      const db = suite.platform.platform.infra.db;
      const bet = await db
        .selectFrom('bets')
        .select(['id', 'nonce', 'seed_pair_id'])
        .where('user_id', '=', signedIn.user.id)
        .where('state', '=', 'open')
        .executeTakeFirstOrThrow();
      const pair = await db
        .selectFrom('seed_pairs')
        .select(['server_seed', 'client_seed'])
        .where('id', '=', bet.seed_pair_id)
        .executeTakeFirstOrThrow();
      const board = minePositions(
        floatsFromSeeds(hmac, { serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: bet.nonce }, 12),
        12,
      );
      const safe = Array.from({ length: 25 }, (_, i) => i).filter((t) => !board.includes(t));
      for (const tile of safe.slice(0, 6)) {
        await main.locator(`[data-tile="${tile}"]`).click();
        await expect
          .poll(() => main.locator(`[data-tile="${tile}"]`).getAttribute('data-state'), { timeout: 10_000 })
          .toBe('gem');
      }
      await expect
        .poll(() => main.getByTestId('mines-result').innerText(), { timeout: 10_000 })
        .toBe('Won 1.01 USD (max profit reached)');
      expect(await main.getByTestId('mines-current').innerText()).toContain('101.00x');
      // The round is over: the board is shown and the next bet can start.
      expect(await main.locator(`[data-tile="${board[0]}"]`).getAttribute('data-state')).toBe('mine');
      expect(await main.getByTestId('mines-cashout').isVisible()).toBe(false);
      const row = await db
        .selectFrom('bets')
        .select(['state', 'payout_e8'])
        .where('id', '=', bet.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ state: 'won', payout_e8: '101000000' });
      console.log('screenshot', await screenshot(page, 'mines-capped'));
      await context.close();
    },
  );
});

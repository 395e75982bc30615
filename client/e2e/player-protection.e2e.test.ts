import { expect, it, describe } from 'vitest';
import { FAST_HASHING, RELAXED_LIMITS } from '../../tests/support/auth.js';
import { screenshot } from '../../tests/support/browser.js';
import { losingSeeds } from '../../tests/support/losing-seeds.js';
import { WALLET_TEST_ENV, trpc } from '../../tests/support/wallet.js';
import { browserSuite } from './support/browser-suite.js';
import { pagesClosedAfterAll, signedInPlayer, type GamePlayer } from './support/game-player-suite.js';
import { visit, WIDE } from './support/page-helpers.js';
import { openSignedInPage } from './support/signed-in-page.js';

/** Two cores shared with the server and Chromium: give the page time. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

/** Issue 44: a loss limit set on the account page and lost to in a game; a reality check pausing an autobet. */
describe('player protection in the browser', () => {
  const suite = browserSuite({ ...FAST_HASHING, ...RELAXED_LIMITS, ...WALLET_TEST_ENV });
  const opened = pagesClosedAfterAll();
  const betCount = async (who: GamePlayer) => {
    const answer = await trpc(suite.platform, 'query', 'bets.mine', { limit: 100 }, who.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body.result.data.bets as unknown[]).length;
  };

  it(
    'sets a daily loss limit on the account page, loses to it at dice and sees the refusal with what is left',
    { timeout: 120_000 },
    async () => {
      const player = await signedInPlayer(suite.platform, { funds: '100' });
      // The dice panel's default bet (over 50.5) loses its next three rolls.
      await losingSeeds(suite.platform, player.user.id, 3, { target: 50.5, condition: 'over' });
      const page = await openSignedInPage(suite.browser, player, WIDE, opened);
      const main = page.locator('main');
      await visit(page, suite.platform.url, '/account/exclusion');
      const row = main.getByTestId('play-limit-loss-day');
      await row.getByRole('textbox', { name: 'Daily loss limit in USD' }).fill('2.5');
      await row.getByRole('button', { name: 'Set Daily loss limit' }).click();
      await poll(() => row.getByTestId('play-limit-state').innerText()).toMatch(/of 2\.50 USD used, 2\.50 left until/);
      await screenshot(page, 'protection-loss-limit-set-1440');

      await visit(page, suite.platform.url, '/casino/games/dice');
      await main.getByRole('textbox', { name: /^Bet amount/ }).fill('1');
      for (const placed of [1, 2]) {
        await main.getByTestId('bet-button').click();
        await poll(() => betCount(player)).toBe(placed);
      }
      // 2 lost of 2.50: a third 1 USD stake could pass the limit.
      await main.getByTestId('bet-button').click();
      await page
        .getByText(/Your daily loss limit of 2\.5 USD is reached: 0\.5 USD left until/)
        .waitFor({ timeout: 15_000 });
      await screenshot(page, 'protection-loss-limit-refused-1440');
      expect(await betCount(player)).toBe(2);
      await poll(() => page.getByTestId('header-balance').innerText()).toContain('98.00');

      await visit(page, suite.platform.url, '/account/exclusion');
      await poll(() => row.getByTestId('play-limit-state').innerText()).toMatch(/2\.00 of 2\.50 USD used, 0\.50 left/);
      // A raise waits 24 hours, shown as pending; cancelling it keeps the limit.
      await row.getByRole('textbox', { name: 'Daily loss limit in USD' }).fill('10');
      await row.getByRole('button', { name: 'Set Daily loss limit' }).click();
      await poll(() => row.getByTestId('play-limit-pending').innerText()).toMatch(/Pending: 10\.00 USD from/i);
      await row.getByRole('button', { name: 'Cancel change' }).click();
      await poll(() => row.getByTestId('play-limit-pending').count()).toBe(0);
      expect(opened.pageErrors.get(page)).toEqual([]);
    },
  );

  it(
    'a reality check pauses a running autobet until answered; "Keep playing" resumes it',
    { timeout: 120_000 },
    async () => {
      const player = await signedInPlayer(suite.platform, { funds: '100' });
      const set = await trpc(suite.platform, 'mutation', 'account.setRealityCheck', { minutes: 15 }, player.token);
      expect(set.status).toBe(200);
      const page = await openSignedInPage(suite.browser, player, WIDE, opened);
      // The page's clock runs as the real one until the test moves the time of day 15 minutes on (timers unmoved).
      await page.clock.install();
      const main = page.locator('main');
      await visit(page, suite.platform.url, '/casino/games/dice');
      await poll(() => page.getByTestId('session-clock').isVisible()).toBe(true);
      await main.getByRole('tab', { name: 'Auto' }).click();
      await main.getByLabel('Number of bets (0 = until stopped)').fill('0');
      await main
        .getByRole('textbox', { name: /^Bet amount/ })
        .last()
        .fill('0.01');
      await main.getByTestId('autobet-start').click();
      await poll(() => betCount(player)).toBeGreaterThanOrEqual(2);

      await page.clock.setSystemTime(Date.now() + 15 * 60_000);
      const modal = page.getByRole('dialog', { name: 'Reality check' });
      await modal.waitFor({ timeout: 15_000 });
      expect(await modal.innerText()).toMatch(/You have been playing for 1[5-9] min/);
      expect(await modal.getByTestId('reality-check-USD').innerText()).toMatch(/Staked 0\.\d+ USD, net result/);
      await screenshot(page, 'protection-reality-check-1440');
      // Paused: the bets on the wire settle, then nothing more while the question waits.
      await poll(async () => {
        const before = await betCount(player);
        await page.waitForTimeout(1_500);
        return (await betCount(player)) - before;
      }).toBe(0);
      const paused = await betCount(player);
      await page.waitForTimeout(3_000);
      expect(await betCount(player)).toBe(paused);
      expect(await main.getByTestId('autobet-stop').isVisible()).toBe(true);

      await modal.getByRole('button', { name: 'Keep playing' }).click();
      await poll(() => betCount(player)).toBeGreaterThan(paused + 1);
      await main.getByTestId('autobet-stop').click();
      await poll(() => main.getByTestId('autobet-start').isVisible()).toBe(true);
      const history = await suite.platform.platform.services.wallet.playLimits.history(player.user.id);
      expect(history[0]).toMatchObject({ action: 'reality-check', detail: { answer: 'continue' } });
      expect(opened.pageErrors.get(page)).toEqual([]);
    },
  );
});

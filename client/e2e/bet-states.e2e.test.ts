import { describe, expect, it } from 'vitest';
import { http } from '../../tests/support/auth.js';
import { screenshot } from '../../tests/support/browser.js';
import { crashSteps, installVectorChain } from '../../tests/support/crash.js';
import { gamePlayerSuite } from './support/game-player-suite.js';
import { MOBILE, visit, WIDE } from './support/page-helpers.js';
import { openSignedInPage } from './support/signed-in-page.js';

/**
 * Issue 45, point 9: a baccarat bet on both sides that gave part of its stake back reads as a partial return with its
 * payout, not "lost"; a crash bet whose round never ran reads "refunded", not "won" at 1.00x: in My bets and the bet's
 * details, at 1440 and 390 px.
 */
describe('partial returns and refunds in the browser', () => {
  const suite = gamePlayerSuite({ ip: '10.45.9.1', funds: '100' });
  let partialId: string;
  let refundId: string;

  it(
    'at 1440 px My bets and the details tell a partial return and a refund from a loss and a win',
    { timeout: 120_000 },
    async () => {
      // Coups of 1 on the player and 1 on the banker until the banker wins: 1.95 back of 2 staked.
      for (let coup = 0; coup < 60 && !partialId; coup += 1) {
        const placed = await http(
          suite.platform.url,
          'POST',
          '/api/games/baccarat/bets',
          { player: 1, banker: 1 },
          { token: suite.player.token },
        );
        expect(placed.status, JSON.stringify(placed.body)).toBe(201);
        if (placed.body.payout > 0 && placed.body.payout < 2) partialId = placed.body.id as string;
      }
      expect(partialId).toBeDefined();
      const steps = crashSteps(
        suite.platform.platform.services,
        await installVectorChain(suite.platform.platform.infra.db),
      );
      await steps.openBetting();
      const bet = await http(
        suite.platform.url,
        'POST',
        '/api/crash/bets',
        { amount: 1 },
        { token: suite.player.token },
      );
      expect(bet.status, JSON.stringify(bet.body)).toBe(201);
      refundId = bet.body.id as string;
      expect(await steps.cancelUnfinished()).toBe(1);

      const page = await openSignedInPage(suite.browser, suite.player, WIDE, suite.opened);
      const main = page.locator('main');
      await visit(page, suite.platform.url, '/casino/my-bets');
      const refundRow = main
        .getByTestId('my-bet-row')
        .filter({ has: page.getByRole('button', { name: `Crash bet ${refundId} details` }) });
      await expect
        .poll(() => refundRow.getByTestId('bet-result-badge').innerText(), { timeout: 10_000 })
        .toMatch(/refunded/i);
      const partialRow = main
        .getByTestId('my-bet-row')
        .filter({ has: page.getByRole('button', { name: `Baccarat bet ${partialId} details` }) });
      expect(await partialRow.innerText()).toContain('-0.05');
      await screenshot(page, 'bet-states-my-bets-1440');

      await main.getByRole('button', { name: `Baccarat bet ${partialId} details` }).click();
      const details = page.getByTestId('bet-details');
      await expect.poll(() => details.getByTestId('bet-result-badge').innerText()).toMatch(/partial return/i);
      expect(await details.getByTestId('details-partial').innerText()).toBe('1.95 of the 2.00 USD staked came back.');
      await screenshot(page, 'bet-states-partial-details-1440');
      await page.keyboard.press('Escape');
      await details.waitFor({ state: 'detached' });

      await main.getByRole('button', { name: `Crash bet ${refundId} details` }).click();
      await expect.poll(() => details.getByTestId('bet-result-badge').innerText()).toMatch(/refunded/i);
      expect(await details.getByTestId('details-refunded').isVisible()).toBe(true);
      expect(await details.getByTestId('details-multiplier').innerText()).toBe('1.00x');
      await screenshot(page, 'bet-states-refund-details-1440');
    },
  );

  it('at 390 px the public pages of both bets say the same', async () => {
    const page = await suite.browser.newPage({ viewport: MOBILE });
    await visit(page, suite.platform.url, `/bets/${refundId}`);
    const details = page.getByTestId('bet-details');
    await expect
      .poll(() => details.getByTestId('bet-result-badge').innerText(), { timeout: 10_000 })
      .toMatch(/refunded/i);
    await screenshot(page, 'bet-states-refund-390');
    await visit(page, suite.platform.url, `/bets/${partialId}`);
    await expect
      .poll(() => details.getByTestId('bet-result-badge').innerText(), { timeout: 10_000 })
      .toMatch(/partial return/i);
    await screenshot(page, 'bet-states-partial-390');
    await page.close();
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { msToReach } from '../../server/src/domain/games/crash/rules.js';
import { CRASH_VECTORS, closeBetting, crashSteps, installVectorChain, runningFor } from '../../tests/support/crash.js';
import { browserSuite } from './support/browser-suite.js';
import { MOBILE, visit, WIDE } from './support/page-helpers.js';
import { ROUND_GAME_ENV, roundGamePlayer, shot } from './support/round-game.js';

/**
 * Crash in the browser, on the vectors' chain (round 1 crashes at 10.30x): a desktop player cashes out by hand while
 * the curve climbs, a 390 px player's auto cash-out at 2.00x pays exactly 2x at the bust. The test moves the round's
 * steps (the runner's work) and its start time, so what each screen shows is known in advance.
 */
describe('crash in the browser: manual and auto cash-out, desktop and 390 px', () => {
  const suite = browserSuite(ROUND_GAME_ENV);

  const playerPage = (viewport: { width: number; height: number }) => roundGamePlayer(suite, 'crash', viewport);

  it(
    'bets in the window, cashes out by hand, auto cashes out at the bust, verifies the round',
    // Three rounds, the last two only for the history graph.
    { timeout: 300_000 },
    async () => {
      const services = suite.platform.platform.services;
      const db = suite.platform.platform.infra.db;
      const steps = crashSteps(services, await installVectorChain(db));
      const round = await steps.openBetting();

      const desk = await playerPage(WIDE);
      const phone = await playerPage(MOBILE);
      const main = (page: Page) => page.locator('main');
      /** The Manual tab of the bet panel (the Auto tab holds its own copy of the fields). */
      const manual = (page: Page) => main(page).getByLabel('Manual', { exact: true });
      await expect
        .poll(() => main(desk.page).getByTestId('crash-status').innerText(), { timeout: 15_000 })
        .toMatch(/Round 1: betting/);
      // Its outcomes come from the chain, not the player's seed pair: no Seeds button here.
      expect(await desk.page.getByRole('button', { name: 'Seeds' }).count()).toBe(0);

      await manual(desk.page).getByTestId('bet-amount').fill('1');
      await manual(desk.page).getByTestId('bet-button').click();
      await expect.poll(() => main(desk.page).getByTestId('crash-waiting').isVisible(), { timeout: 10_000 }).toBe(true);

      await manual(phone.page).getByTestId('bet-amount').fill('2');
      await manual(phone.page).getByTestId('crash-auto').fill('2');
      await manual(phone.page).getByTestId('bet-button').click();
      await expect
        .poll(() => main(phone.page).getByTestId('crash-waiting').isVisible(), { timeout: 10_000 })
        .toBe(true);
      // Both players' bets are on both screens.
      for (const page of [desk.page, phone.page])
        await expect
          .poll(() => main(page).getByTestId('crash-players').locator('tbody tr').count(), { timeout: 10_000 })
          .toBe(2);
      await shot(desk.page, 'crash-betting-1440');
      await shot(phone.page, 'crash-betting-390');

      await closeBetting(db, round.id);
      await steps.start(round);
      // 1.50x on the curve: the cash-out button shows what it would pay now.
      await runningFor(db, round.id, msToReach(150));
      const cashout = main(desk.page).getByTestId('crash-cashout');
      await expect.poll(() => cashout.isVisible(), { timeout: 10_000 }).toBe(true);
      await expect
        .poll(
          async () => Number((await main(desk.page).getByTestId('crash-multiplier').innerText()).replace('x', '')),
          { timeout: 10_000 },
        )
        .toBeGreaterThanOrEqual(1.5);
      await expect
        .poll(
          async () =>
            Number((await main(desk.page).getByTestId('crash-cashout-amount').innerText()).replace(/ USD$/, '')),
          { timeout: 10_000 },
        )
        .toBeGreaterThanOrEqual(1.5);
      await shot(desk.page, 'crash-running-1440');
      await shot(phone.page, 'crash-running-390');
      await cashout.click();

      // Paid at the multiplier the server read, from 1.50x up (the curve kept climbing while the click travelled).
      await expect
        .poll(
          async () =>
            (await db.selectFrom('bets').select(['state']).where('user_id', '=', desk.userId).executeTakeFirstOrThrow())
              .state,
          { timeout: 10_000 },
        )
        .toBe('won');
      const handBet = await db
        .selectFrom('bets')
        .select(['multiplier', 'payout_e8'])
        .where('user_id', '=', desk.userId)
        .executeTakeFirstOrThrow();
      expect(Number(handBet.multiplier)).toBeGreaterThanOrEqual(1.5);
      expect(Number(handBet.multiplier)).toBeLessThan(10.3);
      expect(BigInt(handBet.payout_e8)).toBe(BigInt(Math.round(Number(handBet.multiplier) * 100)) * 1_000_000n);
      const cashedText = `${handBet.multiplier.slice(0, -2)}x`;
      for (const page of [desk.page, phone.page])
        await expect
          .poll(() => main(page).getByTestId('crash-players').innerText(), { timeout: 10_000 })
          .toContain(cashedText);

      // Past 2.00x the phone player's auto cash-out is a sure win: every screen shows it before the bust settles it.
      await runningFor(db, round.id, msToReach(250));
      for (const page of [desk.page, phone.page])
        await expect
          .poll(() => main(page).getByTestId('crash-cashed-out').allInnerTexts(), { timeout: 10_000 })
          .toContain('2.00x');
      expect(
        (await db.selectFrom('bets').select(['state']).where('user_id', '=', phone.userId).executeTakeFirstOrThrow())
          .state,
      ).toBe('open');

      // The bust at 10.30x: the phone player's auto cash-out at 2.00x paid exactly 4 USD.
      await runningFor(db, round.id, msToReach(1030));
      await steps.end(round);
      for (const page of [desk.page, phone.page]) {
        await expect
          .poll(() => main(page).getByTestId('crash-status').innerText(), { timeout: 10_000 })
          .toBe('Crashed at 10.30x');
        await expect
          .poll(() => main(page).getByTestId('crash-players').innerText(), { timeout: 10_000 })
          .toContain('2.00x');
        await expect
          .poll(() => main(page).getByTestId('crash-history').innerText(), { timeout: 10_000 })
          .toContain('10.30x');
      }
      const auto = await db
        .selectFrom('bets')
        .select(['state', 'payout_e8'])
        .where('user_id', '=', phone.userId)
        .executeTakeFirstOrThrow();
      expect(auto).toEqual({ state: 'won', payout_e8: '400000000' });
      await shot(desk.page, 'crash-bust-1440');
      await shot(phone.page, 'crash-bust-390');

      // The round's details and the in-browser verifier: round 1's hash hashes to the terminal hash; 10.30x recomputed.
      await main(phone.page).getByRole('button', { name: 'Round 1 details' }).click();
      const details = phone.page.getByTestId('crash-round-details');
      await details.waitFor({ state: 'visible' });
      expect(await details.innerText()).toContain(CRASH_VECTORS.rounds[0]!.hash);
      await details.getByTestId('crash-verify').click();
      await expect
        .poll(() => details.getByTestId('crash-verify-result').innerText(), { timeout: 10_000 })
        .toBe('Chain link OK: SHA-256 of this hash is the previous hash. Crash point recomputed: 10.30x');
      await shot(phone.page, 'crash-verify-390');

      // My bets lists the crash bet; its details point to the round's verifier, not to a seed pair.
      const mine = await db
        .selectFrom('bets')
        .select(['id'])
        .where('user_id', '=', desk.userId)
        .executeTakeFirstOrThrow();
      await visit(desk.page, suite.platform.url, '/casino/my-bets?game=crash');
      await main(desk.page)
        .getByRole('button', { name: `Crash bet ${mine.id} details` })
        .click();
      await expect
        .poll(() => desk.page.getByTestId('round-fairness').innerText(), { timeout: 10_000 })
        .toContain('Round 1 of Crash');
      expect(await desk.page.getByTestId('verify-link').count()).toBe(0);
      await shot(desk.page, 'crash-bet-details-1440');

      // Two more rounds (1.86x, 1.75x): the history graph draws the three, oldest first (issue 45, point 12).
      for (const n of [2, 3]) {
        const next = await steps.openBetting();
        expect(next.number).toBe(n);
        await closeBetting(db, next.id);
        await steps.start(next);
        await runningFor(db, next.id, 60_000);
        await steps.end(next);
      }
      for (const [page, width] of [
        [desk.page, 1440],
        [phone.page, 390],
      ] as const) {
        await visit(page, suite.platform.url, '/casino/games/crash');
        const graph = main(page).getByTestId('crash-history-graph');
        await expect.poll(() => graph.getAttribute('data-points'), { timeout: 10_000 }).toBe('3');
        expect(await graph.getAttribute('aria-label')).toBe(
          'Crash points of the last 3 rounds, oldest first: 10.30x, 1.86x, 1.75x',
        );
        expect(await main(page).getByTestId('crash-graph-summary').innerText()).toBe('1 of 3 at 2x or more');
        const box = await graph.boundingBox();
        expect(box!.width).toBeLessThanOrEqual(width);
        await graph.scrollIntoViewIfNeeded();
        await shot(page, `crash-graph-${width}`, false);
      }
      await desk.context.close();
      await phone.context.close();
    },
  );
});

import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { floatsFromSeeds } from '../../server/src/domain/games/shared/floats.js';
import {
  SLOT_FLOAT_COUNT,
  slotWindow,
  slotsOutcome,
  type SlotsOutcome,
} from '../../server/src/domain/games/slots/rules.js';
import { screenshot } from '../../tests/support/browser.js';
import { hmacSha256 } from '../../tests/support/round-floats.js';
import { trpc } from '../../tests/support/wallet.js';
import { MOBILE, WIDE, expectPath, headingText, rotateSeedPair, visit } from './support/page-helpers.js';
import { gamePlayerSuite } from './support/game-player-suite.js';
import { openSignedInPage } from './support/signed-in-page.js';

type SlotBet = { id: string; amount: string; payout: string; multiplier: string; outcome: SlotsOutcome };

/**
 * The video slot in the built client: the Slots category lists it; a spin on seeds chosen so that it wins lines and
 * triggers free spins runs reel by reel, draws its winning lines, counts the free spins and shows the total; an
 * autospin of three in turbo; the pay table; then the spin verified on /provably-fair from its bet details. 1440 and
 * 390 px screenshots.
 */
describe('slots in the browser', () => {
  const suite = gamePlayerSuite({ ip: '10.88.0.31', funds: '100' });

  const myBets = async (): Promise<SlotBet[]> =>
    (await trpc(suite.platform, 'query', 'bets.mine', { limit: 20, game: 'slots' }, suite.player.token)).body.result
      .data.bets;
  /** What the reels show, row by row, read from the cells' drawn symbols. */
  const windowOnScreen = (page: Page) =>
    page
      .locator('main [data-testid="slot-reels"]')
      .evaluate((reels) =>
        [0, 1, 2].map((row) =>
          [0, 1, 2, 3, 4].map(
            (reel) => reels.querySelector(`[data-cell="${row}:${reel}"] svg`)?.getAttribute('data-symbol') ?? '?',
          ),
        ),
      );

  it(
    'spins with free spins and line wins, autospins in turbo, shows the pay table and verifies the spin',
    { timeout: 300_000 },
    async () => {
      // The pair the next rotation activates is already drawn: a client seed whose nonce 0 wins a line and 10-20 free spins.
      expect((await trpc(suite.platform, 'query', 'fairness.current', undefined, suite.player.token)).status).toBe(200);
      const next = (
        await sql<{
          seed: string;
        }>`select next_server_seed as seed from seed_pairs where user_id = ${suite.player.user.id} and active`.execute(
          suite.platform.platform.infra.db,
        )
      ).rows[0]!.seed;
      let clientSeed = '';
      let expected: SlotsOutcome | undefined;
      for (let i = 0; !expected; i += 1) {
        const { outcome } = slotsOutcome(
          floatsFromSeeds(hmacSha256, { serverSeed: next, clientSeed: `slots-e2e-${i}`, nonce: 0 }, SLOT_FLOAT_COUNT),
        );
        if (outcome.spins.length > 1 && outcome.spins.length <= 21 && outcome.spins[0]!.lines.length > 0)
          [clientSeed, expected] = [`slots-e2e-${i}`, outcome];
      }
      expect(
        (await trpc(suite.platform, 'mutation', 'fairness.rotate', { clientSeed }, suite.player.token)).status,
      ).toBe(200);

      const page = await openSignedInPage(suite.browser, suite.player, WIDE, suite.opened);
      const main = page.locator('main');
      // The casino home lists it, the top bar's search finds it, and the Slots category's tile opens it.
      await visit(page, suite.platform.url, '/casino');
      await expect
        .poll(() => main.locator('a[href="/casino/games/slots"]').count(), { timeout: 10_000 })
        .toBeGreaterThan(0);
      await page.getByRole('searchbox', { name: 'Search games' }).fill('slo');
      await page.getByRole('option', { name: 'Slots' }).click();
      await expectPath(page, '/casino/games/slots');
      await visit(page, suite.platform.url, '/casino/slots');
      expect(await headingText(page)).toBe('Slots');
      const tile = main.locator('a[href="/casino/games/slots"]').first();
      await expect.poll(() => tile.isVisible(), { timeout: 10_000 }).toBe(true);
      await tile.click();
      await expectPath(page, '/casino/games/slots');
      await expect.poll(() => main.getByTestId('slot-reels').isVisible()).toBe(true);
      await screenshot(page, 'slots-desktop-idle');

      await main.getByTestId('bet-amount').first().fill('1');
      await main.getByTestId('bet-button').click();
      // The reels turn, then the paid spin lands on the server's stops with its lines drawn.
      await expect.poll(() => main.getByTestId('slot-reels').getAttribute('data-landed')).toBe('false');
      await expect.poll(() => main.getByTestId('win-lines').isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await main.getByTestId('slot-reels').getAttribute('data-stops')).toBe(expected!.spins[0]!.stops.join(','));
      expect(await windowOnScreen(page)).toEqual(slotWindow(expected!.spins[0]!.stops));
      expect(
        await main
          .locator('[data-testid="win-lines"] [data-line]')
          .evaluateAll((lines) => lines.map((l) => Number(l.getAttribute('data-line')))),
      ).toEqual(expected!.spins[0]!.lines.map((win) => win.line));
      await expect
        .poll(() => main.getByTestId('slot-banner').innerText(), { timeout: 10_000 })
        .toBe(`${expected!.spins[0]!.freeSpinsWon} FREE SPINS`);
      await screenshot(page, 'slots-desktop-lines');
      // Then the free spins, counted, and the bet's total when the last one lands.
      await expect.poll(() => main.getByTestId('free-spins').isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await main.getByTestId('free-spins').textContent()).toMatch(/^Free spin \d+ of \d+/);
      await screenshot(page, 'slots-desktop-free-spins');
      const [played] = await myBets();
      expect(played!.outcome.spins).toEqual(expected!.spins);
      await expect.poll(() => main.getByTestId('slots-outcome').isVisible(), { timeout: 120_000 }).toBe(true);
      expect(await main.getByTestId('slot-reels').getAttribute('data-stops')).toBe(
        expected!.spins.at(-1)!.stops.join(','),
      );
      expect(await main.getByTestId('free-spins').textContent()).toMatch(
        new RegExp(`^Free spin ${expected!.spins.length - 1} of ${expected!.spins.length - 1}`),
      );
      const result = await main.getByTestId('slots-outcome').innerText();
      if (Number(played!.payout) === 0) expect(result).toBe('No win');
      else
        expect(Number(/^Win ([\d,.]+) USD \([\d,.]+x\)/.exec(result)?.[1]?.replace(/,/g, ''))).toBe(
          Number(played!.payout),
        );

      // Autospin: three spins in turbo, each shown at once.
      await main.getByRole('tab', { name: 'Auto' }).click();
      await main.getByRole('button', { name: 'Turbo' }).click();
      await main.getByLabel('Number of bets (0 = until stopped)').fill('3');
      await main.getByTestId('autobet-start').click();
      await expect
        .poll(() => main.getByTestId('autobet-progress').innerText(), { timeout: 60_000 })
        .toMatch(/^3 bets.*finished 3 bets/);
      const bets = await myBets();
      expect(bets).toHaveLength(4);
      expect(await main.getByTestId('slot-reels').getAttribute('data-stops')).toBe(
        bets[0]!.outcome.spins.at(-1)!.stops.join(','),
      );

      // The pay table and rules.
      await main.getByTestId('paytable-toggle').click();
      await expect.poll(() => main.getByTestId('slot-paytable').isVisible()).toBe(true);
      expect(await main.getByTestId('slot-paytable').innerText()).toContain('97.53%');
      await main.getByTestId('slot-paytable').scrollIntoViewIfNeeded();
      await screenshot(page, 'slots-desktop-paytable');

      // Rotate (the seed is revealed), then verify the free-spin bet from its details.
      await rotateSeedPair(page, suite.platform.url);
      await visit(page, suite.platform.url, '/casino/my-bets?game=slots');
      await main.getByRole('button', { name: `Slots bet ${played!.id} details` }).click();
      await expect
        .poll(() => page.getByTestId('details-outcome').innerText(), { timeout: 10_000 })
        .toContain(`Win ${expected!.multiplier}x with ${expected!.spins.length - 1} free spins`);
      await screenshot(page, 'slots-bet-details');
      await page.getByTestId('verify-link').click();
      await expectPath(page, '/provably-fair');
      await expect
        .poll(() => main.getByTestId('verify-outcome').innerText(), { timeout: 10_000 })
        .toContain(`Stops ${expected!.spins[0]!.stops.join(' ')}`);
      expect(await main.getByTestId('verify-outcome').innerText()).toContain(
        `${expected!.spins.length - 1} free spins - total ${expected!.multiplier}x`,
      );
      expect((await main.getByTestId('hash-match').innerText()).toLowerCase()).toBe('matches');
      await screenshot(page, 'slots-verified');

      // 390 px: the reels fit the width; with instant bets a spin shows its last reels at once.
      const phone = await openSignedInPage(suite.browser, suite.player, MOBILE, suite.opened);
      await visit(phone, suite.platform.url, '/casino/games/slots');
      const phoneMain = phone.locator('main');
      await expect.poll(() => phoneMain.getByTestId('slot-reels').isVisible()).toBe(true);
      await phoneMain.getByRole('button', { name: 'Instant bets' }).click();
      expect(await phoneMain.getByRole('button', { name: 'Instant bets' }).getAttribute('aria-pressed')).toBe('true');
      const box = (await phoneMain.getByTestId('slot-reels').boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
      await phoneMain.getByTestId('bet-button').click();
      await expect.poll(() => phoneMain.getByTestId('slots-outcome').isVisible(), { timeout: 10_000 }).toBe(true);
      const [last] = await myBets();
      expect(await windowOnScreen(phone)).toEqual(slotWindow(last!.outcome.spins.at(-1)!.stops));
      // The reels sit near the top of the page: show them whole, under the header.
      await phone.evaluate(() => window.scrollTo(0, 0));
      await screenshot(phone, 'slots-mobile');
      for (const errors of suite.opened.pageErrors.values()) expect(errors).toEqual([]);
    },
  );
});

import { copyFile, mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../../tests/support/browser.js';
import { trpc } from '../../tests/support/wallet.js';
import { MOBILE, WIDE, expectPath, headingText, rotateSeedPair, visit } from './support/page-helpers.js';
import { gamePlayerSuite } from './support/game-player-suite.js';
import { openSignedInPage } from './support/signed-in-page.js';

/** The helper's copies of the screenshots, for the report. */
const SHOTS = process.env.ROULETTE_SHOTS_DIR;

type RouletteBet = {
  id: string;
  state: string;
  amount: string;
  payout: string;
  outcome: { pocket: number; chips: { type: string; numbers: number[]; amount: string }[] };
  fairness: Record<string, unknown>;
};

/**
 * Roulette end to end in the built client: a funded player places chips by clicking numbers, lines and corners, undoes,
 * clears and rebets, spins (the result shows when the ball lands on the server's pocket), runs an autobet, opens the
 * bet details and verifies the bet on /provably-fair, recomputed in the browser. Screenshots at 1440 and 390 px.
 */
describe('roulette in the browser', () => {
  const suite = gamePlayerSuite({ ip: '10.88.0.25', funds: '1000' });

  const shoot = async (page: Page, name: string) => {
    const file = await screenshot(page, name);
    if (SHOTS) {
      await mkdir(SHOTS, { recursive: true });
      await copyFile(file, `${SHOTS}/${name}.png`);
    }
  };
  async function myRouletteBets(): Promise<RouletteBet[]> {
    const answer = await trpc(
      suite.platform,
      'query',
      'bets.mine',
      { game: 'roulette', limit: 20 },
      suite.player.token,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result.data.bets;
  }
  /** Clicks inside a number's cell at (fx, fy), fractions of its size: where the chip lands decides the bet. */
  async function clickNumber(page: Page, n: number, fx = 0.5, fy = 0.5) {
    const cell = page.locator(`main [data-number="${n}"]`);
    const box = (await cell.boundingBox())!;
    await cell.click({ position: { x: box.width * fx, y: box.height * fy } });
  }
  const stackOn = (page: Page, key: string) => page.locator(`main [data-stack="${key}"]`);

  it(
    'places chips by hit zone, spins, rebets, autobets, and verifies the spin on /provably-fair',
    { timeout: 300_000 },
    async () => {
      const page = await openSignedInPage(suite.browser, suite.player, WIDE, suite.opened);
      const main = page.locator('main');

      // The Roulette category lists the game; its tile opens the table.
      await visit(page, suite.platform.url, '/casino/roulette');
      expect(await headingText(page)).toBe('Roulette');
      // The game's tile (the page also links its own category by the same name).
      const tile = main.locator('a[href="/casino/games/roulette"]').first();
      await expect.poll(() => tile.isVisible(), { timeout: 10_000 }).toBe(true);
      await tile.click();
      await expectPath(page, '/casino/games/roulette');
      await expect.poll(() => main.getByTestId('roulette-table').isVisible()).toBe(true);
      expect(await main.getByTestId('bet-button').isDisabled()).toBe(true);

      // Chip 1: the middle of 17, the line 14|17, the corner 17/18/20/21, the bottom edge of 16's column (street), red.
      await main.getByRole('button', { name: 'Chip 1', exact: true }).click();
      await clickNumber(page, 17);
      await clickNumber(page, 17, 0.05, 0.5);
      await clickNumber(page, 17, 0.95, 0.05);
      await clickNumber(page, 16, 0.5, 0.95);
      await main.getByRole('button', { name: /^Red/ }).click();
      for (const key of ['straight:17', 'split:14-17', 'corner:17-18-20-21', 'street:16-17-18'])
        expect(await stackOn(page, key).innerText(), key).toBe('1');
      expect(await main.getByRole('button', { name: 'Red, 1 on it' }).isVisible()).toBe(true);
      // A second chip of 10 on 17 stacks with the first: 11 on it.
      await main.getByRole('button', { name: 'Chip 10', exact: true }).click();
      await clickNumber(page, 17);
      expect(await stackOn(page, 'straight:17').innerText()).toBe('11');
      expect(await main.getByTestId('bet-amount').first().inputValue()).toBe('15');
      // Undo takes the last chip back; clear empties the board.
      await main.getByRole('button', { name: 'Undo' }).click();
      expect(await stackOn(page, 'straight:17').innerText()).toBe('1');
      await main.getByRole('button', { name: 'Clear' }).click();
      expect(await main.getByTestId('roulette-board-summary').first().innerText()).toBe('0 bets on the board');
      expect(await main.getByRole('button', { name: 'Rebet' }).isDisabled()).toBe(true);

      // The spun board: 1 on 0 (zero's cell), 1 on the 0|2 split, 1 on the first dozen, 1 on black.
      await main.getByRole('button', { name: 'Chip 1', exact: true }).click();
      await main.locator('[data-number="0"]').click();
      await clickNumber(page, 2, 0.05, 0.5);
      await main.getByRole('button', { name: /^1st 12/ }).click();
      await main.getByRole('button', { name: /^Black/ }).click();
      expect(await main.getByTestId('bet-amount').first().inputValue()).toBe('4');
      // Its best pocket is 0 (36 + 18 back): 54 - 4 staked.
      expect(await main.getByTestId('profit-on-win').first().inputValue()).toBe('50.00 USD');
      await main.getByTestId('bet-button').click();
      // The ball is running: no result yet; it shows when the ball lands.
      await expect.poll(() => main.getByTestId('roulette-result').count()).toBe(0);
      await expect.poll(() => main.getByTestId('roulette-outcome').isVisible(), { timeout: 15_000 }).toBe(true);
      const [spun] = await myRouletteBets();
      expect(spun!.outcome.chips.map((chip) => `${chip.type}:${chip.numbers.join('-')}:${chip.amount}`)).toEqual([
        'straight:0:1',
        'split:0-2:1',
        'dozen:1-2-3-4-5-6-7-8-9-10-11-12:1',
        'black::1',
      ]);
      expect(await main.getByTestId('roulette-result').getAttribute('data-pocket')).toBe(String(spun!.outcome.pocket));
      expect(await main.getByTestId('roulette-outcome').innerText()).toContain(`${spun!.outcome.pocket} `);
      expect(await main.getByTestId('recent-results').innerText()).toBe(String(spun!.outcome.pocket));
      await shoot(page, 'roulette-desktop');

      // Rebet after a clear puts the spun chips back.
      await main.getByRole('button', { name: 'Clear' }).click();
      await main.getByRole('button', { name: 'Rebet' }).click();
      expect(await main.getByTestId('roulette-board-summary').first().innerText()).toBe('4 bets on the board');

      // Autobet: three spins of the board, instantly.
      await main.getByRole('tab', { name: 'Auto' }).click();
      await main.getByRole('button', { name: 'Turbo' }).click();
      await main.getByLabel('Number of bets (0 = until stopped)').fill('3');
      await main.getByTestId('autobet-start').click();
      await expect
        .poll(() => main.getByTestId('autobet-progress').innerText(), { timeout: 30_000 })
        .toMatch(/^3 bets.*finished 3 bets/);
      const bets = await myRouletteBets();
      expect(bets).toHaveLength(4);
      expect(bets.every((bet) => bet.amount === '4')).toBe(true);

      // Rotate the seed pair, then verify the first spin from its bet details.
      await rotateSeedPair(page, suite.platform.url);
      await visit(page, suite.platform.url, '/casino/my-bets?game=roulette');
      await main.getByRole('button', { name: `Roulette bet ${spun!.id} details` }).click();
      await expect
        .poll(() => page.getByTestId('details-outcome').innerText(), { timeout: 10_000 })
        .toContain(`Pocket ${spun!.outcome.pocket}`);
      await shoot(page, 'roulette-bet-details');
      await page.getByTestId('verify-link').click();
      await expectPath(page, '/provably-fair');
      await expect
        .poll(() => main.getByTestId('verify-outcome').innerText(), { timeout: 10_000 })
        .toContain(`Pocket ${spun!.outcome.pocket} (`);
      expect((await main.getByTestId('hash-match').innerText()).toLowerCase()).toBe('matches');
      await shoot(page, 'roulette-verified');

      // 390 px: the table scrolls sideways, chips still land; the page holds the wheel and the spin button.
      const phone = await openSignedInPage(suite.browser, suite.player, MOBILE, suite.opened);
      await visit(phone, suite.platform.url, '/casino/games/roulette');
      await expect.poll(() => phone.locator('main').getByTestId('roulette-table').isVisible()).toBe(true);
      await clickNumber(phone, 5);
      await phone.locator('main').getByRole('button', { name: /^Red/ }).click();
      expect(await phone.locator('main').getByTestId('roulette-board-summary').first().innerText()).toBe(
        '2 bets on the board',
      );
      await phone.locator('main').getByTestId('roulette-wheel').scrollIntoViewIfNeeded();
      await shoot(phone, 'roulette-mobile');
      await phone.locator('main').getByTestId('roulette-table').scrollIntoViewIfNeeded();
      await shoot(phone, 'roulette-mobile-table');
      for (const errors of suite.opened.pageErrors.values()) expect(errors).toEqual([]);
    },
  );
});

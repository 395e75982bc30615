import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../../tests/support/browser.js';
import { gamePlayerSuite } from './support/game-player-suite.js';
import { MOBILE, visit, WIDE } from './support/page-helpers.js';
import { openSignedInPage } from './support/signed-in-page.js';

/**
 * Issue 45, point 5: at 1440 px with the chat open and at 390 px, a chip on roulette's top 2:1 spot is whole (not cut
 * by the board's scrolling box), a 0 straight and a 0 split do not overlap, and bingo's buy button shows its whole text.
 */
type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const boxOf = async (locator: Locator) => (await locator.boundingBox())!;

describe('board layouts', () => {
  const suite = gamePlayerSuite({ ip: '10.45.5.1', funds: '50' });

  async function clickNumber(page: Page, n: number, fx: number, fy: number) {
    const cell = page.locator(`main [data-number="${n}"]`);
    const box = await boxOf(cell);
    await cell.click({ position: { x: box.width * fx, y: box.height * fy } });
  }

  for (const [label, viewport] of [
    ['1440', WIDE],
    ['390', MOBILE],
  ] as const) {
    it(`at ${label} px roulette's chips are whole and apart`, async () => {
      const page = await openSignedInPage(suite.browser, suite.player, viewport, suite.opened);
      await visit(page, suite.platform.url, '/casino/games/roulette');
      const main = page.locator('main');
      await main.getByTestId('roulette-table').waitFor();
      if (viewport === WIDE) expect(await page.locator('#chat-panel').getAttribute('data-collapsed')).toBeNull();
      await main.getByRole('button', { name: 'Chip 1', exact: true }).click();
      await main.locator('[data-number="0"]').click();
      await clickNumber(page, 2, 0.04, 0.5);
      const topColumn = main.locator('[data-bet^="column:"]').first();
      await topColumn.click();

      const straight = main.locator('[data-stack="straight:0"]');
      const split = main.locator('[data-stack^="split:0-"]');
      await expect.poll(() => split.count()).toBe(1);
      expect(overlaps(await boxOf(straight), await boxOf(split))).toBe(false);

      const cornerChip = topColumn.locator('span');
      const chip = await boxOf(cornerChip);
      const scroller = await boxOf(main.getByTestId('roulette-table').locator('xpath=..'));
      // Inside the scrolling box's visible area: nothing of the chip is cut off.
      expect(chip.y).toBeGreaterThanOrEqual(scroller.y);
      expect(chip.x + chip.width).toBeLessThanOrEqual(scroller.x + scroller.width);
      await main.getByTestId('roulette-table').scrollIntoViewIfNeeded();
      await screenshot(page, `roulette-chips-${label}`);
    });

    it(`at ${label} px bingo's buy button shows its whole text`, async () => {
      const page = await openSignedInPage(suite.browser, suite.player, viewport, suite.opened);
      await visit(page, suite.platform.url, '/casino/games/bingo');
      const buy = page.getByTestId('bingo-buy');
      await buy.waitFor({ timeout: 20_000 });
      const label = buy.locator('.mantine-Button-label');
      const fits = await label.evaluate((element) => element.scrollWidth <= element.clientWidth);
      expect(fits).toBe(true);
      // The longest of its texts, set in place, still fits.
      const longest = await label.evaluate((element) => {
        element.textContent = 'Sales open before the next game';
        return element.scrollWidth <= element.clientWidth && element.getBoundingClientRect().height > 0;
      });
      expect(longest).toBe(true);
      await buy.scrollIntoViewIfNeeded();
      await screenshot(page, `bingo-buy-${viewport.width}`);
    });
  }
});

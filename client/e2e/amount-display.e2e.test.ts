import { describe, expect, it } from 'vitest';
import { screenshot } from '../../tests/support/browser.js';
import { gamePlayerSuite } from './support/game-player-suite.js';
import { MOBILE, visit } from './support/page-helpers.js';
import { openSignedInPage } from './support/signed-in-page.js';

/** Issue 45, point 4: the phone's header names the balance's currency, on one line. */
describe('amounts as a player reads them', () => {
  const suite = gamePlayerSuite({ ip: '10.45.4.1', funds: '12.5' });

  it('at 390 px the header balance reads "12.50 USD" and the bar keeps its one-line height', async () => {
    const page = await openSignedInPage(suite.browser, suite.player, MOBILE, suite.opened);
    await visit(page, suite.platform.url, '/');
    const balance = page.getByTestId('header-balance');
    await expect.poll(() => balance.innerText()).toBe('12.50 USD');
    const bar = await page.locator('header').first().boundingBox();
    expect(bar!.height).toBeLessThanOrEqual(64);
    const box = await balance.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(page, 'header-balance-currency-390');
  });
});

import { describe, expect, it } from 'vitest';
import { screenshot } from '../../tests/support/browser.js';
import { gamePlayerSuite } from './support/game-player-suite.js';
import { visit, WIDE } from './support/page-helpers.js';
import { openSignedInPage } from './support/signed-in-page.js';

/** Issue 45, point 12: the game panel's sound has a volume beside its mute button, kept in the browser. */
describe('sound volume', () => {
  const suite = gamePlayerSuite({ ip: '10.45.12.1', funds: '1' });

  it('at 1440 px the volume slider turns down by keyboard and is remembered after a reload', async () => {
    const page = await openSignedInPage(suite.browser, suite.player, WIDE, suite.opened);
    await visit(page, suite.platform.url, '/casino/games/dice');
    const slider = page.getByRole('slider', { name: 'Sound volume' });
    await slider.waitFor({ timeout: 10_000 });
    expect(await slider.getAttribute('aria-valuenow')).toBe('100');
    await slider.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => slider.getAttribute('aria-valuenow')).toBe('80');
    expect(await page.evaluate(() => localStorage.getItem('bzu.soundVolume'))).toBe('80');
    await page.getByTestId('panel-toolbar').scrollIntoViewIfNeeded();
    await screenshot(page, 'sound-volume-1440');
    await page.reload();
    await expect
      .poll(() => page.getByRole('slider', { name: 'Sound volume' }).getAttribute('aria-valuenow'))
      .toBe('80');
  });
});

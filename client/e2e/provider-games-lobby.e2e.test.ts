import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../../tests/support/browser.js';
import {
  launchSession,
  newId,
  registerProvider,
  walletCall,
  type TestProvider,
} from '../../tests/support/providers.js';
import { gamePlayerSuite } from './support/game-player-suite.js';
import { MOBILE, visit, WIDE } from './support/page-helpers.js';
import { openSignedInPage } from './support/signed-in-page.js';

/**
 * Issue 45, point 3: a studio's game is found by the search (by its name or its studio's) and is listed under
 * Recently played once the player has had a round of it, at 1440 and 390 px.
 */
describe('provider games in the search and in Recently played', () => {
  const suite = gamePlayerSuite({ ip: '10.45.3.1', funds: '5' });
  let studio: TestProvider;

  async function playOneProviderRound(): Promise<void> {
    studio ??= await registerProvider(suite.platform);
    const { sessionToken } = await launchSession(suite.platform, studio, suite.player.token);
    const bet = await walletCall(suite.platform, studio, 'bet', {
      requestId: newId('req'),
      sessionToken,
      currency: 'USD',
      transactionId: newId('tx'),
      roundId: newId('round'),
      gameId: studio.gameId,
      amount: '0.01',
    });
    expect(bet.body.status, bet.text).toBe('OK');
  }

  const recentTiles = (page: Page) => page.locator('main').getByTestId('recent-row').getByRole('link').allInnerTexts();

  it('at 1440 px the top bar search suggests the studio game and Recently played lists it', async () => {
    await playOneProviderRound();
    const page = await openSignedInPage(suite.browser, suite.player, WIDE, suite.opened);
    await visit(page, suite.platform.url, '/');
    await expect.poll(() => recentTiles(page), { timeout: 10_000 }).toEqual([expect.stringContaining('Fruit Slot')]);
    await page.getByTestId('recent-row').scrollIntoViewIfNeeded();
    await screenshot(page, 'provider-recently-played-1440');

    await page.getByRole('searchbox', { name: 'Search games' }).fill('fruit');
    const suggestions = page.getByRole('listbox', { name: 'Matching games' });
    await expect.poll(() => suggestions.innerText(), { timeout: 10_000 }).toContain('Fruit Slot');
    await screenshot(page, 'provider-search-suggestion-1440');
    await suggestions.getByRole('option', { name: 'Fruit Slot' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/casino/play/${studio.id}/${studio.gameId}`);
  });

  it('at 390 px the results page finds it by its studio name, and the tile opens its play page', async () => {
    const page = await openSignedInPage(suite.browser, suite.player, MOBILE, suite.opened);
    await visit(page, suite.platform.url, `/games?q=${encodeURIComponent(`studio ${studio.id}`)}`);
    const results = page.getByRole('list', { name: 'Games' });
    await expect
      .poll(() => results.getByRole('link').allInnerTexts(), { timeout: 10_000 })
      .toEqual([expect.stringContaining('Fruit Slot')]);
    // A studio's game has no favourite star (favourites hold the platform's own games).
    expect(await results.getByRole('button', { name: /favourite/i }).count()).toBe(0);
    await screenshot(page, 'provider-search-results-390');
    await visit(page, suite.platform.url, '/');
    await expect.poll(() => recentTiles(page), { timeout: 10_000 }).toEqual([expect.stringContaining('Fruit Slot')]);
    await page.getByTestId('recent-row').scrollIntoViewIfNeeded();
    await screenshot(page, 'provider-recently-played-390');
    await page.getByTestId('recent-row').getByRole('link').first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/casino/play/${studio.id}/${studio.gameId}`);
  });
});

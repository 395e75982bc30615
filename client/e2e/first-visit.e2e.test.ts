import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../../tests/support/browser.js';
import { browserSuite } from './support/browser-suite.js';
import { MOBILE, WIDE } from './support/page-helpers.js';

/**
 * Issue 47, point 4: a guest idling on the home page fetched 105+ scripts, every game's rules among them (the bet
 * details and seeds modals, mounted in the layout whether opened or not, imported them), the whole wallet (bundled
 * with the sidebar's game lists) and the toast container. Now a modal's code comes with its first opening, a game's
 * code with the player's intent (hovering its tile), and the first screen's own modules come in one file.
 */
/** A game's own code: its page (DiceGame, LimboGame...) or the rules and boards the verifier and bet details use. */
const GAME_CODE = /\/assets\/([A-Z]\w*Game|rules|roulette-board|verify-link)-[\w-]+\.js$/;
/** Code only an opened modal needs. */
const MODAL_CODE =
  /\/assets\/(BetDetailsModal|SeedsModal|TipModal|VaultModal|late-parts|notifications-chunk)-[\w-]+\.js$/;
/** What the home page asked for before: 137 requests in its first 10 s; the first screen alone was 27 files. */
const MAX_REQUESTS = 85;

describe('a guest idling on the home page', () => {
  const suite = browserSuite();

  for (const [label, viewport] of [
    ['1440', WIDE],
    ['390', MOBILE],
  ] as const) {
    it(`at ${label} px fetches no game's or modal's code, and a game's code once its tile is hovered`, async () => {
      const page = await suite.browser.newPage({ viewport });
      const requests: string[] = [];
      page.on('request', (request: Request) => requests.push(request.url()));
      await page.goto(`${suite.platform.url}/`);
      await page.getByRole('navigation', { name: 'Casino categories' }).getByRole('link').first().waitFor();
      const featured = page.getByRole('list', { name: 'Featured games' });
      await featured.getByRole('link').first().waitFor({ timeout: 20_000 });
      // Idle: everything the page fetches on its own has been asked for once the network stays quiet.
      await page.waitForLoadState('networkidle');
      await screenshot(page, `first-visit-home-${label}`);

      expect(requests.filter((url) => GAME_CODE.test(url))).toEqual([]);
      expect(requests.filter((url) => MODAL_CODE.test(url))).toEqual([]);
      expect(requests.length).toBeLessThanOrEqual(MAX_REQUESTS);
      // Before the home page's own code (the `home` chunk): the entry, the framework, the bundler's runtime and the route's split file
      // (it was 23 files).
      const homeRoute = requests.findIndex((url) => /\/assets\/home-[\w-]+\.js$/.test(url));
      expect(homeRoute).toBeGreaterThan(0);
      expect(requests.slice(0, homeRoute).filter((url) => url.endsWith('.js')).length).toBeLessThanOrEqual(4);

      const tile = featured.getByRole('link', { name: /Dice/ }).first();
      const diceCode = page.waitForRequest((request) => /\/assets\/DiceGame-[\w-]+\.js$/.test(request.url()), {
        timeout: 10_000,
      });
      if (label === '1440') await tile.hover();
      else await tile.focus();
      await diceCode;
      // That game's page only (with the rules it shares), not the others'.
      const pages = requests.filter((url) => /\/assets\/[A-Z]\w*Game-[\w-]+\.js$/.test(url));
      expect(pages.map((url) => /\/assets\/([A-Z]\w*Game)-/.exec(url)?.[1])).toEqual(['DiceGame']);
      await page.close();
    });
  }
});

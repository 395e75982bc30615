import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { http } from '../../tests/support/auth.js';
import { screenshot } from '../../tests/support/browser.js';
import { axeViolations } from './support/axe.js';
import { gamePlayerSuite } from './support/game-player-suite.js';
import { MOBILE, visit, WIDE } from './support/page-helpers.js';
import { openSignedInPage } from './support/signed-in-page.js';

/**
 * Issue 45, point 13: axe-core's WCAG 2.2 A/AA rules find nothing on the main screens, for a guest and for a signed-in
 * player, at 1440 and 390 px. A screen is checked once its content has rendered (its h1) and the network is quiet.
 */
const SCREENS = [
  '/',
  '/casino/games/dice',
  '/casino/games/roulette',
  '/casino/games/mines',
  '/games?q=dice',
  '/casino/my-bets',
  '/vip',
  '/provably-fair',
  '/account/profile',
  '/account/settings',
];

describe('accessibility: axe WCAG 2.2 A/AA on the main screens', () => {
  const suite = gamePlayerSuite({ ip: '10.45.13.1', funds: '10' });

  async function violationsOn(page: Page, path: string) {
    await visit(page, suite.platform.url, path);
    await page.waitForLoadState('networkidle');
    return (await axeViolations(page)).map((violation) => ({ path, ...violation }));
  }

  for (const [label, viewport] of [
    ['1440', WIDE],
    ['390', MOBILE],
  ] as const) {
    it(`at ${label} px, guest and signed in, no screen breaks a rule`, async () => {
      const placed = await http(
        suite.platform.url,
        'POST',
        '/api/games/dice/bets',
        { amount: 0.5, target: 50, condition: 'over' },
        { token: suite.player.token },
      );
      expect(placed.status).toBe(201);
      const guest = await suite.browser.newPage({ viewport });
      const player = await openSignedInPage(suite.browser, suite.player, viewport, suite.opened);
      const found = [];
      for (const path of SCREENS) {
        if (!path.startsWith('/account')) found.push(...(await violationsOn(guest, path)));
        found.push(...(await violationsOn(player, path)));
      }
      await screenshot(player, `axe-last-screen-${label}`);
      await guest.close();
      expect(found).toEqual([]);
    });
  }
});

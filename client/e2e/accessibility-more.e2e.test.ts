import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FAST_HASHING, http, RELAXED_LIMITS } from '../../tests/support/auth.js';
import { WALLET_TEST_ENV } from '../../tests/support/wallet.js';
import type { AxeScreen } from './support/axe.js';
import { violationsOnScreens } from './support/axe-screens.js';
import { browserSuite } from './support/browser-suite.js';
import { pagesClosedAfterAll, signedInPlayer, type GamePlayer } from './support/game-player-suite.js';
import { MOBILE, WIDE } from './support/page-helpers.js';
import { openSignedInPage } from './support/signed-in-page.js';

const BOTH = ['guest', 'player'] as const;
const GUEST = ['guest'] as const;
const PLAYER = ['player'] as const;

/** Every route outside the casino (accessibility.e2e.test.ts has those), with who sees it. */
const STATIC_SCREENS: AxeScreen[] = [
  { path: '/vip', as: BOTH },
  { path: '/promotions', as: BOTH },
  { path: '/raffle', as: BOTH },
  { path: '/token', as: BOTH },
  { path: '/token/overview', as: BOTH },
  { path: '/token/trade', as: BOTH, shot: true },
  { path: '/token/holdings', as: BOTH },
  { path: '/token/wallet', as: BOTH },
  { path: '/token/utility', as: BOTH, shot: true },
  { path: '/sports', as: BOTH },
  { path: '/sports/bets', as: PLAYER },
  { path: '/chat', as: BOTH },
  { path: '/account', as: BOTH },
  { path: '/account/profile', as: PLAYER },
  { path: '/account/balances', as: PLAYER },
  { path: '/account/deposits', as: PLAYER },
  { path: '/account/deposits/ALL', as: PLAYER, shot: true },
  { path: '/account/withdrawals', as: PLAYER },
  { path: '/account/withdrawals/ALL', as: PLAYER },
  { path: '/account/exclusion', as: PLAYER },
  { path: '/account/self-exclusion', as: PLAYER },
  { path: '/account/referrals', as: PLAYER },
  { path: '/account/referrals/codes', as: PLAYER },
  { path: '/account/settings', as: PLAYER },
  { path: '/responsible-gaming', as: BOTH },
  { path: '/terms-and-conditions', as: GUEST },
  { path: '/privacy-policy', as: GUEST },
  { path: '/aml-policy', as: GUEST },
  { path: '/sports-policy', as: GUEST },
  { path: '/faq', as: GUEST, shot: true },
  { path: '/help-center', as: GUEST },
  { path: '/partnership', as: GUEST },
  { path: '/blog', as: GUEST },
  { path: '/email-verification', as: GUEST },
  { path: '/verify-email', as: GUEST },
  { path: '/resend-verification', as: GUEST },
  { path: '/forgot-password', as: GUEST },
  { path: '/reset-password', as: GUEST },
  { path: '/r/FRIEND42', as: GUEST, shot: true },
  { path: '/menu', as: BOTH, narrowOnly: true },
  { path: '/crypto-futures', as: GUEST, narrowOnly: true },
  { path: '/portfolio', as: GUEST, narrowOnly: true },
  { path: '/admin', as: ['admin'], shot: true },
];

/**
 * Issue 45, point 13, the routes outside the casino: axe-core's WCAG 2.2 A/AA rules find nothing for a guest, a
 * signed-in player (account pages included: balances, deposits, withdrawals, referrals, settings) and an admin on
 * /admin, at 1440 and 390 px. The sportsbook is on (SPORTS_ENABLED), so its pages are the real ones.
 */
describe('accessibility: axe WCAG 2.2 A/AA on the account, token, sports, info and admin routes', () => {
  const suite = browserSuite({ ...FAST_HASHING, ...RELAXED_LIMITS, ...WALLET_TEST_ENV, SPORTS_ENABLED: 'true' });
  const opened = pagesClosedAfterAll();
  let people: { player: GamePlayer; admin: GamePlayer; screens: AxeScreen[] } | undefined;

  /** A funded player with a dice bet (its public page is a screen too) and an admin. */
  async function setUp() {
    if (people) return people;
    const player = await signedInPlayer(suite.platform, { funds: '10', ip: '10.45.13.2' });
    const admin = await signedInPlayer(suite.platform, { ip: '10.45.13.3', role: 'admin' });
    const placed = await http(
      suite.platform.url,
      'POST',
      '/api/games/dice/bets',
      { amount: 0.5, target: 50, condition: 'over' },
      { token: player.token },
    );
    expect(placed.status).toBe(201);
    people = { player, admin, screens: [...STATIC_SCREENS, { path: `/bets/${placed.body.id}`, as: BOTH, shot: true }] };
    return people;
  }

  for (const [label, viewport] of [
    ['1440', WIDE],
    ['390', MOBILE],
  ] as const) {
    it(`at ${label} px, guest, player and admin, no screen breaks a rule`, { timeout: 420_000 }, async () => {
      const { player, admin, screens } = await setUp();
      const visitors: Record<string, Page> = {
        guest: await suite.browser.newPage({ viewport }),
        player: await openSignedInPage(suite.browser, player, viewport, opened),
        admin: await openSignedInPage(suite.browser, admin, viewport, opened),
      };
      const found = await violationsOnScreens(suite.platform.url, screens, visitors, {
        narrow: viewport === MOBILE,
        prefix: `axe-more-${label}`,
      });
      await visitors.guest!.close();
      expect(found).toEqual([]);
    });
  }
});

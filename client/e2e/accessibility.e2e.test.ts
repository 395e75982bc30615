import { describe, expect, it } from 'vitest';
import { http } from '../../tests/support/auth.js';
import { launchSession, registerProvider } from '../../tests/support/providers.js';
import type { AxeScreen } from './support/axe.js';
import { violationsOnScreens } from './support/axe-screens.js';
import { gamePlayerSuite } from './support/game-player-suite.js';
import { MOBILE, WIDE } from './support/page-helpers.js';
import { openSignedInPage } from './support/signed-in-page.js';

const BOTH = ['guest', 'player'] as const;
const GAMES = [
  'dice',
  'limbo',
  'plinko',
  'keno',
  'mines',
  'slots',
  'blackjack',
  'baccarat',
  'roulette',
  'tower',
  'video-poker',
  'hilo',
  'crash',
  'wheel',
  'bingo',
];

/** The games whose pages the fixes changed (spots' names and colours, bingo's card as a table): saved to look at. */
const SHOT_GAMES = new Set(['baccarat', 'wheel', 'bingo']);

/**
 * Issue 45, point 13: axe-core's WCAG 2.2 A/AA rules find nothing on any casino route (the lobbies, every game's page,
 * the search, My bets, provably fair, a studio's game), for a guest and for a signed-in player, at 1440 and 390 px.
 * The other routes (account, token, sports, promotions, raffle, a public bet, the info pages, the admin) are in
 * accessibility-more.e2e.test.ts, so the two can run apart. A screen is checked once its h1 shows and the network is
 * quiet; one page per visitor is reused screen after screen.
 */
describe('accessibility: axe WCAG 2.2 A/AA on the casino routes', () => {
  const suite = gamePlayerSuite({ ip: '10.45.13.1', funds: '10' });
  let screens: AxeScreen[] | undefined;

  /** The routes, with a studio's game the player has opened once (its play page needs a registered provider). */
  async function casinoScreens(): Promise<AxeScreen[]> {
    if (screens) return screens;
    const studio = await registerProvider(suite.platform);
    await launchSession(suite.platform, studio, suite.player.token);
    const placed = await http(
      suite.platform.url,
      'POST',
      '/api/games/dice/bets',
      { amount: 0.5, target: 50, condition: 'over' },
      { token: suite.player.token },
    );
    expect(placed.status).toBe(201);
    screens = [
      ...[
        '/',
        '/casino',
        '/casino/originals',
        '/casino/slots',
        '/casino/live',
        '/casino/gameshows',
        '/casino/roulette',
        '/casino/blackjack',
        '/casino/bingo',
        '/casino/raffles',
        '/games?q=dice',
      ].map((path) => ({ path, as: BOTH, shot: path === '/casino/slots' })),
      ...GAMES.map((game) => ({ path: `/casino/games/${game}`, as: BOTH, shot: SHOT_GAMES.has(game) })),
      { path: '/casino/my-bets', as: BOTH },
      { path: '/provably-fair', as: BOTH },
      { path: `/casino/play/${studio.id}/${studio.gameId}`, as: ['player'] },
    ];
    return screens;
  }

  for (const [label, viewport] of [
    ['1440', WIDE],
    ['390', MOBILE],
  ] as const) {
    it(`at ${label} px, guest and signed in, no casino screen breaks a rule`, { timeout: 420_000 }, async () => {
      const list = await casinoScreens();
      const guest = await suite.browser.newPage({ viewport });
      const player = await openSignedInPage(suite.browser, suite.player, viewport, suite.opened);
      const found = await violationsOnScreens(
        suite.platform.url,
        list,
        { guest, player },
        {
          narrow: viewport === MOBILE,
          prefix: `axe-casino-${label}`,
        },
      );
      await guest.close();
      expect(found).toEqual([]);
    });
  }
});

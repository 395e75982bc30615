import { afterAll, beforeAll } from 'vitest';
import { FAST_HASHING, http, RELAXED_LIMITS, signedInAccount } from '../../../tests/support/auth.js';
import { fundPlayer, WALLET_TEST_ENV } from '../../../tests/support/wallet.js';
import { browserSuite } from './browser-suite.js';
import type { OpenedPages } from './signed-in-page.js';

/** The signed-in player a game's browser test plays as: the token and the profile the client stores. */
export interface GamePlayer {
  token: string;
  user: { id: number };
}

/**
 * A game's browser suite: one server (quick hashing, relaxed limits, the wallet's test settings) and one Chromium,
 * a player signed up from `ip` and funded with `funds` USD, and the pages the tests open (closed at the end). Read
 * the fields inside tests, not at collection time.
 */
export function gamePlayerSuite({ ip, funds }: { ip: string; funds: string }) {
  const suite = browserSuite({ ...FAST_HASHING, ...RELAXED_LIMITS, ...WALLET_TEST_ENV }) as ReturnType<typeof browserSuite> & {
    player: GamePlayer;
    opened: OpenedPages;
  };
  suite.opened = { contexts: [], pageErrors: new Map() };
  beforeAll(async () => {
    const signedIn = await signedInAccount(suite.platform, {}, ip);
    await fundPlayer(suite.platform, signedIn.token, funds);
    const profile = await http(suite.platform.url, 'GET', '/api/auth/profile', undefined, { token: signedIn.token });
    suite.player = { token: signedIn.token, user: profile.body };
  });
  afterAll(async () => {
    for (const context of suite.opened.contexts) await context.close().catch(() => undefined);
  });
  return suite;
}

import { afterAll, beforeAll } from 'vitest';
import { FAST_HASHING, http, RELAXED_LIMITS, signedInAccount } from '../../../tests/support/auth.js';
import type { TestPlatform } from '../../../tests/support/platform.js';
import { fundPlayer, WALLET_TEST_ENV } from '../../../tests/support/wallet.js';
import { browserSuite } from './browser-suite.js';
import type { OpenedPages } from './signed-in-page.js';

/** The signed-in player a game's browser test plays as: the token and the profile the client stores. */
export interface GamePlayer {
  token: string;
  user: { id: number };
}

/**
 * A new verified player (signed up from `ip`), given `role` and funded with `funds` USD when asked, with the profile
 * read after that, as the client would store it.
 */
export async function signedInPlayer(
  platform: TestPlatform,
  { funds, ip, role = 'user' }: { funds?: string; ip?: string; role?: 'user' | 'admin' } = {},
): Promise<GamePlayer> {
  const signedIn = await signedInAccount(platform, {}, ip);
  if (role !== 'user') await platform.platform.services.auth.accounts.setRole(signedIn.account.username, role);
  if (funds) await fundPlayer(platform, signedIn.token, funds);
  const profile = await http(platform.url, 'GET', '/api/auth/profile', undefined, { token: signedIn.token });
  return { token: signedIn.token, user: profile.body };
}

/** The pages a suite opens, their contexts closed after its tests. */
export function pagesClosedAfterAll(): OpenedPages {
  const opened: OpenedPages = { contexts: [], pageErrors: new Map() };
  afterAll(async () => {
    for (const context of opened.contexts) await context.close().catch(() => undefined);
  });
  return opened;
}

/**
 * A game's browser suite: one server (quick hashing, relaxed limits, the wallet's test settings) and one Chromium,
 * a player signed up from `ip` and funded with `funds` USD, and the pages the tests open (closed at the end). Read
 * the fields inside tests, not at collection time.
 */
export function gamePlayerSuite({ ip, funds }: { ip: string; funds: string }) {
  const suite = browserSuite({ ...FAST_HASHING, ...RELAXED_LIMITS, ...WALLET_TEST_ENV }) as ReturnType<
    typeof browserSuite
  > & {
    player: GamePlayer;
    opened: OpenedPages;
  };
  suite.opened = pagesClosedAfterAll();
  beforeAll(async () => {
    suite.player = await signedInPlayer(suite.platform, { funds, ip });
  });
  return suite;
}

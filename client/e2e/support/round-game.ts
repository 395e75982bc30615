import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { http, signedInAccount } from '../../../tests/support/auth.js';
import { SCREENSHOT_DIR } from '../../../tests/support/browser.js';
import type { TestPlatform } from '../../../tests/support/platform.js';
import { fundPlayer } from '../../../tests/support/wallet.js';
export { ROUND_GAME_ENV } from '../../../tests/support/round-games.js';
import { visit } from './page-helpers.js';
import { seedSession } from './session-seed.js';

/** A whole-page screenshot (or the viewport's) under test-results/screenshots. */
export async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

export interface RoundGamePlayer {
  page: Page;
  context: BrowserContext;
  userId: number;
  /** The name the round's players table shows. */
  name: string;
}

/**
 * A new player with 20 USD (and what `fund` adds), signed in in a context of its own at `viewport`, on the game's
 * page: `/casino/games/<slug>`.
 */
export async function roundGamePlayer(
  suite: { platform: TestPlatform; browser: Browser },
  slug: 'crash' | 'wheel' | 'bingo',
  viewport: { width: number; height: number },
  fund?: (userId: number) => Promise<unknown>,
): Promise<RoundGamePlayer> {
  const signedIn = await signedInAccount(suite.platform);
  await fundPlayer(suite.platform, signedIn.token, '20');
  await fund?.(signedIn.user.id);
  const profile = await http(suite.platform.url, 'GET', '/api/auth/profile', undefined, { token: signedIn.token });
  const context = await suite.browser.newContext({ viewport });
  await seedSession(context, { token: signedIn.token, user: profile.body });
  const page = await context.newPage();
  await visit(page, suite.platform.url, `/casino/games/${slug}`);
  return { page, context, userId: signedIn.user.id, name: profile.body.publicUsername ?? profile.body.username };
}

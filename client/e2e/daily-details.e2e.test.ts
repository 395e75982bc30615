import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { FAST_HASHING, RELAXED_LIMITS, http, signedInAccount } from '../../tests/support/auth.js';
import { screenshot } from '../../tests/support/browser.js';
import { raffleCloseFarFromNow } from '../../tests/support/test-clock.js';
import { WALLET_TEST_ENV, fundPlayer, trpc } from '../../tests/support/wallet.js';
import { browserSuite } from './support/browser-suite.js';
import { MOBILE, visit } from './support/page-helpers.js';
import { openSignedInPage, type OpenedPages } from './support/signed-in-page.js';

type Player = { token: string; user: { id: number; publicUsername: string; username: string; role: string } };

const WIDE = { width: 1440, height: 900 };

/**
 * Issue #24, defects 7 to 12: the details a daily player notices, each seen in Chromium at 1440 and
 * 390 px against the real server.
 */
describe('daily details (issue #24, 7-12)', () => {
  const suite = browserSuite({
    ...FAST_HASHING,
    ...RELAXED_LIMITS,
    ...WALLET_TEST_ENV,
    // No house share and no jackpot: a draw's pool is $0.
    RAFFLE_REVENUE_SHARE: '0',
    RAFFLE_CLOSE_UTC: raffleCloseFarFromNow(),
    CHAT_RATE_LIMIT: '1000/60',
    CHAT_RATE_BURST: '1000/60',
  });
  const opened: OpenedPages = { contexts: [], pageErrors: new Map() };
  let ip = 0;

  afterEach(async () => {
    for (const context of opened.contexts.splice(0)) await context.close();
  });

  async function player(role: 'user' | 'moderator' | 'admin' = 'user', funds?: string): Promise<Player> {
    const { platform } = suite;
    const signedIn = await signedInAccount(platform, {}, `10.124.0.${++ip}`);
    if (role !== 'user') await platform.platform.services.auth.setRole(signedIn.account.username, role);
    if (funds) await fundPlayer(platform, signedIn.token, funds);
    const profile = await http(platform.url, 'GET', '/api/auth/profile', undefined, { token: signedIn.token });
    expect(profile.status).toBe(200);
    return { token: signedIn.token, user: profile.body };
  }

  const open = (who: Player | null, viewport: { width: number; height: number }): Promise<Page> =>
    who
      ? openSignedInPage(suite.browser, who, viewport, opened)
      : suite.browser.newContext({ viewport }).then((context) => {
          opened.contexts.push(context);
          return context.newPage();
        });

  it('8: a $0 draw says "no prizes" instead of listing $0.00 winners, and the replay points up to the draws', async () => {
    const { platform } = suite;
    const entrant = await player();
    const claimed = await trpc(platform, 'mutation', 'raffle.claimFreeEntry', {}, entrant.token);
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    const drawn = await platform.platform.services.raffle.drawNow();
    expect(drawn.raffle.pool).toMatch(/^0(\.0+)?$/);

    for (const viewport of [WIDE, MOBILE]) {
      const page = await open(entrant, viewport);
      await visit(page, platform.url, '/raffle');
      const past = page.locator('main').getByTestId('past-draw').first();
      await expect.poll(() => past.innerText(), { timeout: 15_000 }).toContain(`#${drawn.raffle.id}`);
      expect(await past.innerText()).toMatch(/no prizes/i);
      expect(await past.getByTestId('past-winner').count()).toBe(0);
      expect(await past.innerText()).not.toMatch(/1st/);
      const replay = page.locator('main').getByTestId('raffle-replay');
      expect(await replay.innerText()).toContain('Pick a past draw above');
      await past.scrollIntoViewIfNeeded();
      await screenshot(page, `daily-raffle-zero-pool-${viewport.width}`);
    }
  });
});

import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_HASHING, RELAXED_LIMITS, http, signedInAccount } from '../../tests/support/auth.js';
import { launchBrowser, screenshot } from '../../tests/support/browser.js';
import { startTestPlatform, startTestWorker, type TestPlatform } from '../../tests/support/platform.js';
import { expectPath, headingText, MOBILE, visit } from './support/page-helpers.js';
import { openSignedInPage } from './support/signed-in-page.js';

type Player = { token: string; user: { id: number } };

const WIDE = { width: 1440, height: 900 };

/** Whole dollars in ledger units (1e-8). */
const usdUnits = (whole: string) => BigInt(whole) * 100_000_000n;

/** Two cores shared with the server, the worker and Chromium: give live updates time. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

/**
 * The sportsbook end to end with SPORTS_ENABLED=true: an admin builds two events in the console,
 * a player bets a single and a multi from the slip, the admin enters results, the worker settles
 * and the player's header balance shows the payout without a reload.
 */
describe('sportsbook in the browser', () => {
  let platform: TestPlatform;
  let worker: Awaited<ReturnType<typeof startTestWorker>>;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const pageErrors = new Map<Page, string[]>();

  async function account(role: 'user' | 'admin' = 'user', funds?: string): Promise<Player> {
    const signedIn = await signedInAccount(platform);
    if (role !== 'user') await platform.platform.services.auth.accounts.setRole(signedIn.account.username, role);
    if (funds) {
      const userId = Number(signedIn.user.id);
      await platform.platform.services.wallet.ledger.post({
        key: `e2e-fund-${randomUUID()}`,
        kind: 'test-deposit',
        userId,
        legs: [
          { account: { house: 'deposits' }, currency: 'USD', amount: -usdUnits(funds) },
          { account: { user: userId }, currency: 'USD', amount: usdUnits(funds) },
        ],
      });
    }
    const profile = await http(platform.url, 'GET', '/api/auth/profile', undefined, { token: signedIn.token });
    expect(profile.status).toBe(200);
    return { token: signedIn.token, user: profile.body };
  }

  async function pageFor(who: Player, viewport = WIDE): Promise<Page> {
    return openSignedInPage(browser, who, viewport, { contexts, pageErrors });
  }

  beforeAll(async () => {
    platform = await startTestPlatform({ ...FAST_HASHING, ...RELAXED_LIMITS, SPORTS_ENABLED: 'true' });
    worker = await startTestWorker(platform);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await worker?.stop();
    await platform?.stop();
  });

  it('operator creates events with odds, a player places a single and a multi, results pay out live', async () => {
    const admin = await account('admin');
    const alice = await account('user', '100');

    const player = await pageFor(alice);
    const main = player.locator('main');
    await visit(player, platform.url, '/sports');
    await poll(() => main.innerText()).toContain('No events yet');

    // The operator console.
    const consolePage = await pageFor(admin);
    await visit(consolePage, platform.url, '/admin');
    const section = consolePage.locator('section', {
      has: consolePage.getByRole('heading', { name: 'Sportsbook console' }),
    });
    await poll(() => section.innerText()).toContain('No events yet');
    const createEvent = async (competition: string, home: string, away: string) => {
      await section.getByLabel('Competition').fill(competition);
      await section.getByLabel(/^Home/).fill(home);
      await section.getByLabel(/^Away/).fill(away);
      await section.getByLabel('Starts at').fill('2030-06-01T18:00');
      await section.getByRole('button', { name: 'Create event' }).click();
      const card = section.getByTestId('console-event').filter({ hasText: `${home} v ${away}` });
      await poll(() => card.count()).toBe(1);
      return card;
    };
    const first = await createEvent('Premier Test', 'Lions', 'Tigers');
    await first.getByLabel('Lions odds').fill('2.00');
    await first.getByLabel('Draw odds').fill('3.40');
    await first.getByLabel('Tigers odds').fill('3.80');
    await first.getByRole('button', { name: 'Add market' }).click();
    await poll(() => first.getByTestId('console-market').count()).toBe(1);

    const second = await createEvent('Premier Test', 'Eagles', 'Hawks');
    await second.getByLabel(/^Market/).click();
    await consolePage.getByRole('option', { name: 'Moneyline' }).click();
    await second.getByLabel('Eagles odds').fill('1.50');
    await second.getByLabel('Hawks odds').fill('2.60');
    await second.getByRole('button', { name: 'Add market' }).click();
    await poll(() => second.getByTestId('console-market').count()).toBe(1);
    await screenshot(consolePage, 'sports-console-desktop');

    // The player's page follows over the sports channel (no reload): the events appear.
    await poll(() => main.getByTestId('sports-event').count()).toBe(2);
    await poll(() => player.getByTestId('header-balance').innerText()).toContain('100.00');
    await screenshot(player, 'sports-list-desktop');

    // A single: Lions at 2.00, stake 10.
    const slip = player.getByTestId('bet-slip');
    await main.getByRole('button', { name: 'Lions at 2.00' }).click();
    await slip.getByLabel('Stake on Lions').fill('10');
    await poll(() => slip.innerText()).toContain('Returns 20.00');
    await slip.getByRole('button', { name: 'Place bet' }).click();
    await poll(() => slip.getByTestId('bet-placed').innerText()).toContain('Bet placed');
    await poll(() => player.getByTestId('header-balance').innerText()).toContain('90.00');

    // The event page, and a live odds move while the pick sits in the slip.
    await main.getByRole('link', { name: 'Eagles v Hawks' }).click();
    await expectPath(player, `/sports/event/${await eventIdOf('Eagles')}`);
    await poll(() => headingText(player)).toBe('Eagles v Hawks');
    await main.getByRole('button', { name: 'Eagles at 1.50' }).click();
    await screenshot(player, 'sports-event-slip-desktop');

    // A multi: Eagles 1.50 + Lions 2.00, stake 5 -> 15.
    await main.getByRole('link', { name: 'All events' }).click();
    await main.getByRole('button', { name: 'Lions at 2.00' }).click();
    await slip
      .locator('label')
      .filter({ hasText: /^Multi$/ })
      .click();
    await slip.getByLabel('Multi stake').fill('5');
    await poll(() => slip.getByTestId('multi-return').innerText()).toBe('15.00 USD');
    await slip.getByRole('button', { name: /Place multi/ }).click();
    await poll(() => slip.getByTestId('bet-placed').innerText()).toContain('Bet placed');
    await poll(() => player.getByTestId('header-balance').innerText()).toContain('85.00');

    await slip.getByRole('link', { name: 'See my bets' }).click();
    await expectPath(player, '/sports/bets');
    await poll(() => main.getByTestId('sports-bet').count()).toBe(2);
    expect(await main.innerText()).toContain('2-fold multi');
    await poll(() =>
      main
        .getByRole('button', { name: /Cash out/ })
        .first()
        .isEnabled(),
    ).toBe(true);
    await screenshot(player, 'sports-my-bets-desktop');

    // Results from the console; the worker settles; the player's header follows without reload.
    await player.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
    // Each result asks first (issue #24): the dialog names the winner.
    for (const [card, winner] of [
      [first, 'Lions'],
      [second, 'Eagles'],
    ] as const) {
      await card.getByRole('button', { name: `${winner} won` }).click();
      await poll(() => card.getByTestId('settle-summary').innerText()).toContain(`${winner} won`);
      await card.getByTestId('confirm-action').click();
      await poll(() => card.getByTestId('settle-confirm').count()).toBe(0);
    }
    // 85 + 20 (single) + 15 (multi) = 120
    await poll(() => player.getByTestId('header-balance').innerText()).toContain('120.00');
    await poll(() => main.getByTestId('sports-bet').count()).toBe(0);
    await main
      .locator('label')
      .filter({ hasText: /^Settled$/ })
      .click();
    await poll(() => main.getByTestId('bet-status').allTextContents()).toEqual(['won', 'won']);
    expect(await player.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
    await screenshot(player, 'sports-my-bets-settled-desktop');
    expect(await platform.platform.services.wallet.ledger.check()).toEqual([]);

    expect(pageErrors.get(player)).toEqual([]);
    expect(pageErrors.get(consolePage)).toEqual([]);
  });

  it('lays out for phones: list, event page with the slip as a bottom sheet, My bets, console', async () => {
    const admin = await account('admin');
    const bob = await account();
    const catalogue = platform.platform.services.sports.catalogue;
    const event = await catalogue.createEvent({
      sport: 'Basketball',
      competition: 'Phone League',
      home: 'Owls',
      away: 'Foxes',
      startsAt: new Date(Date.now() + 3_600_000),
    });
    await catalogue.addMarket({
      eventId: event.id,
      type: 'moneyline',
      selections: [
        { name: 'Owls', odds: 1800 },
        { name: 'Foxes', odds: 2050 },
      ],
    });
    await catalogue.addMarket({
      eventId: event.id,
      type: 'totals',
      line: '160.5',
      selections: [
        { name: 'Over', odds: 1900 },
        { name: 'Under', odds: 1900 },
      ],
    });

    const page = await pageFor(bob, MOBILE);
    const main = page.locator('main');
    await visit(page, platform.url, '/sports');
    await poll(() => main.getByTestId('sports-event').filter({ hasText: 'Owls v Foxes' }).count()).toBe(1);
    await screenshot(page, 'sports-list-mobile');
    await main.getByRole('link', { name: 'Owls v Foxes' }).click();
    await poll(() => headingText(page)).toBe('Owls v Foxes');
    await main.getByRole('button', { name: 'Over at 1.90' }).click();
    const sheet = page.getByRole('dialog', { name: 'Bet slip' });
    await poll(() => sheet.isVisible()).toBe(true);
    await sheet.getByLabel('Stake on Over').fill('3');
    await poll(() => sheet.innerText()).toContain('Returns 5.70');
    await screenshot(page, 'sports-event-slip-mobile');
    await visit(page, platform.url, '/sports/bets');
    await poll(() => main.innerText()).toContain('No open bets');
    await screenshot(page, 'sports-my-bets-mobile');

    const consolePage = await pageFor(admin, MOBILE);
    await visit(consolePage, platform.url, '/admin');
    const section = consolePage.locator('section', {
      has: consolePage.getByRole('heading', { name: 'Sportsbook console' }),
    });
    await poll(() => section.getByTestId('console-event').count()).toBeGreaterThan(0);
    await section.scrollIntoViewIfNeeded();
    await screenshot(consolePage, 'sports-console-mobile');
    expect(pageErrors.get(page)).toEqual([]);
  });

  async function eventIdOf(home: string): Promise<string> {
    const events = await platform.platform.services.sports.catalogue.events('all');
    return events.find((event) => event.home === home)!.id;
  }
});

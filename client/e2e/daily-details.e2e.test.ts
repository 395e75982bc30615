import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { FAST_HASHING, RELAXED_LIMITS, http, signedInAccount } from '../../tests/support/auth.js';
import { screenshot } from '../../tests/support/browser.js';
import { raffleCloseFarFromNow } from '../../tests/support/test-clock.js';
import { WALLET_TEST_ENV, fundPlayer, trpc } from '../../tests/support/wallet.js';
import { browserSuite } from './support/browser-suite.js';
import { MOBILE, visit } from './support/page-helpers.js';
import { openSignedInPage, type OpenedPages } from './support/signed-in-page.js';

type Player = {
  token: string;
  user: { id: number; publicUsername: string; username: string; role: string };
  loginName: string;
  password: string;
};

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
    SPORTS_ENABLED: 'true',
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
    if (role !== 'user') await platform.platform.services.auth.accounts.setRole(signedIn.account.username, role);
    if (funds) await fundPlayer(platform, signedIn.token, funds);
    const profile = await http(platform.url, 'GET', '/api/auth/profile', undefined, { token: signedIn.token });
    expect(profile.status).toBe(200);
    return {
      token: signedIn.token,
      user: profile.body,
      loginName: signedIn.account.username,
      password: signedIn.account.password,
    };
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
  it('9: singles take two selections of one event, settled events leave the list, the odds policy reads whole, kick-offs use the one date style', async () => {
    const { platform } = suite;
    const sports = platform.platform.services.sports.catalogue;
    const startsAt = new Date(Date.now() + 2 * 86_400_000);
    const rovers = await sports.createEvent({
      sport: 'Football',
      competition: 'Daily League',
      home: 'Rovers',
      away: 'United',
      startsAt,
    });
    await sports.addMarket({
      eventId: rovers.id,
      type: '1x2',
      selections: [
        { name: 'Rovers', odds: 2100 },
        { name: 'Draw', odds: 3300 },
        { name: 'United', odds: 3600 },
      ],
    });
    await sports.addMarket({
      eventId: rovers.id,
      type: 'totals',
      line: '2.5',
      selections: [
        { name: 'Over', odds: 1900 },
        { name: 'Under', odds: 1950 },
      ],
    });
    const done = await sports.createEvent({
      sport: 'Football',
      competition: 'Daily League',
      home: 'Settled FC',
      away: 'Finished Town',
      startsAt,
    });
    const doneMarket = (
      await sports.addMarket({
        eventId: done.id,
        type: 'moneyline',
        selections: [
          { name: 'Settled FC', odds: 1800 },
          { name: 'Finished Town', odds: 2000 },
        ],
      })
    ).markets[0]!;
    await sports.settleMarket(
      doneMarket.id,
      doneMarket.selections.map((selection, index) => ({
        selectionId: selection.id,
        result: index === 0 ? 'won' : 'lost',
      })),
    );
    const bettor = await player();

    for (const viewport of [WIDE, MOBILE]) {
      const page = await open(bettor, viewport);
      const main = page.locator('main');
      await visit(page, platform.url, '/sports');
      const rows = main.getByTestId('sports-event');
      await expect.poll(() => rows.filter({ hasText: 'Rovers v United' }).count(), { timeout: 15_000 }).toBe(1);
      // The event whose only market is settled has nothing left to bet on: not listed with "—" odds.
      expect(await rows.filter({ hasText: 'Settled FC' }).count()).toBe(0);
      // Kick-off in the platform's one style: "27 Nov 2026, 18:14".
      expect(await rows.filter({ hasText: 'Rovers v United' }).innerText()).toMatch(
        /Daily League · \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d/,
      );
      await screenshot(page, `daily-sports-list-${viewport.width}`);

      await rows.filter({ hasText: 'Rovers v United' }).getByRole('link', { name: 'Rovers v United' }).click();
      await page.getByRole('heading', { name: 'Rovers v United' }).waitFor();
      await main.getByRole('button', { name: 'Rovers at 2.10' }).click();
      if (viewport === MOBILE) await page.keyboard.press('Escape');
      await main.getByRole('button', { name: 'Over at 1.90' }).click();
      const slip = viewport === MOBILE ? page.getByRole('dialog', { name: 'Bet slip' }) : main.getByTestId('bet-slip');
      // Two singles on one event are two bets: both stay.
      await expect.poll(() => slip.getByTestId('slip-pick').count()).toBe(2);
      expect(await main.getByRole('button', { name: 'Rovers at 2.10' }).getAttribute('aria-pressed')).toBe('true');
      // The odds policy's chosen text is shown whole.
      const policy = slip.getByLabel('Odds changes', { exact: true });
      expect(await policy.inputValue()).toBe('Accept higher odds');
      expect(await policy.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth)).toBe(true);
      // The phone's sheet slides in: let it settle for the picture.
      await page.waitForTimeout(500);
      await screenshot(page, `daily-sports-slip-${viewport.width}`);
      // A multi cannot combine them: said, and not placeable.
      await slip.getByText('Multi', { exact: true }).click();
      await expect.poll(() => slip.innerText()).toContain('one selection per event');
      await slip.getByRole('textbox', { name: 'Multi stake' }).fill('1');
      expect(await slip.getByRole('button', { name: /^Place multi/ }).isDisabled()).toBe(true);
      await slip.getByRole('button', { name: 'Clear' }).click();
      await slip.getByText('Singles', { exact: true }).click();
    }
  });
  it('10: the burn chart says when there are no burns, 24H high counts a trade\'s peak, /token/overview is its own page, history reads "BZU bought"', async () => {
    const { platform } = suite;
    const { db } = platform.platform.infra;
    // A spike inside one 5-minute bucket of ten minutes ago: the bucket closes at 0.0250000, the peak is 0.0410000.
    const bucket = Math.floor((Date.now() - 600_000) / 300_000) * 300_000;
    const spike = [2_500_000n, 4_100_000n, 2_500_000n].map((price, index) => ({
      slot_at: new Date(bucket + (index + 1) * 10_000),
      price_e8: price,
    }));
    for (const point of spike) {
      await db
        .insertInto('token_prices')
        .values({ ...point, source: 'pool', change_24h: 0, market_cap_e8: 0n, volume_24h_e8: 0n })
        .execute();
    }
    const trader = await player('user', '100');
    const traded = await trpc(
      platform,
      'mutation',
      'token.trade',
      { side: 'buy', amount: '10', minOut: '0', clientTradeId: `daily-${Date.now()}` },
      trader.token,
    );
    expect(traded.status, JSON.stringify(traded.body)).toBe(200);

    const page = await open(trader, WIDE);
    const main = page.locator('main');
    await visit(page, platform.url, '/token');
    const chart = main.getByTestId('price-chart');
    await expect.poll(() => chart.innerText(), { timeout: 15_000 }).toContain('High $0.0410000');
    await screenshot(page, 'daily-token-dashboard-1440');

    // The overview is the token's economics, not a second dashboard.
    await visit(page, platform.url, '/token/overview');
    await expect.poll(() => main.locator('h1').innerText()).toBe('BZU Overview');
    expect(await main.getByTestId('price-chart').count()).toBe(0);
    await expect
      .poll(() => main.getByTestId('token-max-supply').innerText(), { timeout: 10_000 })
      .toBe('1,000,000,000 BZU');
    // No burn yet: the chart says so rather than drawing an empty box.
    await expect
      .poll(() => main.getByTestId('burn-chart-empty').innerText(), { timeout: 10_000 })
      .toContain('No burns in this range');
    expect(await main.getByTestId('burn-chart').count()).toBe(0);
    await main.getByTestId('burn-section').scrollIntoViewIfNeeded();
    await screenshot(page, 'daily-token-overview-1440');

    // The statement names the trade in words.
    await visit(page, platform.url, '/account/balances');
    const history = main.getByRole('region', { name: 'Transaction history', exact: true });
    await expect.poll(() => history.innerText(), { timeout: 10_000 }).toContain('BZU bought');
    expect(await history.innerText()).not.toMatch(/Token:buy|Token buy/i);
    await screenshot(page, 'daily-history-labels-1440');

    // 11: on a phone every token tab is on screen.
    const phone = await open(trader, MOBILE);
    await visit(phone, platform.url, '/token');
    const tabs = phone.locator('main').getByRole('tab');
    await expect.poll(() => tabs.count()).toBe(6);
    for (const name of ['Dashboard', 'Overview', 'Holdings', 'Wallet', 'Utility', 'Trade']) {
      const box = (await phone.locator('main').getByRole('tab', { name }).boundingBox())!;
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(MOBILE.width);
    }
    await screenshot(phone, 'daily-token-tabs-390');
    await visit(phone, platform.url, '/token/overview');
    await screenshot(phone, 'daily-token-overview-390');
  });
  it('11: at 390 px the header balance stays on one line and the live bets show Multiplier and Payout', async () => {
    const { platform } = suite;
    const whale = await player('user', '2345678');
    const bet = await trpc(
      platform,
      'mutation',
      'games.dice.bet',
      { amount: '1234.56', currency: 'USD', target: 50.5, condition: 'over' },
      whale.token,
    );
    expect(bet.status, JSON.stringify(bet.body)).toBe(200);
    const phone = await open(whale, MOBILE);
    await visit(phone, platform.url, '/casino');
    const balance = phone.getByTestId('header-balance');
    await expect.poll(() => balance.innerText(), { timeout: 10_000 }).toMatch(/^2,34\d,\d{3}\.\d\d/);
    // One line: the box is no taller than one line of its text, and nothing spills past the screen.
    const lines = await balance.evaluate(
      (el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight),
    );
    expect(lines).toBeLessThan(1.5);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    const header = (await balance.boundingBox())!;
    expect(header.x + header.width).toBeLessThanOrEqual(MOBILE.width);

    const feed = phone.getByTestId('live-feed-all');
    await expect.poll(() => feed.getByRole('row').count(), { timeout: 10_000 }).toBeGreaterThan(1);
    await feed.scrollIntoViewIfNeeded();
    // Inside the card, with no sideways scroll: the table is no wider than its scroll box.
    const card = (await phone.getByRole('region', { name: 'Live bets' }).boundingBox())!;
    for (const column of ['Multiplier', 'Payout']) {
      const box = (await feed.getByRole('columnheader', { name: column }).boundingBox())!;
      expect(box.x + box.width, column).toBeLessThanOrEqual(card.x + card.width);
    }
    const payout = (await feed.getByRole('row').nth(1).getByRole('cell').last().boundingBox())!;
    expect(payout.x + payout.width).toBeLessThanOrEqual(card.x + card.width);
    expect(await feed.evaluate((table) => table.scrollWidth <= table.parentElement!.clientWidth + 1)).toBe(true);
    await screenshot(phone, 'daily-live-bets-390');
    await phone.evaluate(() => window.scrollTo(0, 0));
    await screenshot(phone, 'daily-header-390');
    const wide = await open(whale, WIDE);
    await visit(wide, platform.url, '/casino');
    await expect
      .poll(() => wide.getByTestId('live-feed-all').getByRole('columnheader', { name: 'Player' }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    await wide.getByTestId('live-feed-all').scrollIntoViewIfNeeded();
    await screenshot(wide, 'daily-live-bets-1440');
  });
  it('12: a click anywhere on a My bets row opens its details; staff see player names and look a ledger up by name', async () => {
    const { platform } = suite;
    const bettor = await player('user', '50');
    const bet = await trpc(
      platform,
      'mutation',
      'games.dice.bet',
      { amount: '2', currency: 'USD', target: 50.5, condition: 'over' },
      bettor.token,
    );
    expect(bet.status, JSON.stringify(bet.body)).toBe(200);
    const betId = bet.body.result.data.bet?.id ?? bet.body.result.data.id;

    for (const viewport of [WIDE, MOBILE]) {
      const page = await open(bettor, viewport);
      await visit(page, platform.url, '/casino/my-bets');
      const row = page.locator('main').getByTestId('my-bets').getByRole('row').nth(1);
      await expect.poll(() => row.isVisible(), { timeout: 10_000 }).toBe(true);
      // The outcome cell, not the game's link.
      await row.getByRole('cell').nth(2).click();
      const dialog = page.getByRole('dialog');
      await expect.poll(() => dialog.isVisible(), { timeout: 5_000 }).toBe(true);
      expect(await dialog.innerText()).toContain(`Dice bet #${betId}`);
      await screenshot(page, `daily-my-bets-details-${viewport.width}`);
    }

    const withdrawal = await trpc(
      platform,
      'mutation',
      'wallet.withdraw',
      {
        amount: '5',
        asset: 'USDC',
        network: 'BEP20',
        address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        password: bettor.password,
      },
      bettor.token,
    );
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(200);
    const admin = await player('admin');
    const adminPage = await open(admin, WIDE);
    const main = adminPage.locator('main');
    await visit(adminPage, platform.url, '/admin');
    const row = main.getByTestId(`withdrawal-${withdrawal.body.result.data.id}`);
    await expect
      .poll(() => row.getByTestId('withdrawal-player').innerText(), { timeout: 10_000 })
      .toBe(bettor.user.publicUsername);
    expect(await row.innerText()).toContain(bettor.loginName);
    await screenshot(adminPage, 'daily-admin-withdrawals-1440');

    await main.getByLabel('Player id or name').fill(bettor.loginName.toUpperCase());
    await main.getByRole('button', { name: 'Look up' }).click();
    await expect
      .poll(() => main.getByTestId('ledger-player').innerText(), { timeout: 10_000 })
      .toBe(`${bettor.user.publicUsername} · ${bettor.loginName} · #${bettor.user.id}`);
    await main.getByTestId('ledger-result').scrollIntoViewIfNeeded();
    await screenshot(adminPage, 'daily-admin-ledger-by-name-1440');
    await main.getByLabel('Player id or name').fill('nobody-at-all');
    await main.getByRole('button', { name: 'Look up' }).click();
    await expect
      .poll(() => main.getByText('No player with the id or name "nobody-at-all"').isVisible(), { timeout: 10_000 })
      .toBe(true);

    const phoneAdmin = await open(admin, MOBILE);
    await visit(phoneAdmin, platform.url, '/admin');
    await expect
      .poll(() => phoneAdmin.locator('main').getByTestId('withdrawal-player').first().isVisible(), { timeout: 10_000 })
      .toBe(true);
    await screenshot(phoneAdmin, 'daily-admin-withdrawals-390');
  });
  it('7: an unknown /command answers locally, a tip reaches its receiver as a toast, names offer profile, ignore and mute, lines show rank and time', async () => {
    const { platform } = suite;
    const db = platform.platform.infra.db;
    const alice = await player('user', '20');
    const bob = await player();
    const moderator = await player('moderator');
    // Alice is Bronze (10 000 XP): her rank is stored on each message she sends.
    await db
      .insertInto('player_xp')
      .values({ user_id: alice.user.id, xp_e8: 10_000n * 10n ** 8n, rank: 'bronze' })
      .execute();
    const panel = (page: Page) => page.locator('#chat-panel');
    const lines = (page: Page, text: string) =>
      panel(page).getByRole('list', { name: 'Chat messages' }).getByRole('listitem').filter({ hasText: text });
    const waitLive = (page: Page) =>
      expect
        .poll(() => panel(page).locator('[data-feed-status="ready"][data-live]').count(), { timeout: 15_000 })
        .toBe(1);

    const a = await open(alice, WIDE);
    const b = await open(bob, WIDE);
    for (const page of [a, b]) await visit(page, platform.url, '/');
    for (const page of [a, b]) await waitLive(page);

    // An unknown command is answered on Alice's screen only, with the command list.
    const before = (await trpc(platform, 'query', 'chat.list', { limit: 50 })).body.result.data.messages.length;
    const input = panel(a).getByRole('textbox', { name: 'Chat message' });
    await input.fill('/dance');
    await input.press('Enter');
    await expect
      .poll(() => panel(a).getByRole('alert').innerText())
      .toBe(
        'Unknown command /dance. Commands: /tip name amount [USD|BZU] [private] · /rain amount [USD|BZU] · /bet id',
      );
    expect((await trpc(platform, 'query', 'chat.list', { limit: 50 })).body.result.data.messages.length).toBe(before);
    await screenshot(a, 'daily-chat-unknown-command-1440');
    await input.fill('');

    // A tip from Alice: Bob gets a toast.
    const tipped = await trpc(
      platform,
      'mutation',
      'tips.send',
      { recipient: bob.user.publicUsername, amount: '1.5', currency: 'USD' },
      alice.token,
    );
    expect(tipped.status, JSON.stringify(tipped.body)).toBe(200);
    await expect
      .poll(() => b.getByText(`${alice.user.publicUsername} tipped you 1.50 USD`).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await screenshot(b, 'daily-chat-tip-toast-1440');

    // Alice's line on Bob's screen: her rank badge, and the time once hovered.
    const text = `daily hello ${Date.now()}`;
    await trpc(platform, 'mutation', 'chat.send', { message: text }, alice.token);
    const line = lines(b, text);
    await expect.poll(() => line.count(), { timeout: 10_000 }).toBe(1);
    expect(await line.getByTestId('chat-rank').innerText()).toMatch(/^bronze$/i);
    const time = line.locator('time');
    expect(await time.evaluate((el) => getComputedStyle(el).visibility)).toBe('hidden');
    await line.hover();
    await expect.poll(() => time.evaluate((el) => getComputedStyle(el).visibility)).toBe('visible');
    expect(await time.innerText()).toMatch(/^\d\d:\d\d$/);
    await screenshot(b, 'daily-chat-rank-and-time-1440');

    // Her name's menu for Bob: profile, tip, ignore; no mute.
    await line.getByRole('button', { name: `Actions for ${alice.user.publicUsername}` }).click();
    const menu = b.getByRole('menu');
    await expect
      .poll(() => menu.getByRole('menuitem').allInnerTexts())
      .toEqual(['Profile', `Tip ${alice.user.publicUsername}`, `Ignore ${alice.user.publicUsername}`]);
    await menu.getByRole('menuitem', { name: 'Profile' }).click();
    const profile = b.getByRole('dialog', { name: `Profile of ${alice.user.publicUsername}` });
    await expect.poll(() => profile.getByTestId('profile-rank').innerText(), { timeout: 10_000 }).toBe('Bronze');
    expect(await profile.getByTestId('profile-bets').innerText()).toBe('0');
    expect(await profile.getByTestId('profile-member-since').innerText()).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    // The modal fades in: let it settle for the picture.
    await b.waitForTimeout(400);
    await screenshot(b, 'daily-chat-profile-1440');
    await b.keyboard.press('Escape');
    await expect.poll(() => profile.count()).toBe(0);

    // Ignore: her lines leave Bob's screen, and stay hidden after a reload.
    await line.getByRole('button', { name: `Actions for ${alice.user.publicUsername}` }).click();
    await b.getByRole('menuitem', { name: `Ignore ${alice.user.publicUsername}` }).click();
    await expect.poll(() => lines(b, text).count()).toBe(0);
    await b.reload();
    await waitLive(b);
    await expect.poll(() => panel(b).getByTestId('chat-ignoring').innerText()).toContain('Ignoring 1 player');
    expect(await lines(b, text).count()).toBe(0);
    await panel(b).getByRole('button', { name: 'Show all' }).click();
    await expect.poll(() => lines(b, text).count()).toBe(1);

    // A moderator's menu on the same name adds the mute.
    const mod = await open(moderator, WIDE);
    await visit(mod, platform.url, '/');
    await waitLive(mod);
    await expect.poll(() => lines(mod, text).count(), { timeout: 10_000 }).toBe(1);
    await lines(mod, text)
      .getByRole('button', { name: `Actions for ${alice.user.publicUsername}` })
      .click();
    await mod.getByRole('menuitem', { name: `Mute ${alice.user.publicUsername}` }).click();
    await expect.poll(() => mod.getByRole('dialog', { name: 'Mute user' }).isVisible()).toBe(true);
    await screenshot(mod, 'daily-chat-moderator-mute-1440');

    // The phone's Trollbox tab shows the same line with its badge.
    const phone = await open(bob, MOBILE);
    await visit(phone, platform.url, '/chat');
    const phoneLine = phone.locator('main').getByRole('listitem').filter({ hasText: text });
    await expect.poll(() => phoneLine.count(), { timeout: 10_000 }).toBe(1);
    expect(await phoneLine.getByTestId('chat-rank').isVisible()).toBe(true);
    await screenshot(phone, 'daily-chat-390');
  });
});

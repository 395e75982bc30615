import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FAST_HASHING, RELAXED_LIMITS } from '../../tests/support/auth.js';
import { screenshot } from '../../tests/support/browser.js';
import { WALLET_TEST_ENV, trpc } from '../../tests/support/wallet.js';
import { browserSuite } from './support/browser-suite.js';
import { pagesClosedAfterAll, signedInPlayer } from './support/game-player-suite.js';
import { MOBILE, visit } from './support/page-helpers.js';
import { seedSession } from './support/session-seed.js';
import { openSignedInPage } from './support/signed-in-page.js';

const WIDE = { width: 1440, height: 900 };
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

type Player = { token: string; user: { id: number } };

/** Issue #24 point 15: favourites and recently played, the in-game My bets tab, live stats reset, the header wallet. */
describe('lobby and panel extras in the browser', () => {
  const suite = browserSuite({ ...FAST_HASHING, ...RELAXED_LIMITS, ...WALLET_TEST_ENV });
  const opened = pagesClosedAfterAll();
  const ok = (answer: { status: number; body: any }) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result.data;
  };
  const player = (funds?: string): Promise<Player> => signedInPlayer(suite.platform, { funds });
  const star = (page: Page, name: string) =>
    page
      .locator('main')
      .getByRole('button', { name: new RegExp(`(Add|Remove) ${name} (to|from) favourites`) })
      .first();

  it('a star on the game page and on the tiles: Favourites and Recently played on the home and in the sidebar, following the account', async () => {
    const alice = await player('50');
    const page = await openSignedInPage(suite.browser, alice, WIDE, opened);
    const main = page.locator('main');
    await visit(page, suite.platform.url, '/casino/games/dice');
    await star(page, 'Dice').click();
    await poll(() => star(page, 'Dice').getAttribute('aria-pressed')).toBe('true');
    await poll(async () => ok(await trpc(suite.platform, 'query', 'lobby.favourites', undefined, alice.token))).toEqual(
      ['dice'],
    );
    await main.getByRole('textbox', { name: /^Bet amount/ }).fill('0.01');
    await main.getByTestId('bet-button').click();
    await poll(() => main.locator('[data-testid="recent-results"] button').count()).toBe(1);

    await visit(page, suite.platform.url, '/casino');
    const favourites = main.getByTestId('favourites-row');
    const recent = main.getByTestId('recent-row');
    await poll(() => favourites.getByRole('link', { name: 'Dice', exact: true }).isVisible()).toBe(true);
    await poll(() => recent.getByRole('link', { name: 'Dice', exact: true }).isVisible()).toBe(true);
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await poll(() => sidebar.getByTestId('sidebar-favourites').isVisible()).toBe(true);
    await poll(() => sidebar.getByRole('link', { name: 'Dice' }).count()).toBe(2);
    // A tile's star: Limbo joins, first (newest star first); the click stars, it does not open the game.
    await main
      .getByRole('list', { name: 'Featured games' })
      .getByRole('button', { name: 'Add Limbo to favourites' })
      .click();
    await poll(() => favourites.getByRole('link').allInnerTexts()).toEqual([
      expect.stringContaining('Limbo'),
      expect.stringContaining('Dice'),
    ]);
    expect(new URL(page.url()).pathname).toBe('/casino');
    await screenshot(page, 'lobby-favourites-home-1440');

    // Another device of the same account sees the same stars.
    const other = await openSignedInPage(suite.browser, alice, MOBILE, opened);
    await visit(other, suite.platform.url, '/casino');
    await poll(() => other.locator('main').getByTestId('favourites-row').getByRole('link').count()).toBe(2);
    await screenshot(other, 'lobby-favourites-home-390');

    // Unstar from the Favourites row itself: Dice leaves it, and the server's list.
    await favourites.getByRole('button', { name: 'Remove Dice from favourites' }).click();
    await poll(() => favourites.getByRole('link').count()).toBe(1);
    await poll(async () => ok(await trpc(suite.platform, 'query', 'lobby.favourites', undefined, alice.token))).toEqual(
      ['limbo'],
    );
    expect(opened.pageErrors.get(page)).toEqual([]);
    expect(opened.pageErrors.get(other)).toEqual([]);
  });

  it('a guest keeps favourites in the browser, and they move to the account on signing in', async () => {
    const context = await suite.browser.newContext({ viewport: MOBILE });
    opened.contexts.push(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await visit(page, suite.platform.url, '/casino');
    await page
      .locator('main')
      .getByRole('list', { name: 'Featured games' })
      .getByRole('button', { name: 'Add Mines to favourites' })
      .click();
    await poll(() =>
      page.locator('main').getByTestId('favourites-row').getByRole('link', { name: 'Mines', exact: true }).isVisible(),
    ).toBe(true);
    await visit(page, suite.platform.url, '/casino');
    await poll(() =>
      page.locator('main').getByTestId('favourites-row').getByRole('link', { name: 'Mines', exact: true }).isVisible(),
    ).toBe(true);
    expect(await page.locator('main').getByTestId('recent-row').count()).toBe(0);

    // Signing in on this browser moves the guest's star to the account.
    const erin = await player();
    await seedSession(context, erin);
    await visit(page, suite.platform.url, '/casino');
    await poll(async () => ok(await trpc(suite.platform, 'query', 'lobby.favourites', undefined, erin.token))).toEqual([
      'mines',
    ]);
    await poll(() =>
      page.locator('main').getByTestId('favourites-row').getByRole('link', { name: 'Mines', exact: true }).isVisible(),
    ).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('bzu.favourites'))).toBe('[]');
    expect(errors).toEqual([]);
  });

  for (const viewport of [WIDE, MOBILE]) {
    it(`My bets beside the live feed lists this game's bets newest first and opens their details; live stats reset (${viewport.width} px)`, async () => {
      const bob = await player('50');
      const page = await openSignedInPage(suite.browser, bob, viewport, opened);
      const main = page.locator('main');
      await visit(page, suite.platform.url, '/casino/games/limbo');
      await main.getByRole('textbox', { name: /^Bet amount/ }).fill('0.01');
      for (let i = 1; i <= 3; i++) {
        await main.getByTestId('bet-button').click();
        await poll(() => main.locator('[data-testid="recent-results"] button').count()).toBe(i);
      }
      // A bet on another game stays out of this game's tab.
      ok(
        await trpc(
          suite.platform,
          'mutation',
          'games.dice.bet',
          { amount: '0.01', currency: 'USD', target: 50.5, condition: 'over' },
          bob.token,
        ),
      );
      const { bets } = ok(await trpc(suite.platform, 'query', 'bets.mine', { game: 'limbo', limit: 10 }, bob.token));

      await main.getByRole('tab', { name: 'My bets' }).click();
      const rows = main.getByTestId('my-game-bet-row');
      await poll(() => rows.count()).toBe(3);
      const labels = await main
        .getByTestId('my-game-bets')
        .getByRole('button', { name: /bet .* details/ })
        // The name is the visible game name and a visually hidden " bet <id> details" (label in name, WCAG 2.5.3).
        .evaluateAll((buttons) => buttons.map((b) => b.textContent));
      expect(labels).toEqual(bets.map((bet: { id: string }) => `Limbo bet ${bet.id} details`));
      await main.getByTestId('my-game-bets').scrollIntoViewIfNeeded();
      await screenshot(page, `panel-my-bets-tab-${viewport.width}`);
      await rows.nth(1).locator('td').last().click();
      const dialog = page.getByRole('dialog', { name: `Limbo bet #${bets[1].id}` });
      await poll(() => dialog.isVisible()).toBe(true);
      await page.keyboard.press('Escape');

      // Live stats: three bets counted; Reset empties them.
      const stats = main.getByTestId('live-stats');
      expect(
        Number(await stats.getByTestId('live-wins').innerText()) +
          Number(await stats.getByTestId('live-losses').innerText()),
      ).toBe(3);
      expect(await stats.getByTestId('live-wagered').getAttribute('title')).toBe('0.03');
      await stats.scrollIntoViewIfNeeded();
      await screenshot(page, `panel-live-stats-${viewport.width}`);
      await stats.getByTestId('live-stats-reset').click();
      await poll(() => stats.getByTestId('live-wagered').getAttribute('title')).toBe('0');
      expect(await stats.getByTestId('live-chart').getAttribute('data-points')).toBe('0');
      expect(opened.pageErrors.get(page)).toEqual([]);
    });

    it(`the header balance opens the wallet (Deposit, Withdraw, Vault) and Deposit sits in the header (${viewport.width} px)`, async () => {
      // On the phone a seven-figure balance: the widest the bar has to hold.
      const funds = viewport === MOBILE ? '2345678' : '25';
      const carol = await player(funds);
      const page = await openSignedInPage(suite.browser, carol, viewport, opened);
      await visit(page, suite.platform.url, '/casino');
      const header = page.locator('header');
      const deposit = header.getByRole('button', { name: 'Deposit' });
      await poll(() => deposit.isVisible()).toBe(true);
      // One line, everything on screen, the account menu last. Polled: the rank chip and the menu load after the first paint.
      const layout = async () => {
        const [bar, balance, button, menu] = await Promise.all([
          header.boundingBox(),
          header.getByRole('button', { name: 'Cash balance: open wallet' }).boundingBox(),
          deposit.boundingBox(),
          header.getByRole('button', { name: /^Account menu/ }).boundingBox(),
        ]);
        if (!bar || !balance || !button || !menu) return 'not laid out yet';
        return {
          oneLine: bar.height <= 72 && Math.abs(balance.y + balance.height / 2 - (button.y + button.height / 2)) < 4,
          depositBeforeMenu: button.x + button.width < menu.x,
          menuOnScreen: menu.x + menu.width <= viewport.width,
        };
      };
      await poll(layout).toEqual({ oneLine: true, depositBeforeMenu: true, menuOnScreen: true });

      await header.getByRole('button', { name: 'Cash balance: open wallet' }).click();
      const wallet = page.getByRole('dialog', { name: 'Wallet' });
      await poll(() => wallet.getByTestId('wallet-modal-usd').innerText()).toBe(
        viewport === MOBILE ? '2,345,678.00' : '25.00',
      );
      await screenshot(page, `header-wallet-${viewport.width}`);
      await wallet.getByRole('link', { name: 'Withdraw' }).click();
      await poll(() => new URL(page.url()).pathname + new URL(page.url()).hash).toBe('/account/balances#withdraw');
      await poll(() => page.locator('#withdraw').isVisible()).toBe(true);

      await header.getByRole('button', { name: 'Cash balance: open wallet' }).click();
      await page.getByRole('dialog', { name: 'Wallet' }).getByRole('button', { name: 'Vault' }).click();
      await poll(() => page.getByRole('dialog', { name: 'Vault' }).isVisible()).toBe(true);
      await page.keyboard.press('Escape');

      // Deposit opens the deposit form itself, over the page the player is on (issue 45, point 12).
      await visit(page, suite.platform.url, '/casino');
      await deposit.click();
      const form = page.getByRole('dialog', { name: 'Deposit funds' });
      await poll(() => form.getByTestId('deposit-address').innerText()).toMatch(/^\S{20,}$/);
      expect(new URL(page.url()).pathname).toBe('/casino');
      await screenshot(page, `header-deposit-${viewport.width}`);
      await page.keyboard.press('Escape');
      // The wallet's Deposit opens the same form.
      await header.getByRole('button', { name: 'Cash balance: open wallet' }).click();
      await page.getByRole('dialog', { name: 'Wallet' }).getByRole('button', { name: 'Deposit' }).click();
      await poll(() => page.getByRole('dialog', { name: 'Deposit funds' }).isVisible()).toBe(true);
      expect(opened.pageErrors.get(page)).toEqual([]);
    });
  }
});

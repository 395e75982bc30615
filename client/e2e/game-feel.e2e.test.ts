import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FAST_HASHING, RELAXED_LIMITS, http, latestMailToken, newAccount } from '../../tests/support/auth.js';
import { screenshot } from '../../tests/support/browser.js';
import { WALLET_TEST_ENV, trpc } from '../../tests/support/wallet.js';
import { browserSuite } from './support/browser-suite.js';
import { pagesClosedAfterAll, signedInPlayer } from './support/game-player-suite.js';
import { MOBILE, visit } from './support/page-helpers.js';
import { openSignedInPage } from './support/signed-in-page.js';

const WIDE = { width: 1440, height: 900 };
/** Two cores shared with the server and Chromium: give the page time. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

type Player = { token: string; user: { id: number } };

/** The stake field of the tab on screen (the other tab's panel stays mounted, hidden). */
const stakeInput = (scope: Locator) => scope.getByRole('textbox', { name: /^Bet amount/ });

/**
 * Issue #24, defects 1-6: what a daily player notices. An autobet ends with its page; animated results wait
 * for the animation; cash-out and settlement confirm; amounts read in cents; the stake form remembers and
 * explains; 2FA, verification links and referral links say what is true.
 */
describe('game feel in the browser', () => {
  const suite = browserSuite({ ...FAST_HASHING, ...RELAXED_LIMITS, ...WALLET_TEST_ENV, SPORTS_ENABLED: 'true' });
  const opened = pagesClosedAfterAll();

  const ok = (answer: { status: number; body: any }) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result.data;
  };

  const player = (funds?: string, role: 'user' | 'admin' = 'user'): Promise<Player> =>
    signedInPlayer(suite.platform, { funds, role });
  const pageFor = (who: Player, viewport = WIDE) => openSignedInPage(suite.browser, who, viewport, opened);

  /** The player's newest bet id and how many of the newest 100 there are, from the server. */
  async function betsOf(who: Player): Promise<{ newest: string | undefined; count: number }> {
    const { bets } = ok(await trpc(suite.platform, 'query', 'bets.mine', { limit: 100 }, who.token));
    return { newest: bets[0]?.id, count: bets.length };
  }

  it(
    '1: leaving the page stops a running autobet; no bet is placed afterwards and the player is told',
    { timeout: 120_000 },
    async () => {
      const alice = await player('100');
      const page = await pageFor(alice);
      const main = page.locator('main');
      await visit(page, suite.platform.url, '/casino/games/dice');
      await main.getByRole('tab', { name: 'Auto' }).click();
      await main.getByLabel('Number of bets (0 = until stopped)').fill('0');
      await stakeInput(main).fill('0.01');
      await main.getByTestId('autobet-start').click();
      await poll(async () => (await betsOf(alice)).count).toBeGreaterThanOrEqual(3);
      await screenshot(page, 'feel-autobet-running-1440');

      // Leave by a link in the page (client-side navigation: the old page's code keeps running unless it stops).
      await main.getByRole('link', { name: 'Provably fair' }).first().click();
      await poll(() => new URL(page.url()).pathname).toBe('/provably-fair');
      // The notice comes when the loop has ended, after any bet that was on the wire has settled: from then on, nothing.
      await page.getByText(/Autobet stopped when you left the game, after \d+ bets/).waitFor({ timeout: 10_000 });
      const settled = await betsOf(alice);
      await page.waitForTimeout(4_000);
      expect(await betsOf(alice)).toEqual(settled);
      await screenshot(page, 'feel-autobet-left-1440');

      // Back on the game: a fresh panel, nothing running.
      await visit(page, suite.platform.url, '/casino/games/dice');
      await main.getByRole('tab', { name: 'Auto' }).click();
      await poll(() => main.getByTestId('autobet-start').isVisible()).toBe(true);
      expect(await main.getByTestId('autobet-stop').count()).toBe(0);
      expect(opened.pageErrors.get(page)).toEqual([]);
    },
  );

  it(
    '3: plinko and keno show the pill, the result and the balance when the animation ends; instant bets at once',
    { timeout: 120_000 },
    async () => {
      const bob = await player('1000');
      const page = await pageFor(bob);
      const main = page.locator('main');
      await visit(page, suite.platform.url, '/casino/games/plinko');
      await poll(() => page.getByTestId('header-balance').innerText()).toContain('1,000.00');

      // While the ball is on the board: no pill, the header balance as before the bet.
      await main.getByTestId('bet-button').click();
      const inFlight = await page.waitForFunction(
        () => {
          const ball = document.querySelector('[data-testid="plinko-board"] circle[fill*="pink"]');
          if (!ball) return null;
          return {
            pills: document.querySelectorAll('[data-testid="recent-results"] button').length,
            balance: document.querySelector('[data-testid="header-balance"]')?.textContent ?? '',
          };
        },
        null,
        { polling: 'raf', timeout: 15_000 },
      );
      const seen = (await inFlight.jsonValue())!;
      await screenshot(page, 'feel-plinko-in-flight-1440');
      expect(seen.pills).toBe(0);
      expect(seen.balance).toContain('1,000.00');
      // When it lands: the pill, and the balance the server settled.
      await poll(() => main.locator('[data-testid="recent-results"] button').count()).toBe(1);
      const afterOne = ok(await trpc(suite.platform, 'query', 'auth.me', undefined, bob.token)).balance as string;
      await poll(() => page.getByTestId('header-balance').innerText()).toContain(
        Number(afterOne).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
      );

      // Instant bets: no ball at all, the pill at once.
      const instant = main.getByRole('button', { name: 'Instant bets' });
      await instant.click();
      await poll(() => instant.getAttribute('aria-pressed')).toBe('true');
      await page.evaluate(() => {
        const board = document.querySelector('[data-testid="plinko-board"]')!;
        const flags = window as unknown as { ballSeen: boolean };
        flags.ballSeen = false;
        new MutationObserver(() => {
          if (board.querySelector('circle[fill*="pink"]')) flags.ballSeen = true;
        }).observe(board, { childList: true, subtree: true });
      });
      await main.getByTestId('bet-button').click();
      await poll(() => main.locator('[data-testid="recent-results"] button').count()).toBe(2);
      expect(await page.evaluate(() => (window as unknown as { ballSeen: boolean }).ballSeen)).toBe(false);
      await instant.click();
      await poll(() => instant.getAttribute('aria-pressed')).toBe('false');

      // Keno: the result line waits for the last drawn number to pop (9 x 60 + 220 ms after the first). The times
      // are taken by a MutationObserver as the DOM changes, so a slow machine can only widen the gap.
      await visit(page, suite.platform.url, '/casino/games/keno');
      await main.getByRole('button', { name: 'Auto pick' }).click();
      await page.evaluate(() => {
        const times: Record<string, number> = {};
        (window as unknown as { kenoTimes: Record<string, number> }).kenoTimes = times;
        new MutationObserver(() => {
          if (
            !times.drawn &&
            document.querySelector(
              '[data-testid="keno-board"] [data-state="drawn"], [data-testid="keno-board"] [data-state="hit"]',
            )
          )
            times.drawn = performance.now();
          if (!times.result && document.querySelector('[data-testid="keno-result"]')) times.result = performance.now();
          if (!times.pill && document.querySelector('[data-testid="recent-results"] button'))
            times.pill = performance.now();
        }).observe(document.querySelector('main')!, { childList: true, subtree: true, attributes: true });
      });
      await main.getByTestId('bet-button').click();
      await poll(() => main.getByTestId('keno-result').innerText()).toMatch(/hits/);
      expect(await main.locator('[data-testid="recent-results"] button').count()).toBe(1);
      const times = await page.evaluate(() => (window as unknown as { kenoTimes: Record<string, number> }).kenoTimes);
      expect(times.result! - times.drawn!).toBeGreaterThanOrEqual(600);
      expect(times.pill! - times.drawn!).toBeGreaterThanOrEqual(600);
      expect(opened.pageErrors.get(page)).toEqual([]);
    },
  );

  it(
    '4: amounts read in cents: bet details, my bets, balances and history; dice pills keep 2 decimals',
    { timeout: 120_000 },
    async () => {
      const carol = await player('100');
      // Roll over 30: 1.41428571x, so a won 1 USD bet pays 1.41428571.
      let won: { id: string; payout: string } | undefined;
      for (let attempt = 0; attempt < 20 && !won; attempt += 1) {
        const { bet } = ok(
          await trpc(
            suite.platform,
            'mutation',
            'games.dice.bet',
            { amount: '1', currency: 'USD', target: 30, condition: 'over' },
            carol.token,
          ),
        );
        if (bet.state === 'won') won = bet;
      }
      expect(won?.payout).toBe('1.41428571');
      const balance = ok(await trpc(suite.platform, 'query', 'auth.me', undefined, carol.token)).balance as string;
      expect(balance).toMatch(/\.\d{3,}$/);

      const page = await pageFor(carol);
      const main = page.locator('main');
      await visit(page, suite.platform.url, '/casino/my-bets?game=dice');
      await main.getByRole('button', { name: `Dice bet ${won!.id} details` }).click();
      const details = page.getByTestId('bet-details');
      await poll(() => details.innerText()).toContain('1.41 USD');
      expect(await details.innerText()).not.toContain('1.41428571');
      await screenshot(page, 'feel-bet-details-1440');
      await page.keyboard.press('Escape');
      expect(await main.innerText()).not.toMatch(/\d\.\d{3,} USD/);

      await visit(page, suite.platform.url, '/account/balances');
      const shown = Number(balance).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      await poll(() => main.getByTestId('balance-usd').innerText()).toBe(`${shown} USD`);
      await poll(() => main.innerText()).toContain('+1.41');
      expect(await main.innerText()).not.toMatch(/\d\.\d{3,}/);
      await screenshot(page, 'feel-balances-1440');

      // Dice pills: two decimals even for a roll like 23.4.
      await visit(page, suite.platform.url, '/casino/games/dice');
      for (let i = 0; i < 3; i += 1) {
        await main.getByTestId('bet-button').click();
        await poll(() => main.locator('[data-testid="recent-results"] button').count()).toBe(i + 1);
      }
      for (const pill of await main.locator('[data-testid="recent-results"] button').allInnerTexts())
        expect(pill.trim()).toMatch(/^\d+\.\d\d$/);
      expect(opened.pageErrors.get(page)).toEqual([]);
    },
  );

  it(
    '5: the stake form says what is wrong, respects the BZU minimum, remembers per game; self-exclusion disables play',
    { timeout: 120_000 },
    async () => {
      const dave = await player('100');
      const page = await pageFor(dave);
      const main = page.locator('main');
      await visit(page, suite.platform.url, '/casino/games/dice');
      const amount = stakeInput(main);
      await amount.fill('0');
      await poll(() => main.innerText()).toContain('Enter an amount greater than zero');
      expect(await main.innerText()).not.toContain('at most 8 decimals');
      expect(await main.getByTestId('bet-button').isDisabled()).toBe(true);

      // 0.5 USD, then BZU (minimum 1): the amount follows the minimum.
      await amount.fill('0.5');
      await main.locator('label').filter({ hasText: /^BZU$/ }).first().click();
      await poll(() => amount.inputValue()).toBe('1');
      await amount.fill('2.5');

      // Another game keeps its own stake; back on dice, 2.5 BZU again.
      await visit(page, suite.platform.url, '/casino/games/limbo');
      expect(await stakeInput(main).inputValue()).toBe('1');
      await stakeInput(main).fill('3');
      await visit(page, suite.platform.url, '/casino/games/dice');
      await poll(() => stakeInput(main).inputValue()).toBe('2.5');
      expect(await main.getByRole('textbox', { name: 'Bet amount (BZU)' }).isVisible()).toBe(true);
      await screenshot(page, 'feel-stake-remembered-1440');
      const phone = await pageFor(dave, MOBILE);
      await visit(phone, suite.platform.url, '/casino/games/limbo');
      await screenshot(phone, 'feel-stake-390');

      // Self-excluded: the play buttons are off with the reason before any click.
      ok(await trpc(suite.platform, 'mutation', 'account.selfExclude', { period: '24h' }, dave.token));
      const excluded = await pageFor(dave);
      await visit(excluded, suite.platform.url, '/casino/games/dice');
      const excludedMain = excluded.locator('main');
      await poll(() => excludedMain.innerText()).toContain('You are self-excluded from playing until');
      expect(await excludedMain.getByTestId('bet-button').isDisabled()).toBe(true);
      await excludedMain.getByRole('tab', { name: 'Auto' }).click();
      expect(await excludedMain.getByTestId('autobet-start').isDisabled()).toBe(true);
      await screenshot(excluded, 'feel-self-excluded-1440');
      expect(opened.pageErrors.get(page)).toEqual([]);
    },
  );

  it(
    '2: cash-out asks first with the amount; the console confirms a settlement, warning when the event has not started',
    { timeout: 120_000 },
    async () => {
      const erin = await player('100');
      const admin = await player(undefined, 'admin');
      const catalogue = suite.platform.platform.services.sports.catalogue;
      const event = await catalogue.createEvent({
        sport: 'Football',
        competition: 'Feel Cup',
        home: 'Rooks',
        away: 'Pawns',
        startsAt: new Date(Date.now() + 3_600_000),
      });
      await catalogue.addMarket({
        eventId: event.id,
        type: 'moneyline',
        selections: [
          { name: 'Rooks', odds: 2000 },
          { name: 'Pawns', odds: 1800 },
        ],
      });
      const market = (await catalogue.events('all')).find((entry) => entry.id === event.id)!.markets[0]!;
      const rooks = market.selections.find((selection) => selection.name === 'Rooks')!;
      ok(
        await trpc(
          suite.platform,
          'mutation',
          'sports.placeBet',
          { clientId: 'feel-1', currency: 'USD', stake: '10', legs: [{ selectionId: rooks.id, odds: '2.00' }] },
          erin.token,
        ),
      );
      const openBets = async () =>
        ok(await trpc(suite.platform, 'query', 'sports.bets', { status: 'open' }, erin.token)).items as Array<{
          status: string;
        }>;

      const page = await pageFor(erin, MOBILE);
      const main = page.locator('main');
      await visit(page, suite.platform.url, '/sports/bets');
      const cashOut = main.getByRole('button', { name: /^Cash out \d/ });
      await poll(() => cashOut.isEnabled()).toBe(true);
      const label = await cashOut.innerText();
      expect(label).toMatch(/^Cash out \d+\.\d\d USD$/);
      await cashOut.click();
      await poll(() => page.getByTestId('cash-out-summary').innerText()).toContain(
        `You receive ${label.replace('Cash out ', '')} now`,
      );
      await screenshot(page, 'feel-cash-out-confirm-390');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await poll(() => page.getByTestId('cash-out-confirm').count()).toBe(0);
      expect((await openBets()).map((bet) => bet.status)).toEqual(['open']);
      await cashOut.click();
      await page.getByTestId('confirm-action').click();
      await poll(async () => (await openBets()).length).toBe(0);

      // The console: "won" opens a confirmation naming the result and warning that the event has not started.
      const consolePage = await pageFor(admin);
      await visit(consolePage, suite.platform.url, '/admin');
      const card = consolePage.getByTestId('console-event').filter({ hasText: 'Rooks v Pawns' });
      await card.getByRole('button', { name: 'Rooks won' }).click();
      await poll(() => consolePage.getByTestId('settle-summary').innerText()).toContain('Rooks won');
      expect(await consolePage.getByTestId('settle-not-started').innerText()).toContain('has not started');
      await screenshot(consolePage, 'feel-settle-confirm-1440');
      await card.getByRole('button', { name: 'Cancel' }).click();
      await poll(() => card.getByTestId('settle-confirm').count()).toBe(0);
      expect((await catalogue.events('all')).find((entry) => entry.id === event.id)!.markets[0]!.status).not.toBe(
        'settled',
      );
      await card.getByRole('button', { name: 'Rooks won' }).click();
      await card.getByTestId('confirm-action').click();
      await poll(
        async () => (await catalogue.events('all')).find((entry) => entry.id === event.id)!.markets[0]!.status,
      ).toBe('settled');
      expect(opened.pageErrors.get(page)).toEqual([]);
    },
  );

  it(
    '6: a used verification link says the address is verified; /r/CODE opens registration with the code, a bad code says so',
    { timeout: 120_000 },
    async () => {
      // A verification link opened a second time, for an account it already verified.
      const account = newAccount();
      expect((await http(suite.platform.url, 'POST', '/api/auth/register', account)).status).toBe(201);
      const token = await latestMailToken(suite.platform.platform.infra.db, account.email, '/verify-email');
      const context = await suite.browser.newContext({ viewport: MOBILE });
      opened.contexts.push(context);
      const guest: Page = await context.newPage();
      await visit(guest, suite.platform.url, `/verify-email?token=${token}`);
      await poll(() => guest.locator('main').innerText()).toContain('Your e-mail address is verified.');
      await visit(guest, suite.platform.url, `/verify-email?token=${token}`);
      await poll(() => guest.getByTestId('already-verified').isVisible()).toBe(true);
      expect(await guest.locator('main').innerText()).not.toContain('Invalid or expired');
      await screenshot(guest, 'feel-already-verified-390');

      // A referral link: registration opens with the code applied; a malformed code says so.
      await visit(guest, suite.platform.url, '/r/Friend2026');
      await poll(() => new URL(guest.url()).pathname).toBe('/');
      await poll(() => guest.getByTestId('referral-applied').innerText()).toContain('Friend2026');
      expect(await guest.getByRole('dialog').getByRole('form', { name: 'Register' }).isVisible()).toBe(true);
      await screenshot(guest, 'feel-referral-register-390');
      await visit(guest, suite.platform.url, '/r/no');
      await poll(() => new URL(guest.url()).pathname).toBe('/');
      await poll(() => guest.getByTestId('referral-invalid').innerText()).toContain(
        '“no” is not a valid referral code',
      );
      expect(await guest.getByTestId('referral-applied').count()).toBe(0);
      await screenshot(guest, 'feel-referral-invalid-390');
    },
  );
});

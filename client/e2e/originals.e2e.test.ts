import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_HASHING, RELAXED_LIMITS, http, signedInAccount } from '../../tests/support/auth.js';
import { launchBrowser, screenshot } from '../../tests/support/browser.js';
import { startTestPlatform, type TestPlatform } from '../../tests/support/platform.js';
import { WALLET_TEST_ENV, fundPlayer, trpc } from '../../tests/support/wallet.js';
import { MOBILE, expectPath, headingText, visit } from './support/page-helpers.js';

type Player = { token: string; user: { id: number } };
const DESKTOP_WIDE = { width: 1440, height: 900 };
const GAMES = ['dice', 'limbo', 'plinko', 'keno', 'mines'] as const;

/**
 * The originals end to end: a funded player plays each game once in the built client against the real server,
 * opens a bet's details, rotates the seed pair and verifies the bet on /provably-fair, where the browser recomputes
 * the outcome with Web Crypto. Screenshots of every game page on desktop and mobile.
 */
describe('casino originals in the browser', () => {
  let platform: TestPlatform;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  let player: Player;

  async function pageFor(viewport: { width: number; height: number }): Promise<Page> {
    const context = await browser.newContext({ viewport });
    contexts.push(context);
    await context.addInitScript(
      ({ token, user }) => {
        localStorage.setItem('token', token);
        localStorage.setItem('user', JSON.stringify(user));
      },
      { token: player.token, user: player.user },
    );
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    return page;
  }

  /** The player's newest bets straight from the server, for comparing what the page shows. */
  async function myBets(): Promise<
    Array<{
      id: string;
      game: string;
      state: string;
      outcome: Record<string, unknown>;
      fairness: Record<string, unknown>;
    }>
  > {
    const answer = await trpc(platform, 'query', 'bets.mine', { limit: 20 }, player.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result.data.bets;
  }

  async function serverBalance(): Promise<string> {
    const profile = await http(platform.url, 'GET', '/api/auth/profile', undefined, { token: player.token });
    return Number(profile.body.balance).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  }

  beforeAll(async () => {
    platform = await startTestPlatform({ ...FAST_HASHING, ...RELAXED_LIMITS, ...WALLET_TEST_ENV });
    browser = await launchBrowser();
    const signedIn = await signedInAccount(platform, {}, '10.88.0.1');
    await fundPlayer(platform, signedIn.token, '1000');
    const profile = await http(platform.url, 'GET', '/api/auth/profile', undefined, { token: signedIn.token });
    player = { token: signedIn.token, user: profile.body };
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await platform?.stop();
  });

  // Lean (about 60 s on an idle machine); the limit leaves room for a machine shared by several builds.
  it(
    'plays every game, opens the bet details, rotates the seed and verifies the bet in the browser',
    { timeout: 300_000 },
    async () => {
      const page = await pageFor(DESKTOP_WIDE);
      const main = page.locator('main');

      // Catalogue: the Originals category lists the real games, and the top bar search opens one.
      await visit(page, platform.url, '/casino/originals');
      expect(await headingText(page)).toBe('Originals');
      for (const name of ['Dice', 'Limbo', 'Plinko', 'Keno', 'Mines']) {
        await expect.poll(() => main.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
      }
      await page.getByRole('searchbox', { name: 'Search games' }).fill('lim');
      await page.getByRole('option', { name: 'Limbo' }).click();
      await expectPath(page, '/casino/games/limbo');
      // The games' first addresses still lead to them.
      await visit(page, platform.url, '/casino/mines');
      await expectPath(page, '/casino/games/mines');

      // Dice: space bets; the header takes the balance from the answer at once.
      await visit(page, platform.url, '/casino/games/dice');
      await expect.poll(() => page.getByTestId('header-balance').innerText()).toContain('1,000.00');
      expect(await main.getByTestId('dice-multiplier').inputValue()).toBe('2.0000');
      // Hotkeys are off by default (issue #24 point 14): the player turns them on in the panel's hotkeys help.
      await main.getByRole('button', { name: 'Hotkeys' }).click();
      await page.getByRole('dialog', { name: 'Hotkeys' }).getByRole('switch', { name: 'Enable hotkeys' }).click();
      await page.keyboard.press('Escape');
      await main.getByTestId('dice-roll').click();
      await page.keyboard.press('Space');
      await expect.poll(() => main.getByTestId('dice-roll').innerText(), { timeout: 10_000 }).toMatch(/^\d+\.\d\d$/);
      await expect.poll(() => page.getByTestId('header-balance').innerText()).not.toContain('1,000.00');
      await screenshot(page, 'originals-dice-desktop');

      // Limbo at 2x.
      await visit(page, platform.url, '/casino/games/limbo');
      // By role: the hidden Auto tab panel holds a second copy of the target input.
      await main.getByRole('textbox', { name: 'Target multiplier' }).fill('2');
      await main.getByTestId('bet-button').click();
      await expect.poll(() => main.getByTestId('recent-results').count(), { timeout: 10_000 }).toBe(1);
      await screenshot(page, 'originals-limbo-desktop');
      // Autobet: three bets, then it stops by itself.
      await main.getByRole('tab', { name: 'Auto' }).click();
      await main.getByLabel('Number of bets (0 = until stopped)').fill('3');
      await main.getByTestId('autobet-start').click();
      await expect
        .poll(() => main.getByTestId('autobet-progress').innerText(), { timeout: 20_000 })
        .toMatch(/^3 bets.*finished 3 bets/);

      // Plinko: the ball flies; the bet is already settled.
      await visit(page, platform.url, '/casino/games/plinko');
      await main.getByTestId('bet-button').click();
      await expect.poll(() => main.getByTestId('recent-results').count(), { timeout: 10_000 }).toBe(1);
      await page.waitForTimeout(600);
      await screenshot(page, 'originals-plinko-desktop');

      // Keno: auto pick, bet, the payout table for the picks.
      await visit(page, platform.url, '/casino/games/keno');
      await main.getByRole('button', { name: 'Auto pick' }).click();
      await expect.poll(() => main.getByTestId('keno-payouts').isVisible()).toBe(true);
      await main.getByTestId('bet-button').click();
      await expect.poll(() => main.getByTestId('keno-result').innerText(), { timeout: 10_000 }).toMatch(/hits/);
      await screenshot(page, 'originals-keno-desktop');

      // Mines: one mine; reveal until a safe tile (24 of 25), then cash out.
      await visit(page, platform.url, '/casino/games/mines');
      // The Manual tab's field: the Auto tab's copy is there too once React has pre-rendered the hidden tab.
      await main.getByTestId('mines-count').first().click();
      await page.getByRole('option', { name: '1', exact: true }).click();
      let cashedOut = false;
      for (let attempt = 0; attempt < 4 && !cashedOut; attempt += 1) {
        await main.getByTestId('bet-button').click();
        await expect.poll(() => main.getByTestId('mines-cashout').isVisible(), { timeout: 10_000 }).toBe(true);
        await expect.poll(() => main.getByTestId('mines-next').innerText()).toContain('1.03x');
        if (attempt === 0) {
          // A reload resumes the open round (games.mines.active).
          await page.reload();
          await expect.poll(() => main.getByTestId('mines-cashout').isVisible(), { timeout: 20_000 }).toBe(true);
          expect(await main.getByTestId('mines-count').first().inputValue()).toBe('1');
        }
        await main.locator('[data-tile="12"]').click();
        await expect
          .poll(() => main.locator('[data-tile="12"]').getAttribute('data-state'), { timeout: 10_000 })
          .not.toBe('hidden');
        if ((await main.locator('[data-tile="12"]').getAttribute('data-state')) === 'gem') {
          await main.getByTestId('mines-cashout').click();
          await expect.poll(() => main.getByTestId('mines-result').innerText(), { timeout: 10_000 }).toContain('Won');
          cashedOut = true;
        }
      }
      expect(cashedOut).toBe(true);
      await screenshot(page, 'originals-mines-desktop');

      const bets = await myBets();
      expect(new Set(bets.map((bet) => bet.game))).toEqual(new Set(GAMES));
      expect(bets.filter((bet) => bet.game === 'limbo')).toHaveLength(4);
      expect(bets.every((bet) => bet.state !== 'open')).toBe(true);
      // The header shows the server's balance after all of it.
      await expect.poll(() => page.getByTestId('header-balance').innerText()).toContain(await serverBalance());

      // Bet details from My bets: the dice bet, before rotation (no server seed yet).
      const dice = bets.find((bet) => bet.game === 'dice')!;
      await visit(page, platform.url, '/casino/my-bets?game=dice');
      await main.getByRole('button', { name: `Dice bet ${dice.id} details` }).click();
      const details = page.getByTestId('bet-details');
      await expect
        .poll(() => details.getByTestId('details-outcome').innerText())
        .toContain(`Roll ${String(dice.outcome.roll)}`);
      expect(await details.innerText()).toContain(String(dice.fairness.serverSeedHash));
      expect(await details.innerText()).toContain('revealed when you rotate');
      await screenshot(page, 'originals-bet-details');
      await page.keyboard.press('Escape');

      // Rotate the seed pair from the seeds panel: the old server seed is revealed.
      await visit(page, platform.url, '/provably-fair');
      await page.getByTestId('open-seeds').click();
      const seeds = page.getByTestId('seeds-panel');
      await expect.poll(() => seeds.getByTestId('seed-hash').innerText()).toBe(dice.fairness.serverSeedHash);
      await seeds.getByTestId('rotate-seed').click();
      await expect
        .poll(() => seeds.getByTestId('revealed-server-seed').innerText(), { timeout: 10_000 })
        .toMatch(/^[0-9a-f]{64}$/);
      const revealed = await seeds.getByTestId('revealed-server-seed').innerText();
      await screenshot(page, 'originals-seeds-rotated');
      await page.keyboard.press('Escape');

      // The details now carry the revealed seed; Verify opens the verifier prefilled and it agrees with the bet.
      await visit(page, platform.url, '/casino/my-bets?game=dice');
      await main.getByRole('button', { name: `Dice bet ${dice.id} details` }).click();
      await expect.poll(() => page.getByTestId('bet-details').innerText(), { timeout: 10_000 }).toContain(revealed);
      await page.getByTestId('verify-link').click();
      await expectPath(page, '/provably-fair');
      await expect
        .poll(() => main.getByTestId('verify-outcome').innerText(), { timeout: 10_000 })
        .toContain(`Roll ${Number(dice.outcome.roll).toFixed(2)}`);
      expect(await main.getByTestId('verify-outcome').innerText()).toContain(dice.state === 'won' ? 'win' : 'loss');
      expect((await main.getByTestId('hash-match').innerText()).toLowerCase()).toBe('matches');
      await screenshot(page, 'originals-verified');

      // Mobile: every game page at 390 px.
      const phone = await pageFor(MOBILE);
      for (const game of GAMES) {
        await visit(phone, platform.url, `/casino/${game}`);
        await expect
          .poll(() =>
            phone
              .locator('main')
              .getByRole('button', { name: /Bet|Roll|Drop ball/ })
              .first()
              .isVisible(),
          )
          .toBe(true);
        await screenshot(phone, `originals-${game}-mobile`);
      }
      expect(pageErrors).toEqual([]);
    },
  );
});

import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { FAST_HASHING, RELAXED_LIMITS, signedInAccount } from '../../tests/support/auth.js';
import { screenshot } from '../../tests/support/browser.js';
import { WALLET_TEST_ENV, fundPlayer, trpc } from '../../tests/support/wallet.js';
import { browserSuite } from './support/browser-suite.js';
import { MOBILE, visit } from './support/page-helpers.js';
import { openSignedInPage, type OpenedPages } from './support/signed-in-page.js';

const WIDE = { width: 1440, height: 900 };
/** Two cores shared with the server and Chromium: give the page time. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

/** The stake field of the tab on screen (the other tab's panel stays mounted, hidden). */
const stakeInput = (scope: Locator) => scope.getByRole('textbox', { name: /^Bet amount/ });
/** A "Profit on win" style field, by its label (the first is the Manual tab's: the Auto tab's copy follows it). */
const profitField = (scope: Locator, label: string) => scope.getByRole('textbox', { name: label, exact: true }).first();

/**
 * Records, as the DOM changes, every text a result element shows and when the first result pill appears: an
 * animation shows several values before its pill, an instant bet shows the pill with the final value at once.
 */
async function watchResult(page: Page, testId: string): Promise<void> {
  await page.evaluate((id) => {
    const watch = { texts: [] as string[], animated: false, pillAt: 0, startedAt: 0 };
    (window as unknown as { watch: typeof watch }).watch = watch;
    new MutationObserver(() => {
      const element = document.querySelector(`[data-testid="${id}"]`);
      const text = element?.textContent ?? '';
      if (text !== watch.texts.at(-1)) watch.texts.push(text);
      if (element?.hasAttribute('data-rolling') || element?.hasAttribute('data-counting')) {
        watch.animated = true;
        watch.startedAt ||= performance.now();
      }
      if (!watch.pillAt && document.querySelector('[data-testid="recent-results"] button'))
        watch.pillAt = performance.now();
    }).observe(document.querySelector('main')!, {
      childList: true,
      subtree: true,
      attributes: true,
      characterData: true,
    });
  }, testId);
}

/** A result as a number: limbo's "x" dropped (the pill prints it upper case, and 1.00 as "1"). */
const plain = (text: string) => Number(text.trim().replace(/x$/i, ''));

type Watch = { texts: string[]; animated: boolean; pillAt: number; startedAt: number };
const readWatch = (page: Page) => page.evaluate(() => (window as unknown as { watch: Watch }).watch);

/** Issue #24 point 13: what regulars expect of a game panel. */
describe('game panel in the browser', () => {
  const suite = browserSuite({ ...FAST_HASHING, ...RELAXED_LIMITS, ...WALLET_TEST_ENV });
  const opened: OpenedPages = { contexts: [], pageErrors: new Map() };
  afterAll(async () => {
    for (const context of opened.contexts) await context.close().catch(() => undefined);
  });

  async function player(funds: string) {
    const signedIn = await signedInAccount(suite.platform);
    await fundPlayer(suite.platform, signedIn.token, funds);
    return signedIn;
  }
  const pageFor = async (viewport: { width: number; height: number }) =>
    openSignedInPage(suite.browser, await player('1000'), viewport, opened);

  type MinesBet = { state: string; outcome: { revealed: number[]; minePositions?: number[]; mineHit?: number } };
  async function minesBets(token: string): Promise<MinesBet[]> {
    const answer = await trpc(suite.platform, 'query', 'bets.mine', { limit: 100 }, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body.result.data.bets as (MinesBet & { game: string })[]).filter((bet) => bet.game === 'mines');
  }

  it(
    'dice: multiplier, win chance and target are all editable and follow each other, rounded as the server pays',
    { timeout: 120_000 },
    async () => {
      for (const [viewport, width] of [
        [WIDE, 1440],
        [MOBILE, 390],
      ] as const) {
        const page = await pageFor(viewport);
        const main = page.locator('main');
        await visit(page, suite.platform.url, '/casino/games/dice');
        const multiplier = main.getByTestId('dice-multiplier');
        const chance = main.getByTestId('dice-chance');
        const target = main.getByTestId('dice-target');
        await poll(() => multiplier.inputValue()).toBe('2.0000');

        // 7x is 14.142...%: the chance rounds to 14.14, so the server pays 99 / 14.14 = 7.0014x.
        await multiplier.fill('7');
        await poll(() => chance.inputValue()).toBe('14.14');
        expect(await target.inputValue()).toBe('85.86');
        await multiplier.blur();
        await poll(() => multiplier.inputValue()).toBe('7.0014');

        await chance.fill('25');
        await poll(() => target.inputValue()).toBe('75.00');
        expect(await multiplier.inputValue()).toBe('3.9600');
        // Beyond the 98% limit the chance is held at it.
        await chance.fill('99.5');
        await poll(() => multiplier.inputValue()).toBe('1.0102');
        await chance.blur();
        await poll(() => chance.inputValue()).toBe('98.00');

        await target.fill('90');
        await poll(() => chance.inputValue()).toBe('10.00');
        expect(await multiplier.inputValue()).toBe('9.9000');
        await target.blur();

        // Profit on win: floor(1 x 9.9) - 1 = 8.90; for 0.3 at 99 / 10 it is floor(2.97) - 0.3 = 2.67.
        await stakeInput(main).first().fill('1');
        await poll(() => profitField(main, 'Profit on win').inputValue()).toBe('8.90 USD');
        await stakeInput(main).first().fill('0.3');
        await poll(() => profitField(main, 'Profit on win').inputValue()).toBe('2.67 USD');
        await profitField(main, 'Profit on win').scrollIntoViewIfNeeded();
        await screenshot(page, `panel-dice-fields-${width}`);
        expect(opened.pageErrors.get(page)).toEqual([]);
      }
    },
  );

  it(
    'dice rolls and limbo counts up to the result; the pill waits for the end; instant bets skip it',
    { timeout: 150_000 },
    async () => {
      const page = await pageFor(WIDE);
      const main = page.locator('main');
      for (const game of [
        { slug: 'dice', testId: 'dice-roll', startsAt: 50 },
        { slug: 'limbo', testId: 'limbo-result', startsAt: 1 },
      ]) {
        await visit(page, suite.platform.url, `/casino/${game.slug}`);
        await stakeInput(main).first().fill('0.01');
        if (game.slug === 'limbo') {
          await main.getByTestId('limbo-target').first().fill('2');
          await poll(() => profitField(main, 'Profit on win').inputValue()).toBe('0.01 USD');
        }
        await watchResult(page, game.testId);
        await main.getByTestId('bet-button').first().click();
        await poll(() => main.locator('[data-testid="recent-results"] button').count()).toBe(1);
        const animated = await readWatch(page);
        await screenshot(page, `panel-${game.slug}-animated-1440`);
        expect(animated.animated).toBe(true);
        const final = await main.getByTestId(game.testId).innerText();
        const pill = await main.locator('[data-testid="recent-results"] button').first().innerText();
        expect(plain(final)).toBe(plain(pill));
        // The pill at the end: the shortest animation runs 350 ms. On the way, several values, unless the result
        // is next to where it starts (limbo at 1.00x, dice near 50): then there is nothing to travel.
        expect(animated.pillAt - animated.startedAt).toBeGreaterThanOrEqual(250);
        if (Math.abs(plain(final) - game.startsAt) >= 0.1) expect(animated.texts.length).toBeGreaterThanOrEqual(3);

        const instant = main.getByRole('button', { name: 'Instant bets' }).first();
        await instant.click();
        await poll(() => instant.getAttribute('aria-pressed')).toBe('true');
        await visit(page, suite.platform.url, `/casino/${game.slug}`);
        await watchResult(page, game.testId);
        await main.getByTestId('bet-button').first().click();
        await poll(() => main.locator('[data-testid="recent-results"] button').count()).toBe(1);
        const skipped = await readWatch(page);
        expect(skipped.animated).toBe(false);
        expect(plain(skipped.texts.at(-1) ?? '')).toBe(
          plain(await main.locator('[data-testid="recent-results"] button').first().innerText()),
        );
        await instant.click();
        await poll(() => instant.getAttribute('aria-pressed')).toBe('false');
      }
      expect(opened.pageErrors.get(page)).toEqual([]);
    },
  );

  it('"Profit on win" on plinko and keno (max) and mines (next tile and cash-out)', { timeout: 150_000 }, async () => {
    for (const [viewport, width] of [
      [WIDE, 1440],
      [MOBILE, 390],
    ] as const) {
      const page = await pageFor(viewport);
      const main = page.locator('main');

      // Plinko 16 rows, medium: the best bucket pays 110x, so 1 USD can win 109.
      await visit(page, suite.platform.url, '/casino/games/plinko');
      await stakeInput(main).first().fill('1');
      await poll(() => profitField(main, 'Max profit on win').inputValue()).toBe('109.00 USD');
      await profitField(main, 'Max profit on win').scrollIntoViewIfNeeded();
      await screenshot(page, `panel-plinko-profit-${width}`);

      // Keno, classic, one pick: 3.96x at best.
      await visit(page, suite.platform.url, '/casino/games/keno');
      await stakeInput(main).first().fill('1');
      await poll(() => profitField(main, 'Max profit on win').inputValue()).toBe('-');
      await main.locator('[data-testid="keno-board"] button').first().click();
      await poll(() => profitField(main, 'Max profit on win').inputValue()).toBe('2.96 USD');

      // Mines, 1 mine: the first tile pays 0.99 x 25/24 = 1.03125x, the second 0.99 x 300/276.
      await visit(page, suite.platform.url, '/casino/games/mines');
      await main.getByTestId('mines-count').first().click();
      await page.getByRole('option', { name: '1', exact: true }).click();
      await stakeInput(main).first().fill('1');
      await poll(() => profitField(main, 'Next tile profit').inputValue()).toBe('0.03 USD');
      expect(await profitField(main, 'Cash-out profit').inputValue()).toBe('-');
      // A round whose first reveal is safe (1 mine in 25: the loop ends fast).
      for (let attempt = 0; attempt < 20; attempt += 1) {
        await main.getByTestId('bet-button').first().click();
        await poll(() => main.getByTestId('mines-cashout').first().isVisible()).toBe(true);
        await main.locator('[data-testid="mines-board"] [data-tile="12"]').click();
        await poll(() =>
          main.locator('[data-testid="mines-board"] [data-tile="12"]').getAttribute('data-state'),
        ).not.toBe('hidden');
        if ((await main.locator('[data-testid="mines-board"] [data-tile="12"]').getAttribute('data-state')) === 'gem')
          break;
      }
      await poll(() => profitField(main, 'Cash-out profit').inputValue()).toBe('0.03 USD');
      expect(await profitField(main, 'Next tile profit').inputValue()).toBe('0.08 USD');
      await profitField(main, 'Cash-out profit').scrollIntoViewIfNeeded();
      await screenshot(page, `panel-mines-profit-${width}`);
      await main.getByTestId('mines-cashout').first().click();
      expect(opened.pageErrors.get(page)).toEqual([]);
    }
  });

  it(
    'mines autobet: the chosen tiles are revealed in every round, then cashed out; leaving the page stops it',
    { timeout: 180_000 },
    async () => {
      for (const [viewport, width] of [
        [WIDE, 1440],
        [MOBILE, 390],
      ] as const) {
        const who = await player('1000');
        const page = await openSignedInPage(suite.browser, who, viewport, opened);
        const main = page.locator('main');
        await visit(page, suite.platform.url, '/casino/games/mines');
        await main.getByTestId('mines-count').first().click();
        await page.getByRole('option', { name: '2', exact: true }).click();
        await main.getByRole('tab', { name: 'Auto' }).click();
        const auto = main.getByRole('tabpanel', { name: 'Auto' });
        await poll(() => auto.getByText('Choose the tiles to reveal on the board').isVisible()).toBe(true);
        expect(await auto.getByTestId('autobet-start').isDisabled()).toBe(true);
        // Tiles 5 and 1, in that order.
        await main.locator('[data-testid="mines-board"] [data-tile="5"]').click();
        await main.locator('[data-testid="mines-board"] [data-tile="1"]').click();
        await poll(() => main.locator('[data-testid="mines-board"] [data-chosen]').count()).toBe(2);
        await poll(() => auto.getByTestId('mines-chosen').innerText()).toBe('2 tiles chosen');
        await stakeInput(auto).fill('0.01');
        await auto.getByLabel('Number of bets (0 = until stopped)').fill('4');
        await auto.getByTestId('autobet-start').click();
        await poll(() => auto.getByTestId('autobet-progress').innerText()).toMatch(/^4 bets.*Autobet finished 4 bets/);
        await screenshot(page, `panel-mines-autobet-${width}`);

        // Four settled rounds, each revealing tiles 5 then 1 and stopping at the first mine; won ones cashed out.
        const rounds = await minesBets(who.token);
        expect(rounds).toHaveLength(4);
        for (const round of rounds) {
          const mines = round.outcome.minePositions ?? [];
          expect(mines).toHaveLength(2);
          const hit = [5, 1].find((tile) => mines.includes(tile));
          // A mine is not listed as revealed: the round records it as mineHit.
          expect(round.outcome.revealed).toEqual(hit === undefined ? [5, 1] : [5, 1].slice(0, [5, 1].indexOf(hit)));
          expect(round.outcome.mineHit).toBe(hit);
          expect(round.state).toBe(hit === undefined ? 'won' : 'lost');
        }

        // Until stopped, then leave: the last round is played to its end and nothing starts afterwards.
        await auto.getByLabel('Number of bets (0 = until stopped)').fill('0');
        await auto.getByTestId('autobet-start').click();
        await poll(async () => (await minesBets(who.token)).length).toBeGreaterThanOrEqual(6);
        await main.getByRole('link', { name: 'Provably fair' }).first().click();
        await page.getByText(/Autobet stopped when you left the game, after \d+ bets/).waitFor({ timeout: 15_000 });
        const settled = await minesBets(who.token);
        await page.waitForTimeout(3_000);
        const later = await minesBets(who.token);
        expect(later).toHaveLength(settled.length);
        expect(later.filter((bet) => bet.state === 'open')).toEqual([]);
        expect(opened.pageErrors.get(page)).toEqual([]);
      }
    },
  );
});

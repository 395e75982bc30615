import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  TOWER_LAYOUT,
  towerFloatCount,
  towerTraps,
  type TowerDifficulty,
} from '../../server/src/domain/games/tower/rules.js';
import { FAST_HASHING, RELAXED_LIMITS } from '../../tests/support/auth.js';
import { screenshot } from '../../tests/support/browser.js';
import { activeFloats } from '../../tests/support/round-floats.js';
import { trpc, WALLET_TEST_ENV } from '../../tests/support/wallet.js';
import { browserSuite } from './support/browser-suite.js';
import { pagesClosedAfterAll, signedInPlayer, type GamePlayer } from './support/game-player-suite.js';
import { expectPath, MOBILE, rotateSeedPair, visit, WIDE } from './support/page-helpers.js';
import { openSignedInPage } from './support/signed-in-page.js';

/** Two cores shared with the server and Chromium: give the page time. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

/**
 * Tower in the built client, with the profit limit lowered to 5 USD: a funded player climbs on safe tiles (chosen from
 * the round's floats, so the test never depends on luck), resumes the round after a reload, picks with a hotkey, cashes
 * out, reaches the profit limit, runs an autobet with preset picks, and verifies a round on /provably-fair after
 * rotating the seed. Screenshots at 1440 and 390 px.
 */
describe('tower in the browser', () => {
  const suite = browserSuite({
    ...FAST_HASHING,
    ...RELAXED_LIMITS,
    ...WALLET_TEST_ENV,
    GAME_MIN_BET_USD: '0.01',
    GAME_MAX_PROFIT_USD: '5',
  });
  const opened = pagesClosedAfterAll();

  const activeRound = async (player: GamePlayer) =>
    (await trpc(suite.platform, 'query', 'games.tower.active', undefined, player.token)).body.result.data;
  const towerBets = async (player: GamePlayer) =>
    (
      (await trpc(suite.platform, 'query', 'bets.mine', { limit: 100 }, player.token)).body.result.data.bets as {
        id: string;
        game: string;
        state: string;
        multiplier: string;
        outcome: { picks: number[]; trapHit?: number; traps?: number[][] };
      }[]
    ).filter((bet) => bet.game === 'tower');
  /** The open round's traps, from the seed pair the server holds (the player cannot see them, the test can). */
  async function openTraps(player: GamePlayer, difficulty: TowerDifficulty) {
    await poll(async () => (await activeRound(player)) !== null).toBe(true);
    const round = await activeRound(player);
    const floats = await activeFloats(
      suite.platform.platform.infra.db,
      player.user.id,
      round.fairness.nonce,
      towerFloatCount(difficulty),
    );
    return { id: round.id as string, traps: towerTraps(floats, difficulty) };
  }
  const safeOf = (traps: number[][], level: number, difficulty: TowerDifficulty) =>
    Array.from({ length: TOWER_LAYOUT[difficulty].tiles }, (_, t) => t).find((t) => !traps[level]!.includes(t))!;
  const tile = (main: Locator, level: number, index: number) =>
    main.getByTestId(`tower-level-${level}`).locator(`[data-tile="${index}"]`);
  async function chooseDifficulty(page: Page, main: Locator, label: RegExp) {
    // The Manual tab's field: the Auto tab's copy is there too once React has pre-rendered the hidden tab.
    await main.getByTestId('tower-difficulty').first().click();
    await page.getByRole('option', { name: label }).click();
  }

  it(
    'climbs, resumes after a reload, picks with a hotkey, cashes out, is capped at the limit and verifies a round',
    { timeout: 300_000 },
    async () => {
      const player = await signedInPlayer(suite.platform, { funds: '100', ip: '10.88.0.41' });
      const page = await openSignedInPage(suite.browser, player, WIDE, opened);
      const main = page.locator('main');
      await visit(page, suite.platform.url, '/casino/originals');
      await poll(() => main.getByRole('link', { name: 'Tower', exact: true }).isVisible()).toBe(true);

      await visit(page, suite.platform.url, '/casino/games/tower');
      await chooseDifficulty(page, main, /^Medium/);
      await poll(() => main.getByTestId('tower-board').getAttribute('data-difficulty')).toBe('medium');
      expect(await main.getByTestId('tower-multiplier-0').innerText()).toBe('1.49x');
      expect(await main.getByTestId('tower-multiplier-8').innerText()).toBe('38.06x');
      await main.getByTestId('bet-amount').first().fill('1');
      await main.getByTestId('bet-button').click();
      const first = await openTraps(player, 'medium');
      await poll(() => main.getByTestId('tower-cashout').isVisible()).toBe(true);
      expect(await main.getByTestId('tower-cashout').isDisabled()).toBe(true);
      await poll(() => main.getByTestId('tower-level-0').getAttribute('data-current')).toBe('true');

      const safe0 = safeOf(first.traps, 0, 'medium');
      await tile(main, 0, safe0).click();
      await poll(() => tile(main, 0, safe0).getAttribute('data-state')).toBe('picked');
      await poll(() => main.getByTestId('tower-cashout').innerText()).toBe('Cash out 1.49 USD');
      expect(await main.getByTestId('tower-next').innerText()).toBe('Next level: 2.23x');

      // A reload resumes the open round (games.tower.active) on level 2.
      await page.reload();
      await poll(() => tile(main, 0, safe0).getAttribute('data-state')).toBe('picked');
      await poll(() => main.getByTestId('tower-level-1').getAttribute('data-current')).toBe('true');

      // Hotkeys on: the number keys pick on the next level, C cashes out.
      await main.getByRole('button', { name: 'Hotkeys' }).click();
      await page.getByRole('dialog', { name: 'Hotkeys' }).getByRole('switch', { name: 'Enable hotkeys' }).click();
      await page.keyboard.press('Escape');
      await main.getByTestId('tower-current').click();
      const safe1 = safeOf(first.traps, 1, 'medium');
      await page.keyboard.press(String(safe1 + 1));
      await poll(() => tile(main, 1, safe1).getAttribute('data-state')).toBe('picked');
      await poll(() => main.getByTestId('tower-current').innerText()).toBe('Current: 2.23x');
      await screenshot(page, 'tower-open-1440');
      await main.getByTestId('tower-current').click();
      await page.keyboard.press('c');
      await poll(() => main.getByTestId('tower-result').innerText()).toBe('Won 2.23 USD');
      // The ended round shows every level's traps.
      for (const [level, traps] of first.traps.entries())
        for (const trap of traps) expect(await tile(main, level, trap).getAttribute('data-state')).toBe('trap');
      await screenshot(page, 'tower-cashed-1440');

      // Medium at 1 USD: level 5 (7.52x) passes the 5 USD profit limit and ends the round at once, capped.
      await main.getByTestId('bet-button').click();
      const capped = await openTraps(player, 'medium');
      for (let level = 0; level < 5; level += 1) {
        const safe = safeOf(capped.traps, level, 'medium');
        await tile(main, level, safe).click();
        await poll(() => tile(main, level, safe).getAttribute('data-state')).toBe('picked');
      }
      await poll(() => main.getByTestId('tower-result').innerText()).toBe('Won 6.00 USD (max profit reached)');
      expect(await main.getByTestId('tower-current').innerText()).toBe('Current: 6.00x');
      await screenshot(page, 'tower-capped-1440');

      // The first round's details, then rotate and verify it in the browser.
      await visit(page, suite.platform.url, '/casino/my-bets?game=tower');
      await main.getByRole('button', { name: `Tower bet ${first.id} details` }).click();
      await poll(() => page.getByTestId('bet-details').innerText()).toContain('medium, 2 of 9 levels climbed');
      await page.keyboard.press('Escape');
      await rotateSeedPair(page, suite.platform.url);
      await visit(page, suite.platform.url, '/casino/my-bets?game=tower');
      await main.getByRole('button', { name: `Tower bet ${first.id} details` }).click();
      await page.getByTestId('verify-link').click();
      await expectPath(page, '/provably-fair');
      const traps = first.traps.map((l, i) => `L${i + 1}: ${l.map((t) => t + 1).join('+')}`).join(', ');
      await expect
        .poll(() => main.getByTestId('verify-outcome').innerText(), { timeout: 15_000 })
        .toBe(`Traps ${traps} - 2 levels climbed, cashed out`);
      expect(await main.getByTestId('verify-multiplier').innerText()).toBe('2.2275x');
      expect((await main.getByTestId('hash-match').innerText()).toLowerCase()).toBe('matches');
      await screenshot(page, 'tower-verified-1440');
      expect(opened.pageErrors.get(page)).toEqual([]);
    },
  );

  it(
    'autobet at 390 px: the preset pick on level 1 and a random one on level 2 in every round, then the cash-out',
    { timeout: 240_000 },
    async () => {
      const player = await signedInPlayer(suite.platform, { funds: '20', ip: '10.88.0.42' });
      const page = await openSignedInPage(suite.browser, player, MOBILE, opened);
      const main = page.locator('main');
      await visit(page, suite.platform.url, '/casino/games/tower');
      await chooseDifficulty(page, main, /^Hard/);
      await poll(() => main.getByTestId('tower-board').getAttribute('data-difficulty')).toBe('hard');
      await main.getByRole('tab', { name: 'Auto' }).click();
      const auto = main.getByRole('tabpanel', { name: 'Auto' });
      await auto.getByTestId('tower-climb').fill('2');
      await tile(main, 0, 1).click();
      await poll(() => tile(main, 0, 1).getAttribute('data-state')).toBe('chosen');
      await poll(() => auto.getByTestId('tower-presets').innerText()).toBe(
        '1 of 2 levels preset on the tower; the others pick at random',
      );
      await auto.getByRole('textbox', { name: /^Bet amount/ }).fill('0.01');
      await auto.getByLabel('Number of bets (0 = until stopped)').fill('4');
      await auto.getByTestId('autobet-start').click();
      await poll(() => auto.getByTestId('autobet-progress').innerText()).toMatch(/^4 bets.*Autobet finished 4 bets/);
      await main.getByRole('region', { name: 'Tower board' }).evaluate((board) => {
        // Under the sticky header, not behind it.
        board.scrollIntoView();
        window.scrollBy(0, -72);
      });
      await screenshot(page, 'tower-autobet-390');

      // Four settled rounds, each picking tile 2 on level 1 first; won ones climbed both levels and cashed out.
      const rounds = await towerBets(player);
      expect(rounds).toHaveLength(4);
      for (const round of rounds) {
        expect(round.outcome.picks[0]).toBe(1);
        expect(round.outcome.traps).toHaveLength(9);
        const lost = round.outcome.picks.some((t, level) => round.outcome.traps![level]!.includes(t));
        expect(round.state).toBe(lost ? 'lost' : 'won');
        if (!lost) expect(round).toMatchObject({ multiplier: '3.9600', outcome: { picks: [1, expect.any(Number)] } });
      }
      expect(await activeRound(player)).toBeNull();

      // A manual round on the phone: the tower fits the width, the current level marked.
      await main.getByRole('tab', { name: 'Manual' }).click();
      await main.getByTestId('bet-button').click();
      const open = await openTraps(player, 'hard');
      const safe = safeOf(open.traps, 0, 'hard');
      await tile(main, 0, safe).click();
      await poll(() => tile(main, 0, safe).getAttribute('data-state')).toBe('picked');
      const box = await main.getByTestId('tower-board').boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      await main.getByRole('region', { name: 'Tower board' }).evaluate((board) => {
        board.scrollIntoView();
        window.scrollBy(0, -72);
      });
      await screenshot(page, 'tower-open-390');
      await main.getByTestId('tower-cashout').click();
      await poll(() => main.getByTestId('tower-result').innerText()).toMatch(/^Won /);
      expect(opened.pageErrors.get(page)).toEqual([]);
    },
  );
});

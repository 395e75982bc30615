import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cardLabel } from '../../server/src/domain/games/shared/cards.js';
import {
  handCategory,
  optimalHold,
  VIDEO_POKER_FLOATS,
  VP_HAND_NAMES,
  vpDeal,
  vpDraw,
} from '../../server/src/domain/games/video-poker/rules.js';
import { screenshot } from '../../tests/support/browser.js';
import { activeFloats } from '../../tests/support/round-floats.js';
import { trpc } from '../../tests/support/wallet.js';
import { MOBILE, WIDE, expectPath, rotateSeedPair, visit } from './support/page-helpers.js';
import { gamePlayerSuite } from './support/game-player-suite.js';
import { openSignedInPage } from './support/signed-in-page.js';

interface Bet {
  id: string;
  state: string;
  multiplier: string;
  outcome: { dealt: number[]; held?: number[]; final?: number[]; hand?: string };
}

/**
 * Video poker in the built client: deal, a reload resumes the hand, the suggested hold (the exact optimal one, checked
 * against the server's rules here), a card released with hotkey 2, the draw replacing left to right, the bet's details
 * and its verification after a seed rotation, an autobet of three hands played with the optimal holds, and the table at
 * 390 px. Screenshots at 1440 and 390 px.
 */
describe('video poker in the browser', () => {
  const suite = gamePlayerSuite({ ip: '10.88.0.46', funds: '100' });
  const deckOf = async (nonce: number) =>
    vpDeal(await activeFloats(suite.platform.platform.infra.db, suite.player.user.id, nonce, VIDEO_POKER_FLOATS));
  const call = async (name: string, input?: unknown) =>
    (await trpc(suite.platform, 'query', name, input, suite.player.token)).body.result.data;
  const myBets = async (): Promise<Bet[]> => (await call('bets.mine', { limit: 20, game: 'video-poker' })).bets;
  const shownCards = (page: Page) =>
    Promise.all(
      [0, 1, 2, 3, 4].map((i) =>
        page.locator('main').getByTestId(`vp-card-${i}`).getByRole('img').getAttribute('aria-label'),
      ),
    );
  const heldShown = async (page: Page) => {
    const pressed = await Promise.all(
      [0, 1, 2, 3, 4].map((i) => page.locator('main').getByTestId(`vp-card-${i}`).getAttribute('aria-pressed')),
    );
    return pressed.flatMap((value, i) => (value === 'true' ? [i] : []));
  };

  /** The five cards lie inside the board (none cut off or over the panel). */
  const expectHandInBoard = async (page: Page) => {
    const board = (await page.getByRole('region', { name: 'Video Poker board' }).boundingBox())!;
    const first = (await page.locator('main').getByTestId('vp-card-0').boundingBox())!;
    const last = (await page.locator('main').getByTestId('vp-card-4').boundingBox())!;
    expect(first.x).toBeGreaterThanOrEqual(board.x);
    expect(last.x + last.width).toBeLessThanOrEqual(board.x + board.width);
  };

  it(
    'deals, resumes, suggests the optimal hold, draws, verifies, autobets; the table fits 390 px',
    { timeout: 400_000 },
    async () => {
      const page: Page = await openSignedInPage(suite.browser, suite.player, WIDE, suite.opened);
      const main = page.locator('main');
      await visit(page, suite.platform.url, '/casino/originals');
      await expect.poll(() => main.getByRole('link', { name: 'Video Poker', exact: true }).isVisible()).toBe(true);

      await visit(page, suite.platform.url, '/casino/games/video-poker');
      expect(await main.getByTestId('vp-paytable').innerText()).toMatch(
        /Royal flush\s+800x[\s\S]*Jacks or better\s+1x/,
      );
      expect(await main.getByTestId('bet-button').innerText()).toBe('Deal');
      await main.getByTestId('bet-button').click();
      await expect.poll(() => main.getByTestId('vp-draw').isVisible(), { timeout: 10_000 }).toBe(true);
      const round = await call('games.video-poker.active');
      const deck = await deckOf(round.fairness.nonce);
      await expect.poll(() => shownCards(page)).toEqual(deck.slice(0, 5).map(cardLabel));
      await expectHandInBoard(page);

      // A reload resumes the dealt hand (games.video-poker.active).
      await page.reload();
      await expect.poll(() => main.getByTestId('vp-draw').isVisible(), { timeout: 20_000 }).toBe(true);
      await expect.poll(() => shownCards(page)).toEqual(deck.slice(0, 5).map(cardLabel));

      // The suggested hold is the exact optimal one, with its expected return.
      const best = optimalHold(deck.slice(0, 5));
      await main.getByTestId('vp-suggest').click();
      await expect.poll(() => heldShown(page), { timeout: 20_000 }).toEqual(best.held);
      await expect
        .poll(() => main.getByTestId('vp-hold-value').innerText())
        .toMatch(/Expected return of this hold: \d+\.\d\dx/);

      // Hotkeys on: key 2 holds or releases the second card.
      await main.getByRole('button', { name: 'Hotkeys' }).click();
      const dialog = page.getByRole('dialog', { name: 'Hotkeys' });
      await dialog.getByRole('switch', { name: 'Enable hotkeys' }).click();
      await page.keyboard.press('Escape');
      await expect.poll(() => main.getByRole('button', { name: 'Hotkeys' }).getAttribute('data-hotkeys')).toBe('on');
      await main.getByTestId('vp-paytable').click();
      await page.keyboard.press('2');
      const held = best.held.includes(1) ? best.held.filter((p) => p !== 1) : [...best.held, 1].sort((a, b) => a - b);
      await expect.poll(() => heldShown(page)).toEqual(held);
      await screenshot(page, 'video-poker-dealt-desktop');

      await main.getByTestId('vp-draw').click();
      const final = vpDraw(deck, held);
      const hand = handCategory(final);
      await expect.poll(() => shownCards(page), { timeout: 10_000 }).toEqual(final.map(cardLabel));
      await expect
        .poll(() => main.getByTestId('vp-result').innerText())
        .toContain(hand === 'nothing' ? 'No win' : VP_HAND_NAMES[hand]);
      await expect.poll(() => main.getByTestId('recent-results').count()).toBe(1);
      await screenshot(page, 'video-poker-drawn-desktop');
      const [settled] = await myBets();
      expect(settled).toMatchObject({ id: round.id, outcome: { held, hand } });

      // Autobet: three hands, each held as the optimal strategy says.
      await main.getByRole('tab', { name: 'Auto' }).click();
      await main.getByLabel('Number of bets (0 = until stopped)').fill('3');
      await main.getByTestId('autobet-start').click();
      await expect
        .poll(() => main.getByTestId('autobet-progress').innerText(), { timeout: 60_000 })
        .toMatch(/finished 3 bets/);
      const autoBets = (await myBets()).slice(0, 3);
      expect(autoBets.every((bet) => bet.state !== 'open')).toBe(true);
      for (const bet of autoBets) expect(bet.outcome.held, bet.id).toEqual(optimalHold(bet.outcome.dealt).held);
      await screenshot(page, 'video-poker-autobet-desktop');
      await main.getByRole('tab', { name: 'Manual' }).click();

      // The bet's details, then rotate the seed pair and verify the manual hand in the browser.
      await visit(page, suite.platform.url, '/casino/my-bets?game=video-poker');
      await main.getByRole('button', { name: `Video Poker bet ${round.id} details` }).click();
      await expect
        .poll(() => page.getByTestId('bet-details').innerText())
        .toContain(`Dealt ${deck.slice(0, 5).map(cardLabel).join(' ')}`);
      await page.keyboard.press('Escape');
      await rotateSeedPair(page, suite.platform.url);
      await visit(page, suite.platform.url, '/casino/my-bets?game=video-poker');
      await main.getByRole('button', { name: `Video Poker bet ${round.id} details` }).click();
      await page.getByTestId('verify-link').click();
      await expectPath(page, '/provably-fair');
      await expect
        .poll(() => main.getByTestId('verify-outcome').innerText(), { timeout: 10_000 })
        .toContain(`final ${final.map(cardLabel).join(' ')} - ${VP_HAND_NAMES[hand]}`);
      expect(await main.getByTestId('verify-multiplier').innerText()).toBe(`${settled!.multiplier}x`);
      expect((await main.getByTestId('hash-match').innerText()).toLowerCase()).toBe('matches');
      await screenshot(page, 'video-poker-verified');

      // 390 px: the five cards and the panel fit the width.
      const phone = await openSignedInPage(suite.browser, suite.player, MOBILE, suite.opened);
      const phoneMain = phone.locator('main');
      await visit(phone, suite.platform.url, '/casino/games/video-poker');
      await phoneMain.getByTestId('bet-button').click();
      await expect.poll(() => phoneMain.getByTestId('vp-draw').isVisible(), { timeout: 10_000 }).toBe(true);
      await expectHandInBoard(phone);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await phoneMain.getByTestId('vp-hand').evaluate((hand) => {
        hand.scrollIntoView();
        window.scrollBy(0, -140);
      });
      await screenshot(phone, 'video-poker-mobile');
      for (const errors of suite.opened.pageErrors.values()) expect(errors).toEqual([]);
    },
  );
});

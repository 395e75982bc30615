import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ballLabel } from '../src/features/games/bingo/bingo-room.js';
import { BINGO_VECTORS, bingoSteps, installBingoVectorChain } from '../../tests/support/bingo.js';
import { closeBetting, runningFor } from '../../tests/support/crash.js';
import { creditBzu } from '../../tests/support/game-checks.js';
import { browserSuite } from './support/browser-suite.js';
import { expectPath, MOBILE, visit, WIDE } from './support/page-helpers.js';
import { ROUND_GAME_ENV, roundGamePlayer, shot } from './support/round-game.js';

// A minute a ball: a read a few seconds after the test moved the start still sees the same balls.
const BALL_MS = 60_000;

/**
 * Bingo in the browser, on the vectors' chain (game 1's draw is known): the desktop player buys 2 USD cards, the
 * 390 px player 1 BZU card, so each holds every card of its currency's pot and wins all three of its prizes: the
 * guaranteed pots (5 USD, 500 BZU) are more than the cards sold less the house share. The test moves the game's
 * steps (the runner's work) and its start time, so each screen's balls are known in advance.
 */
describe('bingo in the browser: buy cards, watch the draw, win, verify; desktop and 390 px', () => {
  const suite = browserSuite({
    ...ROUND_GAME_ENV,
    BINGO_BALL_MS: String(BALL_MS),
    BINGO_MIN_POT_USD: '5',
    BINGO_MIN_POT_BZU: '500',
  });

  const playerPage = (viewport: { width: number; height: number }) =>
    roundGamePlayer(suite, 'bingo', viewport, (userId) =>
      creditBzu(suite.platform, userId, '1000', `bingo-e2e-${userId}`),
    );

  it(
    'buys cards in the sale window, daubs the balls on every screen, pays the prizes, verifies the game',
    { timeout: 180_000 },
    async () => {
      const services = suite.platform.platform.services;
      const db = suite.platform.platform.infra.db;
      const steps = bingoSteps(services, await installBingoVectorChain(db));
      const round = await steps.openBetting();
      const draw = BINGO_VECTORS.rounds[0]!.draw;

      const desk = await playerPage(WIDE);
      const phone = await playerPage(MOBILE);
      const main = (page: Page) => page.locator('main');
      // Listed under the Bingo category, and the top bar's search opens it.
      await visit(desk.page, suite.platform.url, '/casino/bingo');
      await expect
        .poll(() => main(desk.page).getByRole('link', { name: 'Bingo', exact: true }).first().isVisible(), {
          timeout: 10_000,
        })
        .toBe(true);
      await desk.page.getByRole('searchbox', { name: 'Search games' }).fill('bing');
      await desk.page.getByRole('option', { name: 'Bingo' }).click();
      await expectPath(desk.page, '/casino/games/bingo');
      for (const page of [desk.page, phone.page])
        await expect
          .poll(() => main(page).getByTestId('bingo-status').innerText(), { timeout: 15_000 })
          .toMatch(/^Cards on sale: the draw starts in [12]:\d\d$/);
      expect(await desk.page.getByRole('button', { name: 'Seeds' }).count()).toBe(0);

      await main(desk.page).getByTestId('bingo-count').fill('2');
      await expect.poll(() => main(desk.page).getByTestId('bingo-total').innerText()).toBe('Total 2.00 USD');
      await expect.poll(() => main(desk.page).getByTestId('bingo-preview').getByTestId('bingo-card').count()).toBe(2);
      await shot(desk.page, 'bingo-sale-1440');
      await main(desk.page).getByTestId('bingo-buy').click();
      await expect
        .poll(() => main(desk.page).getByTestId('bingo-bought').innerText(), { timeout: 10_000 })
        .toContain('You have 2 cards in game 1 (2.00 USD)');
      // More cards until the sale closes (issue 45, point 12): the bought ones stay, a new preview is dealt.
      await main(desk.page).getByTestId('bingo-count').fill('1');
      await expect.poll(() => main(desk.page).getByTestId('bingo-buy').innerText()).toBe('Buy 1 more card');
      await shot(desk.page, 'bingo-more-1440');
      await main(desk.page).getByTestId('bingo-buy').click();
      await expect
        .poll(() => main(desk.page).getByTestId('bingo-bought').innerText(), { timeout: 10_000 })
        .toContain('You have 3 cards in game 1 (3.00 USD). You may buy 21 cards more until the sale closes.');
      expect(await main(desk.page).getByTestId('bingo-my-cards').getByTestId('bingo-card').count()).toBe(3);

      await main(phone.page).locator('label', { hasText: /^BZU$/ }).click();
      await main(phone.page).getByTestId('bingo-count').fill('1');
      await expect.poll(() => main(phone.page).getByTestId('bingo-total').innerText()).toBe('Total 100.00 BZU');
      await main(phone.page).getByTestId('bingo-buy').click();
      await expect
        .poll(() => main(phone.page).getByTestId('bingo-bought').innerText(), { timeout: 10_000 })
        .toContain('You have 1 card in game 1 (100.00 BZU)');
      // Both purchases on both screens; the cards bought are the ones shown before buying.
      for (const page of [desk.page, phone.page])
        await expect
          .poll(() => main(page).getByTestId('bingo-players').locator('tbody tr').count(), { timeout: 10_000 })
          .toBe(3);
      // The phone buys 2 more in its currency: its pot's cards.
      await main(phone.page).getByTestId('bingo-count').fill('2');
      await expect.poll(() => main(phone.page).getByTestId('bingo-total').innerText()).toBe('Total 200.00 BZU');
      await main(phone.page).getByTestId('bingo-buy').click();
      await expect
        .poll(() => main(phone.page).getByTestId('bingo-bought').innerText(), { timeout: 10_000 })
        .toContain('You have 3 cards in game 1 (300.00 BZU)');
      await shot(phone.page, 'bingo-bought-390');

      await closeBetting(db, round.id);
      const started = await steps.start(round);
      expect(started?.runningMs).toBeGreaterThan(0);
      // Five balls drawn: every screen shows them, newest first, and daubs its cards.
      await runningFor(db, round.id, 5 * BALL_MS + BALL_MS / 2);
      await steps.tick(round);
      for (const page of [desk.page, phone.page]) {
        await expect
          .poll(() => main(page).getByTestId('bingo-status').innerText(), { timeout: 10_000 })
          .toBe('Drawing: ball 5 of 75');
        await expect
          .poll(() => main(page).getByTestId('bingo-last-balls').innerText(), { timeout: 10_000 })
          .toBe(draw.slice(0, 5).reverse().map(ballLabel).join('\n'));
        expect(await main(page).getByTestId('bingo-board').getAttribute('aria-label')).toBe('5 of 75 balls called');
        expect(await main(page).getByTestId('bingo-room').innerText()).toContain(`Ball 5: ${ballLabel(draw[4]!)}`);
      }
      const daubs = async (page: Page) =>
        (
          await main(page)
            .getByTestId('bingo-my-cards')
            .getByTestId('bingo-card')
            .evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-daubed'))))
        ).reduce((a, b) => a + b, 0);
      const cardsOf = async (userId: number) =>
        (await db.selectFrom('bets').select(['params']).where('user_id', '=', userId).orderBy('id').execute()).flatMap(
          (row) => (row.params as { cards: number[][] }).cards,
        );
      const expectedDaubs = (cards: number[][], called: number[]) =>
        cards.reduce((sum, card) => sum + card.filter((n) => n === 0 || called.includes(n)).length, 0);
      expect(await daubs(desk.page)).toBe(expectedDaubs(await cardsOf(desk.userId), draw.slice(0, 5)));
      await runningFor(db, round.id, 30 * BALL_MS + BALL_MS / 2);
      await steps.tick(round);
      await expect
        .poll(() => main(desk.page).getByTestId('bingo-status').innerText(), { timeout: 10_000 })
        .toBe('Drawing: ball 30 of 75');
      await expect
        .poll(() => daubs(desk.page), { timeout: 10_000 })
        .toBe(expectedDaubs(await cardsOf(desk.userId), draw.slice(0, 30)));
      await shot(desk.page, 'bingo-drawing-1440');
      await shot(phone.page, 'bingo-drawing-390');

      // The game ends at the last full house: each player held its pot's only cards and won the whole guaranteed pot.
      await steps.end(started!.round);
      for (const [player, won] of [
        [desk, 'Won 5.00 USD.'],
        [phone, 'Won 500.00 BZU.'],
      ] as const) {
        await expect
          .poll(() => main(player.page).getByTestId('bingo-status').innerText(), { timeout: 10_000 })
          .toMatch(/^Game over after \d+ balls/);
        await expect
          .poll(() => main(player.page).getByTestId('bingo-bought').innerText(), { timeout: 10_000 })
          .toContain(won);
        await expect
          .poll(() => main(player.page).getByTestId('bingo-room').innerText(), { timeout: 10_000 })
          .toMatch(/Full house \((USD|BZU)\)/);
      }
      expect(await main(desk.page).getByTestId('bingo-room').innerText()).toContain(`Full house (USD): ${desk.name}`);
      // Each player's purchases together won their pot (which purchase's card won is the cards').
      const paid = async (userId: number) =>
        (await db.selectFrom('bets').select(['state', 'payout_e8']).where('user_id', '=', userId).execute()).reduce(
          (sum, bet) => sum + BigInt(bet.payout_e8),
          0n,
        );
      expect(await paid(desk.userId)).toBe(500_000_000n);
      expect(await paid(phone.userId)).toBe(50_000_000_000n);
      await shot(desk.page, 'bingo-won-1440');
      await shot(phone.page, 'bingo-won-390');

      // The game's details and the in-browser verifier: the chain link, the draw and every prize recomputed.
      await main(phone.page).getByRole('button', { name: 'Game 1 details' }).click();
      const details = phone.page.getByTestId('bingo-round-details');
      await details.waitFor({ state: 'visible' });
      expect(await details.innerText()).toContain(BINGO_VECTORS.rounds[0]!.hash);
      await details.getByTestId('bingo-verify').click();
      await expect
        .poll(() => details.getByTestId('bingo-verify-result').innerText(), { timeout: 10_000 })
        .toContain('Chain link OK. Draw matches the balls called. Winners and amounts match the cards and the draw.');
      // The dialog scrolls inside the viewport: the result in view, not the page behind it.
      await details.getByTestId('bingo-verify-result').scrollIntoViewIfNeeded();
      await shot(phone.page, 'bingo-verify-390', false);

      // My bets: the purchase that won the full house, with its cards, in the bet details.
      const purchases = await db
        .selectFrom('bets')
        .select(['id', 'params', 'outcome'])
        .where('user_id', '=', desk.userId)
        .orderBy('id')
        .execute();
      const mine = purchases.find((bet) =>
        ((bet.outcome as { prizes?: { prize: string }[] }).prizes ?? []).some((won) => won.prize === 'fullHouse'),
      )!;
      await visit(desk.page, suite.platform.url, '/casino/my-bets?game=bingo');
      await main(desk.page)
        .getByRole('button', { name: `Bingo bet ${mine.id} details` })
        .click();
      await expect
        .poll(() => desk.page.getByTestId('round-fairness').innerText(), { timeout: 10_000 })
        .toContain('Round 1 of Bingo');
      const { cards } = mine.params as { cards: number[][] };
      await expect
        .poll(() => desk.page.getByRole('dialog').innerText(), { timeout: 10_000 })
        .toContain(
          `Card 1: ${[0, 5, 10, 15, 20]
            .map((r) =>
              cards[0]!
                .slice(r, r + 5)
                .map((n) => (n === 0 ? '*' : n))
                .join(' '),
            )
            .join(' / ')}`,
        );
      expect(await desk.page.getByRole('dialog').innerText()).toMatch(/Full house on ball \d+: card [12], /);
      await shot(desk.page, 'bingo-bet-details-1440');
      await desk.context.close();
      await phone.context.close();
    },
  );
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cardLabel } from '../../server/src/domain/games/shared/cards.js';
import { screenshot } from '../../tests/support/browser.js';
import { trpc } from '../../tests/support/wallet.js';
import { MOBILE, WIDE, expectPath, rotateSeedPair, visit } from './support/page-helpers.js';
import { gamePlayerSuite } from './support/game-player-suite.js';
import { openSignedInPage } from './support/signed-in-page.js';

type Bet = {
  id: string;
  game: string;
  amount: string;
  multiplier: string;
  outcome: {
    playerCards: number[];
    bankerCards: number[];
    playerTotal: number;
    bankerTotal: number;
    winner: string;
    bets: Record<string, string>;
  };
};

/**
 * Baccarat in the built client: chips on the spots (chip sizes, undo), a coup dealt card by card with the totals and
 * the winner highlighted, rebet with instant bets, an autobet of three coups, then the bet verified on /provably-fair.
 */
describe('baccarat in the browser', () => {
  const suite = gamePlayerSuite({ ip: '10.88.0.8', funds: '100' });

  const myBets = async (): Promise<Bet[]> =>
    (await trpc(suite.platform, 'query', 'bets.mine', { limit: 20, game: 'baccarat' }, suite.player.token)).body.result
      .data.bets;

  it(
    'places chips, deals a coup card by card, rebets, autobets and verifies a coup',
    { timeout: 300_000 },
    async () => {
      const page: Page = await openSignedInPage(suite.browser, suite.player, WIDE, suite.opened);
      const main = page.locator('main');
      await visit(page, suite.platform.url, '/casino/games/baccarat');
      await main.getByTestId('bet-amount').first().fill('0.1');
      expect(await main.getByTestId('bet-button').isDisabled()).toBe(true);

      // Chips of 0.50 (5 units of 0.1) on the player, then one of 0.10 on the tie, undone, and one on the banker.
      await main.getByTestId('baccarat-chips').getByText('0.50').click();
      await main.getByTestId('baccarat-spot-player').click();
      await main.getByTestId('baccarat-chips').getByText('0.10').click();
      await main.getByTestId('baccarat-spot-tie').click();
      expect(await main.getByTestId('baccarat-stake-tie').innerText()).toBe('0.10');
      await page.getByRole('button', { name: 'Undo' }).click();
      await main.getByTestId('baccarat-spot-banker').click();
      expect([
        await main.getByTestId('baccarat-stake-player').innerText(),
        await main.getByTestId('baccarat-stake-banker').innerText(),
      ]).toEqual(['0.50', '0.10']);

      // Dealt one card at a time: an observer records how many cards are face up after every change of the hands.
      await main.getByTestId('baccarat-hands').evaluate((hands) => {
        const seen: number[] = [];
        (window as unknown as { dealtCounts: number[] }).dealtCounts = seen;
        new MutationObserver(() => {
          const count = hands.querySelectorAll('[data-card]').length;
          if (seen.at(-1) !== count) seen.push(count);
        }).observe(hands, { childList: true, subtree: true });
      });
      await main.getByTestId('bet-button').click();
      await expect.poll(() => main.getByTestId('baccarat-result').innerText(), { timeout: 10_000 }).toMatch(/wins|Tie/);
      const [coup] = await myBets();
      expect(coup!.outcome.bets).toEqual({ player: '0.5', banker: '0.1', tie: '0' });
      const { outcome } = coup!;
      expect(
        await main
          .getByTestId('baccarat-player-hand')
          .getByRole('img')
          .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label'))),
      ).toEqual(outcome.playerCards.map(cardLabel));
      expect(
        await main
          .getByTestId('baccarat-banker-hand')
          .getByRole('img')
          .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label'))),
      ).toEqual(outcome.bankerCards.map(cardLabel));
      expect([
        await main.getByTestId('baccarat-player-total').innerText(),
        await main.getByTestId('baccarat-banker-total').innerText(),
      ]).toEqual([String(outcome.playerTotal), String(outcome.bankerTotal)]);
      expect(await main.getByTestId(`baccarat-spot-${outcome.winner}`).getAttribute('data-winner')).toBe('true');
      const cardCount = outcome.playerCards.length + outcome.bankerCards.length;
      expect(await page.evaluate(() => (window as unknown as { dealtCounts: number[] }).dealtCounts)).toEqual(
        Array.from({ length: cardCount }, (_, i) => i + 1),
      );
      await screenshot(page, 'baccarat-dealt-desktop');

      // Clear, rebet the same chips, instant: the coup is whole at once.
      await page.getByRole('button', { name: 'Clear' }).click();
      expect(await main.getByTestId('bet-button').isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Rebet' }).click();
      await main.getByRole('button', { name: 'Instant bets' }).first().click();
      await main.getByTestId('bet-button').click();
      await expect.poll(async () => (await myBets()).length, { timeout: 10_000 }).toBe(2);
      await expect.poll(() => main.getByTestId('baccarat-result').innerText()).toMatch(/wins|Tie/);

      // Autobet repeats the chips three times.
      await main.getByRole('tab', { name: 'Auto' }).click();
      await main.getByLabel('Number of bets (0 = until stopped)').fill('3');
      await main.getByTestId('autobet-start').click();
      await expect
        .poll(() => main.getByTestId('autobet-progress').innerText(), { timeout: 30_000 })
        .toMatch(/finished 3 bets/);
      const bets = await myBets();
      expect(bets).toHaveLength(5);
      expect(bets.every((bet) => bet.amount === '0.6' && bet.outcome.bets.player === '0.5')).toBe(true);

      // Rotate the seed pair, then verify the first coup from its details.
      await rotateSeedPair(page, suite.platform.url);
      await visit(page, suite.platform.url, '/casino/my-bets?game=baccarat');
      await main.getByRole('button', { name: `Baccarat bet ${coup!.id} details` }).click();
      await expect
        .poll(() => page.getByTestId('bet-details').innerText())
        .toContain(`${outcome.winner} wins, ${outcome.playerTotal}-${outcome.bankerTotal}`);
      await page.getByTestId('verify-link').click();
      await expectPath(page, '/provably-fair');
      const described = `Player ${outcome.playerCards.map(cardLabel).join(' ')} (${outcome.playerTotal}), banker ${outcome.bankerCards.map(cardLabel).join(' ')} (${outcome.bankerTotal})`;
      await expect.poll(() => main.getByTestId('verify-outcome').innerText(), { timeout: 10_000 }).toContain(described);
      expect(await main.getByTestId('verify-multiplier').innerText()).toBe(`${coup!.multiplier}x`);
      expect((await main.getByTestId('hash-match').innerText()).toLowerCase()).toBe('matches');
      await screenshot(page, 'baccarat-verified');

      const phone = await openSignedInPage(suite.browser, suite.player, MOBILE, suite.opened);
      await visit(phone, suite.platform.url, '/casino/games/baccarat');
      await phone.locator('main').getByTestId('baccarat-spot-banker').click();
      await phone.locator('main').getByTestId('bet-button').click();
      await expect
        .poll(() => phone.locator('main').getByTestId('baccarat-result').innerText(), { timeout: 10_000 })
        .toMatch(/wins|Tie/);
      await phone.getByRole('region', { name: 'Baccarat board' }).evaluate((board) => {
        // Under the sticky header, not behind it.
        board.scrollIntoView();
        window.scrollBy(0, -72);
      });
      await screenshot(phone, 'baccarat-mobile');
      for (const errors of suite.opened.pageErrors.values()) expect(errors).toEqual([]);
    },
  );
});

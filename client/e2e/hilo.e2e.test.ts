import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { guessWins, hiloChoices, hiloRank } from '../../server/src/domain/games/hilo/rules.js';
import { cardFromFloat, cardLabel } from '../../server/src/domain/games/shared/cards.js';
import { screenshot } from '../../tests/support/browser.js';
import { activeFloats } from '../../tests/support/round-floats.js';
import { trpc } from '../../tests/support/wallet.js';
import { MOBILE, WIDE, expectPath, rotateSeedPair, visit } from './support/page-helpers.js';
import { gamePlayerSuite } from './support/game-player-suite.js';
import { openSignedInPage } from './support/signed-in-page.js';

/**
 * Hilo in the built client: a funded player opens a round, reloads (the round resumes), makes a correct guess
 * (chosen from the round's floats, so the test never depends on luck), skips a card, cashes out, opens the bet's
 * details and verifies the round on /provably-fair after rotating the seed. Screenshots at 1440 and 390 px.
 */
describe('hilo in the browser', () => {
  const suite = gamePlayerSuite({ ip: '10.88.0.7', funds: '100' });

  const cardsOf = async (nonce: number) =>
    (await activeFloats(suite.platform.platform.infra.db, suite.player.user.id, nonce, 4)).map(cardFromFloat);
  const openRound = async () =>
    (await trpc(suite.platform, 'query', 'games.hilo.active', undefined, suite.player.token)).body.result.data;

  it(
    'plays a round with a guess and a skip, resumes it after a reload, cashes out and verifies it',
    { timeout: 300_000 },
    async () => {
      const page: Page = await openSignedInPage(suite.browser, suite.player, WIDE, suite.opened);
      const main = page.locator('main');
      await visit(page, suite.platform.url, '/casino/originals');
      await expect.poll(() => main.getByRole('link', { name: 'Hilo', exact: true }).isVisible()).toBe(true);

      await visit(page, suite.platform.url, '/casino/games/hilo');
      await main.getByTestId('bet-button').click();
      await expect.poll(() => main.getByTestId('hilo-cashout').isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await main.getByTestId('hilo-cashout').isDisabled()).toBe(true);
      const round = await openRound();
      const cards = await cardsOf(round.fairness.nonce);
      await expect
        .poll(() => main.getByTestId('hilo-current').getByRole('img').getAttribute('aria-label'))
        .toBe(cardLabel(cards[0]!));

      // A reload resumes the open round (games.hilo.active).
      await page.reload();
      await expect.poll(() => main.getByTestId('hilo-cashout').isVisible(), { timeout: 20_000 }).toBe(true);
      await expect
        .poll(() => main.getByTestId('hilo-current').getByRole('img').getAttribute('aria-label'))
        .toBe(cardLabel(cards[0]!));

      // The guess the next card makes correct; its button shows its chance and the multiplier it gives.
      const guess = hiloChoices(cards[0]!).find((g) => guessWins(hiloRank(cards[0]!), g, hiloRank(cards[1]!)))!;
      const button = main.getByTestId(`hilo-guess-${guess}`);
      expect(await button.innerText()).toMatch(/\d+\.\d\d%[\s\S]*\d+\.\d\dx/);
      await button.click();
      await expect
        .poll(() => main.getByTestId('hilo-current').getByRole('img').getAttribute('aria-label'), { timeout: 10_000 })
        .toBe(cardLabel(cards[1]!));
      await expect.poll(() => main.getByTestId('hilo-cashout').innerText()).toMatch(/^Cash out [\d.,]+ USD$/);
      await main.getByTestId('hilo-skip').click();
      await expect
        .poll(() => main.getByTestId('hilo-current').getByRole('img').getAttribute('aria-label'), { timeout: 10_000 })
        .toBe(cardLabel(cards[2]!));
      expect(await main.getByTestId('hilo-history').getByRole('listitem').count()).toBe(3);
      await screenshot(page, 'hilo-open-desktop');
      await main.getByTestId('hilo-cashout').click();
      await expect
        .poll(() => main.getByTestId('hilo-profit').innerText(), { timeout: 10_000 })
        .toMatch(/Profit: \+[\d.,]+ USD/);
      await expect.poll(() => main.getByTestId('recent-results').count()).toBe(1);
      await screenshot(page, 'hilo-cashed-desktop');

      // The bet's details, then rotate and verify it in the browser.
      await visit(page, suite.platform.url, '/casino/my-bets?game=hilo');
      await main.getByRole('button', { name: `Hilo bet ${round.id} details` }).click();
      await expect.poll(() => page.getByTestId('bet-details').innerText()).toContain('3 cards');
      await page.keyboard.press('Escape');
      await rotateSeedPair(page, suite.platform.url);
      await visit(page, suite.platform.url, '/casino/my-bets?game=hilo');
      await main.getByRole('button', { name: `Hilo bet ${round.id} details` }).click();
      await page.getByTestId('verify-link').click();
      await expectPath(page, '/provably-fair');
      const expected = `Cards ${cards.slice(0, 3).map(cardLabel).join(' ')} - cashed out`;
      await expect.poll(() => main.getByTestId('verify-outcome').innerText(), { timeout: 10_000 }).toContain(expected);
      const settled = (await trpc(suite.platform, 'query', 'bets.byId', { id: round.id }, suite.player.token)).body
        .result.data;
      expect(await main.getByTestId('verify-multiplier').innerText()).toBe(`${settled.multiplier}x`);
      expect((await main.getByTestId('hash-match').innerText()).toLowerCase()).toBe('matches');
      await screenshot(page, 'hilo-verified');

      const phone = await openSignedInPage(suite.browser, suite.player, MOBILE, suite.opened);
      await visit(phone, suite.platform.url, '/casino/games/hilo');
      await phone.locator('main').getByTestId('bet-button').click();
      await expect
        .poll(() => phone.locator('main').getByTestId('hilo-cashout').isVisible(), { timeout: 10_000 })
        .toBe(true);
      await phone.getByRole('region', { name: 'Hilo board' }).evaluate((board) => {
        // Under the sticky header, not behind it.
        board.scrollIntoView();
        window.scrollBy(0, -72);
      });
      await screenshot(phone, 'hilo-mobile');
      for (const errors of suite.opened.pageErrors.values()) expect(errors).toEqual([]);
    },
  );
});

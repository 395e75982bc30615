import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { allowedActions, cardPoints, deal, handTotal, replay } from '../../server/src/domain/games/blackjack/rules.js';
import { cardLabel } from '../../server/src/domain/games/shared/cards.js';
import { FAST_HASHING, RELAXED_LIMITS, http, signedInAccount } from '../../tests/support/auth.js';
import { screenshot } from '../../tests/support/browser.js';
import { activeRoundFloats } from '../../tests/support/round-floats.js';
import { WALLET_TEST_ENV, fundPlayer, trpc } from '../../tests/support/wallet.js';
import { browserSuite } from './support/browser-suite.js';
import { MOBILE, expectPath, visit } from './support/page-helpers.js';
import { openSignedInPage, type OpenedPages } from './support/signed-in-page.js';

const DESKTOP_WIDE = { width: 1440, height: 900 };
const SHOTS = '/work/helpers/shots/blackjack';
const UNIT = 100_000_000n;

/** A screenshot in the suite's folder, copied where the team looks at them. */
async function shot(page: Page, name: string) {
  const file = await screenshot(page, `blackjack-${name}`);
  await mkdir(SHOTS, { recursive: true }).catch(() => undefined);
  await copyFile(file, path.join(SHOTS, `${name}.png`)).catch(() => undefined);
}

/**
 * Blackjack end to end in the built client: the player deals, the page resumes the open round after a reload, plays
 * with the keyboard shortcuts, splits a pair (both hands shown, the active one marked), and a bet is verified on
 * /provably-fair, recomputed in the browser. The test reads the seeds from the database to know the cards coming.
 */
describe('blackjack in the browser', () => {
  const suite = browserSuite({ ...FAST_HASHING, ...RELAXED_LIMITS, ...WALLET_TEST_ENV });

  it(
    'deals, resumes, plays by keyboard, splits, shows the result, and verifies the round',
    { timeout: 300_000 },
    async () => {
      const { platform, browser } = suite;
      const signedIn = await signedInAccount(platform, {}, '10.88.0.7');
      await fundPlayer(platform, signedIn.token, '100');
      const profile = await http(platform.url, 'GET', '/api/auth/profile', undefined, { token: signedIn.token });
      const opened: OpenedPages = { contexts: [], pageErrors: new Map() };
      const db = platform.platform.infra.db;
      const nonce = async () =>
        (await http(platform.url, 'GET', '/api/fairness', undefined, { token: signedIn.token })).body.nonce as number;
      const upcoming = async () => deal(UNIT, await activeRoundFloats(db, signedIn.user.id, await nonce()));
      /** Plays rounds over tRPC (decline insurance, stand) until the next deal is one `wanted` accepts. */
      const skipUntil = async (wanted: (state: ReturnType<typeof deal>) => boolean) => {
        for (let i = 0; i < 200 && !wanted(await upcoming()); i += 1) {
          let answer = (await trpc(platform, 'mutation', 'games.blackjack.start', { amount: '1' }, signedIn.token)).body
            .result.data;
          while (answer.bet.state === 'open') {
            const action = answer.bet.outcome.actions.includes('noInsurance') ? 'noInsurance' : 'stand';
            answer = (
              await trpc(platform, 'mutation', `games.blackjack.${action}`, { betId: answer.bet.id }, signedIn.token)
            ).body.result.data;
          }
        }
        expect(wanted(await upcoming())).toBe(true);
      };
      const page = await openSignedInPage(browser, { token: signedIn.token, user: profile.body }, DESKTOP_WIDE, opened);
      const main = page.locator('main');

      // Listed in its own category and among the originals.
      await visit(page, platform.url, '/casino/blackjack');
      await expect
        .poll(() => main.getByRole('link', { name: 'Blackjack', exact: true }).first().isVisible())
        .toBe(true);
      await visit(page, platform.url, '/casino/games/blackjack');
      await expect.poll(() => main.getByTestId('bet-button').isVisible()).toBe(true);
      await shot(page, 'idle-desktop');
      // The table's keys are hotkeys: off until the player turns them on in the panel's hotkeys help.
      await main.getByRole('button', { name: 'Hotkeys' }).click();
      await page.getByRole('dialog', { name: 'Hotkeys' }).getByRole('switch', { name: 'Enable hotkeys' }).click();
      await page.keyboard.press('Escape');

      // An open round with a plain choice (no natural, no insurance question).
      await skipUntil((s) => !s.finished && !s.insurance);
      const plain = await upcoming();
      await main.getByTestId('bet-amount').fill('1');
      await main.getByTestId('bet-button').click();
      await expect.poll(() => main.getByTestId('bj-actions').isVisible(), { timeout: 10_000 }).toBe(true);
      // The hole card is face down; only the allowed actions are buttons, each with its key.
      expect(await main.getByTestId('bj-dealer').getByRole('img', { name: 'Face-down card' }).count()).toBe(1);
      expect(
        await main
          .getByTestId('bj-dealer')
          .getByRole('img', { name: cardLabel(plain.dealer[0]!) })
          .count(),
      ).toBe(1);
      const buttons = await main
        .getByTestId('bj-actions')
        .locator('button')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-action')));
      expect(buttons).toEqual(allowedActions(plain));
      expect(await main.getByTestId('bj-actions').innerText()).toMatch(/Hit\s*Q[\s\S]*Stand\s*W/);
      await shot(page, 'open-desktop');
      // A reload resumes the open round.
      await page.reload();
      await expect.poll(() => main.getByTestId('bj-actions').isVisible(), { timeout: 20_000 }).toBe(true);
      // W stands: the round ends and the hole card turns over.
      await page.locator('body').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('w');
      await expect.poll(() => main.getByTestId('bj-result').isVisible(), { timeout: 10_000 }).toBe(true);
      const stood = replay(UNIT, await activeRoundFloats(db, signedIn.user.id, (await nonce()) - 1), ['stand']);
      expect(await main.getByTestId('bj-dealer').getByRole('img', { name: 'Face-down card' }).count()).toBe(0);
      expect(await main.getByTestId('bj-dealer-total').innerText()).toBe(String(handTotal(stood.dealer).total));
      expect((await main.getByTestId('bj-hand-0-result').innerText()).length).toBeGreaterThan(0);
      await shot(page, 'ended-desktop');

      // A pair: R splits; two hands, the first marked active, then W W plays both out.
      await skipUntil(
        (s) =>
          !s.finished && !s.insurance && allowedActions(s).includes('split') && cardPoints(s.hands[0]!.cards[0]!) !== 1,
      );
      await main.getByTestId('bet-button').click();
      await expect.poll(() => main.locator('[data-action="split"]').isVisible(), { timeout: 10_000 }).toBe(true);
      await page.locator('body').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('r');
      await expect.poll(() => main.getByTestId('bj-hand-1').isVisible(), { timeout: 10_000 }).toBe(true);
      const split = replay(UNIT, await activeRoundFloats(db, signedIn.user.id, (await nonce()) - 1), ['split']);
      if (!split.finished) {
        expect(await main.locator(`[data-testid="bj-hand-${split.active}"][data-active]`).count()).toBe(1);
        await shot(page, 'split-desktop');
        const phone = await openSignedInPage(browser, { token: signedIn.token, user: profile.body }, MOBILE, opened);
        await visit(phone, platform.url, '/casino/games/blackjack');
        await expect
          .poll(() => phone.locator('main').getByTestId('bj-hand-1').isVisible(), { timeout: 20_000 })
          .toBe(true);
        await shot(phone, 'split-mobile');
      }
      // Each W stands the active hand; the server's round moves on one action at a time.
      const splitNonce = (await nonce()) - 1;
      const played = ['split'] as ('split' | 'stand')[];
      const active = async () =>
        (await trpc(platform, 'query', 'games.blackjack.active', undefined, signedIn.token)).body.result.data;
      while (!replay(UNIT, await activeRoundFloats(db, signedIn.user.id, splitNonce), played).finished) {
        played.push('stand');
        // The table ignores keys while an action is out, and the server's round moves before its answer is on screen:
        // press once the last answer has landed (Stand enabled again, not loading).
        await expect
          .poll(() => main.locator('[data-action="stand"]:enabled:not([data-loading])').count(), { timeout: 10_000 })
          .toBe(1);
        await page.keyboard.press('w');
        const finished = replay(UNIT, await activeRoundFloats(db, signedIn.user.id, splitNonce), played).finished;
        await expect
          .poll(async () => (await active())?.outcome.played.length ?? (finished ? played.length : -1), {
            timeout: 10_000,
          })
          .toBe(played.length);
      }
      await expect.poll(() => main.getByTestId('bj-result').isVisible(), { timeout: 10_000 }).toBe(true);
      await shot(page, 'split-ended-desktop');

      // A round dealt and stood by another client: the page resumes it, then shows how it ended and deals again.
      await skipUntil((s) => !s.finished && !s.insurance);
      const elsewhere = (await trpc(platform, 'mutation', 'games.blackjack.start', { amount: '1' }, signedIn.token))
        .body.result.data.bet;
      await page.reload();
      await expect.poll(() => main.getByTestId('bj-actions').isVisible(), { timeout: 20_000 }).toBe(true);
      await trpc(platform, 'mutation', 'games.blackjack.stand', { betId: elsewhere.id }, signedIn.token);
      await expect.poll(() => main.getByTestId('bj-result').isVisible(), { timeout: 10_000 }).toBe(true);
      await expect.poll(() => main.getByTestId('bet-button').isEnabled()).toBe(true);

      // An ace up: only Insurance and No insurance are offered; I takes insurance (half the bet more at stake).
      await skipUntil((s) => s.insurance?.state === 'offered');
      await main.getByTestId('bet-button').click();
      await expect.poll(() => main.getByTestId('bj-insurance').isVisible(), { timeout: 10_000 }).toBe(true);
      expect(
        await main
          .getByTestId('bj-actions')
          .locator('button')
          .evaluateAll((els) => els.map((el) => el.getAttribute('data-action'))),
      ).toEqual(['insurance', 'noInsurance']);
      await shot(page, 'insurance-desktop');
      await page.locator('body').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('i');
      await expect
        .poll(
          async () =>
            (await trpc(platform, 'query', 'bets.mine', { limit: 1, game: 'blackjack' }, signedIn.token)).body.result
              .data.bets[0].outcome.insurance.state,
          { timeout: 10_000 },
        )
        .toBe('taken');
      await expect.poll(() => main.getByTestId('bj-insurance').isVisible()).toBe(false);
      const insured = (await trpc(platform, 'query', 'bets.mine', { limit: 1, game: 'blackjack' }, signedIn.token)).body
        .result.data.bets[0];
      expect(insured.amount).toBe('1.5');
      if (insured.state === 'open') {
        await page.keyboard.press('w');
        await expect.poll(() => main.getByTestId('bj-result').isVisible(), { timeout: 10_000 }).toBe(true);
      }

      // My bets -> details -> rotate -> Verify: the browser replays the cards and the actions.
      const mine = (await trpc(platform, 'query', 'bets.mine', { limit: 1, game: 'blackjack' }, signedIn.token)).body
        .result.data.bets[0];
      await visit(page, platform.url, '/casino/my-bets?game=blackjack');
      await main.getByRole('button', { name: `Blackjack bet ${mine.id} details` }).click();
      await expect.poll(() => page.getByTestId('details-outcome').innerText()).toContain('vs dealer');
      await shot(page, 'bet-details');
      await page.keyboard.press('Escape');
      await trpc(platform, 'mutation', 'fairness.rotate', undefined, signedIn.token);
      await main.getByRole('button', { name: `Blackjack bet ${mine.id} details` }).click();
      await expect
        .poll(() => page.getByTestId('bet-details').innerText(), { timeout: 10_000 })
        .toMatch(/Server seed \(revealed\)/);
      await page.getByTestId('verify-link').click();
      await expectPath(page, '/provably-fair');
      const dealerCards = (mine.outcome.dealer.cards as number[]).map(cardLabel).join(' ');
      await expect
        .poll(() => main.getByTestId('verify-outcome').innerText(), { timeout: 10_000 })
        .toContain(`dealer ${dealerCards}`);
      expect((await main.getByTestId('hash-match').innerText()).toLowerCase()).toBe('matches');
      await shot(page, 'verified-desktop');

      // The idle page at 390 px.
      const phone = await openSignedInPage(browser, { token: signedIn.token, user: profile.body }, MOBILE, opened);
      await visit(phone, platform.url, '/casino/games/blackjack');
      await expect.poll(() => phone.locator('main').getByTestId('bet-button').isVisible()).toBe(true);
      await shot(phone, 'idle-mobile');
      for (const errors of opened.pageErrors.values()) expect(errors).toEqual([]);
      for (const context of opened.contexts) await context.close();
    },
  );
});

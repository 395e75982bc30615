import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { closeBetting, runningFor } from '../../tests/support/crash.js';
import { installWheelChain, publishedWheelSteps, wheelSteps, wheelVector } from '../../tests/support/wheel.js';
import { browserSuite } from './support/browser-suite.js';
import { MOBILE, visit, WIDE } from './support/page-helpers.js';
import { ROUND_GAME_ENV, roundGamePlayer, shot } from './support/round-game.js';

/**
 * The money wheel in the browser, on the vectors' chain from vector round 16 (round 1 lands on 2x, 2x, then 10: chips
 * on 10 return 1 + 10 x 4 = 41 times): a desktop player's chips on 10 and 1 win, a 390 px player's chip on 4 loses.
 * The test moves the round's steps (the runner's work) and its start time, so what each screen shows is known.
 */
describe('money wheel in the browser: chips, the spin with re-spins, the result, desktop and 390 px', () => {
  const suite = browserSuite(ROUND_GAME_ENV);

  const playerPage = (viewport: { width: number; height: number }) => roundGamePlayer(suite, 'wheel', viewport);

  it(
    'places chips in the window, spins to 10 x4 on every screen, pays 41x, verifies the round',
    { timeout: 180_000 },
    async () => {
      const db = suite.platform.platform.infra.db;
      const steps = wheelSteps(suite.platform.platform.services, await installWheelChain(db));
      const round = await steps.openBetting();

      const desk = await playerPage(WIDE);
      const phone = await playerPage(MOBILE);
      const main = (page: Page) => page.locator('main');
      for (const page of [desk.page, phone.page])
        await expect
          .poll(() => main(page).getByTestId('wheel-status').innerText(), { timeout: 15_000 })
          .toMatch(/Round 1: place your chips, spins in \d+ s/);
      // The published table with each bet's exact RTP is on the page.
      expect(await main(desk.page).getByTestId('wheel-paytable').innerText()).toContain('97.3076%');
      expect(await desk.page.getByRole('button', { name: 'Seeds' }).count()).toBe(0);

      // Desktop: two 1 USD chips on 10, one on 1, one on 42 taken back with Undo.
      await main(desk.page).getByRole('button', { name: 'Chip 1', exact: true }).click();
      for (const value of [10, 10, 1, 42]) await main(desk.page).getByTestId(`wheel-spot-${value}`).click();
      await main(desk.page).getByRole('button', { name: 'Undo' }).click();
      expect(await main(desk.page).getByTestId('wheel-stake-10').innerText()).toBe('2.00');
      expect((await main(desk.page).getByTestId('wheel-stake-42').innerText()).trim()).toBe('');
      await main(desk.page).getByTestId('bet-button').click();
      await expect.poll(() => main(desk.page).getByTestId('wheel-waiting').isVisible(), { timeout: 10_000 }).toBe(true);
      await expect
        .poll(() => desk.page.getByTestId('header-balance').innerText(), { timeout: 10_000 })
        .toMatch(/^17\.00/);
      // The chips stay on the table while the bet is in.
      expect(await main(desk.page).getByTestId('wheel-stake-10').innerText()).toBe('2.00');

      // Phone: a 0.1 chip on 4.
      await main(phone.page).getByRole('button', { name: 'Chip 0.1', exact: true }).click();
      await main(phone.page).getByTestId('wheel-spot-4').click();
      await main(phone.page).getByTestId('bet-button').click();
      await expect
        .poll(() => main(phone.page).getByTestId('wheel-waiting').isVisible(), { timeout: 10_000 })
        .toBe(true);
      // Both players' chips are on both screens.
      for (const page of [desk.page, phone.page]) {
        await expect
          .poll(() => main(page).getByTestId('wheel-players').locator('tbody tr').count(), { timeout: 10_000 })
          .toBe(2);
        await expect
          .poll(() => main(page).getByTestId('wheel-players').innerText(), { timeout: 10_000 })
          .toContain('10: 2.00');
      }
      await shot(desk.page, 'wheel-betting-1440');
      await shot(phone.page, 'wheel-betting-390');

      await closeBetting(db, round.id);
      await steps.start(round);
      // The first spin rests on 2x from 4.8 s to 6 s: every screen says it spins again. The start is moved back on each
      // poll, so a screen that reads the round a second late still finds it in that window.
      for (const page of [desk.page, phone.page]) {
        await expect
          .poll(
            async () => {
              await runningFor(db, round.id, 5_000);
              return main(page).getByTestId('wheel-status').innerText();
            },
            { timeout: 15_000 },
          )
          .toBe('2x! Spinning again for x2…');
      }
      await shot(desk.page, 'wheel-respin-1440');
      // The third spin lands on 10, carrying 2 x 2.
      await runningFor(db, round.id, 13_500);
      for (const page of [desk.page, phone.page])
        await expect
          .poll(() => main(page).getByTestId('wheel-status').innerText(), { timeout: 10_000 })
          .toBe('Round 1: landed on 10 x4');
      expect(wheelVector(1).spins).toEqual([25, 25, 37]);

      await steps.end(round);
      // 2 on 10 returns 2 x 41 = 82: 20 - 3 + 82.
      await expect
        .poll(() => desk.page.getByTestId('header-balance').innerText(), { timeout: 10_000 })
        .toMatch(/^99\.00/);
      for (const page of [desk.page, phone.page]) {
        await expect
          .poll(() => main(page).getByTestId('wheel-win').allInnerTexts(), { timeout: 10_000 })
          .toEqual(expect.arrayContaining(['82.00', 'Lost']));
        await expect
          .poll(() => main(page).getByTestId('wheel-history').innerText(), { timeout: 10_000 })
          .toContain('10 x4');
      }
      expect(await main(desk.page).getByTestId('wheel-stats').innerText()).toContain('2x: 2');
      expect(await main(desk.page).getByTestId('wheel-stake-10').innerText()).toBe('2.00');
      const won = await db
        .selectFrom('bets')
        .select(['state', 'payout_e8'])
        .where('user_id', '=', desk.userId)
        .executeTakeFirstOrThrow();
      expect(won).toEqual({ state: 'won', payout_e8: '8200000000' });
      await shot(desk.page, 'wheel-result-1440');
      await shot(phone.page, 'wheel-result-390');

      // The next window clears the table; Rebet puts the last round's chips back.
      await steps.openBetting();
      await expect
        .poll(() => main(desk.page).getByTestId('wheel-status').innerText(), { timeout: 10_000 })
        .toMatch(/Round 2: place your chips/);
      await expect
        .poll(async () => (await main(desk.page).getByTestId('wheel-stake-10').innerText()).trim(), { timeout: 10_000 })
        .toBe('');
      await main(desk.page).getByRole('button', { name: 'Rebet' }).click();
      expect(await main(desk.page).getByTestId('wheel-stake-10').innerText()).toBe('2.00');
      expect(await main(desk.page).getByTestId('wheel-stake-1').innerText()).toBe('1.00');

      // The round's details and the in-browser verifier: round 1's hash hashes to the terminal hash; segments recomputed.
      await main(phone.page).getByRole('button', { name: 'Round 1 details' }).click();
      const details = phone.page.getByTestId('wheel-round-details');
      await details.waitFor({ state: 'visible' });
      expect(await details.innerText()).toContain(wheelVector(1).hash);
      await details.getByTestId('wheel-verify').click();
      await expect
        .poll(() => details.getByTestId('wheel-verify-result').innerText(), { timeout: 10_000 })
        .toBe(
          'Chain link OK: SHA-256 of this hash is the previous hash. Segments recomputed: 25 (2x), 25 (2x), 37 (10): 10 x4',
        );
      await shot(phone.page, 'wheel-verify-390');

      // My bets lists the wheel bet; its details point to the round, not to a seed pair.
      const mine = await db
        .selectFrom('bets')
        .select(['id'])
        .where('user_id', '=', desk.userId)
        .executeTakeFirstOrThrow();
      await visit(desk.page, suite.platform.url, '/casino/my-bets?game=wheel');
      await main(desk.page)
        .getByRole('button', { name: `Money Wheel bet ${mine.id} details` })
        .click();
      await expect
        .poll(() => desk.page.getByTestId('round-fairness').innerText(), { timeout: 10_000 })
        .toContain('Round 1 of Money Wheel');
      expect(await desk.page.getByTestId('verify-link').count()).toBe(0);
      await shot(desk.page, 'wheel-bet-details-1440');

      // Listed under Game Shows, on the casino home, and found by the search.
      await visit(desk.page, suite.platform.url, '/casino/gameshows');
      await expect
        .poll(() => main(desk.page).getByRole('list', { name: 'Game Shows games' }).innerText(), { timeout: 10_000 })
        .toContain('Money Wheel');
      await visit(desk.page, suite.platform.url, '/casino');
      await expect
        .poll(() => main(desk.page).getByRole('list', { name: 'Featured games' }).innerText(), { timeout: 10_000 })
        .toContain('Money Wheel');
      await desk.page.getByLabel('Search games').first().fill('wheel');
      await expect
        .poll(() => desk.page.getByLabel('Matching games').innerText(), { timeout: 10_000 })
        .toContain('Money Wheel');
      await desk.context.close();
      await phone.context.close();
    },
  );

  it(
    'autobets with the chips on the table, one round at a time, at 1440 and 390 px (issue 45, point 12)',
    {
      timeout: 180_000,
    },
    async () => {
      const db = suite.platform.platform.infra.db;
      const steps = await publishedWheelSteps(suite.platform.platform.services, db);
      const main = (page: Page) => page.locator('main');
      const players = [await playerPage(WIDE), await playerPage(MOBILE)];
      const betsOf = (userId: number) =>
        db.selectFrom('bets').select(['state', 'params']).where('user_id', '=', userId).orderBy('id').execute();
      for (const player of players) {
        const page = player.page;
        await expect
          .poll(() => main(page).getByTestId('wheel-status').innerText(), { timeout: 15_000 })
          .toMatch(/place your chips/);
        await main(page).getByRole('button', { name: 'Chip 1', exact: true }).click();
        for (const value of [1, 2]) await main(page).getByTestId(`wheel-spot-${value}`).click();
        await main(page).getByRole('tab', { name: 'Auto' }).click();
        await main(page).getByLabel('Number of bets (0 = until stopped)').fill('2');
        await main(page).getByTestId('autobet-start').click();
      }
      // Each autobet's first bet rides the round on sale; its second, the next round, once the first settled.
      for (const round of [1, 2]) {
        for (const player of players)
          await expect.poll(async () => (await betsOf(player.userId)).length, { timeout: 15_000 }).toBe(round);
        if (round === 1) {
          await shot(players[0]!.page, 'wheel-autobet-1440');
          await shot(players[1]!.page, 'wheel-autobet-390');
        }
        const live = (await steps.openBetting())!;
        await closeBetting(db, live.id);
        await steps.start(live);
        await runningFor(db, live.id, 60_000);
        await steps.end(live);
      }
      for (const player of players) {
        await expect
          .poll(() => main(player.page).getByTestId('autobet-progress').innerText(), { timeout: 15_000 })
          .toMatch(/finished 2 bets/);
        const bets = await betsOf(player.userId);
        expect(bets.map((bet) => bet.state).every((state) => state === 'won' || state === 'lost')).toBe(true);
        for (const bet of bets)
          expect(
            (bet.params as { chips: { value: number; amount: string }[] }).chips.map((chip) => [
              chip.value,
              Number(chip.amount),
            ]),
          ).toEqual([
            [1, 1],
            [2, 1],
          ]);
        // The chips stay on the table for the next autobet.
        expect(await main(player.page).getByTestId('wheel-stake-1').innerText()).toBe('1.00');
      }
      await shot(players[0]!.page, 'wheel-autobet-done-1440');
      await shot(players[1]!.page, 'wheel-autobet-done-390');
      for (const player of players) await player.context.close();
    },
  );
});

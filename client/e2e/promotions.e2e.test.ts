import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { FAST_HASHING, RELAXED_LIMITS } from '../../tests/support/auth.js';
import { screenshot } from '../../tests/support/browser.js';
import { trpc, WALLET_TEST_ENV } from '../../tests/support/wallet.js';
import { browserSuite } from './support/browser-suite.js';
import { pagesClosedAfterAll, signedInPlayer, type GamePlayer } from './support/game-player-suite.js';
import { MOBILE, WIDE, visit } from './support/page-helpers.js';
import { openSignedInPage } from './support/signed-in-page.js';

/** An exact decimal amount string in ledger units (1e-8). */
const parseAmount = (text: string) => {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole!) * 10n ** 8n + BigInt(fraction.padEnd(8, '0'));
};

const RACE_NAME = 'Carrera semanal ✦ Wochenrennen';

/**
 * Promotions in the browser: a player joins a race by betting and sees their place; the board moves on their open
 * page (over the `race` socket channel, well before the page's 30 s refetch) as a rival bets; they redeem a promo code;
 * the race ends and the page shows the final board with the prizes paid. At 1440 and 390 px.
 */
describe('promotions page', () => {
  const suite = browserSuite({ ...FAST_HASHING, ...RELAXED_LIMITS, ...WALLET_TEST_ENV, GAME_MIN_BET_USD: '0.01' });
  const opened = pagesClosedAfterAll();
  let admin: GamePlayer;
  let player: GamePlayer;
  let rival: GamePlayer;
  let raceId = '';

  const call = async (who: GamePlayer, kind: 'query' | 'mutation', path: string, input?: unknown) => {
    const answer = await trpc(suite.platform, kind, path, input, who.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result.data;
  };
  const dice = (who: GamePlayer, amount: string) =>
    call(who, 'mutation', 'games.dice.bet', { amount, currency: 'USD', target: 50.5, condition: 'over' });
  const boardRows = (page: Page) =>
    page
      .getByTestId(`race-${raceId}`)
      .getByTestId('race-board-row')
      .evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.userId));
  const noSideScroll = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

  /**
   * Resolves once the page's `promotions.onRace` subscription has started on the server (tRPC's `started` answer to
   * its subscribe frame): from then on no race-update is missed. Call before the page loads.
   */
  const raceSubscriptionStarted = (page: Page) =>
    new Promise<void>((resolve) => {
      const ids = new Set<unknown>();
      const frames = (payload: string | Buffer) => {
        try {
          const parsed = JSON.parse(String(payload)) as unknown;
          return (Array.isArray(parsed) ? parsed : [parsed]) as {
            id?: unknown;
            method?: string;
            params?: { path?: string };
            result?: { type?: string };
          }[];
        } catch {
          return [];
        }
      };
      page.on('websocket', (socket) => {
        socket.on('framesent', ({ payload }) => {
          for (const frame of frames(payload))
            if (frame.method === 'subscription' && frame.params?.path === 'promotions.onRace') ids.add(frame.id);
        });
        socket.on('framereceived', ({ payload }) => {
          for (const frame of frames(payload)) if (ids.has(frame.id) && frame.result?.type === 'started') resolve();
        });
      });
    });

  /** The page is not covered by the maintenance notice (a busy machine's slow health check can raise it a moment). */
  const uncovered = (page: Page) =>
    expect.poll(() => page.getByText('Server Maintenance').count(), { timeout: 30_000 }).toBe(0);

  beforeAll(async () => {
    admin = await signedInPlayer(suite.platform, { ip: '10.42.0.1', role: 'admin' });
    player = await signedInPlayer(suite.platform, { ip: '10.42.0.2', funds: '100' });
    rival = await signedInPlayer(suite.platform, { ip: '10.42.0.3', funds: '100' });
    const race = await call(admin, 'mutation', 'admin.promotions.createRace', {
      name: RACE_NAME,
      currency: 'USD',
      startsAt: new Date(Date.now() - 1_000).toISOString(),
      endsAt: new Date(Date.now() + 2 * 3_600_000).toISOString(),
      games: ['dice'],
      prizes: { pool: '20', sharesPercent: ['60', '30', '10'] },
    });
    raceId = race.id;
    await call(admin, 'mutation', 'admin.promotions.createCode', {
      name: 'Bienvenue',
      code: 'HELLO-E2E',
      currency: 'USD',
      amount: '3.5',
      maxUses: 5,
      startsAt: new Date(Date.now() - 1_000).toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
  });

  it('at 1440 px: joins the race, watches the board move as a rival bets, redeems a code', async () => {
    const page = await openSignedInPage(suite.browser, player, WIDE, opened);
    const live = raceSubscriptionStarted(page);
    await visit(page, suite.platform.url, '/promotions');
    const race = page.getByTestId(`race-${raceId}`);
    await race.getByRole('heading', { name: RACE_NAME }).waitFor();
    await expect.poll(() => race.getByTestId('race-board-empty').isVisible()).toBe(true);
    await expect.poll(() => race.getByTestId('race-countdown').innerText()).toMatch(/^0?1:5\d:\d\d$/);

    // Joining: a bet on a counted game puts the player on the board, live.
    await live;
    await dice(player, '2');
    await expect.poll(() => boardRows(page), { timeout: 10_000 }).toEqual([String(player.user.id)]);
    await expect.poll(() => race.getByTestId('race-mine').innerText()).toBe('#1');
    // The rival bets more: the open page's board reorders without a reload (the socket's race-update).
    await dice(rival, '5');
    await expect
      .poll(() => boardRows(page), { timeout: 10_000 })
      .toEqual([String(rival.user.id), String(player.user.id)]);
    await expect.poll(() => race.getByTestId('race-mine').innerText()).toBe('#2');
    expect(await race.getByTestId('race-mine-wagered').innerText()).toBe('2.00 USD wagered');
    expect(await race.getByRole('table', { name: `Prizes of ${RACE_NAME}` }).innerText()).toContain('12.00 USD (60%)');

    await page.getByTestId('promo-code-input').fill('hello-e2e');
    await page.getByRole('button', { name: 'Redeem' }).click();
    await expect
      .poll(() => page.getByTestId('promo-code-result').innerText())
      .toBe('Bienvenue: 3.50 USD added to your balance.');
    // Again: refused, with the server's reason.
    await page.getByTestId('promo-code-input').fill('HELLO-E2E');
    await page.getByRole('button', { name: 'Redeem' }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('You have already redeemed this code');
    await uncovered(page);
    await screenshot(page, 'promotions-1440');
    expect(await noSideScroll(page)).toBe(true);
    expect(opened.pageErrors.get(page)).toEqual([]);
  });

  it('at 1440 px: claims a bonus, wagers its small requirement and sees it become cash', async () => {
    const offer = await call(admin, 'mutation', 'admin.promotions.createBonus', {
      name: 'Mini bonus',
      currency: 'USD',
      startsAt: new Date(Date.now() - 1_000).toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      offer: { fixed: '1' },
      wageringMultiple: 2,
      weights: { dice: '100' },
      otherGamesPercent: '0',
      maxStake: '5',
      expiryHours: 24,
    });
    const page = await openSignedInPage(suite.browser, player, WIDE, opened);
    const live = raceSubscriptionStarted(page);
    await visit(page, suite.platform.url, '/promotions');
    await live;
    const card = page.getByTestId(`bonus-offer-${offer.id}`);
    expect(await card.innerText()).toContain('Wager 2x the bonus to turn it into cash');
    await card.getByRole('button', { name: 'Claim bonus' }).click();
    const active = page.getByTestId('active-bonus');
    await expect.poll(() => active.getByTestId('bonus-balance').innerText(), { timeout: 10_000 }).toBe('1.00 USD');
    expect(await active.getByTestId('bonus-progress').innerText()).toMatch(/^Wagered 0\.00 of 2\.00 USD \(0%\)/);
    // The bet panel refuses a stake over the bonus's maximum in the server's words, and nothing is staked.
    const game = await openSignedInPage(suite.browser, player, WIDE, opened);
    await visit(game, suite.platform.url, '/casino/games/dice');
    // The Manual tab's stake: the Auto tab's panel is mounted too once React has rendered its hidden content.
    const manualPanel = game.locator('main').getByRole('tabpanel', { name: 'Manual' });
    await manualPanel.getByTestId('bet-amount').fill('6');
    await manualPanel.getByTestId('bet-button').click();
    await expect
      .poll(() => game.getByText('While your bonus is active the maximum stake is 5 USD').first().isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    await screenshot(game, 'promotions-1440-bonus-max-stake');
    expect(opened.pageErrors.get(game)).toEqual([]);
    const cashBefore = (await suite.platform.platform.services.wallet.ledger.balances(player.user.id)).USD;
    const first = await dice(player, '1');
    await expect
      .poll(() => active.getByTestId('bonus-progress').innerText(), { timeout: 10_000 })
      .toMatch(/^Wagered 1\.00 of 2\.00 USD \(50%\)/);
    await uncovered(page);
    await screenshot(page, 'promotions-1440-bonus');
    const last = await dice(player, '1');
    // The requirement is met: the bonus card goes, and the bonus is cash.
    await expect.poll(() => active.isVisible(), { timeout: 10_000 }).toBe(false);
    const { USD, BZU } = await suite.platform.platform.services.wallet.ledger.balances(player.user.id, 'bonus');
    expect([USD, BZU]).toEqual([0n, 0n]);
    const cashAfter = (await suite.platform.platform.services.wallet.ledger.balances(player.user.id)).USD;
    // The bonus (1 USD) and the two bets' results, to the unit.
    const net = (answer: { bet: { amount: string; payout: string } }) =>
      parseAmount(answer.bet.payout) - parseAmount(answer.bet.amount);
    expect(cashAfter - cashBefore).toBe(parseAmount('1') + net(first) + net(last));
    expect(opened.pageErrors.get(page)).toEqual([]);
  });

  it('at 390 px: the board fits the phone, and the finished race shows its paid board', async () => {
    const phone = await openSignedInPage(suite.browser, rival, MOBILE, opened);
    const live = raceSubscriptionStarted(phone);
    await visit(phone, suite.platform.url, '/promotions');
    const race = phone.getByTestId(`race-${raceId}`);
    await expect.poll(() => race.getByTestId('race-mine').innerText(), { timeout: 10_000 }).toBe('#1');
    await uncovered(phone);
    await screenshot(phone, 'promotions-390');
    expect(await noSideScroll(phone)).toBe(true);

    // The operator ends the race; the job's settle pays it; the open page shows the final board (socket again).
    await live;
    await call(admin, 'mutation', 'admin.promotions.setStatus', { id: raceId, status: 'ended' });
    const settled = await call(admin, 'mutation', 'admin.promotions.settleRaces');
    expect(settled).toEqual({ finalised: [raceId], paid: 2 });
    // The finished card has no countdown. A generous wait: on a busy machine the page's health check can cover it for a
    // few seconds (the data still arrives underneath).
    await expect.poll(() => race.getByTestId('race-countdown').count(), { timeout: 30_000 }).toBe(0);
    expect(await race.getByText('Finished', { exact: true }).count()).toBe(1);
    const rows = await race.getByTestId('race-board-row').allInnerTexts();
    expect(rows.map((row) => row.replace(/\s+/g, ' ').trim())).toEqual([
      expect.stringMatching(/^1 .+ \(you\) 5\.00 12\.00$/),
      expect.stringMatching(/^2 .+ 4\.00 6\.00$/),
    ]);
    await race.scrollIntoViewIfNeeded();
    await uncovered(phone);
    await screenshot(phone, 'promotions-390-finished');
    expect(opened.pageErrors.get(phone)).toEqual([]);
  });
});

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_HASHING, RELAXED_LIMITS, http, signedInAccount } from '../../tests/support/auth.js';
import { launchBrowser, screenshot } from '../../tests/support/browser.js';
import { startTestPlatform, type TestPlatform } from '../../tests/support/platform.js';
import { raffleCloseFarFromNow } from '../../tests/support/test-clock.js';
import { WALLET_TEST_ENV, fundPlayer, trpc } from '../../tests/support/wallet.js';
import { DESKTOP, MOBILE, expectPath, headingText, visit } from './support/page-helpers.js';

type Player = { token: string; user: { id: number; publicUsername?: string; username?: string } };

/** Six prizes (3 top + 3 equal) over a dozen tickets: the draw really chooses, and every prize is awarded. */
const RAFFLE_ENV = {
  RAFFLE_TOP_PRIZES: '40,25,15',
  RAFFLE_EQUAL_PRIZES: '3',
  RAFFLE_TICKET_WAGER_USD: '10',
  RAFFLE_REVENUE_SHARE: '0.5',
  RAFFLE_CLOSE_UTC: raffleCloseFarFromNow(),
} as const;

/** $120 in ledger units (1e-8). */
const JACKPOT_UNITS = 120n * 10n ** 8n;

/**
 * The raffle end to end: a player earns tickets by playing dice in the browser and claims the free entry, sees them
 * on /raffle (and the Raffles category's card), the operator's draw (the service's drawNow, as `npm run cli --
 * raffle:draw` runs it) picks the winners, and the page shows them and replays the draw with Web Crypto, every check
 * passing; an edited entrants list fails its check. Screenshots on desktop and mobile, before and after the draw.
 */
describe('raffle in the browser', () => {
  let platform: TestPlatform;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  let player: Player;
  let rival: Player;

  async function pageFor(viewport: { width: number; height: number }, who: Player | null): Promise<Page> {
    const context = await browser.newContext({ viewport });
    contexts.push(context);
    if (who) {
      await context.addInitScript(
        ({ token, user }) => {
          localStorage.setItem('token', token);
          localStorage.setItem('user', JSON.stringify(user));
        },
        { token: who.token, user: who.user },
      );
    }
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    return page;
  }

  async function newPlayer(ip: string): Promise<Player> {
    const signedIn = await signedInAccount(platform, {}, ip);
    await fundPlayer(platform, signedIn.token, '1000');
    const profile = await http(platform.url, 'GET', '/api/auth/profile', undefined, { token: signedIn.token });
    return { token: signedIn.token, user: profile.body };
  }

  async function currentRaffle(who: Player | null) {
    const answer = await trpc(platform, 'query', 'raffle.current', undefined, who?.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result.data as { id: string; totalTickets: number; mine: { tickets: number } | null };
  }

  beforeAll(async () => {
    platform = await startTestPlatform({ ...FAST_HASHING, ...RELAXED_LIMITS, ...WALLET_TEST_ENV, ...RAFFLE_ENV });
    browser = await launchBrowser();
    // A rolling jackpot carried from earlier raffles, so every prize pays whatever the dice do to the house revenue.
    await platform.platform.services.wallet.ledger.post({
      key: 'e2e-raffle-jackpot',
      kind: 'test-jackpot',
      legs: [
        { account: { house: 'games' }, currency: 'USD', amount: -JACKPOT_UNITS },
        { account: { house: 'raffle' }, currency: 'USD', amount: JACKPOT_UNITS },
      ],
    });
    player = await newPlayer('10.89.0.1');
    rival = await newPlayer('10.89.0.2');
    // The rival plays through the API: five $10 dice bets, five tickets.
    for (let bet = 0; bet < 5; bet += 1) {
      const answer = await trpc(
        platform,
        'mutation',
        'games.dice.bet',
        { amount: '10', currency: 'USD', target: 50.5, condition: 'over' },
        rival.token,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await platform?.stop();
  });

  it(
    'earns tickets by playing dice, claims the free entry, runs the draw, shows the winners and replays it',
    { timeout: 300_000 },
    async () => {
      const page = await pageFor(DESKTOP, player);
      const main = page.locator('main');

      // Before playing: the open raffle, no tickets yet, the free entry to claim.
      await visit(page, platform.url, '/raffle');
      expect(await headingText(page)).toBe('Raffle');
      const raffleId = (await currentRaffle(player)).id;
      await expect
        .poll(() => main.getByTestId('raffle-id').textContent(), { timeout: 10_000 })
        .toBe(`Raffle #${raffleId}`);
      await expect.poll(() => main.getByTestId('mine-tickets').innerText()).toBe('0');
      expect(await main.getByTestId('raffle-countdown').innerText()).toMatch(/^(\d+d )?\d\d:\d\d:\d\d$/);
      await main.getByTestId('claim-free-entry').click();
      await expect.poll(() => main.getByTestId('free-entry-claimed').isVisible(), { timeout: 10_000 }).toBe(true);
      await expect.poll(() => main.getByTestId('mine-tickets').innerText()).toBe('1');
      // Claiming twice is not offered.
      expect(await main.getByTestId('claim-free-entry').count()).toBe(0);

      // Play: three $20 dice rolls are $60 wagered, six tickets.
      await visit(page, platform.url, '/casino/games/dice');
      await main.getByTestId('bet-amount').first().fill('20');
      for (let roll = 1; roll <= 3; roll += 1) {
        await main.getByTestId('bet-button').click();
        await expect
          .poll(
            async () =>
              (await trpc(platform, 'query', 'bets.mine', { limit: 20 }, player.token)).body.result.data.bets.length,
            { timeout: 10_000 },
          )
          .toBe(roll);
      }

      // Back on /raffle: 6 from wagers + the free entry, beside the rival's 5.
      await visit(page, platform.url, '/raffle');
      await expect.poll(() => main.getByTestId('mine-tickets').innerText(), { timeout: 10_000 }).toBe('7');
      expect(await main.getByTestId('mine-from-wagers').innerText()).toBe('6');
      expect(await main.getByTestId('mine-free-entry').innerText()).toBe('1');
      await expect.poll(() => main.getByTestId('raffle-total-tickets').innerText(), { timeout: 20_000 }).toBe('12');
      expect(await main.getByTestId('mine-win-chance').innerText()).toMatch(/%$/);
      expect(await main.getByTestId('prize-table').innerText()).toContain('4th-6th');
      expect(await main.getByTestId('current-seed-hash').innerText()).toMatch(/^[0-9a-f]{64}$/);
      await expect.poll(() => main.getByTestId('past-draws').innerText()).toContain('No raffle has been drawn yet');
      await screenshot(page, 'raffle-open-desktop');

      const phone = await pageFor(MOBILE, player);
      await visit(phone, platform.url, '/raffle');
      await expect
        .poll(() => phone.locator('main').getByTestId('mine-tickets').innerText(), { timeout: 10_000 })
        .toBe('7');
      await screenshot(phone, 'raffle-open-mobile');
      await phone.locator('main').getByTestId('my-tickets').scrollIntoViewIfNeeded();
      await screenshot(phone, 'raffle-open-mobile-tickets');

      // The casino's Raffles category shows the raffle and leads to it.
      await visit(page, platform.url, '/casino/raffles');
      expect(await headingText(page)).toBe('Raffles');
      await expect
        .poll(() => main.getByTestId('raffle-card').innerText(), { timeout: 10_000 })
        .toContain(`Daily raffle #${raffleId}`);
      expect(await main.getByTestId('raffle-card').innerText()).toContain('you hold 7 tickets');
      await screenshot(page, 'raffle-casino-category-desktop');
      await main.getByTestId('raffle-card-link').click();
      await expectPath(page, '/raffle');

      // The operator's draw: closes the raffle now, draws it and opens the next.
      const drawn = await platform.platform.services.raffle.drawNow();
      expect(drawn.paid).toBe(true);
      const winners = drawn.raffle.prizes;
      expect(winners).toHaveLength(6);
      const won = winners.filter((prize) => prize.userId === player.user.id);
      if (won.length > 0) {
        // The wins arrive over the socket (one event per prize) as one toast for the draw.
        await expect.poll(() => page.getByText('You won the raffle!').count(), { timeout: 15_000 }).toBe(1);
        const message = page.getByText(`in raffle #${raffleId}. Replay the draw on /raffle.`);
        expect(await message.innerText()).toContain(won.length > 1 ? `(${won.length} prizes)` : 'You won $');
        await screenshot(page, 'raffle-win-toast');
      }

      // The page shows the draw with its winners (usernames), prizes and verification data.
      await visit(page, platform.url, '/raffle');
      const past = main.getByTestId('past-draw').first();
      await expect.poll(() => past.innerText(), { timeout: 15_000 }).toContain(`#${raffleId}`);
      const table = await past.getByTestId('past-winners').innerText();
      for (const winner of winners) expect(table).toContain(winner.username);
      expect(await past.getByTestId('past-server-seed').innerText()).toBe(drawn.raffle.serverSeed);
      expect(await past.getByTestId('entrants-csv-link').getAttribute('href')).toBe(
        `/api/raffle/${raffleId}/entrants.csv`,
      );
      // The next raffle is open, and the tickets start again (the free entry too).
      await expect.poll(() => main.getByTestId('raffle-id').textContent()).not.toBe(`Raffle #${raffleId}`);
      expect(await main.getByTestId('mine-tickets').innerText()).toBe('0');

      // The replay panel starts from the newest draw: it downloads the CSV and every check passes.
      const replay = main.getByTestId('raffle-replay');
      await expect
        .poll(() => replay.getByTestId('replay-verdict').textContent(), { timeout: 15_000 })
        .toBe('All checks pass');
      for (const check of ['check-seed-hash', 'check-entrants-hash', 'check-winners']) {
        expect(await replay.getByTestId(check).getAttribute('data-ok'), check).toBe('true');
      }
      expect(
        await replay.getByTestId('replay-prize').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-ok'))),
      ).toEqual(Array(6).fill('true'));
      expect(await replay.getByTestId('check-winners').innerText()).toContain('6 of 6 prizes match');
      await replay.scrollIntoViewIfNeeded();
      await screenshot(page, 'raffle-replay-desktop');
      await page.evaluate(() => window.scrollTo(0, 0));
      await main.getByTestId('past-draws').scrollIntoViewIfNeeded();
      await screenshot(page, 'raffle-past-draws-desktop');

      // Replay this draw from its row: the same result; then one edited byte of the CSV fails its check.
      await past.getByTestId('replay-this-draw').click();
      await expect
        .poll(() => replay.getByTestId('replay-verdict').textContent(), { timeout: 15_000 })
        .toBe('All checks pass');
      const csv = await replay.getByTestId('replay-csv').inputValue();
      expect(csv.startsWith('user_id,tickets,first_ticket,last_ticket\n')).toBe(true);
      await replay.getByTestId('replay-csv').fill(csv.replace(/\n(\d+),/, '\n$1 ,'));
      await expect.poll(() => replay.getByTestId('replay-problem').isVisible()).toBe(true);
      await replay.getByTestId('replay-csv').fill(`${csv}\n`);
      await expect.poll(() => replay.getByTestId('check-entrants-hash').getAttribute('data-ok')).toBe('false');
      expect(await replay.getByTestId('replay-verdict').textContent()).toBe('Some checks fail');

      // Mobile after the draw: the past draw and the replay.
      await visit(phone, platform.url, '/raffle');
      const phoneReplay = phone.locator('main').getByTestId('raffle-replay');
      await expect
        .poll(() => phoneReplay.getByTestId('replay-verdict').textContent(), { timeout: 15_000 })
        .toBe('All checks pass');
      await phone.locator('main').getByTestId('past-draws').scrollIntoViewIfNeeded();
      await screenshot(phone, 'raffle-past-draws-mobile');
      await phoneReplay.getByTestId('replay-result').scrollIntoViewIfNeeded();
      await screenshot(phone, 'raffle-replay-mobile');

      // A guest sees the raffle and the draws, and is asked to log in for tickets.
      const guest = await pageFor(DESKTOP, null);
      await visit(guest, platform.url, '/raffle');
      await expect
        .poll(() => guest.locator('main').getByTestId('my-tickets').innerText(), { timeout: 10_000 })
        .toContain('Log in to see your tickets');
      await expect
        .poll(() => guest.locator('main').getByTestId('replay-verdict').textContent(), { timeout: 15_000 })
        .toBe('All checks pass');
      expect(pageErrors).toEqual([]);
    },
  );
});

import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { FAST_HASHING, RELAXED_LIMITS, http, signedInAccount } from '../../tests/support/auth.js';
import { minesBoard } from '../../tests/support/mines.js';
import { WALLET_TEST_ENV, fundPlayer, trpc } from '../../tests/support/wallet.js';
import { browserSuite } from './support/browser-suite.js';
import { MOBILE, visit } from './support/page-helpers.js';
import { openSignedInPage, type OpenedPages } from './support/signed-in-page.js';
import { screenshot } from '../../tests/support/browser.js';

const WIDE = { width: 1440, height: 900 };
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const stakeInput = (scope: Locator) => scope.getByRole('textbox', { name: /^Bet amount/ });

type Player = { token: string; user: { id: number } };

/** Counts the tones the page makes: every sound starts oscillators (sounds.ts), so a spy on start() hears them. */
async function countTones(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counter = window as unknown as { tones: number };
    counter.tones = 0;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...args: Parameters<typeof start>) {
      counter.tones += 1;
      return start.apply(this, args);
    };
  });
}
const tones = (page: Page) => page.evaluate(() => (window as unknown as { tones: number }).tones);

/** Issue #24 point 14: hotkeys with their help panel and switch, sounds with a remembered mute, turbo autobet. */
describe('game panel: hotkeys, sounds, turbo', () => {
  const suite = browserSuite({ ...FAST_HASHING, ...RELAXED_LIMITS, ...WALLET_TEST_ENV });
  const opened: OpenedPages = { contexts: [], pageErrors: new Map() };
  // Each test's pages close with it: a page left open keeps rendering every live bet, which a speed test must not pay for.
  afterEach(async () => {
    for (const context of opened.contexts.splice(0)) await context.close().catch(() => undefined);
  });
  const ok = (answer: { status: number; body: any }) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result.data;
  };
  async function player(funds: string): Promise<Player> {
    const signedIn = await signedInAccount(suite.platform);
    await fundPlayer(suite.platform, signedIn.token, funds);
    const profile = await http(suite.platform.url, 'GET', '/api/auth/profile', undefined, { token: signedIn.token });
    return { token: signedIn.token, user: profile.body };
  }
  async function betCount(who: Player): Promise<number> {
    return ok(await trpc(suite.platform, 'query', 'bets.mine', { limit: 100 }, who.token)).bets.length;
  }

  it('hotkeys are off until switched on in the help panel, never fire while typing, and the choice is remembered', async () => {
    const alice = await player('100');
    const page = await openSignedInPage(suite.browser, alice, WIDE, opened);
    const main = page.locator('main');
    await visit(page, suite.platform.url, '/casino/games/dice');
    const amount = stakeInput(main).first();
    await amount.fill('4');
    await main.getByTestId('dice-roll').click();

    // Off by default: S and Space do nothing.
    await page.keyboard.press('s');
    await page.keyboard.press('Space');
    expect(await amount.inputValue()).toBe('4');
    expect(await betCount(alice)).toBe(0);

    // The keyboard button opens the help, which lists the keys and turns them on.
    await main.getByRole('button', { name: 'Hotkeys' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hotkeys' });
    await poll(() => dialog.getByTestId('hotkeys-table').innerText()).toContain('Halve the bet amount');
    await screenshot(page, 'panel-hotkeys-help-1440');
    await dialog.getByRole('switch', { name: 'Enable hotkeys' }).click();
    await page.keyboard.press('Escape');
    await poll(() => main.getByRole('button', { name: 'Hotkeys' }).getAttribute('data-hotkeys')).toBe('on');

    await main.getByTestId('dice-roll').click();
    await page.keyboard.press('s');
    await poll(() => amount.inputValue()).toBe('2');
    await page.keyboard.press('d');
    await page.keyboard.press('d');
    await poll(() => amount.inputValue()).toBe('8');
    await page.keyboard.press('a');
    await poll(() => amount.inputValue()).toBe('0');
    // F flips over / under and keeps the win chance.
    expect(await main.getByTestId('dice-target').inputValue()).toBe('50.50');
    await page.keyboard.press('f');
    await poll(() => main.getByTestId('dice-target').inputValue()).toBe('49.50');
    await poll(() => main.getByRole('radio', { name: 'Roll under' }).isChecked()).toBe(true);

    // Typing in a field: the letters are text, not hotkeys.
    await amount.fill('');
    await amount.type('0.5');
    await page.keyboard.press('d');
    expect(await amount.inputValue()).toBe('0.5d');
    await amount.fill('0.5');
    expect(await betCount(alice)).toBe(0);

    // Space bets (focus on the board, not in a control).
    await main.getByTestId('dice-roll').click();
    await page.keyboard.press('Space');
    await poll(() => betCount(alice)).toBe(1);

    // Remembered: after a reload the keys still work.
    await visit(page, suite.platform.url, '/casino/games/dice');
    await poll(() => main.getByRole('button', { name: 'Hotkeys' }).getAttribute('data-hotkeys')).toBe('on');
    await main.getByTestId('dice-roll').click();
    await page.keyboard.press('d');
    await poll(() => stakeInput(main).first().inputValue()).toBe('1');
    expect(opened.pageErrors.get(page)).toEqual([]);
  });

  it('bets, wins and losses make sounds; mute silences them and is remembered', async () => {
    const bob = await player('100');
    const page = await openSignedInPage(suite.browser, bob, MOBILE, opened);
    await countTones(page);
    const main = page.locator('main');
    await visit(page, suite.platform.url, '/casino/games/limbo');
    await stakeInput(main).first().fill('0.01');
    await main.getByTestId('bet-button').click();
    await poll(() => main.locator('[data-testid="recent-results"] button').count()).toBe(1);
    // The bet's click and its result: at least one tone each.
    await poll(() => tones(page)).toBeGreaterThanOrEqual(2);

    await main.getByRole('button', { name: 'Mute sound' }).click();
    await poll(() => main.getByRole('button', { name: 'Turn sound on' }).isVisible()).toBe(true);
    await screenshot(page, 'panel-sound-muted-390');
    const before = await tones(page);
    await main.getByTestId('bet-button').click();
    await poll(() => main.locator('[data-testid="recent-results"] button').count()).toBe(2);
    expect(await tones(page)).toBe(before);

    await visit(page, suite.platform.url, '/casino/games/limbo');
    await poll(() => main.getByRole('button', { name: 'Turn sound on' }).isVisible()).toBe(true);
    expect(opened.pageErrors.get(page)).toEqual([]);
  });

  it('mines: a revealed gem and the cash-out make their sounds, and C cashes out when hotkeys are on', async () => {
    const dana = await player('100');
    const page = await openSignedInPage(suite.browser, dana, WIDE, opened);
    await countTones(page);
    const main = page.locator('main');
    await visit(page, suite.platform.url, '/casino/games/mines');
    await main.getByRole('button', { name: 'Hotkeys' }).click();
    await page.getByRole('dialog', { name: 'Hotkeys' }).getByRole('switch', { name: 'Enable hotkeys' }).click();
    await page.keyboard.press('Escape');
    await stakeInput(main).first().fill('0.01');
    await main.getByTestId('bet-button').click();
    await poll(
      async () => ok(await trpc(suite.platform, 'query', 'games.mines.active', undefined, dana.token)) !== null,
    ).toBe(true);
    const open = ok(await trpc(suite.platform, 'query', 'games.mines.active', undefined, dana.token));
    const mines = await minesBoard(
      suite.platform.platform.infra.db,
      dana.user.id,
      open.fairness.nonce,
      open.outcome.mines,
    );
    const safe = Array.from({ length: 25 }, (_, tile) => tile).find((tile) => !mines.includes(tile))!;

    const beforeReveal = await tones(page);
    await main.getByRole('button', { name: `Tile ${safe + 1}`, exact: true }).click();
    await poll(() => main.getByRole('button', { name: `Tile ${safe + 1}, safe` }).isVisible()).toBe(true);
    await poll(() => tones(page)).toBeGreaterThan(beforeReveal);

    const beforeCashOut = await tones(page);
    // Focus off the tile just clicked (a focused button takes its own keys).
    await main.getByTestId('mines-current').click();
    await page.keyboard.press('c');
    await poll(() => main.getByTestId('mines-result').innerText()).toMatch(/^Won /);
    // The cash-out chime is three notes.
    await poll(() => tones(page)).toBeGreaterThanOrEqual(beforeCashOut + 3);
    expect(ok(await trpc(suite.platform, 'query', 'games.mines.active', undefined, dana.token))).toBeNull();
    expect(opened.pageErrors.get(page)).toEqual([]);
  });

  for (const game of ['dice', 'limbo'] as const) {
    // The speed itself (bets a second against a bare fetch loop) is a benchmark: `npm run bench -- turbo-autobet`.
    it(`turbo autobet on ${game}: no pause and two bets on the wire at once, and the header balance and session profit equal the server's`, async () => {
      const carol = await player('100');
      const page = await openSignedInPage(suite.browser, carol, WIDE, opened);
      const main = page.locator('main');
      await visit(page, suite.platform.url, `/casino/games/${game}`);
      await poll(() => page.getByTestId('header-balance').innerText()).toContain('100.00');
      await main.getByRole('tab', { name: 'Auto' }).click();
      await stakeInput(main).fill('0.01');
      const BETS = 60;
      await main.getByLabel('Number of bets (0 = until stopped)').fill(String(BETS));
      await main.getByRole('button', { name: 'Turbo' }).click();
      await poll(() => main.getByRole('button', { name: 'Turbo' }).getAttribute('aria-pressed')).toBe('true');

      // The bets on the wire at once: turbo sends the next bet before the last one has answered.
      let onWire = 0;
      let mostOnWire = 0;
      const isBet = (url: string) => url.includes(`/api/trpc/games.${game}.bet`);
      page.on('request', (request) => {
        if (isBet(request.url())) mostOnWire = Math.max(mostOnWire, ++onWire);
      });
      const answered = (request: { url(): string }) => {
        if (isBet(request.url())) onWire -= 1;
      };
      page.on('requestfinished', answered);
      page.on('requestfailed', answered);

      const startedAt = Date.now();
      await main.getByTestId('autobet-start').click();
      await page.getByText(`Autobet finished ${BETS} bets`).first().waitFor({ timeout: 60_000 });
      const seconds = (Date.now() - startedAt) / 1000;
      const rate = BETS / seconds;
      console.log(`turbo ${game}: ${BETS} bets in ${seconds.toFixed(2)} s = ${rate.toFixed(1)} bets/s`);
      await screenshot(page, `panel-turbo-${game}-1440`);

      // Exact at the end: the server's balance in the header, the server's own bets summed in the live stats.
      const { bets } = ok(await trpc(suite.platform, 'query', 'bets.mine', { limit: 100 }, carol.token));
      expect(bets).toHaveLength(BETS);
      const profitE8 = bets.reduce(
        (sum: bigint, bet: { amount: string; payout: string }) => sum + e8(bet.payout) - e8(bet.amount),
        0n,
      );
      const me = ok(await trpc(suite.platform, 'query', 'auth.me', undefined, carol.token));
      expect(e8(me.balance)).toBe(e8('100') + profitE8);
      await poll(() => page.getByTestId('header-balance').innerText()).toContain(usd(me.balance));
      const liveProfit = main.getByTestId('live-profit');
      await poll(async () => e8((await liveProfit.getAttribute('title')) ?? 'x')).toBe(profitE8);
      const wins = Number(await main.getByTestId('live-wins').innerText());
      const losses = Number(await main.getByTestId('live-losses').innerText());
      expect(wins + losses).toBe(BETS);
      expect(wins).toBe(bets.filter((bet: { state: string }) => bet.state === 'won').length);
      expect(Number(await main.getByTestId('live-chart').getAttribute('data-points'))).toBe(BETS);
      expect(mostOnWire).toBe(2);
      expect(opened.pageErrors.get(page)).toEqual([]);
    });
  }
});

/** An exact decimal amount as 1e-8 units. */
function e8(text: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,8}))?$/.exec(text.trim());
  if (!match) throw new Error(`not an amount: ${text}`);
  const units = BigInt(match[2]!) * 100_000_000n + BigInt((match[3] ?? '').padEnd(8, '0'));
  return match[1] ? -units : units;
}

function usd(text: string): string {
  return Number(text).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

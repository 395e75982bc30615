/**
 * Turbo autobet (issue #24 point 14: at least 10 bets/s with the balance exact): the game panel's Auto tab with Turbo
 * on, in Chromium against the real platform, versus a bare peer in the same page: a plain fetch loop sending the very
 * request the panel sends (URL, headers and body captured from its first bet), with the same number in flight.
 *
 *   npm run bench -- turbo-autobet [--game dice|limbo|plinko|keno|roulette|baccarat|slots] [--bets 200] [--rounds 1]
 *
 * Turbo is the panel's "Instant bets" choice on the Auto tab (no animation, no pause): the same for every game. Each
 * game's board is set before the run (keno: ten auto-picked numbers; roulette: a 1 USD chip on red; baccarat: a
 * 0.10 chip on the player); the others bet 0.01 USD as they stand.
 *
 * Needs the built client (dist/client): built here first when missing or older than client/src. Reports bets/s for
 * both (median over rounds, the order alternating), the ratio platform/peer, the panel's largest number of bets in
 * flight, and checks that the balance (auth.me) equals the funds (1000 USD) + the sum of every bet's profit (bets.mine), exactly.
 */
import { writeFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { formatAmount, parseAmount } from '../../server/src/domain/wallet/amounts.js';
import { launchBrowser } from '../../tests/support/browser.js';
import { forkServer, median, option } from './bench-client.js';
import { ensureClientBuilt } from './client-build.js';

interface Ready {
  url: string;
  token: string;
}
/** The panel's bet request as it went on the wire, replayed by the peer. */
interface CapturedBet {
  url: string;
  headers: Record<string, string>;
  body: string;
}
export interface TurboResult {
  game: string;
  bets: number;
  panelBetsPerSecond: number;
  peerBetsPerSecond: number;
  panelMaxInFlight: number;
  balanceExact: boolean;
}

/** The little of the page's DOM the wait reads (this side is compiled without the DOM's types). */
interface PageDom {
  document: { querySelector(selector: string): { textContent: string | null } | null };
}
const PROGRESS = '[data-testid="autobet-progress"]';

/** The panel keeps two bets in flight in turbo (BetPanel's autobet loop); the peer keeps the same. */
const IN_FLIGHT = 2;
/** The player's funds (turbo-autobet.server.ts): roulette's 1 USD chip must not run them out. */
const FUNDS_E8 = 1000n * 100_000_000n;

/** What each game needs on its board before a bet can go; the stake field where the game has one. */
const GAMES: Record<string, { stake?: string; setup?: (main: Locator) => Promise<void> }> = {
  dice: { stake: '0.01' },
  limbo: { stake: '0.01' },
  plinko: { stake: '0.01' },
  slots: { stake: '0.01' },
  keno: { stake: '0.01', setup: (main) => main.getByTestId('keno-autopick').click() },
  roulette: {
    setup: async (main) => {
      await main.getByRole('button', { name: 'Chip 1', exact: true }).click();
      await main.getByRole('button', { name: /^Red/ }).click();
    },
  },
  baccarat: {
    setup: async (main) => {
      // The chips are multiples of the amount field (the value of one chip): 0.1 gives a 0.10 chip.
      await main.getByTestId('bet-amount').first().fill('0.1');
      await main.getByTestId('baccarat-chips').getByText('0.10').click();
      await main.getByTestId('baccarat-spot-player').click();
    },
  },
};

export async function run(args: string[]): Promise<TurboResult> {
  const game = args.includes('--game') ? args[args.indexOf('--game') + 1]! : 'dice';
  if (!GAMES[game]) throw new Error(`--game ${Object.keys(GAMES).join('|')}, not ${game}`);
  const bets = option(args, 'bets', 200);
  const rounds = option(args, 'rounds', 1);
  // --cpu-profile <file>: a V8 CPU profile of the page during the panel's runs (where does the panel's time go?).
  const profileFile = args.includes('--cpu-profile') ? args[args.indexOf('--cpu-profile') + 1] : undefined;
  await ensureClientBuilt();

  const server = await forkServer<Ready>('turbo-autobet');
  const { url, token } = server.ready;
  const browser = await launchBrowser();
  try {
    const user = await (
      await fetch(`${url}/api/auth/profile`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    // Signed in as the client's session store reads it at boot (localStorage 'token' and 'user').
    const session = [
      { name: 'token', value: token },
      { name: 'user', value: JSON.stringify(user) },
    ];
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      storageState: { cookies: [], origins: [{ origin: url, localStorage: session }] },
    });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    const samples = { panel: [] as number[], peer: [] as number[] };
    let maxInFlight = 0;
    let captured: CapturedBet | undefined;
    let placed = 0;
    for (let round = 0; round < rounds; round += 1) {
      // The panel goes first in round 0: the peer replays the request the panel sent.
      const order = round % 2 === 0 ? (['panel', 'peer'] as const) : (['peer', 'panel'] as const);
      for (const side of order) {
        if (side === 'panel') {
          const result = await turboRun(page, url, game, bets, profileFile);
          captured ??= result.captured;
          maxInFlight = Math.max(maxInFlight, result.maxInFlight);
          samples.panel.push(bets / result.seconds);
        } else {
          samples.peer.push(bets / (await peerRun(page, captured!, bets)));
        }
        placed += bets;
      }
    }

    const balance = await balanceCheck(url, token);
    const result: TurboResult = {
      game,
      bets,
      panelBetsPerSecond: median(samples.panel),
      peerBetsPerSecond: median(samples.peer),
      panelMaxInFlight: maxInFlight,
      balanceExact: balance.count === placed && balance.balanceE8 === FUNDS_E8 + balance.profitE8,
    };
    console.log(`\n${game}: ${rounds} round(s) of ${bets} bets per side, ${IN_FLIGHT} in flight`);
    console.log(
      `panel (Auto, Turbo)  ${result.panelBetsPerSecond.toFixed(1).padStart(7)} bets/s   rounds: ${samples.panel.map((r) => r.toFixed(1)).join(', ')}   largest in flight: ${maxInFlight}`,
    );
    console.log(
      `bare fetch loop      ${result.peerBetsPerSecond.toFixed(1).padStart(7)} bets/s   rounds: ${samples.peer.map((r) => r.toFixed(1)).join(', ')}`,
    );
    console.log(
      `ratio panel/peer     x${(result.panelBetsPerSecond / result.peerBetsPerSecond).toFixed(2)}   (issue #24 goal: the panel >= 10 bets/s: ${result.panelBetsPerSecond >= 10 ? 'met' : 'NOT met'})`,
    );
    console.log(
      `balance: ${balance.count} bets (expected ${placed}), balance ${balance.balance} = ${formatAmount(FUNDS_E8)} + profit ${signed(balance.profitE8)}: ${result.balanceExact ? 'OK' : 'FAIL'}`,
    );
    if (pageErrors.length > 0) console.log(`page errors: ${JSON.stringify(pageErrors)}`);
    if (!result.balanceExact || pageErrors.length > 0) process.exitCode = 1;
    await context.close();
    return result;
  } finally {
    await browser.close();
    await server.stop();
  }
}

/**
 * One turbo autobet of `bets` bets through the panel, timed from the Start click to "Autobet finished N bets". Also
 * captures the panel's first bet request and the largest number of bets it had in flight at once.
 */
async function turboRun(
  page: Page,
  url: string,
  game: string,
  bets: number,
  profileFile?: string,
): Promise<{ seconds: number; captured: CapturedBet; maxInFlight: number }> {
  // A fresh page each round: the previous round's "Autobet finished" would otherwise answer the wait at once.
  await page.goto(`${url}/casino/games/${game}`);
  const main = page.locator('main');
  await page.getByTestId('header-balance').filter({ hasText: /\d/ }).waitFor({ timeout: 30_000 });
  const { stake, setup } = GAMES[game]!;
  await setup?.(main);
  await main.getByRole('tab', { name: 'Auto' }).click();
  if (stake) await main.getByRole('textbox', { name: /^Bet amount/ }).fill(stake);
  await main.getByLabel('Number of bets (0 = until stopped)').fill(String(bets));
  const turbo = main.getByRole('button', { name: 'Turbo' });
  if ((await turbo.getAttribute('aria-pressed')) !== 'true') await turbo.click();
  await main.getByRole('button', { name: 'Turbo', pressed: true }).waitFor();

  const isBet = (request: { url(): string; method(): string }) =>
    request.method() === 'POST' && request.url().includes(`games.${game}.bet`);
  let captured: CapturedBet | undefined;
  let inFlight = 0;
  let maxInFlight = 0;
  const onRequest = async (
    request: Parameters<typeof isBet>[0] & { allHeaders(): Promise<Record<string, string>>; postData(): string | null },
  ) => {
    if (!isBet(request)) return;
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    if (!captured) {
      captured = { url: request.url(), headers: {}, body: request.postData() ?? '' };
      const headers = await request.allHeaders();
      for (const name of ['authorization', 'content-type']) if (headers[name]) captured.headers[name] = headers[name];
    }
  };
  const onDone = (request: Parameters<typeof isBet>[0]) => {
    if (isBet(request)) inFlight -= 1;
  };
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  const cdp = profileFile ? await page.context().newCDPSession(page) : undefined;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  try {
    const startedAt = performance.now();
    await main.getByTestId('autobet-start').click();
    // A plain poll of the progress line every 50 ms: a text locator re-searches the whole page on every change of
    // it, which is the panel's own main thread paying for the bench (the peer's loop has no such watcher).
    await page.waitForFunction(
      ({ selector, done }) =>
        (globalThis as unknown as PageDom).document.querySelector(selector)?.textContent?.includes(done) ?? false,
      { selector: PROGRESS, done: `Autobet finished ${bets} bets` },
      { polling: 50, timeout: 10 * 60_000 },
    );
    const seconds = (performance.now() - startedAt) / 1000;
    if (cdp) await writeFile(profileFile!, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    if (!captured) throw new Error(`the panel sent no games.${game}.bet request`);
    return { seconds, captured, maxInFlight };
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onDone);
    page.off('requestfailed', onDone);
  }
}

/** The bare peer: the captured request (with a fresh idempotency key each) sent `bets` times from the page by IN_FLIGHT plain fetch loops; seconds taken. */
async function peerRun(page: Page, bet: CapturedBet, bets: number): Promise<number> {
  // The panel's idempotency key: replayed as is, every bet would answer with the first one, settled once.
  const clientBetId = /"clientBetId":"([^"]+)"/.exec(bet.body)?.[1];
  if (!clientBetId) throw new Error(`no clientBetId in the panel's bet request: ${bet.body}`);
  const { seconds, failed } = await page.evaluate(
    async ({ bet, bets, inFlight, clientBetId }) => {
      let next = 0;
      let failed = 0;
      const startedAt = performance.now();
      // Anonymous on purpose: tsx would wrap a named function in a __name() helper the page does not have.
      await Promise.all(
        Array.from({ length: inFlight }, async () => {
          while (next < bets) {
            next += 1;
            const body = bet.body.replace(clientBetId, crypto.randomUUID());
            const response = await fetch(bet.url, { method: 'POST', headers: bet.headers, body });
            // Read the whole answer, as the panel does before it counts the bet.
            await response.json();
            if (!response.ok) failed += 1;
          }
        }),
      );
      return { seconds: (performance.now() - startedAt) / 1000, failed };
    },
    { bet, bets, inFlight: IN_FLIGHT, clientBetId },
  );
  if (failed > 0) throw new Error(`the peer's ${failed} of ${bets} bets were refused`);
  return seconds;
}

/** Every bet of the player (bets.mine, page by page) and the balance (auth.me), exact in 1e-8 units. */
async function balanceCheck(
  url: string,
  token: string,
): Promise<{ count: number; profitE8: bigint; balance: string; balanceE8: bigint }> {
  const query = async (procedure: string, input?: unknown): Promise<unknown> => {
    const search = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    const response = await fetch(`${url}/api/trpc/${procedure}${search}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`${procedure}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { result: { data: unknown } }).result.data;
  };
  let count = 0;
  let profitE8 = 0n;
  let cursor: string | undefined;
  do {
    const page = (await query('bets.mine', { limit: 100, ...(cursor ? { cursor } : {}) })) as {
      bets: { amount: string; payout: string }[];
      nextCursor?: string | null;
    };
    for (const bet of page.bets) profitE8 += parseAmount(bet.payout) - parseAmount(bet.amount);
    count += page.bets.length;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  const me = (await query('auth.me')) as { balance: string };
  return { count, profitE8, balance: me.balance, balanceE8: parseAmount(me.balance) };
}

const signed = (value: bigint) => (value < 0n ? `-${formatAmount(-value)}` : `+${formatAmount(value)}`);

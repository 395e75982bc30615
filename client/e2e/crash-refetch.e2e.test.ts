import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { closeBetting, crashSteps, installVectorChain, runningFor } from '../../tests/support/crash.js';
import { browserSuite } from './support/browser-suite.js';
import { MOBILE, visit, WIDE } from './support/page-helpers.js';
import { ROUND_GAME_ENV, shot } from './support/round-game.js';

/** How many `crash.current` reads a page sends (alone or in a batch) while `during` runs. */
async function currentReadsDuring(pages: Page[], during: () => Promise<void>): Promise<number[]> {
  const counts = pages.map(() => 0);
  const listeners = pages.map((page, index) => {
    const listener = (request: Request) => {
      if (new URL(request.url()).pathname.includes('crash.current')) counts[index]! += 1;
    };
    page.on('request', listener);
    return listener;
  });
  try {
    await during();
  } finally {
    pages.forEach((page, index) => page.off('request', listeners[index]!));
  }
  return counts;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Issue 45 point 12: the crash page re-read its round every second even while the round's ticks arrived. No round
 * runner runs here: the test starts the round and sends its ticks itself (as the runner would, every 250 ms), then
 * stops them (a stopped runner or a lost socket), and counts the page's `crash.current` requests in each phase.
 */
describe('crash page: re-reads the round only as a safety net while ticks arrive', () => {
  const suite = browserSuite(ROUND_GAME_ENV);

  it(
    'about one crash.current per 5 s while ticks arrive, one a second once they stop, 1440 and 390 px',
    {
      timeout: 180_000,
    },
    async () => {
      const services = suite.platform.platform.services;
      const db = suite.platform.platform.infra.db;
      const steps = crashSteps(services, await installVectorChain(db));
      const round = await steps.openBetting();
      await closeBetting(db, round.id);
      await steps.start(round);
      // Round 1 of the vectors crashes at 10.30x: a curve started a second ago stays far below it for this test.
      await runningFor(db, round.id, 1_000);

      const pages: Page[] = [];
      for (const viewport of [WIDE, MOBILE]) {
        const context = await suite.browser.newContext({ viewport });
        const page = await context.newPage();
        await visit(page, suite.platform.url, '/casino/games/crash');
        pages.push(page);
      }

      let ticking = true;
      const ticker = (async () => {
        while (ticking) {
          await steps.tick(round);
          await sleep(250);
        }
      })();
      try {
        for (const page of pages)
          await expect
            .poll(() => page.locator('main').getByTestId('crash-status').innerText(), { timeout: 20_000 })
            .toMatch(/Round 1/);
        // Past the first answers and the socket's start: from here on the ticks are what the page sees.
        await sleep(3_000);
        const whileTicking = await currentReadsDuring(pages, () => sleep(10_000));
        await shot(pages[0]!, 'crash-refetch-ticking-1440');
        await shot(pages[1]!, 'crash-refetch-ticking-390');
        // 5 s apart: two in 10 s (three if one lands at each edge); at one a second it would be about ten.
        for (const count of whileTicking) expect(count).toBeLessThanOrEqual(3);
      } finally {
        ticking = false;
        await ticker;
      }

      // Ticks stale after 2.5 s, and the read already due in up to 5 s comes first; after that, one a second.
      await sleep(6_000);
      const afterTicks = await currentReadsDuring(pages, () => sleep(5_000));
      // One a second: about five in 5 s (at least three on a loaded machine); at one per 5 s it would be one.
      for (const count of afterTicks) expect(count).toBeGreaterThanOrEqual(3);
      await shot(pages[0]!, 'crash-refetch-stopped-1440');
      for (const page of pages) await page.context().close();
    },
  );
});

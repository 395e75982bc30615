/**
 * The first visit (issue #47 point 4): a guest opens the home page of a freshly started platform in Chromium and
 * stays idle. Measured from the navigation on:
 *  - when the home page is complete (categories and featured tiles rendered), and how long it sat complete-less on
 *    a quiet network (no request in flight) before that: the goal is under 1 s;
 *  - every request (count, bytes on the wire) of the first 10 s: the goal is at most 30 and 250 KiB, with no game's code;
 *  - that hovering a featured tile then fetches that game's code (intent), and how long it took.
 * The bare peer is the same page's own shell: its document alone, so the ratios have a floor to read against.
 *
 *   npm run bench -- first-visit [--runs 3] [--busy 2] [--idle 10] [--list]
 *
 * --list prints every request of the idle window (start ms, bytes, URL). --busy N keeps N spinning processes on the machine during each run (a busy machine). Every run starts its own
 * platform process (a cold server). Needs the built client (dist/client), built first when missing or stale.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Request } from 'playwright-core';
import { launchBrowser } from '../../tests/support/browser.js';
import { forkServer, median, option } from './bench-client.js';
import { ensureClientBuilt } from './client-build.js';

interface Ready {
  url: string;
}
export interface FirstVisitResult {
  completeMs: number;
  quietWaitMs: number;
  requests: number;
  kib: number;
  gameChunks: string[];
  hoverChunkMs: number | null;
}

const GOAL = { quietWaitMs: 1000, requests: 30, kib: 250 };

export async function run(args: string[]): Promise<FirstVisitResult[]> {
  const runs = option(args, 'runs', 1);
  const busy = option(args, 'busy', 0);
  const idleSeconds = option(args, 'idle', 10);
  const list = args.includes('--list');
  await ensureClientBuilt();
  const gameChunkOf = await gameChunks();
  const results: FirstVisitResult[] = [];
  const spinners: ChildProcess[] = Array.from({ length: busy }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  const browser = await launchBrowser();
  try {
    for (let index = 0; index < runs; index += 1) {
      const server = await forkServer<Ready>('first-visit');
      try {
        results.push(await visit(browser, server.ready.url, idleSeconds, gameChunkOf, list));
      } finally {
        await server.stop();
      }
      const r = results.at(-1)!;
      console.log(
        `run ${index + 1}: complete at ${r.completeMs} ms, ${r.quietWaitMs} ms of it on a quiet network; ` +
          `${r.requests} requests, ${r.kib.toFixed(0)} KiB in ${idleSeconds} s; game code fetched idle: ` +
          `${r.gameChunks.length ? r.gameChunks.join(', ') : 'none'}; hover -> game code in ` +
          `${r.hoverChunkMs === null ? 'NEVER' : `${r.hoverChunkMs} ms`}`,
      );
    }
  } finally {
    await browser.close();
    for (const spinner of spinners) spinner.kill();
  }
  const pick = (field: 'completeMs' | 'quietWaitMs' | 'requests' | 'kib') => median(results.map((r) => r[field]));
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(`\nfirst visit, fresh server each run, ${busy} busy process(es), median of ${runs}:`);
  console.log(
    `home complete ${pick('completeMs')} ms after navigation; waited on a quiet network ${pick('quietWaitMs')} ms (goal < ${GOAL.quietWaitMs}: ${met(pick('quietWaitMs') < GOAL.quietWaitMs)})`,
  );
  console.log(
    `idle guest, first ${idleSeconds} s: ${pick('requests')} requests (goal <= ${GOAL.requests}: ${met(pick('requests') <= GOAL.requests)}), ` +
      `${pick('kib').toFixed(0)} KiB (goal <= ${GOAL.kib}: ${met(pick('kib') <= GOAL.kib)})`,
  );
  const idleGameCode = results.some((r) => r.gameChunks.length > 0);
  const hoverOk = results.every((r) => r.hoverChunkMs !== null);
  console.log(
    `game code while idle: ${idleGameCode ? 'FETCHED' : 'none'}; a hovered tile fetches its game: ${hoverOk ? 'yes' : 'NO'}`,
  );
  if (idleGameCode || !hoverOk) process.exitCode = 1;
  return results;
}

/** One guest's visit: navigation, idle for `idleSeconds`, then a hover on a featured tile. */
async function visit(
  browser: Browser,
  url: string,
  idleSeconds: number,
  gameChunkOf: Map<string, string>,
  list: boolean,
): Promise<FirstVisitResult> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const startedAt = performance.now();
  const at = () => Math.round(performance.now() - startedAt);
  const requests: { url: string; startMs: number; endMs: number; bytes: number }[] = [];
  let inFlight = 0;
  let quietSince = 0;
  const started = new Map<Request, number>();
  page.on('request', (request) => {
    inFlight += 1;
    started.set(request, requests.length);
    requests.push({ url: request.url(), startMs: at(), endMs: -1, bytes: 0 });
  });
  const finished = async (request: Request) => {
    inFlight -= 1;
    if (inFlight === 0) quietSince = at();
    const row = requests[started.get(request) ?? -1];
    if (row) row.endMs = at();
    const sizes = await request.sizes().catch(() => undefined);
    // What came over the wire: the answer's headers and its (compressed) body.
    if (row && sizes) row.bytes = sizes.responseBodySize + sizes.responseHeadersSize;
  };
  page.on('requestfinished', (request) => void finished(request));
  page.on('requestfailed', (request) => void finished(request));

  await page.goto(`${url}/`);
  // The home page is complete with its category tiles and its featured games (this side has no DOM types).
  await page.waitForFunction(
    () => {
      const { document } = globalThis as unknown as { document: { querySelector(selector: string): unknown } };
      return (
        document.querySelector('nav[aria-label="Casino categories"] a') !== null &&
        document.querySelector('[aria-label="Featured games"] a') !== null
      );
    },
    undefined,
    { timeout: 60_000, polling: 'raf' },
  );
  const completeMs = at();
  // Complete while requests were still on the wire: it waited on nothing but them.
  const quietWaitMs = inFlight > 0 ? 0 : completeMs - quietSince;
  await page.waitForTimeout(Math.max(0, idleSeconds * 1000 - at()));
  const idle = requests.filter((r) => r.startMs <= idleSeconds * 1000);
  if (list)
    for (const r of idle)
      console.log(
        `${String(r.startMs).padStart(6)}-${String(r.endMs).padStart(6)} ms ${String(r.bytes).padStart(7)} B  ${r.url.replace(url, '')}`,
      );
  const bytes = idle.reduce((sum, r) => sum + r.bytes, 0);
  const gameCode = (u: string) => gameChunkOf.get(new URL(u).pathname.replace(/^\//, ''));
  const gameChunksIdle = [...new Set(idle.map((r) => gameCode(r.url)).filter((g): g is string => g !== undefined))];

  const tile = page.locator('[aria-label="Featured games"] a[href^="/casino/games/"]').first();
  const slug = (await tile.getAttribute('href'))!.split('/').pop()!;
  const hoveredAt = at();
  const fetched = page
    .waitForRequest((request) => gameCode(request.url()) === slug, { timeout: 5_000 })
    .then(() => at() - hoveredAt)
    .catch(() => null);
  await tile.hover();
  const hoverChunkMs = gameChunksIdle.includes(slug) ? null : await fetched;
  await context.close();
  return {
    completeMs,
    quietWaitMs,
    requests: idle.length,
    kib: bytes / 1024,
    gameChunks: gameChunksIdle,
    hoverChunkMs,
  };
}

/** Every built file that holds a game's own code (client/src/features/games/<slug>/...), by file -> slug. */
async function gameChunks(): Promise<Map<string, string>> {
  const manifest = JSON.parse(await readFile(path.resolve('dist/client/.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; src?: string; isEntry?: boolean }
  >;
  const byFile = new Map<string, string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const slug = /^src\/features\/games\/([a-z-]+)\//.exec(key)?.[1];
    if (slug && !chunk.isEntry) byFile.set(chunk.file, slug);
  }
  return byFile;
}

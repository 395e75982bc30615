import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../server/src/env.js';
import { FAST_HASHING, http, RELAXED_LIMITS, signedInAccount } from '../support/auth.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { fundPlayer, PLAYING_TEST_ENV } from '../support/wallet.js';

/**
 * Issue #23 point 6: anonymous tRPC batches must not starve signed-in players. Two flooding clients
 * (each with its own address) send the batch of the report (raffle.current x1000) and the largest
 * batch the server takes, back to back, while a player places dice bets on the same server process.
 */
const BETS = 9;
/** 25 bets a second at most: a turbo autobet's pace, well inside the account budget over the test's window. */
const BET_PACE_MS = 40;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('a tRPC batch flood does not starve a signed-in bet', () => {
  let platform: TestPlatform;
  let server: ServerProcess;
  let token: string;
  // The production budget of anonymous calls per address (the test harness relaxes it).
  const { points, durationSeconds } = loadEnv({}).RATE_LIMIT_ANONYMOUS_CALLS;
  const accountBudget = loadEnv({}).RATE_LIMIT_ACCOUNT_CALLS;
  const env = {
    ...PLAYING_TEST_ENV,
    RATE_LIMIT_ANONYMOUS_CALLS: `${points}/${durationSeconds}`,
    RATE_LIMIT_ACCOUNT_CALLS: `${accountBudget.points}/${accountBudget.durationSeconds}`,
  };

  beforeAll(async () => {
    platform = await startTestPlatform(env);
    const player = await signedInAccount(platform);
    token = player.token;
    await fundPlayer(platform, token, '1000');
    // The bets and the flood go to a server process of their own: the test's own work (building
    // and reading the flood's requests) does not share its event loop.
    server = await startServerProcess(platform.env, env);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await platform?.stop();
  });

  async function betMillis(): Promise<number> {
    const started = performance.now();
    const bet = await http(
      server.url,
      'POST',
      '/api/games/dice/bets',
      { amount: 0.01, target: 50, condition: 'over' },
      { token },
    );
    const elapsed = performance.now() - started;
    expect(bet.status, JSON.stringify(bet.body)).toBe(201);
    return elapsed;
  }

  async function betTimes(): Promise<number[]> {
    const times: number[] = [];
    for (let i = 0; i < BETS; i += 1) times.push(await betMillis());
    return times;
  }

  /**
   * The median bet while `flood` runs (for longer than `windowSeconds`, so the flood spends its budget again
   * meanwhile), against the quiet median before and after; answers the flood's statuses too.
   */
  async function underFlood(floodOnce: () => Promise<number>, clients: number, windowSeconds: number) {
    for (let i = 0; i < 3; i += 1) await betMillis(); // warm up: prepared statements, caches
    const quietBefore = await betTimes();
    let flooding = true;
    const statuses = new Map<number, number>();
    const loop = async () => {
      while (flooding) {
        const status = await floodOnce();
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    const floods = Array.from({ length: clients }, loop);
    let loaded: number;
    try {
      await new Promise((resolve) => setTimeout(resolve, 300)); // the flood is under way
      const times: number[] = [];
      const started = performance.now();
      // At a player's pace, at most one bet per BET_PACE_MS: back to back, a fast machine answers ~100 bets a second,
      // and the player would spend its own account budget (RATE_LIMIT_ACCOUNT_CALLS, 600 per 10 s) within the window.
      while (times.length < BETS || performance.now() - started < (windowSeconds + 1) * 1000) {
        const betStarted = performance.now();
        times.push(await betMillis());
        const rest = BET_PACE_MS - (performance.now() - betStarted);
        if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
      }
      loaded = median(times);
    } finally {
      flooding = false;
      await Promise.all(floods);
    }
    // Quiet bets before and after the flood: a burst of other work on the machine during one of
    // the two periods moves the median less.
    const quiet = median([...quietBefore, ...(await betTimes())]);
    console.info(
      `bet median quiet ${quiet.toFixed(1)} ms, under the flood ${loaded.toFixed(1)} ms (x${(loaded / quiet).toFixed(2)}); flood answers ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    return { quiet, loaded, statuses };
  }

  const get = async (path: string, headers: Record<string, string>) => {
    const answer = await fetch(`${server.url}${path}`, { headers });
    await answer.arrayBuffer();
    return answer.status;
  };

  it('keeps the median bet within 3x of its quiet median while two clients flood', async () => {
    const report = `/api/trpc/${Array(1000).fill('raffle.current').join(',')}?batch=1`;
    const largest = `/api/trpc/${Array(10).fill('raffle.current').join(',')}?batch=1`;
    let next = 0;
    // Two addresses, each sending the report's batch and the largest allowed one back to back.
    const { quiet, loaded, statuses } = await underFlood(
      () => {
        next += 1;
        return get(next % 2 ? report : largest, { 'x-forwarded-for': next % 4 < 2 ? '10.90.0.1' : '10.90.0.2' });
      },
      4,
      durationSeconds,
    );
    expect(loaded).toBeLessThanOrEqual(3 * quiet);
    // The flood ran: the report's batch is refused, the largest allowed one runs until the address's budget is spent.
    expect(statuses.get(400)).toBeGreaterThan(0);
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(statuses.get(429)).toBeGreaterThan(0);
  }, 120_000);

  it('keeps the median bet within 3x while a signed-in account floods on 16 connections (issue #40: x49 before)', async () => {
    const flooder = await signedInAccount(platform);
    const mine = `/api/trpc/${Array(10).fill('bets.mine').join(',')}?batch=1&input=${encodeURIComponent(
      JSON.stringify(Object.fromEntries(Array.from({ length: 10 }, (_, i) => [i, { limit: 50 }]))),
    )}`;
    const { quiet, loaded, statuses } = await underFlood(
      () => get(mine, { authorization: `Bearer ${flooder.token}` }),
      16,
      accountBudget.durationSeconds,
    );
    expect(loaded).toBeLessThanOrEqual(3 * quiet);
    // The account's budget let some through and refused the rest.
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(statuses.get(429)).toBeGreaterThan(0);
  }, 120_000);
});

describe('what one tRPC request may cost', () => {
  let platform: TestPlatform;
  let token: string;

  beforeAll(async () => {
    platform = await startTestPlatform({
      ...FAST_HASHING,
      ...RELAXED_LIMITS,
      RATE_LIMIT_ANONYMOUS_CALLS: '12/60',
      TRPC_MAX_RESPONSE_BYTES: '5000',
    });
    token = (await signedInAccount(platform, {}, '10.91.0.1')).token;
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const batch = (path: string, calls: number) => `/api/trpc/${Array(calls).fill(path).join(',')}?batch=1`;

  it('takes at most 10 calls in a query batch and one mutation per request', async () => {
    const ip = '10.91.0.2';
    expect((await http(platform.url, 'GET', batch('config', 10), undefined, { ip })).status).toBe(200);
    const over = await http(platform.url, 'GET', batch('config', 11), undefined, { ip });
    expect(over.status).toBe(400);
    expect(over.body.error).toMatchObject({
      message: 'A batch holds at most 10 calls; this one has 11',
      data: { code: 'BAD_REQUEST', httpStatus: 400 },
    });
    const mutations = await http(
      platform.url,
      'POST',
      '/api/trpc/vip.claimRakeback,vip.claimRakeback?batch=1',
      { 0: {}, 1: {} },
      { token },
    );
    expect(mutations.status).toBe(400);
    expect(mutations.body.error.message).toBe('Mutations cannot be batched: send one per request');
    const one = await http(platform.url, 'POST', '/api/trpc/vip.claimRakeback?batch=1', { 0: {} }, { token });
    expect(one.status, JSON.stringify(one.body)).not.toBe(400);
  });

  it('spends an anonymous address budget per call: 429 with Retry-After; other addresses and signed-in players neither spend it nor are refused', async () => {
    const ip = '10.91.0.3';
    // A signed-in player's calls do not spend the address's budget (12 here).
    for (let i = 0; i < 2; i += 1)
      expect((await http(platform.url, 'GET', batch('vip.status', 10), undefined, { ip, token })).status).toBe(200);
    expect((await http(platform.url, 'GET', batch('config', 10), undefined, { ip })).status).toBe(200);
    const refused = await http(platform.url, 'GET', batch('config', 3), undefined, { ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.error.data).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      httpStatus: 429,
      domainCode: 'RATE_LIMITED',
    });
    // A refused request spends its calls too: a client that keeps asking stays refused.
    expect((await http(platform.url, 'GET', batch('config', 1), undefined, { ip })).status).toBe(429);
    expect((await http(platform.url, 'GET', batch('config', 10), undefined, { ip: '10.91.0.4' })).status).toBe(200);
    // A signed-in player on the spent address still gets through; a made-up token does not.
    expect((await http(platform.url, 'GET', batch('vip.status', 10), undefined, { ip, token })).status).toBe(200);
    expect(
      (await http(platform.url, 'GET', batch('config', 10), undefined, { ip, token: 'made-up-token' })).status,
    ).toBe(429);
  });

  it('refuses an answer larger than TRPC_MAX_RESPONSE_BYTES (5000 here) with 413', async () => {
    const small = await http(platform.url, 'GET', batch('vip.ranks', 1), undefined, { token });
    expect(small.status).toBe(200);
    const size = JSON.stringify(small.body).length;
    const calls = Math.min(10, Math.ceil(5_000 / size) + 1);
    expect(calls * size).toBeGreaterThan(5_000);
    const large = await http(platform.url, 'GET', batch('vip.ranks', calls), undefined, { token });
    expect(large.status).toBe(413);
    expect(large.body.error.data).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', httpStatus: 413 });
  });
});

/**
 * Crash with N players in one round: every player bets in the window (half with an auto cash-out at 2.00x), the round
 * starts, the other half cash out by hand over HTTP (`POST /api/crash/cashout`: session, the bet row lock, the round
 * and the database clock, the payout posting, events) versus a bare node:http + `pg` peer doing the same database
 * work, twice: on one house row (`bare`) and on the house account's shards (`sharded`, what the platform does since
 * issue #47); then the bust (round 1 of the vectors' chain: 10.30x) settles every remaining bet, timed from the end
 * step to the last auto cash-out's settlement reaching a socket subscribed to the crash channel (what a player
 * sees), and to the end step's return (its accruals done too).
 *
 *   npm run bench -- crash-players [--players 500] [--connections 50]
 *
 * Reports cash-out answer p50/p99 per target, bets placed p99, and the bust's times.
 */
import WebSocket from 'ws';
import { forkServer, option } from './bench-client.js';

interface Ready {
  platformUrl: string;
  bareUrl: string;
  platformTokens: string[];
  bareUsers: number[];
  shardedUsers: number[];
}

/**
 * A socket on the platform's crash channel counting a round's bets announced won; `settled(n)` resolves when `n`
 * have arrived since it was last reset (the bust's auto cash-outs), with the arrival time of the last one.
 */
async function watchSettlements(url: string) {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let roundId = '';
  let won = 0;
  let lastAt = 0;
  let waiting: { count: number; resolve: (at: number) => void } | null = null;
  ws.on('message', (raw: Buffer) => {
    const frame = JSON.parse(raw.toString()) as { type: string; data?: { roundId?: string; state?: string } };
    if (frame.type !== 'round-bet' || frame.data?.roundId !== roundId || frame.data.state !== 'won') return;
    won += 1;
    lastAt = performance.now();
    if (waiting && won >= waiting.count) waiting.resolve(lastAt);
  });
  const subscribed = new Promise<void>((resolve) =>
    ws.on('message', (raw: Buffer) => raw.toString().startsWith('{"type":"subscribed"') && resolve()),
  );
  ws.send(JSON.stringify({ type: 'subscribe', channels: ['crash'] }));
  await subscribed;
  return {
    reset(round: string) {
      roundId = round;
      won = 0;
    },
    settled: (count: number) =>
      new Promise<number>((resolve) => {
        if (won >= count) resolve(lastAt);
        else waiting = { count, resolve };
      }),
    close: () => ws.terminate(),
  };
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

/** Runs `jobs` with at most `limit` in flight; answers each job's duration in ms and its status. */
async function timed(jobs: (() => Promise<Response>)[], limit: number): Promise<{ ms: number[]; statuses: number[] }> {
  const ms: number[] = [];
  const statuses: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        const started = performance.now();
        const answer = await job();
        await answer.arrayBuffer();
        ms.push(performance.now() - started);
        statuses.push(answer.status);
      }
    }),
  );
  return { ms, statuses };
}

export async function run(args: string[]) {
  const players = option(args, 'players', 500);
  const connections = option(args, 'connections', 50);
  process.env.BENCH_PLAYERS = String(players);
  const server = await forkServer<Ready>('crash-players');
  const { ready } = server;
  try {
    await server.ask({ cmd: 'open' });
    const json = (token: string) => ({ 'content-type': 'application/json', authorization: `Bearer ${token}` });
    const bets = ready.platformTokens.map(
      (token, i) => () =>
        fetch(`${ready.platformUrl}/api/crash/bets`, {
          method: 'POST',
          headers: json(token),
          body: JSON.stringify({ amount: '0.01', ...(i % 2 === 0 ? { autoCashout: '2' } : {}) }),
        }),
    );
    const placed = await timed(bets, connections);
    const ids: string[] = [];
    // The bet ids come back from the current round's table, in placing order per player name.
    const current = (await (await fetch(`${ready.platformUrl}/api/crash/current`)).json()) as {
      bets: { betId: string; userName: string }[];
    };
    for (const bet of current.bets) ids[Number(bet.userName.slice(1))] = bet.betId;
    const watcher = await watchSettlements(`${ready.platformUrl.replace(/^http/, 'ws')}/api/ws`);
    const { bareBets, shardedBets, roundId } = await server.ask<{
      bareBets: string[];
      shardedBets: string[];
      roundId: string;
    }>({ cmd: 'start' });

    const manual = ready.platformTokens.map((token, i) => ({ token, i })).filter(({ i }) => i % 2 === 1);
    const platformCashouts = await timed(
      manual.map(
        ({ token, i }) =>
          () =>
            fetch(`${ready.platformUrl}/api/crash/cashout`, {
              method: 'POST',
              headers: json(token),
              body: JSON.stringify({ betId: ids[i] }),
            }),
      ),
      connections,
    );
    const bareCashouts = await timed(
      manual.map(
        ({ i }) =>
          () =>
            fetch(`${ready.bareUrl}/cashout`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-user': String(ready.bareUsers[i]) },
              body: JSON.stringify({ betId: bareBets[i] }),
            }),
      ),
      connections,
    );
    const shardedCashouts = await timed(
      manual.map(
        ({ i }) =>
          () =>
            fetch(`${ready.bareUrl}/cashout-sharded`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-user': String(ready.shardedUsers[i]) },
              body: JSON.stringify({ betId: shardedBets[i] }),
            }),
      ),
      connections,
    );
    // The manual cash-outs' own announcements are in by now; from here only the bust's auto cash-outs count.
    await new Promise((resolve) => setTimeout(resolve, 500));
    watcher.reset(roundId);
    const autos = players - manual.length;
    const bustStarted = performance.now();
    const announced = watcher.settled(autos);
    const bust = await server.ask<{
      settled: number;
      ms: number;
      stillOpen: number;
      bareMs: number;
      shardedMs: number;
      ledgerProblems: unknown[];
    }>({ cmd: 'end' });
    const announcedMs =
      (await Promise.race([announced, new Promise<number>((r) => setTimeout(() => r(NaN), 10_000))])) - bustStarted;
    watcher.close();

    const ok = (statuses: number[], code: number) => statuses.filter((s) => s === code).length;
    const result = {
      players,
      placed: { ok: ok(placed.statuses, 201), p99Ms: percentile(placed.ms, 0.99) },
      cashout: {
        platform: {
          ok: ok(platformCashouts.statuses, 200),
          p50Ms: percentile(platformCashouts.ms, 0.5),
          p99Ms: percentile(platformCashouts.ms, 0.99),
        },
        bare: {
          ok: ok(bareCashouts.statuses, 200),
          p50Ms: percentile(bareCashouts.ms, 0.5),
          p99Ms: percentile(bareCashouts.ms, 0.99),
        },
        sharded: {
          ok: ok(shardedCashouts.statuses, 200),
          p50Ms: percentile(shardedCashouts.ms, 0.5),
          p99Ms: percentile(shardedCashouts.ms, 0.99),
        },
      },
      bust: {
        settled: bust.settled,
        stillOpen: bust.stillOpen,
        autosAnnouncedMs: announcedMs,
        endStepMs: bust.ms,
        bareLosersMs: bust.bareMs,
        shardedLosersMs: bust.shardedMs,
      },
      ledgerProblems: bust.ledgerProblems.length,
    };
    console.log(JSON.stringify(result, null, 1));
    const { platform: p, bare: b, sharded: sh } = result.cashout;
    console.log(
      `\n${players} players: bets p99 ${result.placed.p99Ms.toFixed(1)} ms; cash-out p50/p99 platform ${p.p50Ms.toFixed(1)}/${p.p99Ms.toFixed(1)} ms, bare one row ${b.p50Ms.toFixed(1)}/${b.p99Ms.toFixed(1)} ms, bare sharded ${sh.p50Ms.toFixed(1)}/${sh.p99Ms.toFixed(1)} ms (platform/sharded x${(p.p50Ms / sh.p50Ms).toFixed(2)} / x${(p.p99Ms / sh.p99Ms).toFixed(2)}); bust: ${autos} autos announced ${announcedMs.toFixed(0)} ms, end step (all ${bust.settled} settled and accrued) ${bust.ms.toFixed(0)} ms`,
    );
    return result;
  } finally {
    await server.stop();
  }
}

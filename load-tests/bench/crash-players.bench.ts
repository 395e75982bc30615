/**
 * Crash with N players in one round: every player bets in the window (half with an auto cash-out at 2.00x), the round
 * starts, the other half cash out by hand over HTTP (`POST /api/crash/cashout`: session, the bet row lock, the round
 * and the database clock, the payout posting, events) versus a bare node:http + `pg` peer doing the same database
 * work; then the bust (round 1 of the vectors' chain: 10.30x) settles every remaining bet, timed from the end step
 * to the last settlement.
 *
 *   npm run bench -- crash-players [--players 500] [--connections 50]
 *
 * Reports cash-out answer p50/p99 per target, bets placed p99, and bust-to-all-settled.
 */
import { forkServer, option } from './bench-client.js';

interface Ready {
  platformUrl: string;
  bareUrl: string;
  platformTokens: string[];
  bareUsers: number[];
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
    const { bareBets } = await server.ask<{ bareBets: string[] }>({ cmd: 'start' });

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
    const bust = await server.ask<{
      settled: number;
      ms: number;
      stillOpen: number;
      bareMs: number;
      ledgerProblems: unknown[];
    }>({ cmd: 'end' });

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
      },
      bust: { settled: bust.settled, stillOpen: bust.stillOpen, allSettledMs: bust.ms, bareLosersMs: bust.bareMs },
      ledgerProblems: bust.ledgerProblems.length,
    };
    console.log(JSON.stringify(result, null, 1));
    console.log(
      `\n${players} players: bets p99 ${result.placed.p99Ms.toFixed(1)} ms; cash-out p50/p99 platform ${result.cashout.platform.p50Ms.toFixed(1)}/${result.cashout.platform.p99Ms.toFixed(1)} ms vs bare ${result.cashout.bare.p50Ms.toFixed(1)}/${result.cashout.bare.p99Ms.toFixed(1)} ms; bust to all ${bust.settled} settled ${bust.ms.toFixed(0)} ms`,
    );
    return result;
  } finally {
    await server.stop();
  }
}

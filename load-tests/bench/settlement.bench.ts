/**
 * Settlement throughput: dice bets through the full HTTP path of the real platform (POST /api/games/dice/bets:
 * session, validation, self-exclusion check, nonce, outcome, bet row, stake and payout ledger transactions, balance,
 * and after commit the game result, the live feed and the referral lookup) versus a bare node:http + plain `pg` peer
 * that settles the same bet in the same database transaction shape. Same machine, same run, rounds interleaved.
 *
 *   npm run bench -- settlement [--rounds 3] [--many 3000] [--hot 1000] [--connections 50] [--layers 2000] [--pooler]
 *
 * `--transport trpc`: the platform's bets go the way the web client sends them (POST /api/trpc/games.dice.bet?batch=1
 * with the input under "0", as tRPC's httpBatchLink does), not as REST bets.
 *
 * `--pooler`: both sides reach Postgres through PgBouncer in transaction mode (the platform without named prepared
 * statements, docs/operations.md "Behind a connection pooler").
 *
 * Scenarios: "many" (bets spread over 200 accounts) and "hot" (every bet on one account: they serialise on its seed
 * pair and balance rows). Reports bets/s per target (median over rounds), p99, and the platform/bare ratio (goal
 * >= 0.9), and node CPU per bet of each side (goal within 1.3x). Then audits both sides: every 201 is exactly one bet row, nonces per pair contiguous from 0, one stake
 * (and one payout when won) ledger transaction per bet, and LedgerService.check() clean.
 *
 * `--layers N` (0 turns it off) adds, once per round, node CPU per bet without HTTP: the peer's settle function, the
 * platform's bet engine called directly, and the engine behind its tRPC procedure, N bets each in the server process.
 */
import { autocannon, forkServer, median, option, type AutocannonResult } from './bench-client.js';

interface Ready {
  platformUrl: string;
  bareUrl: string;
  platformTokens: string[];
  bareUsers: number[];
}
interface SideAudit {
  bets: number;
  payouts: number;
  nonceGaps: number;
  betTransactions: number;
}

const BET = { amount: '0.01', target: 50, condition: 'over', currency: 'USD' };
const BODY = JSON.stringify(BET);
/** The same bet as the web client's tRPC link sends it: one mutation, batched alone. */
const TRPC_BODY = JSON.stringify({ 0: BET });

export interface SettlementResult {
  scenario: 'many' | 'hot';
  target: 'platform' | 'bare';
  betsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  answered2xx: number;
  other: number;
  /** CPU ms per bet on the server side (median over rounds): the server process, all of postgres, redis-server. */
  cpuMsPerBet: { node: number; nodeKernel: number; postgres: number; redis: number };
  /** Statements sent to Postgres per bet (median over rounds), counted on the side's pg clients. */
  statementsPerBet: number;
}

type CpuTimes = SettlementResult['cpuMsPerBet'];
/** Node CPU ms per bet of each in-process layer (settlement.server.ts `layers`). */
type Layers = Record<'bare' | 'engine' | 'procedure', number>;
type CpuReading = { cpu: CpuTimes & { nodeAfterReading: number }; statements: Record<'platform' | 'bare', number> };

export async function run(args: string[]): Promise<SettlementResult[]> {
  const rounds = option(args, 'rounds', 3);
  const many = option(args, 'many', 3000);
  const hot = option(args, 'hot', 1000);
  const connections = option(args, 'connections', 50);
  const layerBets = option(args, 'layers', 2000);
  const transportAt = args.indexOf('--transport');
  const transport = transportAt >= 0 ? args[transportAt + 1] : 'rest';
  if (transport !== 'rest' && transport !== 'trpc') throw new Error('--transport is rest or trpc');
  const platformPath = transport === 'trpc' ? '/api/trpc/games.dice.bet?batch=1' : '/api/games/dice/bets';
  const platformBody = transport === 'trpc' ? TRPC_BODY : BODY;
  if (args.includes('--pooler')) process.env.BENCH_POOLER = '1';
  const server = await forkServer<Ready>('settlement');
  const { ready } = server;
  const accounts = ready.platformTokens.length - 1;
  console.log(
    `${accounts} accounts per side (+1 hot); ${connections} connections; platform bets over ${transport}; ${rounds} rounds of ${many} (many) and ${hot} (hot) bets per target`,
  );

  /** One load run: `amount` bets, each request signed as the next account of the scenario. */
  const load = (target: 'platform' | 'bare', scenario: 'many' | 'hot', amount: number) => {
    let next = 0;
    const pick = () => (scenario === 'hot' ? accounts : next++ % accounts);
    const url = target === 'platform' ? ready.platformUrl : ready.bareUrl;
    return autocannon({
      url,
      connections: scenario === 'hot' ? Math.min(connections, 20) : connections,
      amount,
      // A run of `amount` bets ends at the first check after its last answer: every 10 ms, not every second (that
      // rounded a 6.1 s run up to 7 s and skewed the throughput figures by up to a sixth).
      sampleInt: 10,
      requests: [
        {
          setupRequest: (request) => {
            const i = pick();
            const auth: Record<string, string> =
              target === 'platform'
                ? { authorization: `Bearer ${ready.platformTokens[i]}` }
                : { 'x-user': String(ready.bareUsers[i]) };
            return {
              ...request,
              method: 'POST',
              path: target === 'platform' ? platformPath : '/bets',
              headers: { 'content-type': 'application/json', ...auth },
              body: target === 'platform' ? platformBody : BODY,
            };
          },
        },
      ],
    });
  };

  const results: SettlementResult[] = [];
  const answered = { platform: 0, bare: 0 };
  try {
    for (const scenario of ['many', 'hot'] as const) {
      const amount = scenario === 'many' ? many : hot;
      const samples: Record<'platform' | 'bare', AutocannonResult[]> = { platform: [], bare: [] };
      const cpu: Record<'platform' | 'bare', CpuTimes[]> = { platform: [], bare: [] };
      const statements: Record<'platform' | 'bare', number[]> = { platform: [], bare: [] };
      // Warm-up (JIT, pools, the platform's lazily created seed pairs), counted in the audit but not in the figures.
      for (const target of ['platform', 'bare'] as const) {
        const warm = await load(target, scenario, Math.min(amount, scenario === 'many' ? accounts * 2 : 200));
        answered[target] += warm['2xx'];
      }
      for (let round = 0; round < rounds; round++) {
        const order = round % 2 === 0 ? (['platform', 'bare'] as const) : (['bare', 'platform'] as const);
        for (const target of order) {
          const { cpu: before, statements: sentBefore } = await server.ask<CpuReading>({ cmd: 'cpu' });
          const result = await load(target, scenario, amount);
          // A moment after the last answer, so the work nobody waits for (the outbox marks linger 200 ms) is counted.
          await new Promise((resolve) => setTimeout(resolve, 300));
          const { cpu: after, statements: sentAfter } = await server.ask<CpuReading>({ cmd: 'cpu' });
          statements[target].push((sentAfter[target] - sentBefore[target]) / Math.max(result['2xx'], 1));
          answered[target] += result['2xx'];
          samples[target].push(result);
          const perBet = (key: keyof CpuTimes) => (after[key] - before[key]) / Math.max(result['2xx'], 1);
          // The start reading's own /proc reads are not the bets' (cpuTimes).
          const nodePerBet = (after.node - before.nodeAfterReading) / Math.max(result['2xx'], 1);
          cpu[target].push({
            node: nodePerBet,
            nodeKernel: perBet('nodeKernel'),
            postgres: perBet('postgres'),
            redis: perBet('redis'),
          });
        }
      }
      for (const target of ['platform', 'bare'] as const) {
        const runs = samples[target];
        results.push({
          scenario,
          target,
          // amount / wall time: every bet answered, none cut off by a deadline.
          betsPerSecond: median(runs.map((r) => r['2xx'] / (r.duration || 1))),
          p50Ms: median(runs.map((r) => r.latency.p50)),
          p99Ms: median(runs.map((r) => r.latency.p99)),
          answered2xx: runs.reduce((s, r) => s + r['2xx'], 0),
          other: runs.reduce((s, r) => s + r.non2xx + r.errors + r.timeouts, 0),
          cpuMsPerBet: {
            node: median(cpu[target].map((c) => c.node)),
            nodeKernel: median(cpu[target].map((c) => c.nodeKernel)),
            postgres: median(cpu[target].map((c) => c.postgres)),
            redis: median(cpu[target].map((c) => c.redis)),
          },
          statementsPerBet: median(statements[target]),
        });
      }
    }
    const layerRuns: Layers[] = [];
    for (let round = 0; layerBets > 0 && round < rounds; round++) {
      layerRuns.push(
        (await server.ask<{ layers: Layers }>({ cmd: 'layers', count: layerBets } as { cmd: string })).layers,
      );
      answered.bare += layerBets;
      answered.platform += 2 * layerBets;
    }
    const { audit } = await server.ask<{ audit: { platform: SideAudit; bare: SideAudit; ledgerProblems: unknown[] } }>({
      cmd: 'audit',
    });

    console.log(
      `\n${'scenario'.padEnd(10)}${'target'.padEnd(10)}${'bets/s'.padStart(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'2xx'.padStart(8)}${'other'.padStart(7)}`,
    );
    for (const r of results) {
      console.log(
        `${r.scenario.padEnd(10)}${r.target.padEnd(10)}${r.betsPerSecond.toFixed(0).padStart(10)}${r.p50Ms.toFixed(1).padStart(9)}${r.p99Ms.toFixed(1).padStart(9)}${String(r.answered2xx).padStart(8)}${String(r.other).padStart(7)}`,
      );
    }
    console.log('\nratio platform/bare (throughput, goal >= 0.9)');
    for (const scenario of ['many', 'hot'] as const) {
      const p = results.find((r) => r.scenario === scenario && r.target === 'platform')!;
      const b = results.find((r) => r.scenario === scenario && r.target === 'bare')!;
      console.log(
        `${scenario.padEnd(10)} x${(p.betsPerSecond / b.betsPerSecond).toFixed(2)}   p99 ${p.p99Ms} ms vs ${b.p99Ms} ms`,
      );
    }
    console.log('\nserver CPU per bet, ms (node = the server process, which also hosts the bare peer)');
    for (const r of results) {
      const c = r.cpuMsPerBet;
      console.log(
        `${r.scenario.padEnd(10)}${r.target.padEnd(10)} node ${c.node.toFixed(2)} (kernel ${c.nodeKernel.toFixed(2)})  postgres ${c.postgres.toFixed(2)}  redis ${c.redis.toFixed(2)}  total ${(c.node + c.postgres + c.redis).toFixed(2)}  statements per bet ${r.statementsPerBet.toFixed(1)}`,
      );
    }
    for (const scenario of ['many', 'hot'] as const) {
      const p = results.find((r) => r.scenario === scenario && r.target === 'platform')!.cpuMsPerBet.node;
      const b = results.find((r) => r.scenario === scenario && r.target === 'bare')!.cpuMsPerBet.node;
      console.log(`${scenario.padEnd(10)} node CPU per bet x${(p / b).toFixed(2)} of the bare peer (goal <= 1.3)`);
    }
    if (layerRuns.length > 0) {
      const layer = (key: keyof Layers) => median(layerRuns.map((run) => run[key]));
      const bare = layer('bare');
      console.log(
        `\nnode CPU per bet without HTTP, ms (in the server process, ${layerBets} bets each, median of ${layerRuns.length})`,
      );
      console.log(`bare settle function        ${bare.toFixed(2)}`);
      console.log(`platform bet engine         ${layer('engine').toFixed(2)}  x${(layer('engine') / bare).toFixed(2)}`);
      console.log(
        `platform tRPC procedure     ${layer('procedure').toFixed(2)}  x${(layer('procedure') / bare).toFixed(2)}  (session, input schema, error mapping + engine)`,
      );
    }
    console.log('\naudit (every answered bet settled exactly once)');
    for (const target of ['platform', 'bare'] as const) {
      const a = audit[target];
      const ok = a.bets === answered[target] && a.nonceGaps === 0 && a.betTransactions === a.bets + a.payouts;
      console.log(
        `${target.padEnd(10)} answered ${answered[target]}, bet rows ${a.bets}, nonce gaps ${a.nonceGaps}, ledger txs ${a.betTransactions} (= ${a.bets} stakes + ${a.payouts} payouts) ${ok ? 'OK' : 'MISMATCH'}`,
      );
      if (!ok) process.exitCode = 1;
    }
    console.log(`ledger check: ${audit.ledgerProblems.length === 0 ? 'OK' : JSON.stringify(audit.ledgerProblems)}`);
    if (audit.ledgerProblems.length > 0) process.exitCode = 1;
  } finally {
    await server.stop();
  }
  return results;
}

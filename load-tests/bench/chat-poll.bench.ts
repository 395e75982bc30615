/**
 * Chat polling: GET /api/chat/messages on the real platform versus a bare node:http server that
 * returns the same bytes, same machine, same run, rounds interleaved.
 *
 *   npm run bench -- chat-poll [--duration 5] [--rounds 3] [--connections 50]
 *
 * Scenarios: "page" (a 200 with the 50-message page, no validator) and "poll-304" (what an
 * up-to-date poller sends every 3 s: ?after=<newest id> with the ETag it last got; 304). Reports
 * requests/s and p99 latency per target (median over rounds) and the platform/bare throughput
 * ratio; the goal is >= 0.5. Servers run in a child process, autocannon here.
 */
import { autocannon, forkServer, median, option, type AutocannonResult } from './bench-client.js';

interface Ready {
  platformUrl: string;
  bareUrl: string;
  etag: string;
  pollEtag: string;
  bytes: number;
  lastId: number;
}

export interface ChatPollResult {
  scenario: string;
  target: 'platform' | 'bare';
  requestsPerSecond: number;
  p99Ms: number;
  p50Ms: number;
  errors: number;
  /** Node CPU of the server process per request, µs (median over rounds). */
  cpuUsPerRequest: number;
  statuses: string;
}

export async function run(args: string[]): Promise<ChatPollResult[]> {
  const duration = option(args, 'duration', 5);
  const rounds = option(args, 'rounds', 3);
  const connections = option(args, 'connections', 50);
  const server = await forkServer<Ready>('chat-poll');
  const { ready } = server;
  console.log(
    `page: ${ready.bytes} bytes, ETag ${ready.etag}; ${connections} connections, ${rounds} x ${duration} s per target and scenario`,
  );

  const scenarios = {
    page: { path: '/api/chat/messages', headers: {} as Record<string, string> },
    'poll-304': { path: `/api/chat/messages?after=${ready.lastId}`, headers: { 'if-none-match': ready.pollEtag } },
  };
  const results: ChatPollResult[] = [];
  try {
    for (const [scenario, { path: urlPath, headers }] of Object.entries(scenarios)) {
      const samples: Record<'platform' | 'bare', AutocannonResult[]> = { platform: [], bare: [] };
      /** The server process's CPU (user + system) per request, µs: both servers share the process, runs alternate. */
      const cpu: Record<'platform' | 'bare', number[]> = { platform: [], bare: [] };
      const base = { platform: ready.platformUrl, bare: ready.bareUrl };
      // Warm-up (JIT, connection pools), not counted.
      for (const target of ['platform', 'bare'] as const)
        await autocannon({ url: base[target] + urlPath, connections, duration: 2, headers });
      for (let round = 0; round < rounds; round++) {
        const order = round % 2 === 0 ? (['platform', 'bare'] as const) : (['bare', 'platform'] as const);
        for (const target of order) {
          const before = (await server.ask<{ cpu: { nodeAfterReading: number } }>({ cmd: 'cpu' })).cpu.nodeAfterReading;
          const result = await autocannon({ url: base[target] + urlPath, connections, duration, headers });
          const after = (await server.ask<{ cpu: { node: number } }>({ cmd: 'cpu' })).cpu.node;
          samples[target].push(result);
          cpu[target].push(((after - before) * 1000) / Math.max(result.requests.sent, 1));
        }
      }
      for (const target of ['platform', 'bare'] as const) {
        const runs = samples[target];
        const statuses = new Map<string, number>();
        for (const r of runs)
          for (const [code, { count }] of Object.entries(r.statusCodeStats))
            statuses.set(code, (statuses.get(code) ?? 0) + count);
        results.push({
          scenario,
          target,
          requestsPerSecond: median(runs.map((r) => r.requests.average)),
          p99Ms: median(runs.map((r) => r.latency.p99)),
          p50Ms: median(runs.map((r) => r.latency.p50)),
          errors: runs.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
          cpuUsPerRequest: median(cpu[target]),
          statuses: [...statuses].map(([code, count]) => `${code}x${count}`).join(' '),
        });
      }
    }
  } finally {
    await server.stop();
  }

  console.log(
    `\n${'scenario'.padEnd(10)}${'target'.padEnd(10)}${'req/s'.padStart(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'errors'.padStart(8)}  statuses`,
  );
  for (const r of results) {
    console.log(
      `${r.scenario.padEnd(10)}${r.target.padEnd(10)}${r.requestsPerSecond.toFixed(0).padStart(10)}${r.p50Ms.toFixed(1).padStart(9)}${r.p99Ms
        .toFixed(1)
        .padStart(9)}${String(r.errors).padStart(8)}  ${r.statuses}`,
    );
  }
  console.log('\nratio platform/bare (throughput, higher is better; goal >= 0.9)');
  for (const scenario of Object.keys(scenarios)) {
    const platform = results.find((r) => r.scenario === scenario && r.target === 'platform')!;
    const bare = results.find((r) => r.scenario === scenario && r.target === 'bare')!;
    console.log(
      `${scenario.padEnd(10)} x${(platform.requestsPerSecond / bare.requestsPerSecond).toFixed(2)}   p99 ${platform.p99Ms} ms vs ${bare.p99Ms} ms   node CPU ${platform.cpuUsPerRequest.toFixed(1)} vs ${bare.cpuUsPerRequest.toFixed(1)} µs/request (x${(platform.cpuUsPerRequest / bare.cpuUsPerRequest).toFixed(2)}, goal <= 1.3)`,
    );
  }
  return results;
}

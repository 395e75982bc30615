/**
 * Idle sockets: N sockets (10,000 by default) held open on one server process, the platform's /api/ws (subscribed to
 * token-price) versus the bare `ws` server, one target at a time (both at once would pass the 20,000 descriptors a
 * process may open). Per target: memory per socket (RSS and heap+external of the server process after a full GC,
 * before and after connecting, divided by N) and the time for one broadcast to reach the last socket (median over
 * rounds; the platform both through Redis and its local fan-out alone).
 *
 *   npm run bench -- idle-sockets [--sockets 10000] [--rounds 7] [--client raw|ws]
 *
 * The receiving sockets are socket-group.ts's (raw-ws-client.ts by default).
 *
 * Goals (issue #31): <= 30 KB per socket on the platform, and the last of 10,000 within 1.5x of twice the 5,000
 * figure of socket-fanout (run that bench beside this one; the ratio against the bare peer is printed here).
 */
import { measure, median, ServerChild } from './socket-fanout.bench.js';
import { clientOption, SocketGroup } from './socket-group.js';

interface IdleResult {
  target: 'platform' | 'bare';
  sockets: number;
  rssKbPerSocket: number;
  heapKbPerSocket: number;
  lastSocketMs: number;
  localLastSocketMs?: number;
}

export async function run(args: string[]): Promise<IdleResult[]> {
  const at = (name: string, fallback: number) =>
    args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback;
  const n = at('sockets', 10_000);
  const rounds = at('rounds', 7);
  const client = clientOption(args);
  const { server, platformUrl, bareUrl } = await ServerChild.start('token-price');
  const results: IdleResult[] = [];
  try {
    for (const target of ['platform', 'bare'] as const) {
      const before = await server.request({ cmd: 'stats' });
      const group = await SocketGroup.open(target === 'platform' ? platformUrl : bareUrl, n, {
        channel: 'token-price',
        subscribe: target === 'platform',
        client,
      });
      // Let the handshakes' transient buffers go before the second reading.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const after = await server.request({ cmd: 'stats' });
      for (let round = 0; round < 2; round++) await measure(server, group, target, round, 1);
      const times: number[] = [];
      const local: number[] = [];
      for (let round = 0; round < rounds; round++) {
        times.push(await measure(server, group, target, 10 + round, 1));
        if (target === 'platform') local.push(await measure(server, group, 'platform-local', 10 + round, 1));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      results.push({
        target,
        sockets: n,
        rssKbPerSocket: (after.rss! - before.rss!) / n / 1024,
        heapKbPerSocket: (after.heapUsed! - before.heapUsed!) / n / 1024,
        lastSocketMs: median(times),
        localLastSocketMs: local.length > 0 ? median(local) : undefined,
      });
      group.close();
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  } finally {
    server.child.send({ cmd: 'stop' });
  }
  console.log(
    `\n${'target'.padEnd(10)}${'sockets'.padStart(8)}${'RSS KB/socket'.padStart(15)}${'heap KB/socket'.padStart(16)}${'last socket ms'.padStart(16)}${'local ms'.padStart(10)}`,
  );
  for (const r of results) {
    console.log(
      `${r.target.padEnd(10)}${String(r.sockets).padStart(8)}${r.rssKbPerSocket.toFixed(1).padStart(15)}${r.heapKbPerSocket.toFixed(1).padStart(16)}${r.lastSocketMs.toFixed(1).padStart(16)}${(r.localLastSocketMs?.toFixed(1) ?? '-').padStart(10)}`,
    );
  }
  const [p, b] = results;
  // Heap + external is the figure: RSS does not shrink when the first target's sockets close, so the second
  // target's RSS delta reuses freed pages (it can even come out negative); it is printed for the first one's sake.
  console.log(
    `\nplatform ${p!.heapKbPerSocket.toFixed(1)} KB per socket (heap + external; goal <= 30), bare ${b!.heapKbPerSocket.toFixed(1)}: x${(p!.heapKbPerSocket / b!.heapKbPerSocket).toFixed(2)}; last socket x${(p!.lastSocketMs / b!.lastSocketMs).toFixed(2)} of the bare peer`,
  );
  return results;
}

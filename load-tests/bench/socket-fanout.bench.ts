/**
 * Socket fan-out: N sockets subscribed to token-price on the platform's /api/ws versus N sockets on
 * a bare `ws` server that loops send(), same machine, same run, rounds interleaved.
 *
 *   npm run bench -- socket-fanout [--sockets 1000,5000] [--rounds 15] [--burst 20] [--channel token-price|crash] [--client raw|ws]
 *
 * `--channel crash` (the crash-bust bench): the sockets watch the crash channel and each broadcast is a round's bust
 * (`round-update`, state ended, with its hash and crash point), as every viewer of a round receives it.
 *
 * Reports, per target: time to last socket for one broadcast (median and p90 over rounds) and
 * deliveries/s for a burst of broadcasts; then platform/bare ratios. Servers run in a child process
 * (one core), the clients here (the other core): raw-ws-client.ts sockets by default (socket-group.ts says why),
 * `--client ws` for `ws` clients. A round fails unless every socket received every broadcast exactly once.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { profileArgs } from './bench-client.js';
import { clientOption, SocketGroup, type ClientKind, type FanoutChannel } from './socket-group.js';

type Target = 'platform' | 'platform-local' | 'bare';
const TARGETS: Target[] = ['platform', 'platform-local', 'bare'];
const here = path.dirname(fileURLToPath(import.meta.url));

interface Options {
  sockets: number[];
  rounds: number;
  burst: number;
  channel: FanoutChannel;
  client: ClientKind;
}

function parseOptions(args: string[]): Options {
  const value = (name: string) => {
    const index = args.indexOf(`--${name}`);
    return index >= 0 ? args[index + 1] : undefined;
  };
  return {
    sockets: (value('sockets') ?? '1000,5000')
      .split(',')
      .map(Number)
      .filter((n) => n > 0),
    rounds: Number(value('rounds') ?? 15),
    burst: Number(value('burst') ?? 20),
    channel: value('channel') === 'crash' ? 'crash' : 'token-price',
    client: clientOption(args),
  };
}

/** Replies of socket-fanout.server.ts over IPC. */
interface ServerReply {
  ready?: boolean;
  platformUrl: string;
  bareUrl: string;
  t0: number;
  /** When the broadcast loop returned (platform: when the publish call returned, the loop runs later). */
  sentAt: number;
  /** The 'stats' reply: the server process's memory after a full GC, bytes. */
  rss?: number;
  heapUsed?: number;
}

export class ServerChild {
  private pending: ((message: ServerReply) => void)[] = [];
  constructor(readonly child: ChildProcess) {
    child.on('message', (message) => this.pending.shift()?.(message as ServerReply));
  }
  static async start(
    channel: Options['channel'],
  ): Promise<{ server: ServerChild; platformUrl: string; bareUrl: string }> {
    const child = fork(path.join(here, 'socket-fanout.server.ts'), [], {
      execArgv: ['--import', 'tsx', '--expose-gc', ...profileArgs()],
      stdio: 'inherit',
      env: { ...process.env, FANOUT_CHANNEL: channel },
    });
    const server = new ServerChild(child);
    const ready = await server.next();
    return { server, platformUrl: ready.platformUrl, bareUrl: ready.bareUrl };
  }
  next(): Promise<ServerReply> {
    return new Promise((resolve) => this.pending.push(resolve));
  }
  async request(message: unknown): Promise<ServerReply> {
    const reply = this.next();
    this.child.send(message as object);
    return reply;
  }
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p90 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.9))]!;

export async function measure(
  server: ServerChild,
  group: SocketGroup,
  target: Target,
  round: number,
  count: number,
): Promise<number> {
  return (await measureRound(server, group, target, round, count)).lastSocketMs;
}

/**
 * One broadcast (or burst): the time to the last socket as the clients saw it, and the server's own loop time (the
 * synchronous send loop of platform-local and bare; the server-side cost per socket, which the clients' reading
 * does not blur).
 */
export async function measureRound(
  server: ServerChild,
  group: SocketGroup,
  target: Target,
  round: number,
  count: number,
): Promise<{ lastSocketMs: number; loopMs: number; clientCpuUs: number; clientKernelUs: number }> {
  const delivered = group.expect(count);
  // This process does nothing else during a round, so its CPU time over it is what receiving costs (user + kernel).
  const cpu = process.cpuUsage();
  const { t0, sentAt } = await server.request({ cmd: target, round, count });
  await delivered;
  const used = process.cpuUsage(cpu);
  const deliveries = group.size * count;
  return {
    lastSocketMs: group.lastAt - t0,
    loopMs: sentAt - t0,
    clientCpuUs: (used.user + used.system) / deliveries,
    clientKernelUs: used.system / deliveries,
  };
}

export interface FanoutResult {
  sockets: number;
  target: Target;
  lastSocketMedianMs: number;
  lastSocketP90Ms: number;
  /** The server's send loop per socket, µs (median; not for `platform`, whose loop runs after the Redis hop). */
  serverLoopUsPerSocket?: number;
  /** The receiving process's CPU per delivery, µs (median): what the load generator costs. */
  clientCpuUsPerDelivery: number;
  /** Of which in the kernel (system time: epoll, read, the ACKs), µs. */
  clientKernelUsPerDelivery: number;
  deliveriesPerSecond: number;
}

export async function run(args: string[]): Promise<FanoutResult[]> {
  const options = parseOptions(args);
  const { server, platformUrl, bareUrl } = await ServerChild.start(options.channel);
  const results: FanoutResult[] = [];
  try {
    for (const n of options.sockets) {
      const groups: Record<Target, SocketGroup> = {
        platform: await SocketGroup.open(platformUrl, n, {
          channel: options.channel,
          subscribe: true,
          client: options.client,
        }),
        'platform-local': undefined as unknown as SocketGroup,
        bare: await SocketGroup.open(bareUrl, n, {
          channel: options.channel,
          subscribe: false,
          client: options.client,
        }),
      };
      groups['platform-local'] = groups.platform;
      console.log(
        `\n${n} sockets per server connected to ${options.channel} (${options.client} clients); warming up...`,
      );
      for (let round = 0; round < 3; round++)
        for (const target of TARGETS) await measure(server, groups[target], target, round, 1);

      const latency: Record<Target, number[]> = { platform: [], 'platform-local': [], bare: [] };
      const loop: Record<Target, number[]> = { platform: [], 'platform-local': [], bare: [] };
      const clientCpu: Record<Target, number[]> = { platform: [], 'platform-local': [], bare: [] };
      const clientKernel: Record<Target, number[]> = { platform: [], 'platform-local': [], bare: [] };
      for (let round = 0; round < options.rounds; round++) {
        // Interleaved, with the order rotating, so drift and GC hit every target alike.
        for (let k = 0; k < TARGETS.length; k++) {
          const target = TARGETS[(round + k) % TARGETS.length]!;
          const figures = await measureRound(server, groups[target], target, round, 1);
          latency[target].push(figures.lastSocketMs);
          loop[target].push(figures.loopMs);
          clientCpu[target].push(figures.clientCpuUs);
          clientKernel[target].push(figures.clientKernelUs);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
      const throughput: Record<Target, number[]> = { platform: [], 'platform-local': [], bare: [] };
      for (let round = 0; round < 3; round++) {
        for (const target of TARGETS) {
          const elapsed = await measure(server, groups[target], target, 100 + round, options.burst);
          throughput[target].push((n * options.burst * 1000) / elapsed);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      for (const target of TARGETS) {
        results.push({
          sockets: n,
          target,
          lastSocketMedianMs: median(latency[target]),
          lastSocketP90Ms: p90(latency[target]),
          serverLoopUsPerSocket: target === 'platform' ? undefined : (median(loop[target]) * 1000) / n,
          clientCpuUsPerDelivery: median(clientCpu[target]),
          clientKernelUsPerDelivery: median(clientKernel[target]),
          deliveriesPerSecond: median(throughput[target]),
        });
      }
      groups.platform.close();
      groups.bare.close();
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    server.child.send({ cmd: 'stop' });
  }
  report(results);
  return results;
}

function report(results: FanoutResult[]): void {
  console.log(
    '\nsockets  target          last socket p50   p90        deliveries/s   server loop µs/socket   client CPU µs/delivery (kernel)',
  );
  for (const r of results) {
    console.log(
      `${String(r.sockets).padEnd(9)}${r.target.padEnd(16)}${r.lastSocketMedianMs.toFixed(2).padStart(9)} ms ${r.lastSocketP90Ms
        .toFixed(2)
        .padStart(
          8,
        )} ms ${Math.round(r.deliveriesPerSecond).toLocaleString('en-US').padStart(14)}   ${(r.serverLoopUsPerSocket?.toFixed(2) ?? '-').padStart(10)}${r.clientCpuUsPerDelivery.toFixed(2).padStart(24)} (${r.clientKernelUsPerDelivery.toFixed(2)})`,
    );
  }
  console.log(
    '\nratios vs bare (throughput: higher is better, goal >= 1.0; last socket: lower is better, goal <= 0.8 at 5,000)',
  );
  for (const n of new Set(results.map((r) => r.sockets))) {
    const bare = results.find((r) => r.sockets === n && r.target === 'bare')!;
    for (const target of ['platform', 'platform-local'] as const) {
      const r = results.find((x) => x.sockets === n && x.target === target)!;
      console.log(
        `${String(n).padEnd(9)}${target.padEnd(16)}throughput x${(r.deliveriesPerSecond / bare.deliveriesPerSecond).toFixed(2)}   last socket x${(
          r.lastSocketMedianMs / bare.lastSocketMedianMs
        ).toFixed(
          2,
        )}${r.serverLoopUsPerSocket === undefined ? '' : `   server loop x${(r.serverLoopUsPerSocket / bare.serverLoopUsPerSocket!).toFixed(2)}`}`,
      );
    }
  }
}

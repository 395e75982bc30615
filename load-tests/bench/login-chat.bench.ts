/**
 * Logins beside the chat poll: the chat page's p99 (GET /api/chat/messages) alone, then while argon2id logins arrive
 * at a fixed rate (open loop, 200/s by default), on the real platform and on a bare node:http peer (same chat bytes,
 * argon2.verify of the same hash), same run. A login's hash runs on libuv's thread pool (the `argon2` package's
 * async binding), so the event loop keeps answering polls; what rises is CPU contention on the machine.
 *
 *   npm run bench -- login-chat [--rate 200] [--duration 5] [--connections 20]
 *
 * Goal (issue #31): the chat p99 with logins at most 1.5x the p99 without.
 */
import { autocannon, forkServer, option } from './bench-client.js';

interface Ready {
  platformUrl: string;
  bareUrl: string;
  login: { login_name: string; password: string };
}

export async function run(args: string[]): Promise<void> {
  const rate = option(args, 'rate', 200);
  const duration = option(args, 'duration', 5);
  const connections = option(args, 'connections', 20);
  const server = await forkServer<Ready>('login-chat');
  const { ready } = server;
  const rows: string[] = [];
  const ratios: string[] = [];
  try {
    for (const target of ['platform', 'bare'] as const) {
      const base = target === 'platform' ? ready.platformUrl : ready.bareUrl;
      const chat = () => autocannon({ url: `${base}/api/chat/messages`, connections, duration });
      await chat(); // warm-up
      const alone = await chat();
      const [withLogins, logins] = await Promise.all([
        chat(),
        autocannon({
          url: `${base}${target === 'platform' ? '/api/auth/login' : '/login'}`,
          // Enough connections that the open-loop rate is not capped by in-flight hashes.
          connections: 64,
          overallRate: rate,
          duration,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(ready.login),
        }),
      ]);
      rows.push(
        `${target.padEnd(10)}${alone.latency.p99.toFixed(1).padStart(12)}${withLogins.latency.p99.toFixed(1).padStart(14)}${(logins['2xx'] / duration).toFixed(0).padStart(12)}${logins.latency.p99.toFixed(0).padStart(14)}   ${logins.non2xx + logins.errors + logins.timeouts} not 2xx`,
      );
      ratios.push(
        `${target}: chat p99 x${(withLogins.latency.p99 / Math.max(alone.latency.p99, 1)).toFixed(2)} with logins (goal <= 1.5)`,
      );
    }
  } finally {
    await server.stop();
  }
  console.log(
    `\n${'target'.padEnd(10)}${'chat p99'.padStart(12)}${'+ logins p99'.padStart(14)}${'logins/s'.padStart(12)}${'login p99 ms'.padStart(14)}`,
  );
  for (const row of rows) console.log(row);
  for (const line of ratios) console.log(line);
}

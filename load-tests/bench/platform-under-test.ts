/**
 * The server half's common part of the benches that compare the real platform with a bare peer (chat-poll,
 * settlement): a throwaway database, the platform booted on it exactly as production boots (every middleware,
 * Postgres, Redis), and the IPC stop that tears both down. Each bench's *.server.ts adds its data and its peer.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startPlatformServer, type Platform } from '../../server/src/bootstrap.js';
import { loadEnv } from '../../server/src/env.js';
import { startPgBouncer, type RunningPgBouncer } from '../../tests/support/pgbouncer.js';

const adminUrl =
  process.env.BENCH_POSTGRES_ADMIN_URL ??
  process.env.TEST_POSTGRES_ADMIN_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface PlatformUnderTest {
  platform: Platform;
  /** The throwaway database, for a peer's own pool. */
  databaseUrl: string;
  /** Base URL of the platform's HTTP server. */
  url: string;
  /** Stops the platform, drops the database. */
  stop(): Promise<void>;
}

/** A fresh database and the platform on it. */
export async function startPlatformUnderTest(overrides: Record<string, string> = {}): Promise<PlatformUnderTest> {
  const dbName = `bzu_bench_${randomBytes(5).toString('hex')}`;
  await admin(`CREATE DATABASE ${dbName}`);
  const directUrl = new URL(adminUrl);
  directUrl.pathname = `/${dbName}`;
  // BENCH_POOLER=1 (a bench's --pooler): the platform and the peer both reach Postgres through PgBouncer in
  // transaction mode, as docs/operations.md "Behind a connection pooler" sets it up.
  let pooler: RunningPgBouncer | undefined;
  if (process.env.BENCH_POOLER === '1') {
    const admin = new URL(adminUrl);
    pooler = await startPgBouncer({ host: admin.hostname, port: Number(admin.port || 5432), user: admin.username });
  }
  const databaseUrl = new URL(pooler ? pooler.through(directUrl.toString()) : directUrl.toString());
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bzu-bench-'));
  const redisPrefix = `bench-${randomBytes(4).toString('hex')}`;
  const env = loadEnv({
    // development: production would demand wallet keys the benches have no use for; the HTTP path is the same.
    NODE_ENV: 'development',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: redisPrefix,
    LOG_LEVEL: 'warn',
    // A bench's accounts bet as fast as the platform answers: the per-account budget would measure itself.
    RATE_LIMIT_ACCOUNT_CALLS: '100000000/60',
    ...(pooler ? { DB_PREPARED_STATEMENTS: 'false' } : {}),
    // The bench's clients are the only ones; rate limits and feeds stay as configured unless a bench says otherwise.
    ...overrides,
  });
  const platform = await startPlatformServer(env, { hostEmbedded: false });
  return {
    platform,
    databaseUrl: databaseUrl.toString(),
    url: `http://127.0.0.1:${platform.server.port}`,
    async stop() {
      await platform.stop();
      await pooler?.stop();
      await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
      await dropRedisKeys(env.REDIS_URL, redisPrefix).catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every key a run left under its prefix (event logs, seqs, queues): runs would otherwise pile up in Redis. */
async function dropRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    for await (const keys of redis.scanStream({ match: `${prefix}:*`, count: 1000 }) as AsyncIterable<string[]>) {
      if (keys.length > 0) await redis.unlink(...keys);
    }
  } finally {
    redis.disconnect();
  }
}

/**
 * Tells the parent (bench-client.ts forkServer) that the servers are up, then serves its IPC: { cmd: 'stop' } runs
 * `stop` (the peer's and the platform's) and exits; any other command goes to `answer`, whose reply is sent back.
 */
export function serveParent(
  ready: object,
  stop: () => Promise<void>,
  answer?: (message: { cmd: string }) => Promise<object>,
): void {
  process.on('message', async (message: { cmd: string }) => {
    if (message.cmd !== 'stop') {
      if (answer) process.send!(await answer(message));
      return;
    }
    await stop();
    process.send!({ stopped: true });
    process.exit(0);
  });
  process.send!(ready);
}

/**
 * CPU time (ms, user + system) used so far by this process, by every postgres process and by redis-server (Linux /proc).
 * Reading /proc costs this process a few hundred file reads, so its own figure is taken twice: `node` before the
 * reads, `nodeAfterReading` after them. A window's node CPU is the end reading's `node` less the start reading's
 * `nodeAfterReading`, so neither reading's own work lands in the figure.
 */
export async function cpuTimes(): Promise<{
  node: number;
  nodeKernel: number;
  nodeAfterReading: number;
  postgres: number;
  redis: number;
}> {
  const nodeMs = () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  };
  const totals = {
    node: nodeMs(),
    nodeKernel: process.cpuUsage().system / 1000,
    nodeAfterReading: 0,
    postgres: 0,
    redis: 0,
  };
  // utime and stime are fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 per second on Linux).
  for (const pid of (await readdir('/proc').catch(() => [] as string[])).filter((name) => /^\d+$/.test(name))) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const name = /\((.*)\)/.exec(stat)?.[1];
    if (name !== 'postgres' && name !== 'redis-server') continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (Number(fields[11]) + Number(fields[12])) * 10;
    if (name === 'postgres') totals.postgres += ms;
    else totals.redis += ms;
  }
  totals.nodeAfterReading = nodeMs();
  return totals;
}

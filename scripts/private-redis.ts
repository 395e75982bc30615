import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createRedis, pingRedis } from '../server/src/infra/redis.js';

export interface RedisChoice {
  url: string;
  child?: ChildProcess;
}

async function answers(url: string): Promise<boolean> {
  const redis = createRedis(url, 'command');
  try {
    return await pingRedis(redis, 1_500);
  } finally {
    redis.disconnect();
  }
}

function redisServerOnPath(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

/**
 * Uses REDIS_URL when something answers there; otherwise starts a private redis-server that keeps
 * its data (append-only file) under DATA_DIR/redis and listens only on a Unix socket, so instances
 * with different DATA_DIRs never share one.
 */
export async function ensureRedis(configuredUrl: string, dataDir: string): Promise<RedisChoice> {
  if (await answers(configuredUrl)) return { url: configuredUrl };
  const redisDir = path.join(dataDir, 'redis');
  const socketPath = path.join(redisDir, 'redis.sock');
  const privateUrl = `unix://${socketPath}`;
  if (existsSync(socketPath) && (await answers(privateUrl))) return { url: privateUrl };
  if (!redisServerOnPath()) {
    throw new Error(
      `Redis is not answering at ${configuredUrl} and redis-server is not installed: install Redis (e.g. "apt-get install redis-server" or "brew install redis") or set REDIS_URL.`,
    );
  }
  return startPrivateRedis(redisDir);
}

/**
 * Starts redis-server listening only on `redisDir/redis.sock` (append-only file in `redisDir`) and
 * waits until it answers. Also used by the Redis fault tests, which flush, stop and kill their own.
 */
export async function startPrivateRedis(redisDir: string): Promise<RedisChoice & { child: ChildProcess }> {
  await mkdir(redisDir, { recursive: true });
  const socketPath = path.join(redisDir, 'redis.sock');
  const privateUrl = `unix://${socketPath}`;
  const child = spawn(
    'redis-server',
    [
      '--port',
      '0',
      '--unixsocket',
      socketPath,
      '--unixsocketperm',
      '700',
      '--dir',
      redisDir,
      '--appendonly',
      'yes',
      '--maxmemory-policy',
      'noeviction',
      '--save',
      '',
    ],
    { stdio: 'ignore' },
  );
  for (let attempt = 0; attempt < 50; attempt++) {
    if (child.exitCode !== null) break;
    if (existsSync(socketPath) && (await answers(privateUrl))) return { url: privateUrl, child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`The private redis-server under ${redisDir} did not start.`);
}

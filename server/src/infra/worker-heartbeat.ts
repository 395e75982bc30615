import type { Redis } from 'ioredis';
import { redisKey } from './redis.js';

function heartbeatKey(prefix: string): string {
  return redisKey(prefix, 'worker', 'heartbeat');
}

export async function recordWorkerHeartbeat(redis: Redis, prefix: string, ttlMs: number): Promise<void> {
  await redis.set(heartbeatKey(prefix), String(Date.now()), 'PX', ttlMs);
}

export async function readWorkerHeartbeat(redis: Redis, prefix: string): Promise<Date | null> {
  const value = await redis.get(heartbeatKey(prefix));
  return value ? new Date(Number(value)) : null;
}

import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Lease } from '../domain/rounds/round-runner.js';

const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

/**
 * A lease in Redis: SET NX with a time to live, renewed and released only by its holder's token. A holder killed
 * with -9 stops renewing and the key expires after `ttlMs`; Redis is already every process's shared dependency, and the
 * lease works the same over the embedded database.
 */
export class RedisLease implements Lease {
  /** The holder's pid first: an operator (or a failover test) reading the key sees which process runs the rounds. */
  private readonly token = `${process.pid}:${randomUUID()}`;

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly ttlMs: number,
  ) {}

  async tryAcquire(): Promise<boolean> {
    return (await this.redis.set(this.key, this.token, 'PX', this.ttlMs, 'NX')) === 'OK';
  }

  async renew(): Promise<boolean> {
    return Number(await this.redis.eval(RENEW, 1, this.key, this.token, this.ttlMs)) === 1;
  }

  async release(): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.key, this.token);
  }
}

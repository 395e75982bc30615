import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { startPrivateRedis } from '../../scripts/private-redis.js';
import { exited } from './launcher.js';

/**
 * A redis-server of the test's own (Unix socket in a temp folder), for tests that flush, hang or kill
 * Redis: the shared one at TEST_REDIS_URL serves every other test file and must never be touched.
 */
export class PrivateRedis {
  private constructor(
    readonly dir: string,
    readonly url: string,
    private child: ChildProcess,
  ) {}

  static async start(): Promise<PrivateRedis> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bzu-redis-'));
    const { url, child } = await startPrivateRedis(dir);
    return new PrivateRedis(dir, url, child);
  }

  /** Everything gone, as after a failover to an empty replica or a restart without persistence. */
  async flushAll(): Promise<void> {
    const client = new Redis({ path: this.url.slice('unix://'.length), maxRetriesPerRequest: 0 });
    try {
      await client.flushall();
    } finally {
      client.disconnect();
    }
  }

  /** The process stops answering but keeps its socket open: the nasty case (a hung host, a full disk). */
  pause(): void {
    this.child.kill('SIGSTOP');
  }

  resume(): void {
    this.child.kill('SIGCONT');
  }

  /** Connections are refused from now on. */
  async kill(): Promise<void> {
    this.child.kill('SIGKILL');
    await exited(this.child);
  }

  /** A new redis-server on the same socket and data folder (its append-only file brings the data back). */
  async restart(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) await this.kill();
    this.child = (await startPrivateRedis(this.dir)).child;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.resume();
      await this.kill();
    }
    await rm(this.dir, { recursive: true, force: true });
  }
}

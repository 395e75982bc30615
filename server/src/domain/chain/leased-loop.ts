import type { Lease } from '../rounds/round-runner.js';
import type { WatcherLog } from './deposit-watcher.js';

export interface LeasedLoopOptions {
  name: string;
  /** Pause between two runs of the work while all is well. */
  intervalMs: number;
  /** The longest pause after failures (the pause doubles per failure in a row, from intervalMs). */
  maxBackoffMs: number;
  /** Failures in a row from which each one is logged as an error with alert: true. */
  alertAfter: number;
}

/**
 * Runs `work` over and over while this process holds `lease` (one runner per network in the deployment), renewing it
 * between runs. A failing run (an RPC down, Postgres away) backs off exponentially and, past `alertAfter` failures in
 * a row, is logged as an alert; a lost lease stops the runs until it is taken again. The work itself must be safe to
 * repeat: the lease only keeps two runners from doing it at once in the normal case.
 */
export class LeasedLoop {
  private stopped = false;
  private held = false;
  private failures = 0;
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly lease: Lease,
    private readonly work: () => Promise<unknown>,
    private readonly options: LeasedLoopOptions,
    private readonly log: WatcherLog,
  ) {}

  get leader(): boolean {
    return this.held;
  }

  get failuresInARow(): number {
    return this.failures;
  }

  start(): void {
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
    if (this.held) await this.lease.release().catch(() => undefined);
    this.held = false;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      this.held = await (this.held ? this.lease.renew() : this.lease.tryAcquire()).catch(() => false);
      if (this.held && !this.stopped) {
        try {
          await this.work();
          if (this.failures > 0) this.log.info({ loop: this.options.name, failures: this.failures }, 'recovered');
          this.failures = 0;
        } catch (error) {
          this.failures += 1;
          const fields = { loop: this.options.name, failures: this.failures, err: error };
          if (this.failures >= this.options.alertAfter)
            this.log.error({ ...fields, alert: true }, 'failing repeatedly');
          else this.log.warn(fields, 'run failed; backing off');
        }
      }
      await this.sleep(this.pause());
    }
  }

  private pause(): number {
    if (this.failures === 0) return this.options.intervalMs;
    return Math.min(this.options.maxBackoffMs, this.options.intervalMs * 2 ** Math.min(this.failures, 20));
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

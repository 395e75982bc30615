/**
 * Keeps the launcher's children running: a child that exits on its own (a crash, `kill -9`, the OOM
 * killer) is started again after a delay that doubles with each quick failure, so a child that
 * cannot start never spins the CPU, and a child that ran well for a while starts again at once.
 */

export interface RestartPolicy {
  /** The delay before the first restart after a healthy run. */
  initialDelayMs: number;
  /** The delay never grows past this. */
  maxDelayMs: number;
  /** A run at least this long counts as healthy: the delay starts again from initialDelayMs. */
  healthyAfterMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  initialDelayMs: 1_000,
  maxDelayMs: 30_000,
  healthyAfterMs: 60_000,
};

/** The delays of one child's restarts: initial, doubling, capped, reset after a healthy run. */
export class RestartBackoff {
  private nextDelayMs: number;

  constructor(private readonly policy: RestartPolicy) {
    this.nextDelayMs = policy.initialDelayMs;
  }

  /** The delay before the next start, given how long the run that just ended lasted. */
  afterRun(ranMs: number): number {
    if (ranMs >= this.policy.healthyAfterMs) this.nextDelayMs = this.policy.initialDelayMs;
    const delay = this.nextDelayMs;
    this.nextDelayMs = Math.min(this.nextDelayMs * 2, this.policy.maxDelayMs);
    return delay;
  }
}

/** One started instance of a child. */
export interface Running {
  pid: number;
  /** Resolves with how it ended ("SIGKILL", "code 1") when it exits for any reason. */
  exited: Promise<string>;
  /** Stops it and resolves once it has exited. */
  stop(): Promise<void>;
}

export interface Unit {
  name: string;
  /** Starts one instance; rejects when it cannot be started. */
  start(): Promise<Running>;
}

export interface SupervisorOptions {
  policy?: RestartPolicy;
  log(line: string): void;
  /**
   * While the platform is still coming up, an exit is not retried: it is handed here (a bad port or
   * configuration would otherwise restart forever behind a "running" banner).
   */
  onExitBeforeReady(name: string, how: string): void;
}

interface Supervised {
  unit: Unit;
  backoff: RestartBackoff;
  running?: Running;
  startedAt: number;
  timer?: NodeJS.Timeout;
  /** A restart under way, which stop() waits for (it stops what it started). */
  restarting?: Promise<void>;
  restarts: number;
}

export class Supervisor {
  private readonly supervised = new Map<string, Supervised>();
  private ready = false;
  private stopping = false;

  constructor(private readonly options: SupervisorOptions) {}

  /** Starts a unit (rejects when its first start fails) and keeps it running from then on. */
  async add(unit: Unit): Promise<void> {
    const entry: Supervised = {
      unit,
      backoff: new RestartBackoff(this.options.policy ?? DEFAULT_RESTART_POLICY),
      startedAt: Date.now(),
      restarts: 0,
    };
    this.supervised.set(unit.name, entry);
    const running = await unit.start();
    // Stopped while it was starting: stop() did not see it.
    if (this.stopping) return running.stop();
    this.watch(entry, running);
  }

  /** From now on an exit is restarted rather than reported to onExitBeforeReady. */
  markReady(): void {
    this.ready = true;
  }

  pid(name: string): number | undefined {
    return this.supervised.get(name)?.running?.pid;
  }

  /** Stops the named units together; no unit is restarted from now on. */
  async stop(names: string[]): Promise<void> {
    this.stopping = true;
    for (const entry of this.supervised.values()) clearTimeout(entry.timer);
    await Promise.all(
      names.map((name) => {
        const entry = this.supervised.get(name);
        const running = entry?.running;
        if (entry) entry.running = undefined;
        return Promise.all([running?.stop(), entry?.restarting]);
      }),
    );
  }

  private watch(entry: Supervised, running: Running): void {
    entry.running = running;
    entry.startedAt = Date.now();
    void running.exited.then((how) => {
      if (this.stopping || entry.running !== running) return;
      entry.running = undefined;
      if (!this.ready) {
        this.options.onExitBeforeReady(entry.unit.name, how);
        return;
      }
      this.scheduleRestart(entry, `${entry.unit.name} exited (${how})`, Date.now() - entry.startedAt);
    });
  }

  private scheduleRestart(entry: Supervised, why: string, ranMs: number): void {
    const delay = entry.backoff.afterRun(ranMs);
    this.options.log(`${why}; restarting it in ${delay / 1000} s.`);
    entry.timer = setTimeout(() => {
      entry.restarting = this.restart(entry).finally(() => (entry.restarting = undefined));
    }, delay);
  }

  private async restart(entry: Supervised): Promise<void> {
    if (this.stopping) return;
    const attemptAt = Date.now();
    let running: Running;
    try {
      running = await entry.unit.start();
    } catch (error) {
      this.scheduleRestart(
        entry,
        `${entry.unit.name} did not start (${(error as Error).message.split('\n')[0]})`,
        Date.now() - attemptAt,
      );
      return;
    }
    if (this.stopping) {
      await running.stop();
      return;
    }
    entry.restarts += 1;
    this.options.log(`${entry.unit.name} restarted (pid ${running.pid}, restart ${entry.restarts}).`);
    this.watch(entry, running);
  }
}

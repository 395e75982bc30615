import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RestartBackoff, Supervisor, type Running, type Unit } from '../../scripts/supervisor.js';

const POLICY = { initialDelayMs: 1_000, maxDelayMs: 30_000, healthyAfterMs: 60_000 };

describe('RestartBackoff', () => {
  it('doubles from 1 s for quick failures, caps at 30 s, and starts over after a healthy run', () => {
    const backoff = new RestartBackoff(POLICY);
    expect(Array.from({ length: 7 }, () => backoff.afterRun(100))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
    expect(backoff.afterRun(60_000)).toBe(1_000);
    expect(backoff.afterRun(59_999)).toBe(2_000);
  });
});

/** A unit whose instances the test ends at will (the fake sits at the edge: no processes). */
function fakeUnit(name: string) {
  const instances: { pid: number; exit(how: string): void; stopped: boolean }[] = [];
  let failNext = 0;
  const unit: Unit = {
    name,
    start: () => {
      if (failNext > 0) {
        failNext -= 1;
        return Promise.reject(new Error('cannot start'));
      }
      let exit!: (how: string) => void;
      const exited = new Promise<string>((resolve) => (exit = resolve));
      const instance = { pid: 100 + instances.length, exit, stopped: false };
      instances.push(instance);
      const running: Running = {
        pid: instance.pid,
        exited,
        stop: async () => {
          instance.stopped = true;
          exit('code 0');
        },
      };
      return Promise.resolve(running);
    },
  };
  return { unit, instances, failStarts: (count: number) => (failNext = count) };
}

describe('Supervisor', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('restarts a child that exits after the platform is up, after the backoff delay, and logs each restart', async () => {
    const log: string[] = [];
    const supervisor = new Supervisor({
      policy: POLICY,
      log: (line) => log.push(line),
      onExitBeforeReady: () => expect.fail('not before ready'),
    });
    const worker = fakeUnit('worker');
    await supervisor.add(worker.unit);
    supervisor.markReady();

    worker.instances[0]!.exit('SIGKILL');
    await vi.advanceTimersByTimeAsync(999);
    expect(worker.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(worker.instances).toHaveLength(2);
    expect(supervisor.pid('worker')).toBe(101);
    expect(log).toEqual(['worker exited (SIGKILL); restarting it in 1 s.', 'worker restarted (pid 101, restart 1).']);
  });

  it('a child that cannot start is retried with growing delays (no busy loop), and comes back when it can', async () => {
    const log: string[] = [];
    const supervisor = new Supervisor({
      policy: POLICY,
      log: (line) => log.push(line),
      onExitBeforeReady: () => undefined,
    });
    const postgres = fakeUnit('postgres');
    await supervisor.add(postgres.unit);
    supervisor.markReady();
    postgres.failStarts(3);
    postgres.instances[0]!.exit('SIGKILL');
    // 1 + 2 + 4 + 8 s: three failed starts, then the fourth succeeds.
    await vi.advanceTimersByTimeAsync(14_999);
    expect(postgres.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(postgres.instances).toHaveLength(2);
    expect(log.slice(1, 4)).toEqual([
      'postgres did not start (cannot start); restarting it in 2 s.',
      'postgres did not start (cannot start); restarting it in 4 s.',
      'postgres did not start (cannot start); restarting it in 8 s.',
    ]);
  });

  it('before the platform is up an exit is reported, not restarted; after stop() nothing restarts', async () => {
    const reported: string[] = [];
    const supervisor = new Supervisor({
      policy: POLICY,
      log: () => undefined,
      onExitBeforeReady: (name, how) => reported.push(`${name} ${how}`),
    });
    const server = fakeUnit('server');
    const worker = fakeUnit('worker');
    await supervisor.add(server.unit);
    await supervisor.add(worker.unit);
    server.instances[0]!.exit('code 1');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reported).toEqual(['server code 1']);
    expect(server.instances).toHaveLength(1);

    supervisor.markReady();
    await supervisor.stop(['worker']);
    expect(worker.instances[0]!.stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(worker.instances).toHaveLength(1);
  });
});

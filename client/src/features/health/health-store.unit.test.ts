import { describe, expect, it } from 'vitest';
import { createHealthTracker } from './health-store';

/** A scripted server: each check takes the next answer (true = answered in time). */
function scripted(answers: boolean[]) {
  const log = { checks: 0, waits: [] as number[] };
  const check = () => {
    log.checks += 1;
    const next = answers.shift();
    if (next === undefined) throw new Error('more checks than scripted');
    return Promise.resolve(next);
  };
  const wait = (ms: number) => {
    log.waits.push(ms);
    return Promise.resolve();
  };
  return { log, tracker: createHealthTracker(check, { confirmations: 3, recheckDelayMs: 1_000, wait }) };
}

describe('health tracker', () => {
  it('one slow check followed by an answer never reports the server down', async () => {
    const { log, tracker } = scripted([false, true]);
    const seen: string[] = [];
    tracker.status.subscribe(() => seen.push(tracker.status.get()));
    expect(await tracker.refresh()).toBe('ok');
    expect(seen).toEqual(['ok']);
    expect(log).toEqual({ checks: 2, waits: [1_000] });
  });

  it('two failures then an answer still count as up, and the count starts again', async () => {
    const { tracker } = scripted([false, false, true, false, false, true]);
    expect(await tracker.refresh()).toBe('ok');
    expect(await tracker.refresh()).toBe('ok');
    expect(tracker.status.get()).toBe('ok');
  });

  it('reports down only after three failed checks in a row', async () => {
    const { log, tracker } = scripted([false, false, false]);
    expect(await tracker.refresh()).toBe('down');
    expect(tracker.status.get()).toBe('down');
    expect(log).toEqual({ checks: 3, waits: [1_000, 1_000] });
  });

  it('once down, a failing check stays down at once and the first answer brings it back', async () => {
    const { log, tracker } = scripted([false, false, false, false, true]);
    await tracker.refresh();
    expect(await tracker.refresh()).toBe('down');
    expect(log.checks).toBe(4);
    expect(await tracker.refresh()).toBe('ok');
    expect(tracker.status.get()).toBe('ok');
  });

  it('callers at the same time share one run of checks', async () => {
    const { log, tracker } = scripted([false, true]);
    const [a, b] = await Promise.all([tracker.refresh(), tracker.refresh()]);
    expect([a, b]).toEqual(['ok', 'ok']);
    expect(log.checks).toBe(2);
  });
});

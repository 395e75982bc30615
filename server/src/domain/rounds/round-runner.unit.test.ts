import { describe, expect, it } from 'vitest';
import { CRASH_GAME } from '../games/crash/crash.game.js';
import type { AnyRoundGame } from './round-game.js';
import { RoundRunner, type Lease } from './round-runner.js';
import type { RoundService } from './round.service.js';

const quiet = { info: () => undefined, warn: () => undefined };
const OPTIONS = { bettingMs: 0, cooldownMs: 0, leaseRetryMs: 1, tickMs: 10, chain: { length: 10, checkpointEvery: 5 } };

/** The runner's steps recorded in order; `failFirst` makes the first betting window fail. */
function recordingRounds(failFirst: boolean, onEnd: () => void, runningMs = 0) {
  const steps: string[] = [];
  let failures = failFirst ? 1 : 0;
  const rounds = {
    ensureChain: async () => (steps.push('chain'), { id: '1', salt: 'public salt' }),
    cancelUnfinished: async () => (steps.push('cancel'), 0),
    openBetting: async () => {
      steps.push('betting');
      if (failures-- > 0) throw new Error('database away');
      return { id: '1', bettingEndsAt: new Date() };
    },
    start: async () => (steps.push('start'), { round: { id: '1', startedAt: new Date() }, runningMs }),
    tick: async (_game: unknown, roundId: string) => void steps.push(`tick ${roundId}`),
    end: async () => {
      steps.push('end');
      onEnd();
      return { settled: 0 };
    },
  };
  return { steps, rounds: rounds as unknown as RoundService };
}

const alwaysLeader: Lease = { tryAcquire: async () => true, renew: async () => true, release: async () => undefined };

describe('the round runner', () => {
  it('with the lease: cancels what was left unfinished, then plays betting -> start -> end', async () => {
    let ended!: () => void;
    const done = new Promise<void>((resolve) => (ended = resolve));
    const { steps, rounds } = recordingRounds(false, () => ended());
    const runner = new RoundRunner(rounds, CRASH_GAME as unknown as AnyRoundGame, alwaysLeader, OPTIONS, quiet);
    runner.start();
    await done;
    await runner.stop();
    expect(steps.slice(0, 5)).toEqual(['chain', 'cancel', 'betting', 'start', 'end']);
    expect(runner.leader).toBe(false);
  });

  it('while a round runs, its clock goes out every tickMs, and only then', async () => {
    let ended!: () => void;
    const done = new Promise<void>((resolve) => (ended = resolve));
    const { steps, rounds } = recordingRounds(false, () => ended(), 80);
    const runner = new RoundRunner(rounds, CRASH_GAME as unknown as AnyRoundGame, alwaysLeader, OPTIONS, quiet);
    runner.start();
    await done;
    await runner.stop();
    const played = steps.slice(0, steps.indexOf('end') + 1);
    const ticks = played.filter((step) => step === 'tick 1').length;
    // 80 ms of running at one tick per 10 ms: timers never fire early, so at most 7; a loaded machine may fire fewer.
    expect(ticks).toBeGreaterThanOrEqual(1);
    expect(ticks).toBeLessThanOrEqual(7);
    expect(played.slice(played.indexOf('start') + 1, -1).every((step) => step === 'tick 1')).toBe(true);
    expect(played.indexOf('tick 1')).toBeGreaterThan(played.indexOf('start'));
  });

  it('a failed step is followed by a recovery (cancel and refund), not a spin or a stuck round', async () => {
    let ended!: () => void;
    const done = new Promise<void>((resolve) => (ended = resolve));
    const { steps, rounds } = recordingRounds(true, () => ended());
    const runner = new RoundRunner(rounds, CRASH_GAME as unknown as AnyRoundGame, alwaysLeader, OPTIONS, quiet);
    runner.start();
    await done;
    await runner.stop();
    expect(steps.slice(0, 7)).toEqual(['chain', 'cancel', 'betting', 'cancel', 'betting', 'start', 'end']);
  });

  it('a chain published without its salt plays no round until the salt is fixed', async () => {
    const { steps, rounds } = recordingRounds(false, () => undefined);
    let reads = 0;
    (rounds as unknown as { ensureChain: () => Promise<object> }).ensureChain = async () => (
      reads++,
      { id: '1', salt: null }
    );
    const runner = new RoundRunner(rounds, CRASH_GAME as unknown as AnyRoundGame, alwaysLeader, OPTIONS, quiet);
    runner.start();
    while (reads < 3) await new Promise((resolve) => setTimeout(resolve, 5));
    await runner.stop();
    expect(steps).toEqual([]);
  });

  it('without the lease it plays nothing', async () => {
    const { steps, rounds } = recordingRounds(false, () => undefined);
    let tries = 0;
    const follower: Lease = {
      tryAcquire: async () => (tries++, false),
      renew: async () => false,
      release: async () => undefined,
    };
    const runner = new RoundRunner(rounds, CRASH_GAME as unknown as AnyRoundGame, follower, OPTIONS, quiet);
    runner.start();
    while (tries < 3) await new Promise((resolve) => setTimeout(resolve, 5));
    await runner.stop();
    expect(steps).toEqual([]);
    expect(runner.leader).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { roundRefetchMs, TICKS_FRESH_MS } from './round-refetch';

/** Issue 45, point 12: the crash page stopped re-reading the round every second while its ticks arrive. */
describe('how often a round page re-reads the round', () => {
  it('every 5 s while a running round ticks, every second once the ticks stop, every 3 s between rounds', () => {
    expect(roundRefetchMs('running', 200)).toBe(5_000);
    expect(roundRefetchMs('running', TICKS_FRESH_MS - 1)).toBe(5_000);
    expect(roundRefetchMs('running', TICKS_FRESH_MS)).toBe(1_000);
    expect(roundRefetchMs('running', Number.POSITIVE_INFINITY)).toBe(1_000);
    expect(roundRefetchMs('betting', 100)).toBe(3_000);
    expect(roundRefetchMs(undefined, 100)).toBe(3_000);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesce } from './coalesce';

describe('coalesce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the first call at once and the calls inside a window once at its end', () => {
    const run = vi.fn();
    const call = coalesce(run, 500);
    call();
    expect(run).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 10; i++) call();
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(500);
    expect(run).toHaveBeenCalledTimes(2);
    // Nothing new in the next window: no extra run.
    vi.advanceTimersByTime(500);
    expect(run).toHaveBeenCalledTimes(2);
    // Quiet again: the next call runs at once.
    call();
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('never drops the last call of a burst', () => {
    const run = vi.fn();
    const call = coalesce(run, 100);
    call();
    vi.advanceTimersByTime(50);
    call();
    vi.advanceTimersByTime(100);
    call();
    vi.advanceTimersByTime(100);
    expect(run).toHaveBeenCalledTimes(3);
  });
});

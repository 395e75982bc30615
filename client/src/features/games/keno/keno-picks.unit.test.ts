import { describe, expect, it } from 'vitest';
import { autoPick, togglePick } from './keno-picks';

describe('keno picks', () => {
  it('toggles and never exceeds 10 picks', () => {
    let picks: number[] = [];
    for (let n = 1; n <= 12; n += 1) picks = togglePick(picks, n);
    expect(picks).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(togglePick(picks, 3)).not.toContain(3);
  });
  it('auto-picks distinct numbers of 1..40', () => {
    const picks = autoPick(10);
    expect(new Set(picks).size).toBe(10);
    expect(picks.every((n) => n >= 1 && n <= 40)).toBe(true);
    expect(autoPick(3, () => 0.9999)).toEqual([38, 39, 40]);
    expect(autoPick(0).length).toBe(1);
  });
});

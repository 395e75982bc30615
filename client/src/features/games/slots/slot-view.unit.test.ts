import { describe, expect, it } from 'vitest';
import { SLOT_STRIPS, slotWindow } from '../../../../../server/src/domain/games/slots/rules';
import { FILLER, reelColumn, scatterCells, spinSchedule, winningCells } from './slot-view';

describe('slot reels on screen', () => {
  it("a reel's column starts with the server's window and ends with the window it leaves, the strip between", () => {
    const stops = [0, 5, 28, 13, 27];
    const previous = [3, 1, 2, 0, 26];
    const window = slotWindow(stops);
    const old = slotWindow(previous);
    stops.forEach((stop, reel) => {
      const column = reelColumn(reel, stop, previous[reel]!);
      expect(column.slice(0, 3)).toEqual(window.map((row) => row[reel]));
      expect(column.slice(-3)).toEqual(old.map((row) => row[reel]));
      expect(column).toHaveLength(6 + FILLER);
      expect(column[3]).toBe(SLOT_STRIPS[reel]![(stop + 2) % SLOT_STRIPS[reel]!.length]);
    });
    expect(reelColumn(2, 4, null)).toEqual(slotWindow([0, 0, 4, 0, 0]).map((row) => row[2]));
  });

  it("a win lights its line's first `count` cells; scatters are found wherever they are in the window", () => {
    // Line 4 is V-shaped (rows 0 1 2 1 0): three of a kind lights reels 1-3 on rows 0, 1, 2.
    expect([...winningCells([{ line: 4, symbol: 'K', count: 3, multiplier: '0.5' }])].sort()).toEqual([
      '0:0',
      '1:1',
      '2:2',
    ]);
    const stops = SLOT_STRIPS.map((reel) => reel.indexOf('S'));
    expect([...scatterCells(stops)].sort()).toEqual(['1:0', '1:1', '1:2', '1:3', '1:4']);
  });

  it('spins follow one another: a free spin starts after the previous spin landed and its wins were shown', () => {
    const quiet = { free: false, lines: [], scatter: { count: 0, multiplier: '0' }, freeSpinsWon: 0 };
    const schedule = spinSchedule([
      { ...quiet, freeSpinsWon: 10 },
      { ...quiet, free: true },
      { ...quiet, free: true, lines: [{ line: 1, symbol: 'J' as const, count: 3, multiplier: '0.5' }] },
    ]);
    expect(schedule[0]!.startAt).toBe(0);
    for (let i = 1; i < schedule.length; i += 1) expect(schedule[i]!.startAt).toBeGreaterThan(schedule[i - 1]!.landAt);
    for (const spin of schedule) expect(spin.reelMs).toEqual([...spin.reelMs].sort((a, b) => a - b));
  });
});

/**
 * What the reels show, from the published strips (the server's pure rules): each reel's column for one spin's
 * animation, the cells a win lights, and when each spin of a bet starts and lands. Pure, so it is tested alone.
 */
import {
  SLOT_PAYLINES,
  SLOT_ROWS,
  SLOT_STRIPS,
  type SlotLineWin,
  type SlotSpin,
  type SlotSymbol,
} from '../../../../../server/src/domain/games/slots/rules';

/** Strip symbols that pass the window between two stops. */
export const FILLER = 14;

const at = (reel: readonly SlotSymbol[], position: number) =>
  reel[((position % reel.length) + reel.length) % reel.length]!;

/**
 * One reel's column, top to bottom: the new window (3 symbols), the strip below it, then the window it leaves. It slides
 * down from showing the old window to showing the new one, so symbols enter from the top as on a real reel.
 */
export function reelColumn(reel: number, stop: number, previousStop: number | null): SlotSymbol[] {
  const strip = SLOT_STRIPS[reel]!;
  const window = [at(strip, stop - 1), at(strip, stop), at(strip, stop + 1)];
  if (previousStop === null) return window;
  const filler = Array.from({ length: FILLER }, (_, i) => at(strip, stop + 2 + i));
  return [...window, ...filler, at(strip, previousStop - 1), at(strip, previousStop), at(strip, previousStop + 1)];
}

/** `${row}:${reel}` of every cell a winning line runs through (its first `count` reels). */
export function winningCells(lines: readonly SlotLineWin[]): Set<string> {
  const cells = new Set<string>();
  for (const win of lines)
    SLOT_PAYLINES[win.line - 1]!.slice(0, win.count).forEach((row, reel) => cells.add(`${row}:${reel}`));
  return cells;
}

/** `${row}:${reel}` of every scatter in the window of these stops. */
export function scatterCells(stops: readonly number[]): Set<string> {
  const cells = new Set<string>();
  stops.forEach((stop, reel) => {
    for (let row = 0; row < SLOT_ROWS; row += 1)
      if (at(SLOT_STRIPS[reel]!, stop + row - 1) === 'S') cells.add(`${row}:${reel}`);
  });
  return cells;
}

export interface SpinTiming {
  /** Each reel's stop time after the spin starts (reel by reel). */
  reelMs: number[];
  /** When the spin starts and when its last reel has stopped, after the bet's answer. */
  startAt: number;
  landAt: number;
}

const PAID_REEL_MS = [700, 900, 1100, 1300, 1500];
const FREE_REEL_MS = [450, 580, 710, 840, 970];
/** How long a spin's wins stay on screen before the next free spin starts. */
const WIN_PAUSE_MS = 1100;
const QUIET_PAUSE_MS = 350;
/** The "free spins won" banner after a trigger. */
const TRIGGER_PAUSE_MS = 1500;

/** When each spin of a bet starts and lands; the last landAt is when the whole bet is on screen. */
export function spinSchedule(
  spins: readonly Pick<SlotSpin, 'free' | 'lines' | 'scatter' | 'freeSpinsWon'>[],
): SpinTiming[] {
  let clock = 0;
  return spins.map((spin) => {
    const reelMs = spin.free ? FREE_REEL_MS : PAID_REEL_MS;
    const timing = { reelMs, startAt: clock, landAt: clock + reelMs[reelMs.length - 1]! };
    const won = spin.lines.length > 0 || spin.scatter.multiplier !== '0';
    clock = timing.landAt + (spin.freeSpinsWon > 0 ? TRIGGER_PAUSE_MS : won ? WIN_PAUSE_MS : QUIET_PAUSE_MS);
    return timing;
  });
}

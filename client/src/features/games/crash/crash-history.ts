/**
 * The crash page's history graph: one bar per recent round, oldest on the left, its height the crash point on a log
 * scale (1x the floor, 100x and above the top), so a run of low busts and the odd moon shot both read at a glance.
 */
export interface HistoryRound {
  id: string;
  number: number;
  state: string;
  /** "2.35", once ended. */
  crashPoint?: string;
}

export interface HistoryBar {
  id: string;
  number: number;
  /** 0-1 of the graph's height. */
  height: number;
  color: 'teal' | 'red' | 'gray';
  label: string;
}

/** The crash point the top of the graph stands for: higher ones are drawn at full height. */
export const GRAPH_TOP = 100;
/** The smallest bar, so a 1.00x bust still shows. */
const FLOOR = 0.04;

/** Where a crash point sits on the graph's log scale (0-1). */
export function graphLevel(point: number): number {
  if (!(point > 1)) return FLOOR;
  return Math.min(1, Math.max(FLOOR, Math.log(point) / Math.log(GRAPH_TOP)));
}

/** Bars for rounds as the server lists them (newest first); a cancelled round is a grey stub. */
export function historyBars(rounds: readonly HistoryRound[]): HistoryBar[] {
  return [...rounds].reverse().map((round) => {
    const point = round.crashPoint === undefined ? NaN : Number(round.crashPoint);
    if (round.state === 'cancelled' || !Number.isFinite(point)) {
      return { id: round.id, number: round.number, height: FLOOR, color: 'gray', label: `Round ${round.number}: void` };
    }
    return {
      id: round.id,
      number: round.number,
      height: graphLevel(point),
      color: point >= 2 ? 'teal' : 'red',
      label: `Round ${round.number}: ${round.crashPoint}x`,
    };
  });
}

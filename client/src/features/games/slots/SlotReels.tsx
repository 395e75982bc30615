import { useLayoutEffect, useState } from 'react';
import {
  SLOT_PAYLINES,
  SLOT_REELS,
  SLOT_ROWS,
  type SlotLineWin,
} from '../../../../../server/src/domain/games/slots/rules';
import { reelColumn, scatterCells, winningCells } from './slot-view';
import { SymbolTile } from './SymbolTile';
import classes from './SlotsGame.module.css';

/** A colour per payline, so crossing lines stay apart. */
const LINE_COLOURS = [
  '#fa5252',
  '#228be6',
  '#40c057',
  '#fab005',
  '#be4bdb',
  '#15aabf',
  '#fd7e14',
  '#82c91e',
  '#e64980',
  '#4c6ef5',
];
export const lineColour = (line: number) => LINE_COLOURS[(line - 1) % LINE_COLOURS.length]!;

export interface ReelsSpin {
  /** Changes with every spin shown: restarts the animation. */
  key: number;
  stops: number[];
  /** The stops the reels leave (null: nothing to animate from). */
  previous: number[] | null;
  /** Each reel's stop time, or null to show the stops at once (turbo). */
  reelMs: number[] | null;
}

/**
 * Five reels of three rows. Each reel is a column of strip symbols slid down with a CSS transform, from the window it
 * leaves to the server's window, the reels stopping one after another; once landed, the winning lines are drawn over
 * the reels with their wins and the cells they pay light up.
 */
export function SlotReels({
  spin,
  landed,
  lines,
  showScatters,
  banner,
}: {
  spin: ReelsSpin;
  landed: boolean;
  lines: SlotLineWin[];
  showScatters: boolean;
  banner: string | null;
}) {
  const [phase, setPhase] = useState<'start' | 'run'>('run');
  const animate = spin.reelMs !== null && spin.previous !== null;
  useLayoutEffect(() => {
    if (!animate) return;
    setPhase('start');
    // Two frames: the column is laid out at its start before the transition to the new window begins.
    let second = 0;
    const first = requestAnimationFrame(() => (second = requestAnimationFrame(() => setPhase('run'))));
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, [spin.key, animate]);

  const lit = landed ? winningCells(lines) : new Set<string>();
  if (landed && showScatters) for (const cell of scatterCells(spin.stops)) lit.add(cell);
  const anyWin = lit.size > 0;

  return (
    <div className={classes.reels} data-testid="slot-reels" data-landed={landed} data-stops={spin.stops.join(',')}>
      {spin.stops.map((stop, reel) => {
        const column = animate ? reelColumn(reel, stop, spin.previous![reel]!) : reelColumn(reel, stop, null);
        const offset = column.length - SLOT_ROWS;
        const atStart = animate && phase === 'start';
        const style = {
          transform: `translateY(${atStart ? (-offset / column.length) * 100 : 0}%)`,
          transition:
            animate && !atStart ? `transform ${spin.reelMs![reel]}ms cubic-bezier(0.25, 0.6, 0.3, 1.04)` : 'none',
        };
        return (
          <div key={reel} className={classes.reel} data-testid={`reel-${reel + 1}`}>
            <div className={classes.column} style={style}>
              {column.map((symbol, i) => {
                const cell = i < SLOT_ROWS ? `${i}:${reel}` : '';
                const state = !anyWin || i >= SLOT_ROWS ? '' : lit.has(cell) ? classes.won : classes.dim;
                return (
                  <div key={i} className={`${classes.cell} ${state}`} data-cell={i < SLOT_ROWS ? cell : undefined}>
                    <SymbolTile symbol={symbol} className={classes.symbol} />
                  </div>
                );
              })}
            </div>
          </div>
        );
      })}
      {landed && lines.length > 0 ? <WinLines lines={lines} /> : null}
      {banner ? (
        <div className={classes.banner} data-testid="slot-banner">
          {banner}
        </div>
      ) : null}
    </div>
  );
}

/** Cell centres in a 500 x 270 box (the reels' own aspect: five 100-wide reels, three 90-high rows). */
function WinLines({ lines }: { lines: SlotLineWin[] }) {
  const x = (reel: number) => reel * 100 + 50;
  const y = (row: number) => row * 90 + 45;
  return (
    <svg
      className={classes.lines}
      viewBox={`0 0 ${SLOT_REELS * 100} ${SLOT_ROWS * 90}`}
      preserveAspectRatio="none"
      data-testid="win-lines"
      aria-hidden
    >
      {lines.map((win) => {
        const rows = SLOT_PAYLINES[win.line - 1]!;
        const points = rows.map((row, reel) => `${x(reel)},${y(row)}`).join(' ');
        return (
          <g key={win.line} data-line={win.line}>
            <polyline
              points={points}
              fill="none"
              stroke="rgba(0,0,0,0.45)"
              strokeWidth="9"
              strokeLinejoin="round"
              strokeLinecap="round"
            />
            <polyline
              points={points}
              fill="none"
              stroke={lineColour(win.line)}
              strokeWidth="5"
              strokeLinejoin="round"
              strokeLinecap="round"
            />
          </g>
        );
      })}
      {lines.map((win) => {
        const row = SLOT_PAYLINES[win.line - 1]![0]!;
        return (
          <g key={`label-${win.line}`}>
            <rect
              x="4"
              y={y(row) - 12}
              width="30"
              height="24"
              rx="6"
              fill={lineColour(win.line)}
              stroke="#fff"
              strokeWidth="2"
            />
            <text x="19" y={y(row) + 5} textAnchor="middle" className={classes.lineLabel}>
              {win.line}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

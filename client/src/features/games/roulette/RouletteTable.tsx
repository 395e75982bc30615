import type { CSSProperties, MouseEvent } from 'react';
import { pocketColour } from '../../../../../server/src/domain/games/roulette/rules';
import { fromUnits } from '../../game-panel/bet-amount';
import {
  betAt,
  boardLeftPercent,
  ZERO_COLUMN_WIDTH,
  betKey,
  chipPosition,
  COLUMN_BETS,
  covers,
  DOZEN_BETS,
  numberAt,
  OUTSIDE_BETS,
  type BoardBet,
  type PlacedChip,
} from './roulette-board';
import classes from './RouletteGame.module.css';

interface TableProps {
  /** The chips stacked per bet. */
  stacks: PlacedChip[];
  /** The landed pocket: winning bets are outlined. */
  pocket: number | null;
  disabled: boolean;
  onPlace: (bet: BoardBet) => void;
}

const colourName = (n: number) => pocketColour(n).replace(/^./, (c) => c.toUpperCase());

/**
 * The European layout: zero, 1-36 in three rows of twelve, the columns' 2:1, the dozens and the even-money bets. A
 * click in a number's middle is a straight up, on its lines and corners a split, corner, street or six line
 * (roulette-board.ts betAt); the keyboard's Enter on a number is its straight up.
 */
export function RouletteTable({ stacks, pocket, disabled, onPlace }: TableProps) {
  const amountOn = (bet: BoardBet) => stacks.find((stack) => betKey(stack) === betKey(bet))?.amount ?? 0n;
  const stackLabel = (amount: bigint) => fromUnits(amount);
  const won = (bet: BoardBet) => pocket !== null && covers(bet, pocket);

  function placeOnNumber(n: number, event: MouseEvent<HTMLButtonElement>) {
    // A keyboard activation has no pointer position: the number itself.
    if (event.detail === 0) return onPlace({ type: 'straight', numbers: [n] });
    const rect = event.currentTarget.getBoundingClientRect();
    onPlace(betAt(n, (event.clientX - rect.left) / rect.width, (event.clientY - rect.top) / rect.height));
  }

  const outsideCell = (bet: BoardBet, label: string, style: CSSProperties, colour?: string) => {
    const amount = amountOn(bet);
    return (
      <button
        key={betKey(bet)}
        type="button"
        className={classes.cell}
        style={style}
        data-colour={colour}
        data-win={won(bet) || undefined}
        disabled={disabled}
        onClick={() => onPlace(bet)}
        aria-label={`${label}${amount > 0n ? `, ${stackLabel(amount)} on it` : ''}`}
        data-bet={betKey(bet)}
      >
        {label}
        {amount > 0n ? (
          <span className={classes.chip} data-corner data-won={won(bet) || undefined}>
            {stackLabel(amount)}
          </span>
        ) : null}
      </button>
    );
  };

  const inside = stacks.map((stack) => ({ stack, at: chipPosition(stack) })).filter((entry) => entry.at !== null);

  return (
    <div className={classes.scroll}>
      <div
        className={classes.table}
        style={{ gridTemplateColumns: `minmax(0, ${ZERO_COLUMN_WIDTH}fr) repeat(13, minmax(0, 1fr))` }}
        role="group"
        aria-label="Roulette table"
        data-testid="roulette-table"
      >
        <button
          type="button"
          className={classes.cell}
          data-colour="green"
          style={{ gridColumn: 1, gridRow: '1 / 4' }}
          data-win={pocket === 0 || undefined}
          disabled={disabled}
          onClick={() => onPlace({ type: 'straight', numbers: [0] })}
          aria-label="0 green"
          data-number={0}
        >
          0
        </button>
        {Array.from({ length: 12 }, (_, column) =>
          [0, 1, 2].map((row) => {
            const n = numberAt(column, row);
            return (
              <button
                key={n}
                type="button"
                className={classes.cell}
                data-colour={pocketColour(n)}
                style={{ gridColumn: column + 2, gridRow: row + 1 }}
                data-win={pocket === n || undefined}
                disabled={disabled}
                onClick={(event) => placeOnNumber(n, event)}
                aria-label={`${n} ${colourName(n).toLowerCase()}`}
                data-number={n}
              >
                {n}
              </button>
            );
          }),
        )}
        {COLUMN_BETS.map((bet, row) => outsideCell(bet, '2:1', { gridColumn: 14, gridRow: row + 1 }))}
        {DOZEN_BETS.map((bet, d) =>
          outsideCell(bet, ['1st 12', '2nd 12', '3rd 12'][d]!, { gridColumn: `${2 + d * 4} / span 4`, gridRow: 4 }),
        )}
        {OUTSIDE_BETS.map(({ bet, label }, i) =>
          outsideCell(
            bet,
            label,
            { gridColumn: `${2 + i * 2} / span 2`, gridRow: 5 },
            bet.type === 'red' ? 'red' : bet.type === 'black' ? 'black' : undefined,
          ),
        )}
        <div className={classes.overlay} aria-hidden>
          {inside.map(({ stack, at }) => (
            <span
              key={betKey(stack)}
              className={classes.chip}
              style={{ left: `${boardLeftPercent(at!.x)}%`, top: `${(at!.y / 3) * 100}%` }}
              data-won={won(stack) || undefined}
              data-stack={betKey(stack)}
            >
              {stackLabel(stack.amount)}
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}

import { Group, Text } from '@mantine/core';
import { BINGO_BALLS, cardState, COLUMN_LETTERS, FREE_CELL } from '../../../../../server/src/domain/games/bingo/rules';
import { ballLabel } from './bingo-room';
import classes from './Bingo.module.css';

/** A 5x5 card, daubed as the balls are called, its one-to-go numbers outlined. */
export function BingoCard({
  card,
  called,
  label,
}: {
  card: readonly number[];
  called: readonly number[];
  label: string;
}) {
  const state = cardState(card, called);
  const hints = new Set(state.oneToGo);
  return (
    <div data-testid="bingo-card" data-daubed={state.daubed.filter(Boolean).length}>
      <Group justify="space-between" gap={4} mb={4} wrap="nowrap">
        <Text size="xs" fw={600}>
          {label}
        </Text>
        {state.oneToGo.length > 0 && state.daubed.some((d) => !d) ? (
          <Text size="xs" c="yellow.7" data-testid="bingo-one-to-go" truncate>
            1TG: {state.oneToGo.map(ballLabel).join(' ')}
          </Text>
        ) : null}
      </Group>
      {/* A table of five rows (ARIA wants its cells inside rows); the rows are display: contents, so the card's
          CSS grid lays the cells out as before. */}
      <div className={classes.card} role="table" aria-label={label}>
        <div role="row" style={{ display: 'contents' }}>
          {COLUMN_LETTERS.map((letter) => (
            <div key={letter} className={classes.head} role="columnheader">
              {letter}
            </div>
          ))}
        </div>
        {[0, 1, 2, 3, 4].map((row) => (
          <div key={row} role="row" style={{ display: 'contents' }}>
            {card.slice(row * 5, row * 5 + 5).map((n, column) => {
              const i = row * 5 + column;
              return (
                <div
                  key={i}
                  className={classes.cell}
                  role="cell"
                  data-daubed={state.daubed[i] ? '' : undefined}
                  data-hint={hints.has(n) && !state.daubed[i] ? '' : undefined}
                  aria-label={i === FREE_CELL ? 'free' : `${n}${state.daubed[i] ? ' called' : ''}`}
                >
                  {i === FREE_CELL ? '★' : n}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}

/** The 75 balls by letter, the called ones lit. */
export function CalledBoard({ called }: { called: readonly number[] }) {
  const set = new Set(called);
  return (
    <div
      className={classes.board}
      data-testid="bingo-board"
      aria-label={`${called.length} of ${BINGO_BALLS} balls called`}
    >
      {COLUMN_LETTERS.map((letter, column) => (
        <div key={letter} style={{ display: 'contents' }}>
          <div className={classes.letter}>{letter}</div>
          {Array.from({ length: 15 }, (_, i) => column * 15 + i + 1).map((ball) => (
            <div key={ball} className={classes.ball} data-called={set.has(ball) ? '' : undefined}>
              {ball}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

/** The last balls called, newest first and largest. */
export function LastBalls({ called }: { called: readonly number[] }) {
  const last = called.slice(-6).reverse();
  return (
    <Group gap="xs" wrap="nowrap" style={{ overflow: 'hidden' }} data-testid="bingo-last-balls" aria-live="polite">
      {last.length === 0 ? (
        <Text size="sm" c="dimmed">
          No balls yet.
        </Text>
      ) : (
        last.map((ball, i) => (
          <div key={`${ball}-${i}`} className={classes.last}>
            {ballLabel(ball)}
          </div>
        ))
      )}
    </Group>
  );
}

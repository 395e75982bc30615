import { z } from 'zod';
import { DomainError } from '../../errors.js';
import { betIdSchema, metaOf, stakeFields, type MultiStepGame, type Round, type Step } from '../game-module.js';
import {
  MINES_MAX,
  MINES_MIN,
  MINES_RULES,
  MINES_TILES,
  minePositions,
  minesMultiplier,
  minesNextMultiplier,
  minesParamsError,
  type MinesOutcome,
  type MinesParams,
} from './rules.js';
import { ratio } from '../shared/ratio.js';

export const minesStartSchema = z.object({
  ...stakeFields,
  mines: z.number().int().min(MINES_MIN, 'mines must be 1 to 24').max(MINES_MAX, 'mines must be 1 to 24'),
});
export const minesRevealSchema = z.object({
  betId: betIdSchema,
  tile: z
    .number()
    .int()
    .min(0, 'tile must be 0 to 24')
    .max(MINES_TILES - 1, 'tile must be 0 to 24'),
});

type MinesRound = Round<MinesOutcome, MinesParams>;

/** The board, from the round's first `mines` floats; the stored state never holds it until the round ends. */
const boardOf = (round: MinesRound) => minePositions(round.floats.first(round.state.mines), round.state.mines);

/** Cash out after the reveals so far: the board is shown. */
function cashedOut(round: MinesRound): Step<MinesOutcome> {
  return {
    state: { ...round.state, minePositions: boardOf(round) },
    status: 'won',
    multiplier: minesMultiplier(round.state.mines, round.state.revealed.length),
  };
}

/** Mines: reveal safe tiles and cash out before a mine (rules/mines.ts). */
export const MINES_GAME = {
  ...metaOf(MINES_RULES),
  slug: 'mines',
  kind: 'multi-step',
  input: minesStartSchema,
  wager: (input: z.output<typeof minesStartSchema>) => ({ amount: input.amount, params: { mines: input.mines } }),
  paramsError: minesParamsError,
  start: ({ params }: Omit<MinesRound, 'state'>): Step<MinesOutcome> => ({
    state: { mines: params.mines, revealed: [] },
    status: 'open',
    multiplier: ratio(0n),
  }),
  actions: {
    reveal: {
      input: minesRevealSchema,
      apply(round: MinesRound, input: z.output<typeof minesRevealSchema>): Step<MinesOutcome> {
        const { state } = round;
        if (state.revealed.includes(input.tile))
          throw new DomainError('BAD_REQUEST', 'That tile is already revealed', { code: 'BAD_REQUEST' });
        const board = boardOf(round);
        if (board.includes(input.tile))
          return {
            state: { ...state, mineHit: input.tile, minePositions: board },
            status: 'lost',
            multiplier: ratio(0n),
          };
        const revealed = [...state.revealed, input.tile];
        const next = { ...round, state: { ...state, revealed } };
        // Every safe tile found: nothing is left to risk, so the round cashes out by itself.
        if (revealed.length === MINES_TILES - state.mines) return cashedOut(next);
        return { state: next.state, status: 'open', multiplier: minesMultiplier(state.mines, revealed.length) };
      },
    },
  },
  cashout: (round: MinesRound) =>
    round.state.revealed.length === 0 ? { refused: 'Reveal at least one tile before cashing out' } : cashedOut(round),
  // The stored state holds nothing hidden: the board is derived from the floats and stored only once the round ended.
  visible: (state: MinesOutcome) => ({ ...state }),
  nextMultiplier: (state: MinesOutcome) => minesNextMultiplier(state.mines, state.revealed.length),
} as const satisfies MultiStepGame<typeof minesStartSchema, MinesParams, MinesOutcome>;

import { z } from 'zod';
import { DomainError } from '../../errors.js';
import { betIdSchema, originalsMeta, stakeFields, type MultiStepGame, type Round, type Step } from '../game-module.js';
import { ratio } from '../shared/ratio.js';
import {
  TOWER_DIFFICULTIES,
  TOWER_LEVELS,
  TOWER_MAX_TILES,
  towerFloatCount,
  towerMultiplier,
  towerNextMultiplier,
  towerParamsError,
  towerPick,
  towerPickError,
  towerStart,
  towerTraps,
  type TowerParams,
  type TowerState,
} from './rules.js';

export const towerStartSchema = z.object({
  ...stakeFields,
  difficulty: z.enum(TOWER_DIFFICULTIES, { message: `difficulty must be one of ${TOWER_DIFFICULTIES.join(', ')}` }),
});
export const towerPickSchema = z.object({
  betId: betIdSchema,
  tile: z
    .number()
    .int()
    .min(0, `tile must be 0 to ${TOWER_MAX_TILES - 1}`)
    .max(TOWER_MAX_TILES - 1, `tile must be 0 to ${TOWER_MAX_TILES - 1}`),
  /**
   * The level the pick is for (0 = the bottom). When given, a pick for a level already climbed is refused, so a repeated
   * request (a double click, a retry) never climbs a second level with the same tile.
   */
  level: z
    .number()
    .int()
    .min(0, `level must be 0 to ${TOWER_LEVELS - 1}`)
    .max(TOWER_LEVELS - 1, `level must be 0 to ${TOWER_LEVELS - 1}`)
    .optional(),
});

type TowerRound = Round<TowerState, TowerParams>;

/** Every level's traps, from the round's floats; the stored state holds them only once the round has ended. */
const trapsOf = (round: TowerRound) =>
  towerTraps(round.floats.first(towerFloatCount(round.state.difficulty)), round.state.difficulty);

/** Cash out after the levels climbed so far: every level's traps are shown. */
function cashedOut(round: TowerRound): Step<TowerState> {
  return {
    state: { ...round.state, traps: trapsOf(round) },
    status: 'won',
    multiplier: towerMultiplier(round.state.difficulty, round.state.picks.length),
  };
}

/** Tower: climb nine levels by picking a safe tile on each, cash out before a trap (rules.ts). */
export const TOWER_GAME = {
  ...originalsMeta('tower', 'Tower', 'Climb nine levels, one tile per level, and cash out before you step on a trap.'),
  slug: 'tower',
  kind: 'multi-step',
  input: towerStartSchema,
  wager: (input: z.output<typeof towerStartSchema>) => ({
    amount: input.amount,
    params: { difficulty: input.difficulty },
  }),
  paramsError: towerParamsError,
  start: ({ params }: Omit<TowerRound, 'state'>): Step<TowerState> => ({
    state: towerStart(params.difficulty),
    status: 'open',
    multiplier: ratio(0n),
  }),
  actions: {
    pick: {
      input: towerPickSchema,
      apply(round: TowerRound, input: z.output<typeof towerPickSchema>): Step<TowerState> {
        const level = round.state.picks.length;
        if (input.level !== undefined && input.level !== level)
          throw new DomainError(
            'CONFLICT',
            `This pick is for level ${input.level + 1}, the round is on level ${level + 1}`,
            {
              code: 'WRONG_LEVEL',
            },
          );
        const error = towerPickError(round.state, input.tile);
        if (error) throw new DomainError('BAD_REQUEST', error, { code: 'BAD_REQUEST' });
        const step = towerPick(round.state, input.tile, trapsOf(round));
        if (step.end === 'lost') return { state: step.state, status: 'lost', multiplier: ratio(0n) };
        const multiplier = towerMultiplier(step.state.difficulty, step.state.picks.length);
        // The top level reached: nothing is left to climb, so the round cashes out by itself.
        return { state: step.state, status: step.end === 'top' ? 'won' : 'open', multiplier };
      },
    },
  },
  cashout: (round: TowerRound) =>
    round.state.picks.length === 0 ? { refused: 'Climb at least one level before cashing out' } : cashedOut(round),
  // The stored state holds nothing hidden: the traps are derived from the floats and stored only once the round ended.
  visible: (state: TowerState) => ({ ...state }),
  nextMultiplier: (state: TowerState) => towerNextMultiplier(state),
} as const satisfies MultiStepGame<typeof towerStartSchema, TowerParams, TowerState>;

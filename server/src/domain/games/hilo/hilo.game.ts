import { z } from 'zod';
import { DomainError } from '../../errors.js';
import { originalsMeta, roundSchema, stakeFields, type MultiStepGame, type Round, type Step } from '../game-module.js';
import { ratio } from '../shared/ratio.js';
import {
  hiloActionError,
  hiloCanCashOut,
  hiloFull,
  hiloMultiplier,
  hiloStart,
  hiloStep,
  type HiloAction,
  type HiloState,
} from './rules.js';

export const hiloStartSchema = z.object({ ...stakeFields });

type HiloParams = Record<string, never>;
type HiloRound = Round<HiloState, HiloParams>;

function cashedOut(state: HiloState): Step<HiloState> {
  return { state, status: 'won', multiplier: hiloMultiplier(state.cards) };
}

/** A guess or a skip: the next card comes from the float numbered by the cards drawn so far. */
function play(action: HiloAction) {
  return {
    input: roundSchema,
    apply(round: HiloRound): Step<HiloState> {
      const error = hiloActionError(round.state, action);
      if (error) throw new DomainError('CONFLICT', error, { code: 'ACTION_NOT_ALLOWED' });
      const next = hiloStep(round.state, action, round.floats.at(round.state.cards.length));
      if (next.lost) return { state: next.state, status: 'lost', multiplier: ratio(0n) };
      // The 52nd card ends the round: whatever it has won is paid.
      if (hiloFull(next.state)) return cashedOut(next.state);
      return { state: next.state, status: 'open', multiplier: hiloMultiplier(next.state.cards) };
    },
  };
}

/** Hilo: guess whether the next card is higher or lower, skip a card, cash out the running multiplier (rules.ts). */
export const HILO_GAME = {
  ...originalsMeta(
    'hilo',
    'Hilo',
    'Guess whether the next card is higher or lower; every correct guess raises the multiplier.',
  ),
  slug: 'hilo',
  kind: 'multi-step',
  input: hiloStartSchema,
  wager: (input: z.output<typeof hiloStartSchema>) => ({ amount: input.amount, params: {} as HiloParams }),
  paramsError: () => null,
  start: ({ floats }: Omit<HiloRound, 'state'>): Step<HiloState> => ({
    state: hiloStart(floats.at(0)),
    status: 'open',
    multiplier: ratio(1n),
  }),
  actions: {
    higherOrSame: play('higherOrSame'),
    lowerOrSame: play('lowerOrSame'),
    higher: play('higher'),
    lower: play('lower'),
    same: play('same'),
    skip: play('skip'),
  },
  cashout: (round: HiloRound) =>
    hiloCanCashOut(round.state) ? cashedOut(round.state) : { refused: 'Make a correct guess before cashing out' },
  // Nothing is hidden: the next card is a float not yet read.
  visible: (state: HiloState) => ({ ...state }),
} as const satisfies MultiStepGame<typeof hiloStartSchema, HiloParams, HiloState>;

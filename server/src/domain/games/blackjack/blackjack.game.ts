import { z } from 'zod';
import { DomainError } from '../../errors.js';
import { formatAmount } from '../../wallet/amounts.js';
import {
  betIdSchema,
  stakeFields,
  type MultiStepGame,
  type Round,
  type RoundAction,
  type Step,
} from '../game-module.js';
import { compareRatio, ratio } from '../shared/ratio.js';
import { BLACKJACK_RTP_PERCENT, BLACKJACK_HOUSE_EDGE_PPM } from './optimal-play.js';
import {
  act,
  ActionNotAllowed,
  allowedActions,
  BLACKJACK_ACTIONS,
  deal,
  handTotal,
  roundMultiplier,
  type BlackjackAction,
  type BlackjackState,
  type StoredHand,
} from './rules.js';

export const blackjackStartSchema = z.object({ ...stakeFields });
const actionSchema = z.object({ betId: betIdSchema });

/** The opening stake, kept on the bet row: double, split and insurance raise by it (or half of it). */
interface BlackjackParams {
  bet: string;
}
type BlackjackRound = Round<BlackjackState, BlackjackParams>;

const floatAt = (round: Omit<BlackjackRound, 'state'>) => (index: number) => round.floats.at(index);

/** Where the rules leave the round: open (nothing to pay yet) or ended with its exact multiplier of all staked. */
function toStep(state: BlackjackState, raise = 0n): Step<BlackjackState> {
  if (!state.finished) return { state, status: 'open', multiplier: ratio(0n), ...(raise > 0n ? { raise } : {}) };
  const multiplier = roundMultiplier(state);
  // A push (everything back) counts as won, as an instant bet paying 1x does.
  return {
    state,
    status: compareRatio(multiplier, ratio(1n)) >= 0 ? 'won' : 'lost',
    multiplier,
    ...(raise > 0n ? { raise } : {}),
  };
}

function action(name: BlackjackAction): RoundAction<typeof actionSchema, BlackjackState, BlackjackParams> {
  return {
    input: actionSchema,
    apply(round) {
      try {
        const { state, raise } = act(round.state, name, floatAt(round));
        return toStep(state, raise);
      } catch (error) {
        if (error instanceof ActionNotAllowed) {
          throw new DomainError('CONFLICT', `You cannot ${name === 'noInsurance' ? 'decline insurance' : name} now`, {
            code: 'ACTION_NOT_ALLOWED',
            details: { allowed: allowedActions(round.state) },
          });
        }
        throw error;
      }
    },
  };
}

const handView = (hand: StoredHand, index: number, state: BlackjackState) => {
  const { total, soft } = handTotal(hand.cards);
  const playing = !state.finished && state.insurance?.state !== 'offered' && index === state.active;
  const running = hand.done ? (total > 21 ? 'bust' : 'stood') : playing ? 'playing' : 'waiting';
  return {
    cards: hand.cards,
    total,
    soft,
    amount: formatAmount(BigInt(hand.amount)),
    doubled: hand.doubled,
    state: hand.result ?? running,
  };
};

/** Blackjack (rules.ts): deal, then hit, stand, double, split and insurance until every hand is done. */
export const BLACKJACK_GAME = {
  slug: 'blackjack',
  name: 'Blackjack',
  description: 'Beat the dealer to 21: blackjack pays 3:2, the dealer stands on all 17s; double, split and insurance.',
  categories: ['blackjack', 'originals'],
  rtp: BLACKJACK_RTP_PERCENT,
  houseEdgePpm: BLACKJACK_HOUSE_EDGE_PPM,
  kind: 'multi-step',
  input: blackjackStartSchema,
  wager: (input: z.output<typeof blackjackStartSchema>) => ({
    amount: input.amount,
    params: { bet: input.amount.toString() },
  }),
  paramsError: (params: BlackjackParams) => (/^[1-9]\d*$/.test(params.bet) ? null : 'amount must be positive'),
  start: (round: Omit<BlackjackRound, 'state'>) => toStep(deal(BigInt(round.params.bet), floatAt(round))),
  actions: Object.fromEntries(BLACKJACK_ACTIONS.map((name) => [name, action(name)])) as Record<
    BlackjackAction,
    ReturnType<typeof action>
  >,
  cashout: () => ({ refused: 'Blackjack has no cash-out: stand to end the round' }),
  /** While open: the dealer's up card only (the hole card and every card to come stay hidden). */
  visible(state: BlackjackState, open: boolean) {
    const dealerCards = open ? state.dealer.slice(0, 1) : state.dealer;
    const dealerTotal = handTotal(dealerCards);
    return {
      hands: state.hands.map((hand, index) => handView(hand, index, state)),
      dealer: { cards: dealerCards, total: dealerTotal.total, soft: dealerTotal.soft },
      ...(state.insurance
        ? { insurance: { state: state.insurance.state, amount: formatAmount(BigInt(state.insurance.amount)) } }
        : {}),
      actions: open ? allowedActions(state) : [],
      played: state.played,
      ...('capped' in state ? { capped: true } : {}),
    };
  },
} as const satisfies MultiStepGame<typeof blackjackStartSchema, BlackjackParams, BlackjackState>;

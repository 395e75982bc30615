import { z } from 'zod';
import { betIdSchema, stakeFields, type MultiStepGame, type Round, type Step } from '../game-module.js';
import { formatRatio, mulRatio, ratio } from '../shared/ratio.js';
import { VIDEO_POKER_RTP } from './rtp.js';
import {
  HAND_SIZE,
  handCategory,
  heldError,
  VIDEO_POKER_FLOATS,
  vpDeal,
  vpDraw,
  vpMultiplier,
  type VideoPokerState,
} from './rules.js';

export const videoPokerStartSchema = z.object({ ...stakeFields });
export const videoPokerDrawSchema = z.object({
  betId: betIdSchema,
  held: z
    .array(
      z
        .number()
        .int()
        .min(0, 'held positions are 0 to 4')
        .max(HAND_SIZE - 1, 'held positions are 0 to 4'),
    )
    .max(HAND_SIZE, 'at most five positions can be held')
    .refine((held) => heldError(held) === null, 'a position can be held once'),
});

type VideoPokerParams = Record<string, never>;
type VideoPokerRound = Round<VideoPokerState, VideoPokerParams>;

/** 100% - RTP in parts per million, rounded down (the accruals' house edge). */
const HOUSE_EDGE_PPM = Number((1_000_000n * (VIDEO_POKER_RTP.den - VIDEO_POKER_RTP.num)) / VIDEO_POKER_RTP.den);

/**
 * Video poker, Jacks or Better 9/6 (rules.ts): `start` deals five (the round's ten cards are fixed by its nonce), one
 * `draw` with the held positions replaces the others and settles the round at the final hand's pay. There is nothing
 * to cash out in between. A pay past the profit limit is capped by the engine (`capped: true`).
 */
export const VIDEO_POKER_GAME = {
  slug: 'video-poker',
  name: 'Video Poker',
  description: 'Jacks or Better with the 9/6 full-pay table: deal five, hold any, draw once.',
  categories: ['originals'],
  rtp: formatRatio(mulRatio(VIDEO_POKER_RTP, ratio(100n)), 2),
  houseEdgePpm: HOUSE_EDGE_PPM,
  kind: 'multi-step',
  input: videoPokerStartSchema,
  wager: (input: z.output<typeof videoPokerStartSchema>) => ({ amount: input.amount, params: {} as VideoPokerParams }),
  paramsError: () => null,
  start: ({ floats }: Omit<VideoPokerRound, 'state'>): Step<VideoPokerState> => ({
    state: { dealt: vpDeal(floats.first(VIDEO_POKER_FLOATS)).slice(0, HAND_SIZE) },
    status: 'open',
    multiplier: ratio(0n),
  }),
  actions: {
    draw: {
      input: videoPokerDrawSchema,
      apply(round: VideoPokerRound, input: z.output<typeof videoPokerDrawSchema>): Step<VideoPokerState> {
        const held = [...input.held].sort((a, b) => a - b);
        const final = vpDraw(vpDeal(round.floats.first(VIDEO_POKER_FLOATS)), held);
        const hand = handCategory(final);
        const multiplier = vpMultiplier(hand);
        return {
          state: { ...round.state, held, final, hand },
          status: multiplier.num > 0n ? 'won' : 'lost',
          multiplier,
        };
      },
    },
  },
  cashout: () => ({ refused: 'Hold the cards you keep and draw: a video poker hand has no cash-out' }),
  // Nothing hidden: the replacements are floats not read until the draw.
  visible: (state: VideoPokerState) => ({ ...state }),
} as const satisfies MultiStepGame<typeof videoPokerStartSchema, VideoPokerParams, VideoPokerState>;

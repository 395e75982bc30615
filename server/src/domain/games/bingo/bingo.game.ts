import { createHmac, randomInt } from 'node:crypto';
import { z } from 'zod';
import type { PlanBet, RoundGame, RoundPlan, RoundSettings } from '../../rounds/round-game.js';
import { formatAmount, parseAmount, type Currency } from '../../wallet/amounts.js';
import { betFields } from '../game-module.js';
import {
  BINGO_BALLS,
  BINGO_RTP_PERCENT,
  bingoDraw,
  cardError,
  HOUSE_SHARE_PPM,
  MAX_CARDS_PER_PLAYER,
  PRIZE_SHARE_PERCENT,
  randomCard,
  settlePot,
  type PotCard,
  type PotResult,
} from './rules.js';

/** The published card prices: one pot per currency, so USD and BZU cards never share a prize. */
export const CARD_PRICE: Record<Currency, bigint> = { USD: parseAmount('1'), BZU: parseAmount('100') };

/** The operator's bingo settings (env BINGO_*; env.config.bingo): the ball interval and each currency's guaranteed pot. */
export interface BingoSettings {
  ballMs: number;
  minPot: Record<Currency, bigint>;
}
const DEFAULT_SETTINGS: BingoSettings = { ballMs: 3_000, minPot: { USD: 0n, BZU: 0n } };
const bingoSettings = (settings: RoundSettings): BingoSettings => ({
  ...DEFAULT_SETTINGS,
  ...(settings as Partial<BingoSettings>),
});

const cardSchema = z.array(z.number()).superRefine((card, ctx) => {
  const error = cardError(card);
  if (error) ctx.addIssue({ code: 'custom', message: error });
});

/**
 * A purchase of cards for the game on sale: `count` cards the server deals from crypto randomness, or the player's
 * own `cards` (the page deals them in the browser and lets the player deal again before buying). Either way the
 * cards are fixed before the draw, which the chain committed before the sale opened, so no choice of cards can see it.
 * Cards are dealt here, when the input is parsed, so the one purchase stores and shows the same cards everywhere.
 */
export const bingoBetSchema = z
  .object({
    ...betFields,
    count: z.number().int().min(1).max(MAX_CARDS_PER_PLAYER).optional(),
    cards: z.array(cardSchema).min(1).max(MAX_CARDS_PER_PLAYER).optional(),
  })
  .refine((input) => input.count !== undefined || input.cards !== undefined, {
    message: 'Give a card count or the cards',
    path: ['count'],
  })
  .refine((input) => input.count === undefined || input.cards === undefined || input.count === input.cards.length, {
    message: 'count must equal the number of cards',
    path: ['count'],
  })
  .transform(({ count, cards, ...rest }) => ({
    ...rest,
    cards: cards ?? Array.from({ length: count! }, () => randomCard(randomInt)),
  }));

export interface BingoParams {
  cards: number[][];
}

export interface BingoResult {
  /** The whole draw order (75 balls); only `called` of them are drawn. */
  draw: number[];
  called?: number;
  pots?: Partial<Record<Currency, PublicPot>>;
}

interface PublicPot {
  cards: number;
  sales: string;
  houseShare: string;
  funded: string;
  pot: string;
  prizes: { prize: string; ball: number; amount: string; winners: { betId: string; card: number; amount: string }[] }[];
}

const hmac = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message).digest());

const publicPot = (cards: number, pot: PotResult): PublicPot => ({
  cards,
  sales: formatAmount(pot.sales),
  houseShare: formatAmount(pot.houseShare),
  funded: formatAmount(pot.funded),
  pot: formatAmount(pot.pot),
  prizes: pot.prizes.map((p) => ({
    prize: p.prize,
    ball: p.ball,
    amount: formatAmount(p.amount),
    winners: p.winners.map((w) => ({ betId: w.betId, card: w.card, amount: formatAmount(w.amount) })),
  })),
});

/** The whole round: one pot per currency with cards, the game running until the last pot's full house. */
function planBingo(result: BingoResult, bets: PlanBet<BingoParams>[], settings: RoundSettings): RoundPlan<BingoResult> {
  const { ballMs, minPot } = bingoSettings(settings);
  const pots: Partial<Record<Currency, PublicPot>> = {};
  const payouts = new Map<string, { payout: bigint; outcome: object }>();
  const funding: RoundPlan<BingoResult>['funding'] = [];
  let called = 0;
  for (const currency of ['USD', 'BZU'] as const) {
    const mine = bets.filter((bet) => bet.currency === currency);
    const cards: PotCard[] = mine.flatMap((bet) =>
      bet.params.cards.map((card, index) => ({ betId: bet.id, index, card })),
    );
    if (cards.length === 0) continue;
    const pot = settlePot(
      cards,
      result.draw,
      mine.reduce((sum, bet) => sum + bet.amount, 0n),
      minPot[currency],
    );
    pots[currency] = publicPot(cards.length, pot);
    if (pot.funded > 0n) funding.push({ currency, amount: pot.funded });
    called = Math.max(called, pot.endsAt);
    for (const prize of pot.prizes) {
      for (const winner of prize.winners) {
        const entry = payouts.get(winner.betId) ?? { payout: 0n, outcome: { prizes: [] as object[] } };
        entry.payout += winner.amount;
        (entry.outcome as { prizes: object[] }).prizes.push({
          prize: prize.prize,
          card: winner.card,
          ball: prize.ball,
          amount: formatAmount(winner.amount),
        });
        payouts.set(winner.betId, entry);
      }
    }
  }
  return { result: { draw: result.draw, called, pots }, runningMs: called * ballMs, payouts, funding };
}

export const BINGO_GAME = {
  slug: 'bingo' as const,
  name: 'Bingo',
  description:
    '75-ball bingo rooms: buy cards in the sale window, watch the balls, win one line, two lines or a full house from the pot.',
  categories: ['bingo'] as const,
  rtp: BINGO_RTP_PERCENT,
  houseEdgePpm: Number(HOUSE_SHARE_PPM),
  kind: 'round' as const,
  input: bingoBetSchema,
  amountFields: [],
  betsInWindowOnly: true,
  // More cards until the sale closes, 24 a player a game in all (issue 45).
  roundLimitError: (held, next) => {
    const cards = held.reduce((sum, params) => sum + params.cards.length, 0);
    return cards + next.cards.length > MAX_CARDS_PER_PLAYER
      ? {
          code: 'CARD_LIMIT',
          message: `At most ${MAX_CARDS_PER_PLAYER} cards a game: you have ${cards}, so ${MAX_CARDS_PER_PLAYER - cards} more at most`,
        }
      : null;
  },
  wager: (input) => ({
    amount: CARD_PRICE[input.currency] * BigInt(input.cards.length),
    params: { cards: input.cards },
  }),
  paramsError: (params) =>
    params.cards.length < 1 || params.cards.length > MAX_CARDS_PER_PLAYER
      ? `buy 1 to ${MAX_CARDS_PER_PLAYER} cards`
      : (params.cards.map(cardError).find(Boolean) ?? null),
  result: (_value, source) => ({ draw: bingoDraw(hmac, source.salt, source.hash) }),
  // The betting window is the card sale, and a tick per ball carries the balls to every screen.
  timings: (env) => ({ bettingMs: env.BINGO_SALE_MS, cooldownMs: env.BINGO_COOLDOWN_MS, tickMs: env.BINGO_BALL_MS }),
  runningMs: (_result, settings) => BINGO_BALLS * bingoSettings(settings).ballMs,
  planRound: planBingo,
  // Pot shares are paid by planRound; a bingo bet has no multiplier of its own.
  settle: () => ({ num: 0n, den: 1n }),
  live: (result, elapsedMs, settings) => ({
    balls: result.draw.slice(0, Math.min(BINGO_BALLS, Math.floor(elapsedMs / bingoSettings(settings).ballMs))),
  }),
  info: (settings) => {
    const { ballMs, minPot } = bingoSettings(settings);
    return {
      cardPrice: { USD: formatAmount(CARD_PRICE.USD), BZU: formatAmount(CARD_PRICE.BZU) },
      minPot: { USD: formatAmount(minPot.USD), BZU: formatAmount(minPot.BZU) },
      houseSharePercent: Number(HOUSE_SHARE_PPM / 10_000n),
      prizeSharePercent: {
        oneLine: Number(PRIZE_SHARE_PERCENT.oneLine),
        twoLines: Number(PRIZE_SHARE_PERCENT.twoLines),
        fullHouse: Number(PRIZE_SHARE_PERCENT.fullHouse),
      },
      maxCards: MAX_CARDS_PER_PLAYER,
      ballMs,
    };
  },
  publicResult: (result) => ({
    balls: result.draw.slice(0, result.called ?? 0),
    called: result.called ?? 0,
    pots: result.pots ?? {},
  }),
  publicParams: (params) => ({ cards: params.cards }),
} satisfies RoundGame<typeof bingoBetSchema, BingoParams, BingoResult>;

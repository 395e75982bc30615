import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../../../../tests/support/rtp-simulation.js';
import { cardLabel } from '../shared/cards.js';
import { floatsFromSeeds } from '../shared/floats.js';
import { addRatio, applyRatio, mulRatio, ratio, type Ratio } from '../shared/ratio.js';
import {
  guessChance,
  guessMultiplier,
  hiloActionError,
  hiloChoices,
  hiloMultiplier,
  hiloRank,
  hiloReplay,
  hiloStart,
  hiloStep,
  likelierGuess,
  type HiloAction,
  type HiloGuess,
  type HiloState,
} from './rules.js';

const hmac = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message).digest());
const toNumber = (r: Ratio) => Number(r.num) / Number(r.den);
const NINETY_NINE = ratio(99n, 100n);

interface Vector {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  plan: string;
  actions: (HiloAction | 'cashout')[];
  cards: number[];
  labels: string[];
  end: 'open' | 'lost' | 'cashout';
  multiplier: [string, string];
  amount: string;
  payout: string;
}
const vectors = (
  JSON.parse(readFileSync(new URL('./hilo-vectors.json', import.meta.url), 'utf8')) as {
    rounds: Vector[];
  }
).rounds;

/** One card of each rank, ace low .. king: the card of rank r is the diamond of that rank. */
const RANK_CARDS = Array.from({ length: 13 }, (_, i) => (i === 0 ? 48 : (i - 1) * 4));

describe('hilo rules against the independent golden vectors (server/src/domain/games/hilo/hilo_vectors.py)', () => {
  it('has rounds of every ending, past float 8 and up to 52 cards', () => {
    expect(new Set(vectors.map((v) => v.end))).toEqual(new Set(['open', 'lost', 'cashout']));
    expect(Math.max(...vectors.map((v) => v.cards.length))).toBe(52);
  });

  it.each(vectors.map((v, i) => ({ ...v, i })))(
    'round $i ($plan, nonce $nonce) replays to the same cards, end and payout',
    (v) => {
      const floats = floatsFromSeeds(hmac, v, 52);
      const replay = hiloReplay(floats, v.actions);
      expect(replay.error).toBeUndefined();
      expect(replay.state.cards.map((c) => c.card)).toEqual(v.cards);
      expect(replay.state.cards.map((c) => cardLabel(c.card))).toEqual(v.labels);
      expect(replay.state.cards.slice(1).map((c) => c.guess)).toEqual(v.actions.filter((a) => a !== 'cashout'));
      expect(replay.end).toBe(v.end);
      expect(replay.multiplier).toEqual(
        v.end === 'lost' ? ratio(0n) : ratio(BigInt(v.multiplier[0]), BigInt(v.multiplier[1])),
      );
      expect(String(v.end === 'cashout' ? applyRatio(BigInt(v.amount), replay.multiplier) : 0n)).toBe(v.payout);
    },
  );

  it('starts on the third-party card vector: server seed, client seed, nonce 1 starts on ♠J, then ♥10', () => {
    const floats = floatsFromSeeds(hmac, { serverSeed: 'server seed', clientSeed: 'client seed', nonce: 1 }, 2);
    const start = hiloStart(floats[0]!);
    expect(cardLabel(start.cards[0]!.card)).toBe('♠J');
    // J (11) to 10: lower or same wins, 11 of 13 ranks: 0.99 x 13 / 11 = 1.17
    const step = hiloStep(start, 'lowerOrSame', floats[1]!);
    expect(step.lost).toBe(false);
    expect(step.state.multiplier).toBe('1.1700');
  });
});

describe('hilo actions', () => {
  const on = (card: number): HiloState => ({ cards: [{ card, multiplier: '1.0000' }], multiplier: '1.0000' });

  it('offers higher/same on an ace, lower/same on a king, higher or same / lower or same otherwise', () => {
    expect(hiloChoices(48)).toEqual(['higher', 'same']);
    expect(hiloChoices(44)).toEqual(['lower', 'same']);
    expect(hiloChoices(0)).toEqual(['higherOrSame', 'lowerOrSame']);
    expect(hiloActionError(on(48), 'higherOrSame')).toMatch(/higher or same/);
    expect(hiloActionError(on(44), 'higher')).toMatch(/lower or same/);
    expect(hiloActionError(on(20), 'same')).not.toBeNull();
    expect(hiloActionError(on(20), 'skip')).toBeNull();
  });

  it('skips without changing the multiplier and refuses a skip that would leave a 52-card round with nothing won', () => {
    let state = on(20);
    for (let i = 0; i < 50; i += 1) state = hiloStep(state, 'skip', 0.5).state;
    expect(state.cards).toHaveLength(51);
    expect(state.multiplier).toBe('1.0000');
    expect(hiloActionError(state, 'skip')).toMatch(/last card/);
    expect(hiloActionError(hiloStep(state, 'higherOrSame', 0.99).state, 'higherOrSame')).toMatch(/52 cards/);
  });

  it('loses on a wrong guess: the card is kept and the multiplier is 0', () => {
    // 7 (card 20) then a 2 (card 0): higher or same loses
    const step = hiloStep(on(20), 'higherOrSame', 0);
    expect(step.lost).toBe(true);
    expect(step.state.cards.at(-1)).toEqual({ card: 0, guess: 'higherOrSame', multiplier: '0.0000' });
  });

  it('a king then same on a king: 0.99 x 13 = 12.87', () => {
    expect(hiloStep(on(44), 'same', 45 / 52).state.multiplier).toBe('12.8700');
  });
});

describe('hilo exact return to player (rational arithmetic)', () => {
  const rankGuesses = RANK_CARDS.flatMap((card) =>
    hiloChoices(card).map((guess) => ({ card, rank: hiloRank(card), guess })),
  );

  it.each(rankGuesses)('rank $rank, $guess: chance x multiplier is exactly 99/100', ({ card, guess }) => {
    expect(mulRatio(guessChance(card, guess), guessMultiplier(card, guess))).toEqual(NINETY_NINE);
  });

  /** Exact return of "guess `choose(card)` n times, then cash out", from a uniform start card, by dynamic programming. */
  function strategyRtp(n: number, choose: (card: number) => HiloGuess): Ratio {
    let value: Ratio[] = RANK_CARDS.map(() => ratio(1n));
    for (let step = 0; step < n; step += 1) {
      value = RANK_CARDS.map((card) => {
        const guess = choose(card);
        let sum = ratio(0n);
        for (const [next, nextValue] of RANK_CARDS.map((c, i) => [c, value[i]!] as const)) {
          const winning = hiloStep({ cards: [{ card, multiplier: '1' }], multiplier: '1' }, guess, (next + 0.5) / 52);
          if (!winning.lost)
            sum = addRatio(sum, mulRatio(ratio(1n, 13n), mulRatio(guessMultiplier(card, guess), nextValue)));
        }
        return sum;
      });
    }
    return value.reduce((a, b) => addRatio(a, mulRatio(b, ratio(1n, 13n))), ratio(0n));
  }

  it('cashing out after n correct guesses returns exactly 0.99^n for any choice of guesses', () => {
    expect(strategyRtp(1, likelierGuess)).toEqual(NINETY_NINE);
    expect(strategyRtp(3, likelierGuess)).toEqual(ratio(99n ** 3n, 100n ** 3n));
    expect(strategyRtp(2, (card) => hiloChoices(card)[1])).toEqual(ratio(99n ** 2n, 100n ** 2n));
  });
});

describe('hilo simulated return to player: 10^6 rounds', { timeout: 120_000 }, () => {
  /** Guess the likelier side `guesses` times (skipping sevens, which change nothing) and cash out. */
  function round(guesses: number) {
    return (f: (count: number) => number[]) => {
      let state = hiloStart(f(1)[0]!);
      for (let correct = 0; correct < guesses;) {
        const card = state.cards.at(-1)!.card;
        const action: HiloAction = hiloRank(card) === 7 ? 'skip' : likelierGuess(card);
        const step = hiloStep(state, action, f(1)[0]!);
        if (step.lost) return 0;
        state = step.state;
        if (action !== 'skip') correct += 1;
      }
      return toNumber(hiloMultiplier(state.cards));
    };
  }

  it('the likelier side, cash out after 1 correct guess: 99%', () => {
    simulate('hilo x1', round(1), 0.99);
  });

  it('the likelier side, cash out after 3 correct guesses: 0.99^3 = 97.0299%', () => {
    simulate('hilo x3', round(3), toNumber(ratio(99n ** 3n, 100n ** 3n)));
  });
});

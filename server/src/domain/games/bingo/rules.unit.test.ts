import { createHmac, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../rounds/hash-chain.js';
import {
  bingoDraw,
  cardError,
  cardState,
  cardTimes,
  potOf,
  prizeAmounts,
  randomCard,
  settlePot,
  splitPrize,
  type PotCard,
} from './rules.js';

const VECTORS = JSON.parse(readFileSync(new URL('./bingo-vectors.json', import.meta.url), 'utf8')) as {
  terminalHash: string;
  salt: string;
  rounds: {
    number: number;
    hash: string;
    draw: number[];
    cards: { card: number[]; times: { oneLine: number; twoLines: number; fullHouse: number } }[];
  }[];
  splits: { amount: number; winners: number; shares: number[] }[];
};
const hmac = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message).digest());

describe('bingo rules against the independent Python implementation (server/src/domain/games/bingo/bingo_vectors.py)', () => {
  it('replays the draw order of every vector round from its chain hash and the salt', () => {
    expect(sha256Hex(VECTORS.rounds[0]!.hash)).toBe(VECTORS.terminalHash);
    for (const round of VECTORS.rounds) {
      const draw = bingoDraw(hmac, VECTORS.salt, round.hash);
      expect(draw, `round ${round.number}`).toEqual(round.draw);
      expect(new Set(draw).size).toBe(75);
    }
  });

  it('finds the balls on which each vector card completes one line, two lines and the full house', () => {
    for (const round of VECTORS.rounds) {
      for (const { card, times } of round.cards) {
        expect(cardError(card)).toBeNull();
        expect(cardTimes(card, round.draw)).toEqual(times);
      }
    }
  });

  it('splits a prize as the vectors do: floor shares, the remainder one unit each to the first winners', () => {
    for (const split of VECTORS.splits) {
      const shares = splitPrize(BigInt(split.amount), split.winners);
      expect(shares).toEqual(split.shares.map(BigInt));
      expect(shares.reduce((a, b) => a + b, 0n)).toBe(BigInt(split.amount));
    }
  });
});

describe('bingo cards', () => {
  const valid = VECTORS.rounds[0]!.cards[0]!.card;

  it('a random card is valid: 24 distinct numbers in their columns, the free centre', () => {
    for (let i = 0; i < 200; i += 1) expect(cardError(randomCard(randomInt))).toBeNull();
  });

  it('refuses a card with a wrong centre, a number in the wrong column, a repeat or the wrong size', () => {
    const withCell = (cell: number, value: number) => valid.map((n, i) => (i === cell ? value : n));
    expect(cardError(withCell(12, 31))).toMatch(/centre/);
    expect(cardError(withCell(0, 16))).toMatch(/column B/);
    expect(cardError(withCell(5, valid[0]!))).toMatch(/twice/);
    expect(cardError(withCell(3, 76))).toMatch(/1\.\.75/);
    expect(cardError(withCell(3, 1.5))).toMatch(/1\.\.75/);
    expect(cardError(valid.slice(0, 24))).toMatch(/25 cells/);
  });

  it('daubs called numbers, counts complete lines and hints the numbers one short of a line', () => {
    // The top row but its last number, and the diagonal through the free centre but one corner.
    const called = [valid[0]!, valid[1]!, valid[2]!, valid[3]!, valid[6]!, valid[18]!];
    const state = cardState(valid, called);
    expect(state.daubed.filter(Boolean)).toHaveLength(7);
    expect(state.lines).toBe(0);
    expect(state.oneToGo).toEqual([valid[4]!, valid[24]!].sort((a, b) => a - b));
    const row = cardState(valid, [...called, valid[4]!]);
    expect(row.lines).toBe(1);
    expect(
      cardState(
        valid,
        valid.filter((n) => n !== 0 && n !== valid[24]),
      ).oneToGo,
    ).toEqual([valid[24]]);
  });
});

describe('the pot', () => {
  const round = VECTORS.rounds[0]!;
  const E8 = 100_000_000n;

  it('is the sales less the 10% house share, raised to the guaranteed minimum by the house', () => {
    expect(potOf(100n * E8, 5n * E8)).toEqual({ houseShare: 10n * E8, funded: 0n, pot: 90n * E8 });
    expect(potOf(3n * E8, 5n * E8)).toEqual({ houseShare: 30_000_000n, funded: 230_000_000n, pot: 5n * E8 });
    const prizes = prizeAmounts(1_000_000_007n);
    expect(prizes.oneLine + prizes.twoLines + prizes.fullHouse).toBe(1_000_000_007n);
    expect(prizes.oneLine).toBe(150_000_001n);
  });

  it('pays simultaneous winners equally, the odd units to the earliest cards, and exactly the pot', () => {
    const [a, b] = round.cards.map((card) => card.card);
    // Three identical cards (two in one purchase) share every prize; a different card is in the pot too.
    const cards: PotCard[] = [
      { betId: '12', index: 0, card: a! },
      { betId: '9', index: 1, card: a! },
      { betId: '9', index: 0, card: a! },
      { betId: '10', index: 0, card: b! },
    ];
    const sales = 4n * E8 + 1n;
    const result = settlePot(cards, round.draw, sales, 0n);
    const paid = result.prizes.flatMap((p) => p.winners).reduce((sum, w) => sum + w.amount, 0n);
    expect(paid).toBe(result.pot);
    expect(result.pot).toBe(sales - sales / 10n);
    // Card a completes everything on the vectors' balls; b loses each prize to it unless it is quicker.
    const timesA = round.cards[0]!.times;
    expect(result.prizes.map((p) => p.ball)).toEqual([
      Math.min(timesA.oneLine, round.cards[1]!.times.oneLine),
      Math.min(timesA.twoLines, round.cards[1]!.times.twoLines),
      Math.min(timesA.fullHouse, round.cards[1]!.times.fullHouse),
    ]);
    const full = result.prizes[2]!;
    // Card a holds the first five numbers of each column drawn, so it fills first: its three copies share the full house.
    expect(timesA.fullHouse).toBeLessThan(round.cards[1]!.times.fullHouse);
    expect(full.winners.map((w) => `${w.betId}/${w.card}`)).toEqual(['9/0', '9/1', '12/0']);
    const share = full.amount / 3n;
    expect(full.amount % 3n).toBeGreaterThan(0n);
    expect(full.winners.map((w) => w.amount - share)).toEqual([1n, ...(full.amount % 3n === 2n ? [1n] : [0n]), 0n]);
    expect(result.endsAt).toBe(full.ball);
  });
});

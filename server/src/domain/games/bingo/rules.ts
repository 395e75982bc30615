/**
 * 75-ball bingo (FAIRNESS.md "Round games", docs/fairness.md "Bingo"): the draw order from a round's chain hash and
 * salt, card rules, line detection and the round's pot split. Pure (the HMAC is passed in), so the browser's
 * verifier and the page use exactly this code.
 */
import { floatsFromDigest, FLOATS_PER_ROUND, type HmacSha256, type HmacSha256Async } from '../shared/floats.js';

export const BINGO_BALLS = 75;
/** Cards are 25 cells row by row; the centre (index 12) is the free cell, stored as 0. */
export const CARD_CELLS = 25;
export const FREE_CELL = 12;
/** The most cards one player buys for one game (one purchase per game). */
export const MAX_CARDS_PER_PLAYER = 24;

/** The house keeps 10% of the card sales; the rest is the pot (so the return to player is exactly 90%). */
export const HOUSE_SHARE_PPM = 100_000n;
export const BINGO_RTP_PERCENT = '90.00';
/** The prizes in the order they fall, each a published share of the pot (percent; full house takes the rest). */
export const PRIZES = ['oneLine', 'twoLines', 'fullHouse'] as const;
export type Prize = (typeof PRIZES)[number];
export const PRIZE_SHARE_PERCENT: Record<Prize, bigint> = { oneLine: 15n, twoLines: 25n, fullHouse: 60n };

/** The HMAC message of float k's digest: `${hex h[n]}:${floor(k / 8)}`. */
export const drawMessage = (hash: string, k: number) => `${hash}:${Math.floor(k / FLOATS_PER_ROUND)}`;

/** Fisher-Yates of [1..75] as keno draws: for k = 0..74, idx = floor(fk * (75 - k)), ball = pool.splice(idx, 1). */
export function drawFromFloats(floats: readonly number[]): number[] {
  if (floats.length < BINGO_BALLS) throw new RangeError(`a draw needs ${BINGO_BALLS} floats`);
  const pool = Array.from({ length: BINGO_BALLS }, (_, i) => i + 1);
  return floats.slice(0, BINGO_BALLS).map((f, k) => pool.splice(Math.floor(f * (BINGO_BALLS - k)), 1)[0]!);
}

const DIGESTS = Math.ceil(BINGO_BALLS / FLOATS_PER_ROUND);

/** The round's draw order from its salt and hash h[n] (the server's HMAC). */
export function bingoDraw(hmac: HmacSha256, salt: string, hash: string): number[] {
  const floats = Array.from({ length: DIGESTS }, (_, d) =>
    floatsFromDigest(hmac(salt, drawMessage(hash, d * FLOATS_PER_ROUND))),
  ).flat();
  return drawFromFloats(floats);
}

/** The same with Web Crypto (the browser's verifier). */
export async function bingoDrawAsync(hmac: HmacSha256Async, salt: string, hash: string): Promise<number[]> {
  const digests = await Promise.all(
    Array.from({ length: DIGESTS }, (_, d) => hmac(salt, drawMessage(hash, d * FLOATS_PER_ROUND))),
  );
  return drawFromFloats(digests.flatMap((digest) => floatsFromDigest(digest)));
}

// ---- cards ----

/** Column c (B, I, N, G, O) holds 15c+1 .. 15c+15. */
export const COLUMN_LETTERS = ['B', 'I', 'N', 'G', 'O'] as const;
export const columnOf = (ball: number) => Math.floor((ball - 1) / 15);

/** Why a card is not valid (25 cells row by row, 0 in the centre only, each column's numbers distinct and in range). */
export function cardError(card: readonly number[]): string | null {
  if (card.length !== CARD_CELLS) return `a card has ${CARD_CELLS} cells`;
  const seen = new Set<number>();
  for (let i = 0; i < CARD_CELLS; i += 1) {
    const n = card[i]!;
    if (i === FREE_CELL) {
      if (n !== 0) return 'the centre cell is free (0)';
      continue;
    }
    if (!Number.isInteger(n) || n < 1 || n > BINGO_BALLS) return 'card numbers are 1..75';
    if (columnOf(n) !== i % 5) return `column ${COLUMN_LETTERS[i % 5]} holds ${15 * (i % 5) + 1}-${15 * (i % 5) + 15}`;
    if (seen.has(n)) return 'a number appears twice on a card';
    seen.add(n);
  }
  return null;
}

/** A card from a uniform integer source (`randomInt(n)` in 0..n-1): each column 5 (N: 4) distinct numbers of its 15. */
export function randomCard(randomInt: (n: number) => number): number[] {
  const card = new Array<number>(CARD_CELLS).fill(0);
  for (let column = 0; column < 5; column += 1) {
    const pool = Array.from({ length: 15 }, (_, i) => 15 * column + i + 1);
    for (let row = 0; row < 5; row += 1) {
      if (row * 5 + column === FREE_CELL) continue;
      card[row * 5 + column] = pool.splice(randomInt(pool.length), 1)[0]!;
    }
  }
  return card;
}

/** The 12 lines of a card as cell indexes: 5 rows, 5 columns, 2 diagonals. */
export const LINES: readonly (readonly number[])[] = [
  ...Array.from({ length: 5 }, (_, r) => Array.from({ length: 5 }, (_, c) => r * 5 + c)),
  ...Array.from({ length: 5 }, (_, c) => Array.from({ length: 5 }, (_, r) => r * 5 + c)),
  [0, 6, 12, 18, 24],
  [4, 8, 12, 16, 20],
];

/** When a card wins each prize: the number of balls drawn when it first has one line, two lines, every number. */
export function cardTimes(card: readonly number[], draw: readonly number[]): Record<Prize, number> {
  const at = new Map(draw.map((ball, i) => [ball, i + 1]));
  const cellAt = (cell: number) => (cell === FREE_CELL ? 0 : (at.get(card[cell]!) ?? Infinity));
  const lines = LINES.map((line) => Math.max(...line.map(cellAt))).sort((a, b) => a - b);
  return { oneLine: lines[0]!, twoLines: lines[1]!, fullHouse: Math.max(...card.map((_, i) => cellAt(i))) };
}

/** The cells of a card daubed after `called` balls, and the lines one number short (the "one to go" hints). */
export function cardState(
  card: readonly number[],
  called: readonly number[],
): { daubed: boolean[]; lines: number; oneToGo: number[] } {
  const calledSet = new Set(called);
  const daubed = card.map((n, i) => i === FREE_CELL || calledSet.has(n));
  const missing = LINES.map((line) => line.filter((cell) => !daubed[cell]));
  const left = daubed.filter((d) => !d).length;
  const oneToGo = new Set<number>();
  for (const cells of missing) if (cells.length === 1) oneToGo.add(card[cells[0]!]!);
  // One number short of a full house too.
  if (left === 1) oneToGo.add(card[daubed.indexOf(false)]!);
  return {
    daubed,
    lines: missing.filter((cells) => cells.length === 0).length,
    oneToGo: [...oneToGo].sort((a, b) => a - b),
  };
}

// ---- the pot ----

/** A card in a pot, in the order remainder units go: by bet id, then by its place in the purchase. */
export interface PotCard {
  betId: string;
  index: number;
  card: readonly number[];
}

export interface PrizeResult {
  prize: Prize;
  /** The ball (count drawn) on which it fell. */
  ball: number;
  amount: bigint;
  winners: { betId: string; card: number; amount: bigint }[];
}

export interface PotResult {
  sales: bigint;
  houseShare: bigint;
  /** What the house added to reach the guaranteed minimum pot. */
  funded: bigint;
  pot: bigint;
  prizes: PrizeResult[];
  /** The ball on which its full house fell. */
  endsAt: number;
}

/** The pot of a currency's card sales: less the house share, raised to the guaranteed minimum. */
export function potOf(sales: bigint, minimum: bigint): { houseShare: bigint; funded: bigint; pot: bigint } {
  const houseShare = (sales * HOUSE_SHARE_PPM) / 1_000_000n;
  const net = sales - houseShare;
  const funded = net < minimum ? minimum - net : 0n;
  return { houseShare, funded, pot: net + funded };
}

/** Each prize's amount: its share of the pot, floored; the full house takes what is left, so they sum to the pot. */
export function prizeAmounts(pot: bigint): Record<Prize, bigint> {
  const oneLine = (pot * PRIZE_SHARE_PERCENT.oneLine) / 100n;
  const twoLines = (pot * PRIZE_SHARE_PERCENT.twoLines) / 100n;
  return { oneLine, twoLines, fullHouse: pot - oneLine - twoLines };
}

/**
 * A prize split equally between `winners` (already in card order): floor(amount / w) each, and the remainder
 * (amount mod w, fewer than w units) one unit each to the first winners, so the shares sum to the amount exactly.
 */
export function splitPrize(amount: bigint, winners: number): bigint[] {
  if (winners < 1) throw new RangeError('a prize needs a winner');
  const share = amount / BigInt(winners);
  const rest = Number(amount % BigInt(winners));
  return Array.from({ length: winners }, (_, i) => share + (i < rest ? 1n : 0n));
}

const byCardOrder = (a: PotCard, b: PotCard) => {
  const ids = BigInt(a.betId) - BigInt(b.betId);
  return ids !== 0n ? (ids < 0n ? -1 : 1) : a.index - b.index;
};

/**
 * One currency's pot: each prize falls on the first ball on which any card has it, and goes equally to every card
 * that has it on that ball. Every card is full once all 75 balls are drawn, so every prize has winners and the
 * whole pot is paid.
 */
export function settlePot(
  cards: readonly PotCard[],
  draw: readonly number[],
  sales: bigint,
  minimum: bigint,
): PotResult {
  const { houseShare, funded, pot } = potOf(sales, minimum);
  const ordered = [...cards].sort(byCardOrder);
  const times = ordered.map((card) => cardTimes(card.card, draw));
  const amounts = prizeAmounts(pot);
  const prizes = PRIZES.map((prize): PrizeResult => {
    const ball = Math.min(...times.map((t) => t[prize]));
    const winners = ordered.filter((_, i) => times[i]![prize] === ball);
    const shares = splitPrize(amounts[prize], winners.length);
    return {
      prize,
      ball,
      amount: amounts[prize],
      winners: winners.map((w, i) => ({ betId: w.betId, card: w.index, amount: shares[i]! })),
    };
  });
  return { sales, houseShare, funded, pot, prizes, endsAt: prizes[prizes.length - 1]!.ball };
}

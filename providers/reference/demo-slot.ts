import { randomInt } from 'node:crypto';

/**
 * The reference studio's demo slot: three reels of five symbols, uniform. Three of a kind pays 13x (sevens) or 8x,
 * any pair pays 1.25x: RTP = (13 + 4 x 8) / 5 / 25 + 60/125 x 1.25 = 9/25 + 3/5 = 96 % exactly (the declared RTP).
 * A demo, not a certified game: outcomes come from the process's CSPRNG.
 */
export const SYMBOLS = ['7', 'BELL', 'CHERRY', 'LEMON', 'STAR'] as const;

export function spinReels(): string[] {
  return [0, 1, 2].map(() => SYMBOLS[randomInt(SYMBOLS.length)]!);
}

/** The win as a fraction of the bet: [numerator, denominator]. */
export function payoutRatio(reels: readonly string[]): [bigint, bigint] {
  const [a, b, c] = reels;
  if (a === b && b === c) return a === '7' ? [13n, 1n] : [8n, 1n];
  if (a === b || b === c || a === c) return [5n, 4n];
  return [0n, 1n];
}

const UNIT = 100_000_000n;

export function toUnits(amount: string): bigint {
  const [whole, fraction = ''] = amount.split('.');
  return BigInt(whole!) * UNIT + BigInt(fraction.padEnd(8, '0').slice(0, 8));
}

export function fromUnits(units: bigint): string {
  const whole = units / UNIT;
  const fraction = (units % UNIT).toString().padStart(8, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

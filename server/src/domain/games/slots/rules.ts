/**
 * The original video slot (FAIRNESS.md "Slots", docs/fairness.md "Slots"): five reels, three rows, 20 paylines, a
 * wild, a scatter that awards free spins (retriggers allowed). Pure, no packages: the server's module, the browser's
 * verifier and the page's reels all use these functions; exact-rtp.ts computes the return from the same tables.
 */
import { addRatio, mulRatio, ratio, type Ratio } from '../shared/ratio.js';

/** Pay symbols from low to high, then the wild and the scatter. */
export const SLOT_SYMBOLS = ['J', 'Q', 'K', 'A', 'G', 'B', '7', 'W', 'S'] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];
export type PaySymbol = Exclude<SlotSymbol, 'S'>;
export const SLOT_WILD = 'W' satisfies SlotSymbol;
export const SLOT_SCATTER = 'S' satisfies SlotSymbol;
export const SLOT_SYMBOL_NAMES: Record<SlotSymbol, string> = {
  J: 'Jack',
  Q: 'Queen',
  K: 'King',
  A: 'Ace',
  G: 'Gem',
  B: 'Bell',
  7: 'Seven',
  W: 'Wild',
  S: 'Scatter',
};

export const SLOT_REELS = 5;
export const SLOT_ROWS = 3;

/** The published strips, top to bottom as they pass the window. */
const strip = (text: string) => text.split(' ') as SlotSymbol[];
export const SLOT_STRIPS: readonly (readonly SlotSymbol[])[] = [
  strip('Q A B K J 7 B K G J 7 B K Q J G K A Q A Q J W A G Q S J'),
  strip('J S K W A J B G Q G B A Q A J K Q K G 7 J W J K Q A B Q 7'),
  strip('A J Q S B A Q G K A J 7 K B W A J Q W G K Q B 7 J Q K G J'),
  strip('S A 7 K G Q W B A B K Q J 7 Q J K A J Q B K Q J A G W J G'),
  strip('7 B W S K A J Q G K J A B Q J A J G Q K J B 7 Q K Q A G'),
];

/** Row per reel (0 top, 1 middle, 2 bottom) of lines 1..20. */
export const SLOT_PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 2, 2, 0],
];
export const SLOT_LINES = SLOT_PAYLINES.length;

/** What 3, 4 and 5 of a kind pay on a line, left to right from reel 1, in line bets (the stake / 20). */
export const SLOT_PAYS: Record<PaySymbol, readonly [number, number, number]> = {
  J: [5, 15, 30],
  Q: [5, 15, 40],
  K: [10, 25, 60],
  A: [10, 30, 80],
  G: [15, 50, 150],
  B: [20, 75, 250],
  7: [30, 120, 500],
  W: [50, 200, 1000],
};

/** Scatters anywhere in the window: what they pay on the whole stake, and the free spins they award. */
export const SLOT_SCATTER_PAYS: Readonly<Record<number, { pays: number; freeSpins: number }>> = {
  3: { pays: 2, freeSpins: 10 },
  4: { pays: 10, freeSpins: 15 },
  5: { pays: 50, freeSpins: 20 },
};
/** Every win of a free spin (lines and scatters) is multiplied by this. */
export const SLOT_FREE_SPIN_MULTIPLIER = 2;
/** At most this many free spins per bet, retriggers included: awards past it are dropped, so a bet is bounded. */
export const SLOT_MAX_FREE_SPINS = 100;
/** The declared RTP (percent, floored to two decimals) of exact-rtp.ts's exact figure; its unit test ties the two. */
export const SLOTS_RTP_PERCENT = '97.53';

/** Five floats per spin: the paid spin and at most SLOT_MAX_FREE_SPINS free spins. */
export const SLOT_FLOAT_COUNT = SLOT_REELS * (1 + SLOT_MAX_FREE_SPINS);

export interface SlotLineWin {
  /** 1-based payline number. */
  line: number;
  symbol: PaySymbol;
  count: number;
  /** Of the whole stake, free-spin multiplier included (exact decimal). */
  multiplier: string;
}
export interface SlotSpin {
  stops: number[];
  lines: SlotLineWin[];
  /** Scatters in the window and what they pay on the stake (exact decimal, "0" when fewer than 3). */
  scatter: { count: number; multiplier: string };
  /** Free spins this spin added to the bet (after the per-bet cap). */
  freeSpinsWon: number;
  /** Whether this is a free spin (wins x SLOT_FREE_SPIN_MULTIPLIER). */
  free: boolean;
  /** The spin's whole win on the stake (exact decimal). */
  multiplier: string;
}
export interface SlotsOutcome {
  /** Spin 0 is the paid spin, then the free spins in order. */
  spins: SlotSpin[];
  /** The bet's total win on the stake (exact decimal). */
  multiplier: string;
}

/** FAIRNESS.md: reel k stops at floor(f_k * L_k). */
export function slotStops(floats: readonly number[]): number[] {
  return SLOT_STRIPS.map((reel, k) => Math.floor(floats[k]! * reel.length));
}

/** The 3 x 5 window, rows top to bottom: the stop symbol in the middle row, its strip neighbours above and below (wrapping). */
export function slotWindow(stops: readonly number[]): SlotSymbol[][] {
  return Array.from({ length: SLOT_ROWS }, (_, row) =>
    SLOT_STRIPS.map((reel, k) => reel[(((stops[k]! + row - 1) % reel.length) + reel.length) % reel.length]!),
  );
}

/**
 * What one line of symbols pays, in line bets, and as which symbol: the run of one pay symbol (wilds standing in for
 * it) from reel 1, or the run of wilds alone, whichever pays more (the wilds' own win on a tie). A scatter breaks a run.
 */
export function slotLinePay(symbols: readonly SlotSymbol[]): { symbol: PaySymbol; count: number; pays: number } | null {
  let wilds = 0;
  while (wilds < symbols.length && symbols[wilds] === SLOT_WILD) wilds += 1;
  const wildPays = wilds >= 3 ? SLOT_PAYS.W[wilds - 3]! : 0;
  let best = wildPays > 0 ? { symbol: SLOT_WILD as PaySymbol, count: wilds, pays: wildPays } : null;
  const first = symbols[wilds];
  if (first !== undefined && first !== SLOT_SCATTER) {
    let count = wilds;
    while (count < symbols.length && (symbols[count] === first || symbols[count] === SLOT_WILD)) count += 1;
    const pays = count >= 3 ? SLOT_PAYS[first][count - 3]! : 0;
    if (pays > wildPays) best = { symbol: first, count, pays };
  }
  return best;
}

/** Scatters in the window: what they pay on the stake and the free spins they award (0 below three). */
export function slotScatterPay(count: number): { pays: number; freeSpins: number } {
  return SLOT_SCATTER_PAYS[Math.min(count, SLOT_REELS)] ?? { pays: 0, freeSpins: 0 };
}

/** A win in twentieths of the stake (one line bet = 1/20) as an exact decimal: 5 -> "0.25", 40 -> "2". */
export function slotUnitsText(units: number): string {
  const whole = Math.floor(units / SLOT_LINES);
  const hundredths = (units % SLOT_LINES) * (100 / SLOT_LINES);
  return hundredths === 0 ? String(whole) : `${whole}.${String(hundredths).padStart(2, '0').replace(/0$/, '')}`;
}

/** One spin at these stops, its wins counted in line bets (twentieths of the stake): integers, so a bet adds up exactly. */
export function slotSpinAt(
  stops: number[],
  free: boolean,
): { spin: Omit<SlotSpin, 'freeSpinsWon'>; units: number; award: number } {
  const window = slotWindow(stops);
  const factor = free ? SLOT_FREE_SPIN_MULTIPLIER : 1;
  let units = 0;
  const lines: SlotLineWin[] = [];
  SLOT_PAYLINES.forEach((rows, index) => {
    const pay = slotLinePay(rows.map((row, k) => window[row]![k]!));
    if (!pay) return;
    units += pay.pays * factor;
    lines.push({ line: index + 1, symbol: pay.symbol, count: pay.count, multiplier: slotUnitsText(pay.pays * factor) });
  });
  const scatters = window.flat().filter((symbol) => symbol === SLOT_SCATTER).length;
  const scatter = slotScatterPay(scatters);
  const scatterUnits = scatter.pays * SLOT_LINES * factor;
  units += scatterUnits;
  return {
    spin: {
      stops,
      lines,
      scatter: { count: scatters, multiplier: slotUnitsText(scatterUnits) },
      free,
      multiplier: slotUnitsText(units),
    },
    units,
    award: scatter.freeSpins,
  };
}

/**
 * A whole bet: the paid spin on floats 0-4, then each free spin on the next five floats (spin i reads 5i .. 5i + 4),
 * while free spins remain; awards add up to SLOT_MAX_FREE_SPINS per bet. The multiplier is the exact sum of the wins.
 */
export function slotsPlay(floatAt: (index: number) => number): { outcome: SlotsOutcome; multiplier: Ratio } {
  const spins: SlotSpin[] = [];
  let units = 0;
  let awarded = 0;
  for (let i = 0; i <= awarded; i += 1) {
    const floats = Array.from({ length: SLOT_REELS }, (_, k) => floatAt(i * SLOT_REELS + k));
    const spin = slotSpinAt(slotStops(floats), i > 0);
    const freeSpinsWon = Math.min(spin.award, SLOT_MAX_FREE_SPINS - awarded);
    awarded += freeSpinsWon;
    units += spin.units;
    spins.push({ ...spin.spin, freeSpinsWon });
  }
  return { outcome: { spins, multiplier: slotUnitsText(units) }, multiplier: ratio(BigInt(units), BigInt(SLOT_LINES)) };
}

/** The same bet from the array of its floats (the engine hands over SLOT_FLOAT_COUNT). */
export function slotsOutcome(floats: readonly number[]): { outcome: SlotsOutcome; multiplier: Ratio } {
  return slotsPlay((index) => floats[index]!);
}

/** The most one spin can pay on the stake, bounded above: every line at the top pay and five scatters, free-spin multiplier included. */
export function slotsMaxMultiplier(): Ratio {
  const line = ratio(BigInt(SLOT_PAYS.W[2] * SLOT_LINES), BigInt(SLOT_LINES));
  const spin = addRatio(line, ratio(BigInt(slotScatterPay(SLOT_REELS).pays)));
  return addRatio(spin, mulRatio(spin, ratio(BigInt(SLOT_FREE_SPIN_MULTIPLIER * SLOT_MAX_FREE_SPINS))));
}

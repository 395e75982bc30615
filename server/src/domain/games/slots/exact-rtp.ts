/**
 * The slot's exact return to player, in bigint rationals, from the published tables (rules.ts), and its section of
 * docs/fairness.md (`npm run docs:slots`; exact-rtp.unit.test.ts fails when the document and the code disagree).
 *
 * Why it is exact without visiting all 28 x 29 x 29 x 29 x 28 stop combinations one by one:
 * - A line's symbol on reel k is strip_k[stop_k + row - 1], and stop_k is uniform on the strip, so whatever its row it is
 *   each strip symbol with probability count / L_k, independently of the other reels. What a line pays depends on its
 *   five symbols only, so summing over the 9^5 symbol combinations weighted by the product of their counts is the sum
 *   over every stop combination, grouped. Every line has that same expectation.
 * - Scatters pay by their count in the window: each reel's count is read off its L_k windows, the reels are
 *   independent, so the count's distribution is the product (convolution) of the five.
 * - Free spins use the same strips, so each is an independent spin worth the free-spin multiplier times a paid one.
 *   Whether free spin i is played depends only on the spins before it, so (Wald) the free spins return
 *   E[spin] x multiplier x E[free spins per bet], and E[free spins per bet], with retriggers and the per-bet cap, is
 *   the expected final award of the Markov chain (awarded, played), computed backwards from the cap.
 */
import { addRatio, formatRatio, mulRatio, ratio, type Ratio } from '../shared/ratio.js';
import {
  SLOT_FREE_SPIN_MULTIPLIER,
  SLOT_LINES,
  SLOT_MAX_FREE_SPINS,
  SLOT_PAYLINES,
  SLOT_PAYS,
  SLOT_ROWS,
  SLOT_SCATTER,
  SLOT_SCATTER_PAYS,
  SLOT_STRIPS,
  SLOT_SYMBOL_NAMES,
  SLOT_SYMBOLS,
  slotLinePay,
  slotScatterPay,
  type SlotSymbol,
} from './rules.js';

export interface SlotsRtp {
  /** Expected line win of one paid spin, on the stake. */
  lines: Ratio;
  /** Expected scatter win of one paid spin, on the stake. */
  scatters: Ratio;
  /** P(n scatters in the window), n = 0 .. 15. */
  scatterOdds: Ratio[];
  /** Expected free spins per bet (retriggers and the cap included). */
  freeSpins: Ratio;
  /** The whole bet's return: (lines + scatters) x (1 + multiplier x freeSpins). */
  rtp: Ratio;
}

const product = (values: readonly bigint[]) => values.reduce((a, b) => a * b, 1n);

/** Sum over the 9^5 symbol combinations of (ways x line pay), in line bets: E[one line] = this / prod(L_k). */
function lineWays(): bigint {
  const counts = SLOT_STRIPS.map((reel) =>
    SLOT_SYMBOLS.map((symbol) => BigInt(reel.filter((s) => s === symbol).length)),
  );
  let total = 0n;
  const symbols: SlotSymbol[] = [];
  const visit = (reel: number, ways: bigint) => {
    if (ways === 0n) return;
    if (reel === SLOT_STRIPS.length) {
      const pay = slotLinePay(symbols);
      if (pay) total += ways * BigInt(pay.pays);
      return;
    }
    SLOT_SYMBOLS.forEach((symbol, index) => {
      symbols[reel] = symbol;
      visit(reel + 1, ways * counts[reel]![index]!);
    });
  };
  visit(0, 1n);
  return total;
}

/** Ways (out of prod(L_k)) of each scatter count in the window, from each reel's windows. */
function scatterWays(): bigint[] {
  let ways = [1n];
  for (const reel of SLOT_STRIPS) {
    const perReel = Array.from({ length: SLOT_ROWS + 1 }, () => 0n);
    for (let stop = 0; stop < reel.length; stop += 1) {
      let count = 0;
      for (let row = 0; row < SLOT_ROWS; row += 1)
        if (reel[(stop + row - 1 + reel.length) % reel.length] === SLOT_SCATTER) count += 1;
      perReel[count]! += 1n;
    }
    const next = Array.from({ length: ways.length + SLOT_ROWS }, () => 0n);
    ways.forEach((w, i) => perReel.forEach((r, j) => (next[i + j]! += w * r)));
    ways = next;
  }
  return ways;
}

/**
 * E[free spins per bet] as a ratio. V(a, p) = expected final award with a awarded and p played: V(a, a) = a, else the
 * average of V(min(cap, a + award(n)), p + 1) over the scatter count n. All in integers over D = prod(L_k):
 * U(a, p) = V(a, p) x D^(cap - p) needs no division.
 */
function expectedFreeSpins(ways: readonly bigint[], total: bigint): Ratio {
  const cap = SLOT_MAX_FREE_SPINS;
  const awards = new Map<number, bigint>();
  ways.forEach((w, n) => awards.set(slotScatterPay(n).freeSpins, (awards.get(slotScatterPay(n).freeSpins) ?? 0n) + w));
  const u: bigint[][] = Array.from({ length: cap + 1 }, () => []);
  for (let p = cap; p >= 0; p -= 1) {
    for (let a = p; a <= cap; a += 1) {
      if (a === p) {
        u[a]![p] = BigInt(a) * total ** BigInt(cap - a);
        continue;
      }
      let sum = 0n;
      for (const [award, w] of awards) sum += w * u[Math.min(cap, a + award)]![p + 1]!;
      u[a]![p] = sum;
    }
  }
  let sum = 0n;
  for (const [award, w] of awards) sum += w * u[Math.min(cap, award)]![0]!;
  return ratio(sum, total ** BigInt(cap + 1));
}

export function slotsExactRtp(): SlotsRtp {
  const total = product(SLOT_STRIPS.map((reel) => BigInt(reel.length)));
  // Twenty lines, each on a twentieth of the stake: the lines' win on the stake is one line's expected pay in line bets.
  const lines = ratio(lineWays(), total);
  const ways = scatterWays();
  const scatters = ratio(
    ways.reduce((sum, w, n) => sum + w * BigInt(slotScatterPay(n).pays), 0n),
    total,
  );
  const freeSpins = expectedFreeSpins(ways, total);
  const spin = addRatio(lines, scatters);
  const rtp = mulRatio(spin, addRatio(ratio(1n), mulRatio(ratio(BigInt(SLOT_FREE_SPIN_MULTIPLIER)), freeSpins)));
  return { lines, scatters, scatterOdds: ways.map((w) => ratio(w, total)), freeSpins, rtp };
}

const percent = (value: Ratio, decimals = 6) => formatRatio(mulRatio(value, ratio(100n)), decimals);
const SECTION = /<!-- slots:begin[^]*?<!-- slots:end -->/;

/** The generated part of docs/fairness.md's slot section: strips, lines, pays and the exact figures. */
export function slotsSection(result: SlotsRtp = slotsExactRtp()): string {
  const rows = ['top', 'middle', 'bottom'];
  const out: string[] = [
    '<!-- slots:begin (generated by `npm run docs:slots` from server/src/domain/games/slots; do not edit) -->',
    '',
  ];
  out.push('**Strips** (reel k stops at `Math.floor(f_k * L_k)`; positions from 0):', '');
  out.push('| Reel | L | Strip |', '|---|---|---|');
  SLOT_STRIPS.forEach((reel, k) => out.push(`| ${k + 1} | ${reel.length} | \`${reel.join(' ')}\` |`));
  out.push('', `Symbols: ${SLOT_SYMBOLS.map((s) => `\`${s}\` ${SLOT_SYMBOL_NAMES[s]}`).join(', ')}.`, '');
  out.push(`**Paylines** (the row on reels 1-5; 0 ${rows[0]}, 1 ${rows[1]}, 2 ${rows[2]}):`, '');
  out.push('| Line | Rows | Line | Rows |', '|---|---|---|---|');
  const half = SLOT_PAYLINES.length / 2;
  for (let i = 0; i < half; i += 1)
    out.push(`| ${i + 1} | ${SLOT_PAYLINES[i]!.join(' ')} | ${i + half + 1} | ${SLOT_PAYLINES[i + half]!.join(' ')} |`);
  out.push('', `**Pay table** (line bets; a line bet is 1/${SLOT_LINES} of the stake):`, '');
  out.push('| Symbol | 3 | 4 | 5 |', '|---|---|---|---|');
  for (const symbol of SLOT_SYMBOLS)
    if (symbol !== SLOT_SCATTER)
      out.push(`| ${SLOT_SYMBOL_NAMES[symbol]} \`${symbol}\` | ${SLOT_PAYS[symbol].join(' | ')} |`);
  out.push('', '**Scatters** (anywhere in the window; pays on the whole stake):', '');
  out.push('| Scatters | Pays | Free spins |', '|---|---|---|');
  for (const [count, pay] of Object.entries(SLOT_SCATTER_PAYS))
    out.push(`| ${count} | ${pay.pays}x | ${pay.freeSpins} |`);
  out.push('', '**Exact return** (`server/src/domain/games/slots/exact-rtp.ts`):', '');
  out.push('| | Exact | Decimal |', '|---|---|---|');
  const row = (label: string, value: Ratio, shown: string) =>
    out.push(`| ${label} | ${value.num}/${value.den} | ${shown} |`);
  row('Lines, per paid spin', result.lines, `${percent(result.lines)}%`);
  row('Scatters, per paid spin', result.scatters, `${percent(result.scatters)}%`);
  const triggered = result.scatterOdds.slice(3).reduce(addRatio, ratio(0n));
  row('Free spins triggered, per paid spin', triggered, `${percent(triggered)}%`);
  // The last two have denominators of about 750 digits (the chain runs up to 100 spins deep): printed whole below.
  out.push(`| Free spins per bet (expected) | below | ${formatRatio(result.freeSpins, 10)} |`);
  out.push(`| **RTP** | below | **${percent(result.rtp, 10)}%** |`);
  out.push('', 'Exactly (numerator / denominator):', '');
  out.push('```', `free spins per bet = ${result.freeSpins.num}`, `                   / ${result.freeSpins.den}`, '');
  out.push(`RTP = ${result.rtp.num}`, `    / ${result.rtp.den}`, '```');
  out.push('', '<!-- slots:end -->');
  return out.join('\n');
}

/** docs/fairness.md with its slots section regenerated. */
export function withSlotsSection(doc: string): string {
  if (!SECTION.test(doc))
    throw new Error('docs/fairness.md has no <!-- slots:begin --> ... <!-- slots:end --> section');
  return doc.replace(SECTION, () => slotsSection());
}

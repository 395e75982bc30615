/**
 * The exact return to player of blackjack (rules.ts, FAIRNESS.md "Blackjack") under optimal play with an unlimited
 * deck, and the basic-strategy chart it implies. Exact: every probability and expectation is a bigint fraction.
 *
 * With an unlimited deck a card is 2..9 with probability 1/13 each, ten-value 4/13, ace 1/13, whatever was dealt
 * before, so a hand's value depends only on its total, whether it is soft, and what it may still do (double on two
 * cards, split a pair once). The player's two split hands share the dealer, but expectation is linear and neither
 * hand's cards say anything about the other's, so the split's value is twice one split hand's. The dealer has peeked
 * on an ace or a ten before the player acts, so every decision is valued against a dealer known to have no natural.
 * Values are per unit of the opening bet (a double's or a split's extra stake shows as more won or lost); the RTP is
 * the expected return per unit of the opening bet, as the published house edges are. The payout's floor to 1e-8 is
 * left out (at most 1e-8 per round).
 */
import { addRatio, compareRatio, formatRatio, mulRatio, ratio, type Ratio } from '../shared/ratio.js';

/** Declared in the catalogue; the unit test holds it to the exact figure below. */
export const BLACKJACK_RTP_PERCENT = '99.43';
export const BLACKJACK_HOUSE_EDGE_PPM = 5_704;

/** Card values as the chart reads them: 1 is an ace, 10 any ten-value card. */
export const VALUES = [2, 3, 4, 5, 6, 7, 8, 9, 10, 1] as const;
const THIRTEENTH = ratio(1n, 13n);
const prob = (value: number) => (value === 10 ? ratio(4n, 13n) : THIRTEENTH);
const ZERO = ratio(0n);
const ONE = ratio(1n);
const neg = (r: Ratio) => ratio(-r.num, r.den);
const sub = (a: Ratio, b: Ratio) => addRatio(a, neg(b));
const scale = (r: Ratio, k: bigint) => ratio(r.num * k, r.den);
const max = (a: Ratio, b: Ratio) => (compareRatio(a, b) >= 0 ? a : b);
const sum = (terms: Ratio[]) => terms.reduce(addRatio, ZERO);

/** A total counted with one ace as 11 when that stays at or under 21. */
export function total(hard: number, ace: boolean): number {
  return ace && hard + 10 <= 21 ? hard + 10 : hard;
}

/** Final dealer totals 17..21, and 22 for a bust. */
type DealerFinal = Map<number, Ratio>;

function dealerFrom(hard: number, ace: boolean, memo: Map<string, DealerFinal>): DealerFinal {
  const key = `${hard}:${ace}`;
  const known = memo.get(key);
  if (known) return known;
  const t = total(hard, ace);
  const result: DealerFinal = new Map();
  if (t >= 17) {
    result.set(Math.min(t, 22), ONE);
  } else {
    for (const v of VALUES) {
      for (const [final, p] of dealerFrom(hard + v, ace || v === 1, memo))
        result.set(final, addRatio(result.get(final) ?? ZERO, mulRatio(p, prob(v))));
    }
  }
  memo.set(key, result);
  return result;
}

/** Chance of a dealer natural with this up card (1 ace, 10 ten). */
export function dealerNaturalChance(up: number): Ratio {
  return up === 1 ? ratio(4n, 13n) : up === 10 ? THIRTEENTH : ZERO;
}

/** The dealer's final totals given the up card, knowing (after the peek) that the dealer has no natural. */
export function dealerFinals(up: number): DealerFinal {
  const memo = new Map<string, DealerFinal>();
  const excluded = up === 1 ? 10 : up === 10 ? 1 : 0;
  const keep = sub(ONE, dealerNaturalChance(up));
  const result: DealerFinal = new Map();
  for (const hole of VALUES) {
    if (hole === excluded) continue;
    const p = ratio(prob(hole).num * keep.den, prob(hole).den * keep.num);
    for (const [final, q] of dealerFrom(up + hole, up === 1 || hole === 1, memo))
      result.set(final, addRatio(result.get(final) ?? ZERO, mulRatio(p, q)));
  }
  return result;
}

export type Decision = 'S' | 'H' | 'D' | 'P';

/** Every value against one up card: the expectations the chart and the policy read. */
export class UpCardValues {
  private readonly finals: DealerFinal;
  private readonly standMemo = new Map<number, Ratio>();
  private readonly playMemo = new Map<string, Ratio>();

  constructor(readonly up: number) {
    this.finals = dealerFinals(up);
  }

  /** Standing on `t` (a bust loses whatever the dealer has). */
  stand(t: number): Ratio {
    if (t > 21) return neg(ONE);
    const known = this.standMemo.get(t);
    if (known) return known;
    let value = ZERO;
    for (const [final, p] of this.finals)
      value = addRatio(value, final === 22 || final < t ? p : final > t ? neg(p) : ZERO);
    this.standMemo.set(t, value);
    return value;
  }

  /** Taking one card, then playing on at best (hit or stand only). */
  hit(hard: number, ace: boolean): Ratio {
    return sum(VALUES.map((v) => mulRatio(prob(v), this.play(hard + v, ace || v === 1))));
  }

  /** A hand of three or more cards (or after a hit): stand or hit, whichever is worth more; 21 stands. */
  play(hard: number, ace: boolean): Ratio {
    const t = total(hard, ace);
    if (t >= 21) return this.stand(t);
    const key = `${hard}:${ace}`;
    const known = this.playMemo.get(key);
    if (known) return known;
    const value = max(this.stand(t), this.hit(hard, ace));
    this.playMemo.set(key, value);
    return value;
  }

  /** Doubling: twice the stake, one card, then stand. */
  double(hard: number, ace: boolean): Ratio {
    return scale(sum(VALUES.map((v) => mulRatio(prob(v), this.stand(total(hard + v, ace || v === 1))))), 2n);
  }

  /** Each option on two cards (no split): a two-card 21 stands (the rules end the hand there). */
  twoCardOptions(hard: number, ace: boolean): Partial<Record<Decision, Ratio>> {
    const t = total(hard, ace);
    if (t >= 21) return { S: this.stand(t) };
    return { S: this.stand(t), H: this.hit(hard, ace), D: this.double(hard, ace) };
  }

  /** Splitting a pair of `card`: two hands, each dealt one card; aces then stand, others play with double allowed. */
  split(card: number): Ratio {
    const one = sum(
      VALUES.map((v) => {
        const hard = card + v;
        const ace = card === 1 || v === 1;
        return mulRatio(
          prob(v),
          card === 1 ? this.stand(total(hard, ace)) : best(this.twoCardOptions(hard, ace)).value,
        );
      }),
    );
    return scale(one, 2n);
  }

  /** The best play of the opening two cards (not a natural). */
  opening(a: number, b: number): { decision: Decision; value: Ratio } {
    const options = this.twoCardOptions(a + b, a === 1 || b === 1);
    if (a === b) options.P = this.split(a);
    return best(options);
  }
}

function best(options: Partial<Record<Decision, Ratio>>): { decision: Decision; value: Ratio } {
  let chosen: { decision: Decision; value: Ratio } | undefined;
  for (const decision of ['S', 'H', 'D', 'P'] as const) {
    const value = options[decision];
    if (value && (!chosen || compareRatio(value, chosen.value) > 0)) chosen = { decision, value };
  }
  return chosen!;
}

const isNaturalPair = (a: number, b: number) => (a === 1 && b === 10) || (a === 10 && b === 1);

export interface UpCardResult {
  up: number;
  /** Expected net result per unit of the opening bet, with this up card. */
  value: Ratio;
  /** Taking insurance (half the bet, 2:1) changes the value by this much; never positive here (4/13 < 1/3). */
  insuranceGain: Ratio;
}

/** Expected net result with one up card: peek, naturals (3:2), then the best play of every opening hand. */
export function upCardValue(up: number, values = new UpCardValues(up)): UpCardResult {
  const pNatural = dealerNaturalChance(up);
  let value = ZERO;
  for (const a of VALUES) {
    for (const b of VALUES) {
      const p = mulRatio(prob(a), prob(b));
      const natural = isNaturalPair(a, b);
      const ifDealerNatural = natural ? ZERO : neg(ONE);
      const otherwise = natural ? ratio(3n, 2n) : values.opening(a, b).value;
      value = addRatio(
        value,
        mulRatio(p, addRatio(mulRatio(pNatural, ifDealerNatural), mulRatio(sub(ONE, pNatural), otherwise))),
      );
    }
  }
  // Insurance: half a unit that wins 2 (net +1) on a dealer natural and is lost otherwise.
  const insuranceGain = up === 1 ? sub(pNatural, mulRatio(ratio(1n, 2n), sub(ONE, pNatural))) : ZERO;
  return { up, value: addRatio(value, max(ZERO, insuranceGain)), insuranceGain };
}

export interface OptimalPlay {
  /** Expected return per unit of the opening bet (1 + expected net). */
  rtp: Ratio;
  byUpCard: UpCardResult[];
}

export function optimalPlay(): OptimalPlay {
  const byUpCard = VALUES.map((up) => upCardValue(up));
  const net = sum(byUpCard.map((r) => mulRatio(prob(r.up), r.value)));
  return { rtp: addRatio(ONE, net), byUpCard };
}

/** Chart cell: the best opening play; a double shows what to do when doubling is not possible (Dh / Ds). */
export type ChartCell = 'S' | 'H' | 'P' | 'Dh' | 'Ds';

export interface StrategyChart {
  hard: { total: number; cells: ChartCell[] }[];
  soft: { other: number; cells: ChartCell[] }[];
  pairs: { card: number; cells: ChartCell[] }[];
}

function cell(values: UpCardValues, hard: number, ace: boolean, pair?: number): ChartCell {
  const options = values.twoCardOptions(hard, ace);
  if (pair !== undefined) options.P = values.split(pair);
  const { decision } = best(options);
  if (decision === 'D') return compareRatio(values.stand(total(hard, ace)), values.hit(hard, ace)) >= 0 ? 'Ds' : 'Dh';
  return decision;
}

/** The basic-strategy chart for up cards 2..10, A (VALUES order): hard 5-20, soft A2-A9, pairs 2,2-A,A. */
export function strategyChart(all = VALUES.map((up) => new UpCardValues(up))): StrategyChart {
  const row = (f: (values: UpCardValues) => ChartCell) => all.map(f);
  return {
    hard: Array.from({ length: 16 }, (_, i) => i + 5).map((t) => ({ total: t, cells: row((v) => cell(v, t, false)) })),
    soft: [2, 3, 4, 5, 6, 7, 8, 9].map((other) => ({ other, cells: row((v) => cell(v, 1 + other, true)) })),
    pairs: [2, 3, 4, 5, 6, 7, 8, 9, 10, 1].map((card) => ({
      card,
      cells: row((v) => cell(v, 2 * card, card === 1, card)),
    })),
  };
}

/**
 * The optimal decision for a hand in play, as the simulation (and anyone) can follow it: `hard` counts aces as 1;
 * `canDouble` and `canSplit` say what the rules allow now.
 */
export function optimalDecision(
  values: UpCardValues,
  hand: { hard: number; ace: boolean; pair?: number; canDouble: boolean; canSplit: boolean },
): Decision {
  const t = total(hand.hard, hand.ace);
  if (t >= 21) return 'S';
  const options: Partial<Record<Decision, Ratio>> = { S: values.stand(t), H: values.hit(hand.hard, hand.ace) };
  if (hand.canDouble) options.D = values.double(hand.hard, hand.ace);
  if (hand.canSplit && hand.pair !== undefined) options.P = values.split(hand.pair);
  return best(options).decision;
}

const label = (value: number) => (value === 1 ? 'A' : String(value));

/** docs/fairness.md's blackjack section: the exact RTP, the value by up card and the chart. */
export function renderBlackjackSection(): string {
  const all = VALUES.map((up) => new UpCardValues(up));
  const { rtp, byUpCard } = (() => {
    const results = all.map((values) => upCardValue(values.up, values));
    return { rtp: addRatio(ONE, sum(results.map((r) => mulRatio(prob(r.up), r.value)))), byUpCard: results };
  })();
  const percent = (r: Ratio) => `${formatRatio(ratio(r.num * 100n, r.den), 4)}%`;
  const signed = (r: Ratio) => (r.num < 0n ? `-${formatRatio(neg(r), 5)}` : formatRatio(r, 5));
  const chart = strategyChart(all);
  const header = `| | ${VALUES.map(label).join(' | ')} |`;
  const rule = `|---|${VALUES.map(() => '---').join('|')}|`;
  const out = [
    `Exact RTP under optimal play: **${percent(rtp)}** (house edge ${percent(sub(ONE, rtp))}), per unit of the opening bet.`,
    '',
    `As a fraction: ${rtp.num}/${rtp.den}.`,
    '',
    '| Dealer up card | Chance | Expected net per unit bet |',
    '|---|---|---|',
    ...byUpCard.map((r) => `| ${label(r.up)} | ${r.up === 10 ? '4/13' : '1/13'} | ${signed(r.value)} |`),
    '',
    'Insurance is never worth taking with an unlimited deck: it wins with probability 4/13 and needs 1/3, so it costs',
    `${formatRatio(neg(byUpCard.find((r) => r.up === 1)!.insuranceGain), 5)} per unit bet (1/26) whenever it is taken.`,
    '',
    'Basic strategy (S stand, H hit, Dh double else hit, Ds double else stand, P split), dealer up card across:',
    '',
    '#### Hard totals',
    '',
    header,
    rule,
    ...chart.hard.map((r) => `| ${r.total} | ${r.cells.join(' | ')} |`),
    '',
    '#### Soft totals',
    '',
    header,
    rule,
    ...chart.soft.map((r) => `| A,${r.other} | ${r.cells.join(' | ')} |`),
    '',
    '#### Pairs',
    '',
    header,
    rule,
    ...chart.pairs.map((r) => `| ${label(r.card)},${label(r.card)} | ${r.cells.join(' | ')} |`),
  ];
  return out.join('\n');
}

/** docs/fairness.md holds the generated blackjack figures between these markers; `npm run docs:blackjack` rewrites them. */
export const BLACKJACK_BEGIN =
  '<!-- blackjack:begin (generated by `npm run docs:blackjack` from server/src/domain/games/blackjack/optimal-play.ts; do not edit) -->';
export const BLACKJACK_END = '<!-- blackjack:end -->';

/** The document with its generated blackjack section replaced by the current figures and chart. */
export function withBlackjackSection(document: string): string {
  const start = document.indexOf(BLACKJACK_BEGIN);
  const end = document.indexOf(BLACKJACK_END);
  if (start < 0 || end < start) throw new Error('docs/fairness.md lacks the blackjack markers');
  return `${document.slice(0, start + BLACKJACK_BEGIN.length)}\n\n${renderBlackjackSection()}\n\n${document.slice(end)}`;
}

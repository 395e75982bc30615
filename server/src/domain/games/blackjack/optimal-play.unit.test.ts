import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seededFloats } from '../../../../../tests/support/seeded-floats.js';
import { formatRatio, ratio, type Ratio } from '../shared/ratio.js';
import { rankIndex } from '../shared/cards.js';
import {
  BLACKJACK_HOUSE_EDGE_PPM,
  BLACKJACK_RTP_PERCENT,
  optimalDecision,
  optimalPlay,
  strategyChart,
  UpCardValues,
  VALUES,
  withBlackjackSection,
} from './optimal-play.js';
import {
  act,
  allowedActions,
  cardPoints,
  deal,
  roundMultiplier,
  totalStaked,
  type BlackjackAction,
  type BlackjackState,
} from './rules.js';

const toNumber = (r: Ratio) => Number(r.num) / Number(r.den);
const EXACT = optimalPlay();

describe('blackjack: exact RTP under optimal play (unlimited deck) and the chart it implies', () => {
  it('is 99.4296%: a house edge of 0.570%, in the published range for S17, DAS, no resplit, no surrender, peek, 3:2', () => {
    expect(formatRatio(ratio(EXACT.rtp.num * 100n, EXACT.rtp.den), 4)).toBe('99.4296');
    expect(toNumber(EXACT.rtp)).toBeGreaterThan(0.994);
    expect(toNumber(EXACT.rtp)).toBeLessThan(0.995);
  });

  it('the catalogue declares that figure (rounded to 0.01) and its house edge in ppm', () => {
    expect(BLACKJACK_RTP_PERCENT).toBe((toNumber(EXACT.rtp) * 100).toFixed(2));
    expect(BLACKJACK_HOUSE_EDGE_PPM).toBe(Math.round((1 - toNumber(EXACT.rtp)) * 1e6));
  });

  it('docs/fairness.md publishes exactly these figures and this chart (npm run docs:blackjack regenerates them)', () => {
    const document = readFileSync(new URL('../../../../../docs/fairness.md', import.meta.url), 'utf8');
    expect(withBlackjackSection(document)).toBe(document);
    expect(document).toContain('**99.4296%**');
  });

  it('never takes insurance: it costs 1/26 of the bet', () => {
    expect(EXACT.byUpCard.find((r) => r.up === 1)!.insuranceGain).toEqual(ratio(-1n, 26n));
  });

  it('implies the textbook S17 chart: 11 v A hits, soft 18 v 2 stands, 8s always split, tens never', () => {
    const chart = strategyChart();
    const at = (rows: { cells: string[] }[], index: number, up: number) =>
      rows[index]!.cells[VALUES.indexOf(up as never)];
    const hard = (t: number, up: number) => at(chart.hard, t - 5, up);
    expect([hard(11, 10), hard(11, 1), hard(12, 2), hard(12, 4), hard(16, 10), hard(9, 2)]).toEqual([
      'Dh',
      'H',
      'H',
      'S',
      'H',
      'H',
    ]);
    const soft = (other: number, up: number) => at(chart.soft, other - 2, up);
    expect([soft(7, 2), soft(7, 3), soft(7, 9), soft(8, 6)]).toEqual(['S', 'Ds', 'H', 'S']);
    expect(chart.pairs.find((r) => r.card === 8)!.cells.every((c) => c === 'P')).toBe(true);
    expect(chart.pairs.find((r) => r.card === 10)!.cells.every((c) => c === 'S')).toBe(true);
  });

  it('a simulation of 10^6 rounds played by that strategy lands within 5 standard errors of the exact RTP', () => {
    const ROUNDS = 1_000_000;
    const tables = new Map(VALUES.map((up) => [up, new UpCardValues(up)]));
    const source = seededFloats(0xb1ac);
    const bet = 1_000_000n;
    let sum = 0;
    let sumSquares = 0;
    for (let i = 0; i < ROUNDS; i += 1) {
      const floats = source(24);
      const floatAt = (index: number) => {
        while (index >= floats.length) floats.push(...source(8));
        return floats[index]!;
      };
      let state = deal(bet, floatAt);
      while (!state.finished) state = act(state, choose(state, tables), floatAt).state;
      // Return per unit of the opening bet (1 + net, raises counted as stake), before the 1e-8 floor, as the exact figure.
      const staked = Number(totalStaked(state));
      const m = 1 + (toNumber(roundMultiplier(state)) * staked - staked) / Number(bet);
      sum += m;
      sumSquares += m * m;
    }
    const mean = sum / ROUNDS;
    const standardError = Math.sqrt(sumSquares / ROUNDS - mean * mean) / Math.sqrt(ROUNDS);
    console.info(
      `RTP blackjack: exact ${(toNumber(EXACT.rtp) * 100).toFixed(4)}%, simulated ${(mean * 100).toFixed(4)}% (SE ${(standardError * 100).toFixed(4)} points)`,
    );
    expect(Math.abs(mean - toNumber(EXACT.rtp))).toBeLessThan(5 * standardError);
  }, 120_000);
});

const decisions = new Map<string, BlackjackAction>();
/** The computed strategy's action for the round as it stands (insurance always declined); each situation valued once. */
function choose(state: BlackjackState, tables: Map<number, UpCardValues>): BlackjackAction {
  const allowed = allowedActions(state);
  if (allowed.includes('noInsurance')) return 'noInsurance';
  const hand = state.hands[state.active]!;
  const up = cardPoints(state.dealer[0]!);
  const points = hand.cards.map(cardPoints);
  const pair = hand.cards.length === 2 && points[0] === points[1] ? points[0] : undefined;
  const situation = {
    hard: points.reduce((a, b) => a + b, 0),
    ace: hand.cards.some((card) => rankIndex(card) === 12),
    pair,
    canDouble: allowed.includes('double'),
    canSplit: allowed.includes('split'),
  };
  const key = JSON.stringify([up, situation]);
  let action = decisions.get(key);
  if (!action) {
    action = ({ S: 'stand', H: 'hit', D: 'double', P: 'split' } as const)[optimalDecision(tables.get(up)!, situation)];
    decisions.set(key, action);
  }
  return action;
}

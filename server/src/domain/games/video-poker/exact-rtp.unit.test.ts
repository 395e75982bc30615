import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { seededFloats } from '../../../../../tests/support/seeded-floats.js';
import { simulate } from '../../../../../tests/support/rtp-simulation.js';
import { formatRatio } from '../shared/ratio.js';
import {
  buildSubsetTable,
  COMMON_DRAWS,
  scaledHoldValues,
  tableOptimalHold,
  videoPokerExactRtp,
  type SubsetTable,
  type VideoPokerRtp,
} from './exact-rtp.js';
import { VIDEO_POKER_RTP } from './rtp.js';
import { rtpSection } from './rtp-doc.js';
import { handCategory, holdValues, optimalHold, VIDEO_POKER_FLOATS, VP_PAYS, vpDeal, vpDraw } from './rules.js';
import { VIDEO_POKER_GAME } from './video-poker.game.js';

// Building the table and valuing 2.6 million hands takes seconds on a quiet machine; minutes on a shared busy one.
const SLOW = 600_000;
let table: SubsetTable;
let exact: VideoPokerRtp;

beforeAll(() => {
  table = buildSubsetTable();
  exact = videoPokerExactRtp(table);
}, SLOW);

describe('video poker exact RTP under optimal holds', () => {
  it('is 99.5439% for the 9/6 table, as the catalogue and docs/fairness.md say', () => {
    expect(exact.rtp).toEqual(VIDEO_POKER_RTP);
    expect(formatRatio({ num: exact.rtp.num * 100n, den: exact.rtp.den }, 4)).toBe('99.5439');
    expect(VIDEO_POKER_GAME.rtp).toBe('99.54');
    expect(VIDEO_POKER_GAME.houseEdgePpm).toBe(4560);
    expect(exact.heldCards.reduce((a, b) => a + b, 0)).toBe(2_598_960);
    const doc = readFileSync(new URL('../../../../../docs/fairness.md', import.meta.url), 'utf8');
    expect(doc).toContain(rtpSection(exact));
  });

  it(
    'values holds exactly as drawing every replacement does (rules.ts holdValues), on 12 seeded hands',
    () => {
      const floats = seededFloats(46);
      const values = new Float64Array(32);
      for (let i = 0; i < 12; i += 1) {
        const dealt = vpDeal(floats(VIDEO_POKER_FLOATS))
          .slice(0, 5)
          .sort((a, b) => a - b);
        const best = scaledHoldValues(table, dealt, values);
        const enumerated = holdValues(dealt);
        expect(Array.from(values), dealt.join(' ')).toEqual(
          enumerated.map((v) => Number((v.num * BigInt(COMMON_DRAWS)) / v.den)),
        );
        expect(tableOptimalHold(table, dealt)).toEqual(optimalHold(dealt).held);
        expect(best).toBeGreaterThanOrEqual(0);
      }
    },
    SLOW,
  );

  it('finds the optimal hold of a hand in any order, as positions', () => {
    // ♥A ♥K ♥Q ♥J dealt with ♥3 at position 2: the flush is worth 6, four to the royal 866/47 = 18.43.
    const dealt = [49, 45, 5, 41, 37];
    expect(tableOptimalHold(table, dealt)).toEqual([0, 1, 3, 4]);
    expect(optimalHold(dealt).held).toEqual([0, 1, 3, 4]);
  });

  it(
    'simulated with the optimal holds over a million seeded rounds, within 5 standard errors',
    () => {
      simulate(
        'video poker optimal',
        (floats) => {
          const deck = vpDeal(floats(VIDEO_POKER_FLOATS));
          const held = tableOptimalHold(table, deck.slice(0, 5));
          return VP_PAYS[handCategory(vpDraw(deck, held))];
        },
        Number(VIDEO_POKER_RTP.num) / Number(VIDEO_POKER_RTP.den),
      );
    },
    SLOW,
  );
});

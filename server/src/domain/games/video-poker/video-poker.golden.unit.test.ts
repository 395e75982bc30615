import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cardLabel } from '../shared/cards.js';
import { floatsFromSeeds } from '../shared/floats.js';
import { applyRatio } from '../shared/ratio.js';
import { bestHoldOf, holdValues, VIDEO_POKER_FLOATS, VP_HANDS, vpMultiplier, vpReplay, type VpHand } from './rules.js';

const hmac = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message).digest());

interface RoundVector {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  plan: string;
  cards: number[];
  labels: string[];
  held: number[];
  final: string[];
  hand: VpHand;
  amount: string;
  payout: string;
}
interface HoldVector {
  dealt: string[];
  values: [string, string][];
  best: number;
}
/** From the independent Python implementation next to this file (video_poker_vectors.py). */
const vectors = JSON.parse(readFileSync(new URL('./video-poker-vectors.json', import.meta.url), 'utf8')) as {
  rounds: RoundVector[];
  holds: HoldVector[];
};

const cardOf = (label: string) =>
  ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'].indexOf(label.slice(1)) * 4 +
  '♦♥♠♣'.indexOf(label[0]!);

describe('video poker golden vectors (independent Python implementation)', () => {
  it('cover many hands: every plan, held counts 0 to 5, wins and losses', () => {
    expect(vectors.rounds.length).toBeGreaterThanOrEqual(150);
    expect(new Set(vectors.rounds.map((v) => v.held.length)).size).toBe(6);
    const hands = new Set(vectors.rounds.map((v) => v.hand));
    expect(hands.has('nothing') && hands.has('jacksOrBetter') && hands.has('twoPair')).toBe(true);
  });

  it.each(vectors.rounds.map((v, i) => ({ ...v, name: `${i}: nonce ${v.nonce} ${v.plan} holds ${v.held.join('')}` })))(
    '$name',
    (v) => {
      const floats = floatsFromSeeds(
        hmac,
        { serverSeed: v.serverSeed, clientSeed: v.clientSeed, nonce: v.nonce },
        VIDEO_POKER_FLOATS,
      );
      const round = vpReplay(floats, v.held);
      expect(round.dealt).toEqual(v.cards.slice(0, 5));
      expect(round.dealt.map(cardLabel)).toEqual(v.labels.slice(0, 5));
      expect(round.final.map(cardLabel)).toEqual(v.final);
      expect(round.hand).toBe(v.hand);
      expect(applyRatio(BigInt(v.amount), vpMultiplier(round.hand)).toString()).toBe(v.payout);
    },
  );

  it.each(vectors.holds.map((v) => ({ ...v, name: v.dealt.join(' ') })))(
    'every hold of $name is worth exactly what brute force in Python says',
    (v) => {
      const values = holdValues(v.dealt.map(cardOf));
      expect(values.map((r) => [r.num.toString(), r.den.toString()])).toEqual(v.values);
      expect(bestHoldOf(values)).toBe(v.best);
    },
  );

  it('knows every category name the vectors use', () => {
    for (const v of vectors.rounds) expect(VP_HANDS).toContain(v.hand);
  });
});

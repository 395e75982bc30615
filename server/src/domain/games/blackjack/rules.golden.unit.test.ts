import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cardLabel, MAX_CARDS_PER_ROUND } from '../shared/cards.js';
import { floatsFromSeeds } from '../shared/floats.js';
import { applyRatio } from '../shared/ratio.js';
import { replay, roundMultiplier, totalStaked, type BlackjackAction } from './rules.js';

const hmac = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message).digest());

interface Vector {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  plan: string;
  bet: string;
  actions: BlackjackAction[];
  hands: string[][];
  dealer: string[];
  results: string[];
  staked: string;
  payout: string;
  floatsUsed: number;
}
/** From the independent Python implementation (server/src/domain/games/blackjack/blackjack_vectors.py): three fixed plans over 120 seeds. */
const vectors = JSON.parse(readFileSync(new URL('./blackjack-vectors.json', import.meta.url), 'utf8')) as Vector[];

describe('blackjack golden vectors (independent Python implementation)', () => {
  it('cover every action and result', () => {
    const seen = new Set(vectors.flatMap((v) => [...v.actions, ...v.results]));
    expect([...seen].sort()).toEqual([
      'blackjack',
      'double',
      'hit',
      'insurance',
      'lost',
      'noInsurance',
      'push',
      'split',
      'stand',
      'won',
    ]);
  });

  it.each(
    vectors.map((v, i) => ({ ...v, name: `${i}: nonce ${v.nonce} ${v.plan} ${v.actions.join(',') || 'dealt'}` })),
  )('$name', (v) => {
    const floats = floatsFromSeeds(
      hmac,
      { serverSeed: v.serverSeed, clientSeed: v.clientSeed, nonce: v.nonce },
      MAX_CARDS_PER_ROUND,
    );
    const state = replay(BigInt(v.bet), (i) => floats[i]!, v.actions);
    expect(state.finished).toBe(true);
    expect(state.hands.map((hand) => hand.cards.map(cardLabel))).toEqual(v.hands);
    expect(state.dealer.map(cardLabel)).toEqual(v.dealer);
    expect(state.hands.map((hand) => hand.result)).toEqual(v.results);
    expect(totalStaked(state).toString()).toBe(v.staked);
    expect(applyRatio(totalStaked(state), roundMultiplier(state)).toString()).toBe(v.payout);
    expect(state.next).toBe(v.floatsUsed);
  });
});

import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { floatsFromSeeds } from '../shared/floats.js';
import { applyRatio, formatRatio, ratio } from '../shared/ratio.js';
import {
  TOWER_DIFFICULTIES,
  TOWER_LEVELS,
  towerFloatCount,
  towerMultiplier,
  towerReplay,
  type TowerDifficulty,
  type TowerEnd,
  type TowerPlay,
} from './rules.js';

const hmac = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message).digest());

interface Vector {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  difficulty: TowerDifficulty;
  plan: string;
  plays: TowerPlay[];
  traps: number[][];
  picks: number[];
  end: TowerEnd;
  multiplier: [string, string];
  amount: string;
  payout: string;
}
const golden = JSON.parse(readFileSync(new URL('./tower-vectors.json', import.meta.url), 'utf8')) as {
  multipliers: Record<TowerDifficulty, { level: number; num: string; den: string; shown: string }[]>;
  rounds: Vector[];
};

describe('tower rules against the independent golden vectors (tower_vectors.py)', () => {
  it('covers every difficulty and ending, floats past the first HMAC round, ids past 2^32 and non-ASCII client seeds', () => {
    const rounds = golden.rounds;
    expect(new Set(rounds.map((v) => v.difficulty))).toEqual(new Set(TOWER_DIFFICULTIES));
    expect(new Set(rounds.map((v) => v.end))).toEqual(new Set(['open', 'lost', 'cashout']));
    // Master reads 27 floats: HMAC rounds 0 to 3.
    expect(rounds.some((v) => towerFloatCount(v.difficulty) > 24)).toBe(true);
    expect(rounds.some((v) => v.nonce > 2 ** 32 - 1)).toBe(true);
    expect(rounds.some((v) => /[^\x20-\x7e]/.test(v.clientSeed))).toBe(true);
    // Rounds that reach the top level cash out by themselves, without a cash-out play.
    expect(
      rounds.some((v) => v.picks.length === TOWER_LEVELS && v.end === 'cashout' && !v.plays.includes('cashout')),
    ).toBe(true);
  });

  it.each(TOWER_DIFFICULTIES)('%s: the multiplier of every level, exact and as shown', (difficulty) => {
    for (const row of golden.multipliers[difficulty]) {
      const exact = towerMultiplier(difficulty, row.level);
      expect(exact).toEqual(ratio(BigInt(row.num), BigInt(row.den)));
      expect(formatRatio(exact, 4)).toBe(row.shown);
    }
  });

  it.each(golden.rounds.map((v, i) => ({ ...v, i })))(
    'round $i ($difficulty, $plan, nonce $nonce) replays to the same traps, end and payout',
    (v) => {
      const floats = floatsFromSeeds(hmac, v, towerFloatCount(v.difficulty));
      const replay = towerReplay(floats, v.difficulty, v.plays);
      expect(replay.error).toBeUndefined();
      expect(replay.traps).toEqual(v.traps);
      expect(replay.state.picks).toEqual(v.picks);
      expect(replay.end).toBe(v.end);
      expect(replay.multiplier).toEqual(ratio(BigInt(v.multiplier[0]), BigInt(v.multiplier[1])));
      const payout = replay.end === 'cashout' ? applyRatio(BigInt(v.amount), replay.multiplier) : 0n;
      expect(String(payout)).toBe(v.payout);
      // An ended round shows every level's traps; an open one none.
      expect(replay.state.traps).toEqual(v.end === 'open' ? undefined : v.traps);
    },
  );
});

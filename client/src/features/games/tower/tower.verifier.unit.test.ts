import { readFileSync } from 'node:fs';
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { floatsFromSeeds } from '../../../../../server/src/domain/games/shared/floats';
import { ratio } from '../../../../../server/src/domain/games/shared/ratio';
import type { TowerDifficulty } from '../../../../../server/src/domain/games/tower/rules';
import { towerVerifier } from './tower.verifier';

const hmac = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message).digest());
const golden = JSON.parse(
  readFileSync(new URL('../../../../../server/src/domain/games/tower/tower-vectors.json', import.meta.url), 'utf8'),
) as {
  rounds: {
    serverSeed: string;
    clientSeed: string;
    nonce: number;
    difficulty: TowerDifficulty;
    picks: number[];
    traps: number[][];
    end: string;
    multiplier: [string, string];
  }[];
};

describe('the tower verifier', () => {
  // Settled rounds only: a stored bet is verified once it has ended.
  const settled = golden.rounds.filter((v) => v.end !== 'open');

  it.each(settled.slice(0, 60).map((v, i) => ({ ...v, i })))(
    'golden round $i ($difficulty): from the bet to the same traps, end and multiplier',
    async (v) => {
      const search = {
        ...towerVerifier.fromBet({ difficulty: v.difficulty, picks: v.picks }),
        game: 'tower' as const,
      };
      const params = towerVerifier.fromSearch(search);
      if (typeof params === 'string') throw new Error(params);
      expect(towerVerifier.paramsError(params)).toBeNull();
      const source = (count: number) => floatsFromSeeds(hmac, v, count);
      const verified = await towerVerifier.play(params, source);
      expect(verified.outcome).toEqual({ traps: v.traps, picks: v.picks, end: v.end });
      expect(verified.multiplier).toEqual(ratio(BigInt(v.multiplier[0]), BigInt(v.multiplier[1])));
    },
  );

  it('numbers tiles from 1 in the link and the form, and refuses tiles off the level', () => {
    expect(towerVerifier.fromBet({ difficulty: 'hard', picks: [0, 1] })).toEqual({ risk: 'hard', picks: '1,2' });
    const params = towerVerifier.fromSearch({ risk: 'hard', picks: '1,3' });
    expect(typeof params !== 'string' && towerVerifier.paramsError(params)).toBe('Tiles are 1 to 2 on hard');
    expect(towerVerifier.fromSearch({ risk: 'nightmare', picks: '1' })).toMatch(/Choose a difficulty/);
  });

  it('describes the traps of every level and how the round ended', () => {
    const traps = Array.from({ length: 9 }, () => [0]);
    expect(towerVerifier.describe({ traps, picks: [1, 0], end: 'lost' })).toBe(
      'Traps L1: 1, L2: 1, L3: 1, L4: 1, L5: 1, L6: 1, L7: 1, L8: 1, L9: 1 - 1 levels climbed, trap hit on level 2',
    );
  });
});

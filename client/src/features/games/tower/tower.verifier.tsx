/**
 * Tower's part of the /provably-fair verifier: the difficulty travels as the
 * `risk` parameter and the tiles picked, level 1 first and numbered from 1 on the left, as `picks`. The seeds decide
 * every level's traps; the picks decide how far the round climbed and what it paid.
 */
import { Group, Select, TextInput } from '@mantine/core';
import {
  isTowerDifficulty,
  TOWER_DIFFICULTIES,
  TOWER_LAYOUT,
  TOWER_LEVELS,
  towerFloatCount,
  towerParamsError,
  towerReplay,
  type TowerDifficulty,
  type TowerEnd,
  type TowerPlay,
} from '../../../../../server/src/domain/games/tower/rules';
import { verifier } from '../../fairness/verifier-kit';

export interface TowerVerifyParams {
  difficulty: TowerDifficulty;
  /** Tiles picked, level 0 first, 0 = leftmost. */
  picks: number[];
}
export interface TowerVerified {
  traps: number[][];
  picks: number[];
  end: TowerEnd;
}

const tileNumbers = (tiles: readonly number[]) => tiles.map((t) => t + 1);

/** The plays of a settled round: its picks, then the cash-out unless a trap or the top level ended it. */
function playsOf(floats: readonly number[], params: TowerVerifyParams): TowerPlay[] {
  const climbed = towerReplay(floats, params.difficulty, params.picks);
  return climbed.end === 'open' && params.picks.length > 0 ? [...params.picks, 'cashout'] : params.picks;
}

/** Tower in the /provably-fair verifier (features/fairness/game-verifiers.tsx lists every game's). */
export const towerVerifier = verifier<TowerVerifyParams, TowerVerified>({
  defaults: { risk: 'easy', picks: '1,2,3' },
  Form: ({ form, set }) => (
    <Group grow gap="xs" align="flex-start">
      <Select
        label="Difficulty"
        data={[...TOWER_DIFFICULTIES]}
        value={form.risk ?? 'easy'}
        onChange={(risk) => risk && set({ risk })}
        allowDeselect={false}
      />
      <TextInput
        label="Tiles picked (comma separated)"
        description="Level 1 first; tile 1 is the leftmost"
        value={form.picks ?? ''}
        onChange={(e) => set({ picks: e.currentTarget.value })}
      />
    </Group>
  ),
  fromBet: (o) => ({
    risk: typeof o.difficulty === 'string' ? o.difficulty : undefined,
    picks: Array.isArray(o.picks) ? tileNumbers(o.picks as number[]).join(',') : undefined,
  }),
  fromSearch: (search) => {
    if (!isTowerDifficulty(search.risk)) return `Choose a difficulty: ${TOWER_DIFFICULTIES.join(', ')}`;
    const picks = (search.picks ?? '')
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((text) => Number(text) - 1);
    return { difficulty: search.risk, picks };
  },
  paramsError: (params) => {
    const error = towerParamsError(params);
    if (error) return error;
    const { tiles } = TOWER_LAYOUT[params.difficulty];
    if (params.picks.length > TOWER_LEVELS) return `A round climbs at most ${TOWER_LEVELS} levels`;
    return params.picks.every((t) => Number.isInteger(t) && t >= 0 && t < tiles)
      ? null
      : `Tiles are 1 to ${tiles} on ${params.difficulty}`;
  },
  play: async (params, source) => {
    const floats = await source(towerFloatCount(params.difficulty));
    const replay = towerReplay(floats, params.difficulty, playsOf(floats, params));
    if (replay.error) throw new Error(replay.error);
    return {
      floats,
      outcome: { traps: replay.traps, picks: replay.state.picks, end: replay.end },
      multiplier: replay.multiplier,
    };
  },
  describe: (o) => {
    const traps = o.traps.map((level, i) => `L${i + 1}: ${tileNumbers(level).join('+')}`).join(', ');
    const climbed = o.end === 'lost' ? o.picks.length - 1 : o.picks.length;
    const end =
      o.end === 'lost' ? `trap hit on level ${o.picks.length}` : o.end === 'cashout' ? 'cashed out' : 'no pick';
    return `Traps ${traps} - ${climbed} levels climbed, ${end}`;
  },
});

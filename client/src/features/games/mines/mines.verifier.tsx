import { NumberInput } from '@mantine/core';
import { MINES_RULES, minePositions, minesMultiplier } from '../../../../../server/src/domain/games/mines/rules';
import { verifier, str, num } from '../../fairness/verifier-kit';

/** Mines in the /provably-fair verifier (features/fairness/game-verifiers.tsx lists every game's). */
export const minesVerifier = verifier<
  { mines: number; /** Safe reveals before the cash-out, for the multiplier. */ reveals?: number },
  { minePositions: number[] }
>({
  defaults: { mines: '3' },
  Form: ({ form, set }) => (
    <NumberInput
      label="Mines"
      min={1}
      max={24}
      value={form.mines ?? ''}
      onChange={(value) => set({ mines: String(value) })}
      allowDecimal={false}
    />
  ),
  fromBet: (o) => ({ mines: str(o.mines) }),
  fromSearch: (search) => ({ mines: num(search.mines) }),
  paramsError: (params) => MINES_RULES.paramsError(params),
  play: async (params, source) => {
    const floats = await source(MINES_RULES.floatCount(params));
    return {
      floats,
      outcome: { minePositions: minePositions(floats, params.mines) },
      multiplier: minesMultiplier(params.mines, params.reveals ?? 0),
    };
  },
  describe: (outcome) => `Mines at tiles ${outcome.minePositions.map((t) => t + 1).join(', ')}`,
});

import { TextInput } from '@mantine/core';
import { LIMBO_RULES } from '../../../../../server/src/domain/games/limbo/rules';
import { verifier, str, num, playInstant } from '../../fairness/verifier-kit';

/** Limbo in the /provably-fair verifier (features/fairness/game-verifiers.tsx lists every game's). */
export const limboVerifier = verifier<{ target: number }, { result: number; win: boolean }>({
  defaults: { target: '2' },
  Form: ({ form, set }) => (
    <TextInput
      label="Target multiplier"
      value={form.target ?? ''}
      onChange={(e) => set({ target: e.currentTarget.value })}
      inputMode="decimal"
    />
  ),
  fromBet: (o) => ({ target: str(o.target) }),
  fromSearch: (search) => ({ target: num(search.target) }),
  paramsError: (params) => LIMBO_RULES.paramsError(params),
  play: async (params, source) => {
    const limbo = await playInstant(LIMBO_RULES, params, source);
    return { ...limbo, outcome: { result: limbo.outcome.result, win: limbo.multiplier.num > 0n } };
  },
  describe: (outcome) => `Result ${outcome.result.toFixed(2)}x - ${outcome.win ? 'win' : 'loss'}`,
});

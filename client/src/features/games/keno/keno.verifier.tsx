import { Group, Select, TextInput } from '@mantine/core';
import { KENO_RULES, KENO_RISKS, type KenoRisk } from '../../../../../server/src/domain/games/keno/rules';
import { verifier, str, playInstant } from '../../fairness/verifier-kit';

/** Keno in the /provably-fair verifier (features/fairness/game-verifiers.tsx lists every game's). */
export const kenoVerifier = verifier<{ picks: number[]; risk: KenoRisk }, { drawn: number[]; hits: number }>({
  defaults: { picks: '1,2,3,4,5', risk: 'classic' },
  Form: ({ form, set }) => (
    <Group grow gap="xs">
      <TextInput
        label="Picks (comma separated)"
        value={form.picks ?? ''}
        onChange={(e) => set({ picks: e.currentTarget.value })}
      />
      <Select
        label="Risk"
        data={[...KENO_RISKS]}
        value={form.risk ?? 'classic'}
        onChange={(risk) => risk && set({ risk })}
        allowDeselect={false}
      />
    </Group>
  ),
  fromBet: (o) => ({ risk: str(o.risk), picks: Array.isArray(o.picks) ? o.picks.join(',') : undefined }),
  fromSearch: (search) => {
    const risk = search.risk;
    if (risk !== 'classic' && risk !== 'low' && risk !== 'medium' && risk !== 'high') return 'Choose a risk';
    const picks = (search.picks ?? '')
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    return { picks, risk };
  },
  paramsError: (params) => KENO_RULES.paramsError(params),
  play: async (params, source) => {
    const keno = await playInstant(KENO_RULES, params, source);
    return { ...keno, outcome: { drawn: keno.outcome.drawn, hits: keno.outcome.hits } };
  },
  describe: (outcome) => `Drawn ${outcome.drawn.join(', ')} - ${outcome.hits} hits`,
});

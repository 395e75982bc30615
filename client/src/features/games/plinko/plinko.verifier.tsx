import { Group, NumberInput, Select } from '@mantine/core';
import { PLINKO_RULES, PLINKO_RISKS, type PlinkoRisk } from '../../../../../server/src/domain/games/plinko/rules';
import { verifier, str, num, playInstant } from '../../fairness/verifier-kit';

/** Plinko in the /provably-fair verifier (features/fairness/game-verifiers.tsx lists every game's). */
export const plinkoVerifier = verifier<{ rows: number; risk: PlinkoRisk }, { path: number[]; bucket: number }>({
  defaults: { rows: '16', risk: 'medium' },
  Form: ({ form, set }) => (
    <Group grow gap="xs">
      <NumberInput
        label="Rows"
        min={8}
        max={16}
        value={form.rows ?? ''}
        onChange={(value) => set({ rows: String(value) })}
        allowDecimal={false}
      />
      <Select
        label="Risk"
        data={[...PLINKO_RISKS]}
        value={form.risk ?? 'medium'}
        onChange={(risk) => risk && set({ risk })}
        allowDeselect={false}
      />
    </Group>
  ),
  fromBet: (o) => ({ rows: str(o.rows), risk: str(o.risk) }),
  fromSearch: (search) =>
    search.risk === 'low' || search.risk === 'medium' || search.risk === 'high'
      ? { rows: num(search.rows), risk: search.risk }
      : 'Choose a risk',
  paramsError: (params) => PLINKO_RULES.paramsError(params),
  play: async (params, source) => {
    const plinko = await playInstant(PLINKO_RULES, params, source);
    return { ...plinko, outcome: { path: plinko.outcome.path, bucket: plinko.outcome.bucket } };
  },
  describe: (outcome) => `Bucket ${outcome.bucket} (path ${outcome.path.join('')})`,
});

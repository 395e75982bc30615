import { Group, SegmentedControl, TextInput } from '@mantine/core';
import { DICE_RULES, type DiceCondition } from '../../../../../server/src/domain/games/dice/rules';
import { verifier, str, num, playInstant } from '../../fairness/verifier-kit';

/** Dice in the /provably-fair verifier (features/fairness/game-verifiers.tsx lists every game's). */
export const diceVerifier = verifier<{ target: number; condition: DiceCondition }, { roll: number; win: boolean }>({
  defaults: { target: '50.5', condition: 'over' },
  Form: ({ form, set }) => (
    <Group grow gap="xs" align="flex-end">
      <TextInput
        label="Target"
        value={form.target ?? ''}
        onChange={(e) => set({ target: e.currentTarget.value })}
        inputMode="decimal"
      />
      <SegmentedControl
        data={['under', 'over']}
        value={form.condition ?? 'over'}
        onChange={(condition) => set({ condition })}
        aria-label="Condition"
      />
    </Group>
  ),
  fromBet: (o) => ({ target: str(o.target), condition: str(o.condition) }),
  fromSearch: (search) =>
    search.condition === 'over' || search.condition === 'under'
      ? { target: num(search.target), condition: search.condition }
      : 'Choose over or under',
  paramsError: (params) => DICE_RULES.paramsError(params),
  play: async (params, source) => {
    const dice = await playInstant(DICE_RULES, params, source);
    return { ...dice, outcome: { roll: dice.outcome.roll, win: dice.multiplier.num > 0n } };
  },
  describe: (outcome) => `Roll ${outcome.roll.toFixed(2)} - ${outcome.win ? 'win' : 'loss'}`,
});

import { TextInput } from '@mantine/core';
import {
  pocketColour,
  rouletteParamsError,
  rouletteSpin,
  rouletteStake,
  type RouletteChip,
} from '../../../../../server/src/domain/games/roulette/rules';
import { ratio } from '../../../../../server/src/domain/games/shared/ratio';
import { decodeChips, encodeChips } from './roulette-board';
import { verifier } from '../../fairness/verifier-kit';

/** Roulette in the /provably-fair verifier (features/fairness/game-verifiers.tsx lists every game's). */
export const rouletteVerifier = verifier<{ chips: RouletteChip[] }, { pocket: number }>({
  defaults: { chips: 'red::1' },
  Form: ({ form, set }) => (
    <TextInput
      label="Chips (type:numbers:amount; ...)"
      description="e.g. straight:17:1;split:14-17:0.5;red::2"
      value={form.chips ?? ''}
      onChange={(e) => set({ chips: e.currentTarget.value })}
    />
  ),
  fromBet: (o) => ({
    chips: Array.isArray(o.chips)
      ? encodeChips(o.chips as { type: string; numbers: number[]; amount: string }[])
      : undefined,
  }),
  fromSearch: (search) => {
    const chips = decodeChips(search.chips ?? '');
    return typeof chips === 'string' ? chips : { chips };
  },
  paramsError: (params) => rouletteParamsError(params),
  play: async (params, source) => {
    const floats = await source(1);
    const spin = rouletteSpin(floats, params);
    return { floats, outcome: { pocket: spin.pocket }, multiplier: ratio(spin.payout, rouletteStake(params.chips)) };
  },
  describe: (outcome) => `Pocket ${outcome.pocket} (${pocketColour(outcome.pocket)})`,
});

import { Text } from '@mantine/core';
import {
  SLOT_FLOAT_COUNT,
  SLOT_REELS,
  slotsOutcome,
  type SlotsOutcome,
} from '../../../../../server/src/domain/games/slots/rules';
import { verifier } from '../../fairness/verifier-kit';

/** Slots in the /provably-fair verifier (features/fairness/game-verifiers.tsx lists every game's). */
export const slotsVerifier = verifier<Record<never, never>, SlotsOutcome>({
  defaults: {},
  Form: () => (
    <Text size="sm" c="dimmed">
      A spin has no parameters: the seeds decide every stop, and the free spins read the next floats.
    </Text>
  ),
  fromBet: () => ({}),
  fromSearch: () => ({}),
  paramsError: () => null,
  play: async (_params, source) => {
    const floats = await source(SLOT_FLOAT_COUNT);
    const { outcome, multiplier } = slotsOutcome(floats);
    return { floats: floats.slice(0, outcome.spins.length * SLOT_REELS), outcome, multiplier };
  },
  describe: (o) => {
    const free = o.spins.length - 1;
    const wins = o.spins[0]!.lines.map((w) => `line ${w.line} ${w.count}x${w.symbol} ${w.multiplier}x`);
    return `Stops ${o.spins[0]!.stops.join(' ')}${wins.length ? ` - ${wins.join(', ')}` : ' - no line win'}${free > 0 ? ` - ${free} free spins` : ''} - total ${o.multiplier}x`;
  },
});

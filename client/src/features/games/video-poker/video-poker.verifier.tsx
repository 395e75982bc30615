/**
 * Video poker's part of the /provably-fair verifier (features/fairness/game-verifiers.tsx lists it): the ten cards of the
 * nonce, the draw for the held positions, the hand and what it pays, from the server's pure rules. The held
 * positions travel in the URL's `picks` (the verifier's list of chosen positions), counted 1 to 5 as the page shows.
 */
import { TextInput } from '@mantine/core';
import { cardLabel } from '../../../../../server/src/domain/games/shared/cards';
import {
  heldError,
  VIDEO_POKER_FLOATS,
  VP_HAND_NAMES,
  vpMultiplier,
  vpReplay,
  type VpHand,
} from '../../../../../server/src/domain/games/video-poker/rules';
import { verifier } from '../../fairness/verifier-kit';

interface Params {
  /** Held positions, 0-4. */
  held: number[];
}
interface Outcome {
  dealt: number[];
  final: number[];
  hand: VpHand;
}

/** "2, 4" (positions 1-5) -> [1, 3]; anything that is not a whole number is kept as NaN for paramsError to name. */
export function heldFromText(text: string): number[] {
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) - 1 : NaN));
}

export const videoPokerVerifier = verifier<Params, Outcome>({
  defaults: { picks: '' },
  Form: ({ form, set }) => (
    <TextInput
      label="Held cards (positions 1-5, comma separated; empty: draw five)"
      value={form.picks ?? ''}
      onChange={(e) => set({ picks: e.currentTarget.value })}
    />
  ),
  fromBet: (o) => ({
    picks: Array.isArray(o.held) ? (o.held as number[]).map((p) => p + 1).join(',') : '',
  }),
  fromSearch: (search) => ({ held: heldFromText(search.picks ?? '') }),
  paramsError: ({ held }) => (heldError(held) ? 'Held positions are 1 to 5, each once' : null),
  play: async ({ held }, source) => {
    const floats = await source(VIDEO_POKER_FLOATS);
    const round = vpReplay(floats, held);
    return {
      floats,
      outcome: { dealt: round.dealt, final: round.final, hand: round.hand },
      multiplier: vpMultiplier(round.hand),
    };
  },
  describe: (o) =>
    `Dealt ${o.dealt.map(cardLabel).join(' ')} - final ${o.final.map(cardLabel).join(' ')} - ${VP_HAND_NAMES[o.hand]}`,
});

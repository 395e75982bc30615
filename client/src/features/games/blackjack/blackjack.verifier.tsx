import { TextInput } from '@mantine/core';
import {
  BLACKJACK_ACTIONS,
  handTotal,
  replay,
  roundMultiplier,
  type BlackjackAction,
} from '../../../../../server/src/domain/games/blackjack/rules';
import { MAX_CARDS_PER_ROUND, cardLabel } from '../../../../../server/src/domain/games/shared/cards';
import { verifier } from '../../fairness/verifier-kit';

/** Blackjack in the /provably-fair verifier (features/fairness/game-verifiers.tsx lists every game's). */
export const blackjackVerifier = verifier<
  { actions: BlackjackAction[] },
  { player: number[][]; dealer: number[]; results: string[] }
>({
  defaults: { actions: 'stand' },
  Form: ({ form, set }) => (
    <TextInput
      label="Actions in order (comma separated: hit, stand, double, split, insurance, noInsurance)"
      value={form.actions ?? ''}
      onChange={(e) => set({ actions: e.currentTarget.value })}
    />
  ),
  fromBet: (o) => ({ actions: Array.isArray(o.played) ? o.played.join(',') : '' }),
  fromSearch: (search) => {
    const actions = (search.actions ?? '').split(/[\s,]+/).filter(Boolean);
    const unknown = actions.find((a) => !(BLACKJACK_ACTIONS as readonly string[]).includes(a));
    return unknown ? `Unknown action: ${unknown}` : { actions: actions as BlackjackAction[] };
  },
  paramsError: () => null,
  play: async (params, source) => {
    const floats = await source(MAX_CARDS_PER_ROUND);
    // The multiplier of everything staked does not depend on the stake: one whole unit (1e8) is dealt.
    const state = replay(100_000_000n, (i) => floats[i]!, params.actions);
    const used = floats.slice(0, state.next);
    const multiplier = state.finished ? roundMultiplier(state) : { num: 0n, den: 1n };
    return {
      floats: used,
      outcome: {
        player: state.hands.map((h) => h.cards),
        dealer: state.dealer,
        results: state.hands.map((h) => h.result ?? 'in play'),
      },
      multiplier,
    };
  },
  describe: (o) =>
    `${o.player.map((cards, i) => `${cards.map(cardLabel).join(' ')} (${handTotal(cards).total}, ${o.results[i]})`).join(' and ')} - dealer ${o.dealer.map(cardLabel).join(' ')} (${handTotal(o.dealer).total})`,
});

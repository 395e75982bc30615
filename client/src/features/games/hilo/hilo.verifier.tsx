import { TextInput } from '@mantine/core';
import {
  HILO_ACTIONS,
  hiloReplay,
  type HiloAction,
  type HiloCard,
  type HiloEnd,
} from '../../../../../server/src/domain/games/hilo/rules';
import { cardLabel } from '../../../../../server/src/domain/games/shared/cards';
import { verifier } from '../../fairness/verifier-kit';

/** Hilo in the /provably-fair verifier (features/fairness/game-verifiers.tsx lists every game's). */
export const hiloVerifier = verifier<{ actions: HiloPlay[] }, { cards: number[]; end: HiloEnd }>({
  defaults: { actions: 'higherOrSame,cashout' },
  Form: ({ form, set }) => (
    <TextInput
      label="Actions (comma separated)"
      description={`${HILO_ACTIONS.join(', ')}, then cashout`}
      value={form.actions ?? ''}
      onChange={(e) => set({ actions: e.currentTarget.value })}
    />
  ),
  fromBet: (o) => ({ actions: hiloPlays(o).join(',') }),
  fromSearch: (search) => ({ actions: (search.actions ?? '').split(/[\s,]+/).filter(Boolean) as HiloPlay[] }),
  paramsError: ({ actions }) => {
    const unknown = actions.find((a) => !HILO_PLAYS.includes(a));
    if (unknown !== undefined) return `Unknown action ${unknown}`;
    return actions.slice(0, -1).includes('cashout') ? 'cashout can only be the last action' : null;
  },
  play: async ({ actions }, source) => {
    const floats = await source(Math.min(52, actions.length + 1));
    const replay = hiloReplay(floats, actions);
    if (replay.error) throw new Error(replay.error);
    return {
      floats,
      outcome: { cards: replay.state.cards.map((c) => c.card), end: replay.end },
      multiplier: replay.multiplier,
    };
  },
  describe: (outcome) =>
    `Cards ${outcome.cards.map(cardLabel).join(' ')} - ${outcome.end === 'cashout' ? 'cashed out' : outcome.end === 'lost' ? 'lost' : 'in play'}`,
});

type HiloPlay = HiloAction | 'cashout';
const HILO_PLAYS: readonly string[] = [...HILO_ACTIONS, 'cashout'];

/** A stored hilo round's actions in order; a round not lost ended by a cash-out (or by its 52nd card, which cashes out itself). */
function hiloPlays(outcome: Record<string, unknown>): HiloPlay[] {
  const cards = Array.isArray(outcome.cards) ? (outcome.cards as HiloCard[]) : [];
  const plays: HiloPlay[] = cards.slice(1).flatMap((c) => (c.guess ? [c.guess] : []));
  return outcome.multiplier !== '0.0000' && cards.length < 52 ? [...plays, 'cashout'] : plays;
}

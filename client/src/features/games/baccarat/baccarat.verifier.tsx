import { TextInput } from '@mantine/core';
import {
  BACCARAT_FLOATS,
  BACCARAT_SPOTS,
  baccaratDeal,
  baccaratReturn,
  type BaccaratHand,
} from '../../../../../server/src/domain/games/baccarat/rules';
import { cardLabel } from '../../../../../server/src/domain/games/shared/cards';
import { toUnits } from '../../game-panel/bet-amount';
import { verifier, str } from '../../fairness/verifier-kit';

/** Baccarat in the /provably-fair verifier (features/fairness/game-verifiers.tsx lists every game's). */
export const baccaratVerifier = verifier<{ stakes: bigint[] }, BaccaratHand>({
  defaults: { bets: '1,0,0' },
  Form: ({ form, set }) => (
    <TextInput
      label="Stakes: player, banker, tie"
      value={form.bets ?? ''}
      onChange={(e) => set({ bets: e.currentTarget.value })}
    />
  ),
  fromBet: (o) => {
    const bets = (o.bets ?? {}) as Record<string, unknown>;
    return { bets: BACCARAT_SPOTS.map((spot) => str(bets[spot]) ?? '0').join(',') };
  },
  fromSearch: (search) => {
    const stakes = (search.bets ?? '')
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(toUnits);
    return stakes.length === 3 && stakes.every((s) => s !== null)
      ? { stakes: stakes as bigint[] }
      : 'Enter three stakes: player, banker, tie';
  },
  paramsError: ({ stakes }) =>
    stakes.some((s) => s > 0n) ? null : 'Stake something on the player, the banker or a tie',
  play: async ({ stakes }, source) => {
    const floats = await source(BACCARAT_FLOATS);
    const hand = baccaratDeal(floats);
    const exact = baccaratReturn({ player: stakes[0]!, banker: stakes[1]!, tie: stakes[2]! }, hand.winner);
    return {
      floats,
      outcome: hand,
      multiplier: { num: exact.num, den: exact.den * (stakes[0]! + stakes[1]! + stakes[2]!) },
    };
  },
  describe: (o) =>
    `Player ${o.playerCards.map(cardLabel).join(' ')} (${o.playerTotal}), banker ${o.bankerCards.map(cardLabel).join(' ')} (${o.bankerTotal}) - ${o.winner === 'tie' ? 'tie' : `${o.winner} wins`}`,
});

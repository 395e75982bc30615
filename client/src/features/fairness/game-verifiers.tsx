/**
 * Each game's part of the /provably-fair verifier, one entry per game of the client registry (a missing entry is a
 * type error): its form, its URL parameters (from a bet's outcome, to typed parameters), and how its outcome is
 * recomputed from floats with the server's pure rules. Loaded with the verifier page and the bet details only.
 */
import { Group, NumberInput, SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import type { ComponentType } from 'react';
import {
  GAME_RULES,
  KENO_RISKS,
  minePositions,
  minesMultiplier,
  PLINKO_RISKS,
  ratio,
  type DiceCondition,
  type InstantGameRules,
  type KenoRisk,
  type PlinkoRisk,
  type Ratio,
} from '../../../../server/src/domain/games/rules';
import type { FloatSource } from '../../../../server/src/domain/games/rules/floats';
import {
  BLACKJACK_ACTIONS,
  handTotal,
  replay,
  roundMultiplier,
  type BlackjackAction,
} from '../../../../server/src/domain/games/blackjack/rules';
import {
  BACCARAT_FLOATS,
  BACCARAT_SPOTS,
  baccaratDeal,
  baccaratReturn,
  type BaccaratHand,
} from '../../../../server/src/domain/games/baccarat/rules';
import {
  HILO_ACTIONS,
  hiloReplay,
  type HiloAction,
  type HiloCard,
  type HiloEnd,
} from '../../../../server/src/domain/games/hilo/rules';
import { MAX_CARDS_PER_ROUND, cardLabel } from '../../../../server/src/domain/games/rules/cards';
import {
  pocketColour,
  rouletteParamsError,
  rouletteSpin,
  rouletteStake,
  type RouletteChip,
} from '../../../../server/src/domain/games/roulette/rules';
import {
  SLOT_FLOAT_COUNT,
  SLOT_REELS,
  slotsOutcome,
  type SlotsOutcome,
} from '../../../../server/src/domain/games/slots/rules';
import { decodeChips, encodeChips } from '../games/roulette/roulette-board';
import type { SeededGameSlug as ClientGameSlug } from '../games/registry';
import { toUnits } from '../originals/bet-amount';
import type { VerifySearch } from './verify-search';

export interface VerifierFormProps {
  form: VerifySearch;
  set: (patch: Partial<VerifySearch>) => void;
}

export interface GameVerifier<P, O> {
  /** The form's values when the game is chosen. */
  defaults: Partial<VerifySearch>;
  Form: ComponentType<VerifierFormProps>;
  /** The parameters a stored bet's outcome records, as URL values (the bet details' Verify link). */
  fromBet(outcome: Record<string, unknown>): Partial<VerifySearch>;
  /** The typed parameters of the URL values, or a sentence saying what is missing. */
  fromSearch(search: VerifySearch): P | string;
  /** The rules' own validation. */
  paramsError(params: P): string | null;
  play(params: P, source: FloatSource): Promise<{ floats: number[]; outcome: O; multiplier: Ratio }>;
  /** The outcome in words, in the same units the game pages show. */
  describe(outcome: O): string;
}

const verifier = <P, O>(entry: GameVerifier<P, O>) => entry;
const str = (value: unknown) => (value === undefined || value === null ? undefined : String(value));
const num = (value: string | undefined) => (value === undefined || value.trim() === '' ? NaN : Number(value));

/** An instant game's rules on the seeds' floats: the floats drawn, the outcome, and what it pays. */
async function playInstant<P, O>(
  rules: InstantGameRules<P, O>,
  params: P,
  source: FloatSource,
): Promise<{ floats: number[]; outcome: O; multiplier: Ratio }> {
  const floats = await source(rules.floatCount(params));
  const outcome = rules.outcome(floats, params);
  return { floats, outcome, multiplier: rules.multiplier(outcome) };
}

export const GAME_VERIFIERS = {
  dice: verifier<{ target: number; condition: DiceCondition }, { roll: number; win: boolean }>({
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
    paramsError: (params) => GAME_RULES.dice.paramsError(params),
    play: async (params, source) => {
      const dice = await playInstant(GAME_RULES.dice, params, source);
      return { ...dice, outcome: { roll: dice.outcome.roll, win: dice.multiplier.num > 0n } };
    },
    describe: (outcome) => `Roll ${outcome.roll.toFixed(2)} - ${outcome.win ? 'win' : 'loss'}`,
  }),
  limbo: verifier<{ target: number }, { result: number; win: boolean }>({
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
    paramsError: (params) => GAME_RULES.limbo.paramsError(params),
    play: async (params, source) => {
      const limbo = await playInstant(GAME_RULES.limbo, params, source);
      return { ...limbo, outcome: { result: limbo.outcome.result, win: limbo.multiplier.num > 0n } };
    },
    describe: (outcome) => `Result ${outcome.result.toFixed(2)}x - ${outcome.win ? 'win' : 'loss'}`,
  }),
  plinko: verifier<{ rows: number; risk: PlinkoRisk }, { path: number[]; bucket: number }>({
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
    paramsError: (params) => GAME_RULES.plinko.paramsError(params),
    play: async (params, source) => {
      const plinko = await playInstant(GAME_RULES.plinko, params, source);
      return { ...plinko, outcome: { path: plinko.outcome.path, bucket: plinko.outcome.bucket } };
    },
    describe: (outcome) => `Bucket ${outcome.bucket} (path ${outcome.path.join('')})`,
  }),
  keno: verifier<{ picks: number[]; risk: KenoRisk }, { drawn: number[]; hits: number }>({
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
    paramsError: (params) => GAME_RULES.keno.paramsError(params),
    play: async (params, source) => {
      const keno = await playInstant(GAME_RULES.keno, params, source);
      return { ...keno, outcome: { drawn: keno.outcome.drawn, hits: keno.outcome.hits } };
    },
    describe: (outcome) => `Drawn ${outcome.drawn.join(', ')} - ${outcome.hits} hits`,
  }),
  mines: verifier<
    { mines: number; /** Safe reveals before the cash-out, for the multiplier. */ reveals?: number },
    { minePositions: number[] }
  >({
    defaults: { mines: '3' },
    Form: ({ form, set }) => (
      <NumberInput
        label="Mines"
        min={1}
        max={24}
        value={form.mines ?? ''}
        onChange={(value) => set({ mines: String(value) })}
        allowDecimal={false}
      />
    ),
    fromBet: (o) => ({ mines: str(o.mines) }),
    fromSearch: (search) => ({ mines: num(search.mines) }),
    paramsError: (params) => GAME_RULES.mines.paramsError(params),
    play: async (params, source) => {
      const floats = await source(GAME_RULES.mines.floatCount(params));
      return {
        floats,
        outcome: { minePositions: minePositions(floats, params.mines) },
        multiplier: minesMultiplier(params.mines, params.reveals ?? 0),
      };
    },
    describe: (outcome) => `Mines at tiles ${outcome.minePositions.map((t) => t + 1).join(', ')}`,
  }),
  blackjack: verifier<{ actions: BlackjackAction[] }, { player: number[][]; dealer: number[]; results: string[] }>({
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
  }),
  roulette: verifier<{ chips: RouletteChip[] }, { pocket: number }>({
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
  }),
  hilo: verifier<{ actions: HiloPlay[] }, { cards: number[]; end: HiloEnd }>({
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
  }),
  baccarat: verifier<{ stakes: bigint[] }, BaccaratHand>({
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
  }),
  slots: verifier<Record<never, never>, SlotsOutcome>({
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
  }),
} satisfies Record<ClientGameSlug, object>;

type HiloPlay = HiloAction | 'cashout';
const HILO_PLAYS: readonly string[] = [...HILO_ACTIONS, 'cashout'];

/** A stored hilo round's actions in order; a round not lost ended by a cash-out (or by its 52nd card, which cashes out itself). */
function hiloPlays(outcome: Record<string, unknown>): HiloPlay[] {
  const cards = Array.isArray(outcome.cards) ? (outcome.cards as HiloCard[]) : [];
  const plays: HiloPlay[] = cards.slice(1).flatMap((c) => (c.guess ? [c.guess] : []));
  return outcome.multiplier !== '0.0000' && cards.length < 52 ? [...plays, 'cashout'] : plays;
}

type Verifiers = typeof GAME_VERIFIERS;
type ParamsOf<V> = V extends { paramsError(params: infer P): unknown } ? P : never;
type OutcomeOf<V> = V extends { describe(outcome: infer O): string } ? O : never;

/** One game's verifier parameters, tagged with the game. */
export type VerifyParams = { [S in ClientGameSlug]: { game: S } & ParamsOf<Verifiers[S]> }[ClientGameSlug];
export type VerifiedOutcome = { [S in ClientGameSlug]: { game: S } & OutcomeOf<Verifiers[S]> }[ClientGameSlug];

/** Any game's verifier, for code that handles them all alike (the game is checked by the caller). */
export function gameVerifier(
  game: ClientGameSlug,
): GameVerifier<Omit<VerifyParams, 'game'>, Omit<VerifiedOutcome, 'game'>> {
  return GAME_VERIFIERS[game] as unknown as GameVerifier<Omit<VerifyParams, 'game'>, Omit<VerifiedOutcome, 'game'>>;
}

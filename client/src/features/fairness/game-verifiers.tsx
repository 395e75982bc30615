/**
 * Each game's part of the /provably-fair verifier, one entry per game of the client registry (a missing entry is a
 * type error): its form, its URL parameters (from a bet's outcome, to typed parameters), and how its outcome is
 * recomputed from floats with the server's pure rules. Loaded with the verifier page and the bet details only.
 */
import { Group, NumberInput, SegmentedControl, Select, TextInput } from '@mantine/core';
import type { ComponentType } from 'react';
import {
  GAME_RULES,
  KENO_RISKS,
  minePositions,
  minesMultiplier,
  PLINKO_RISKS,
  type DiceCondition,
  type InstantGameRules,
  type KenoRisk,
  type PlinkoRisk,
  type Ratio,
} from '../../../../server/src/domain/games/rules';
import type { FloatSource } from '../../../../server/src/domain/games/rules/floats';
import type { SeededGameSlug as ClientGameSlug } from '../games/registry';
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
async function playInstant<P, O>(rules: InstantGameRules<P, O>, params: P, source: FloatSource): Promise<{ floats: number[]; outcome: O; multiplier: Ratio }> {
  const floats = await source(rules.floatCount(params));
  const outcome = rules.outcome(floats, params);
  return { floats, outcome, multiplier: rules.multiplier(outcome) };
}

export const GAME_VERIFIERS = {
  dice: verifier<{ target: number; condition: DiceCondition }, { roll: number; win: boolean }>({
    defaults: { target: '50.5', condition: 'over' },
    Form: ({ form, set }) => (
      <Group grow gap="xs" align="flex-end">
        <TextInput label="Target" value={form.target ?? ''} onChange={(e) => set({ target: e.currentTarget.value })} inputMode="decimal" />
        <SegmentedControl data={['under', 'over']} value={form.condition ?? 'over'} onChange={(condition) => set({ condition })} aria-label="Condition" />
      </Group>
    ),
    fromBet: (o) => ({ target: str(o.target), condition: str(o.condition) }),
    fromSearch: (search) =>
      search.condition === 'over' || search.condition === 'under' ? { target: num(search.target), condition: search.condition } : 'Choose over or under',
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
      <TextInput label="Target multiplier" value={form.target ?? ''} onChange={(e) => set({ target: e.currentTarget.value })} inputMode="decimal" />
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
        <NumberInput label="Rows" min={8} max={16} value={form.rows ?? ''} onChange={(value) => set({ rows: String(value) })} allowDecimal={false} />
        <Select label="Risk" data={[...PLINKO_RISKS]} value={form.risk ?? 'medium'} onChange={(risk) => risk && set({ risk })} allowDeselect={false} />
      </Group>
    ),
    fromBet: (o) => ({ rows: str(o.rows), risk: str(o.risk) }),
    fromSearch: (search) =>
      search.risk === 'low' || search.risk === 'medium' || search.risk === 'high' ? { rows: num(search.rows), risk: search.risk } : 'Choose a risk',
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
        <TextInput label="Picks (comma separated)" value={form.picks ?? ''} onChange={(e) => set({ picks: e.currentTarget.value })} />
        <Select label="Risk" data={[...KENO_RISKS]} value={form.risk ?? 'classic'} onChange={(risk) => risk && set({ risk })} allowDeselect={false} />
      </Group>
    ),
    fromBet: (o) => ({ risk: str(o.risk), picks: Array.isArray(o.picks) ? o.picks.join(',') : undefined }),
    fromSearch: (search) => {
      const risk = search.risk;
      if (risk !== 'classic' && risk !== 'low' && risk !== 'medium' && risk !== 'high') return 'Choose a risk';
      const picks = (search.picks ?? '').split(/[\s,]+/).filter(Boolean).map(Number);
      return { picks, risk };
    },
    paramsError: (params) => GAME_RULES.keno.paramsError(params),
    play: async (params, source) => {
      const keno = await playInstant(GAME_RULES.keno, params, source);
      return { ...keno, outcome: { drawn: keno.outcome.drawn, hits: keno.outcome.hits } };
    },
    describe: (outcome) => `Drawn ${outcome.drawn.join(', ')} - ${outcome.hits} hits`,
  }),
  mines: verifier<{ mines: number; /** Safe reveals before the cash-out, for the multiplier. */ reveals?: number }, { minePositions: number[] }>({
    defaults: { mines: '3' },
    Form: ({ form, set }) => (
      <NumberInput label="Mines" min={1} max={24} value={form.mines ?? ''} onChange={(value) => set({ mines: String(value) })} allowDecimal={false} />
    ),
    fromBet: (o) => ({ mines: str(o.mines) }),
    fromSearch: (search) => ({ mines: num(search.mines) }),
    paramsError: (params) => GAME_RULES.mines.paramsError(params),
    play: async (params, source) => {
      const floats = await source(GAME_RULES.mines.floatCount(params));
      return { floats, outcome: { minePositions: minePositions(floats, params.mines) }, multiplier: minesMultiplier(params.mines, params.reveals ?? 0) };
    },
    describe: (outcome) => `Mines at tiles ${outcome.minePositions.map((t) => t + 1).join(', ')}`,
  }),
} satisfies Record<ClientGameSlug, object>;

type Verifiers = typeof GAME_VERIFIERS;
type ParamsOf<V> = V extends { paramsError(params: infer P): unknown } ? P : never;
type OutcomeOf<V> = V extends { describe(outcome: infer O): string } ? O : never;

/** One game's verifier parameters, tagged with the game. */
export type VerifyParams = { [S in ClientGameSlug]: { game: S } & ParamsOf<Verifiers[S]> }[ClientGameSlug];
export type VerifiedOutcome = { [S in ClientGameSlug]: { game: S } & OutcomeOf<Verifiers[S]> }[ClientGameSlug];

/** Any game's verifier, for code that handles them all alike (the game is checked by the caller). */
export function gameVerifier(game: ClientGameSlug): GameVerifier<Omit<VerifyParams, 'game'>, Omit<VerifiedOutcome, 'game'>> {
  return GAME_VERIFIERS[game] as unknown as GameVerifier<Omit<VerifyParams, 'game'>, Omit<VerifiedOutcome, 'game'>>;
}

/**
 * What every game's part of the /provably-fair verifier is made of (games/<slug>/<slug>.verifier.tsx): its form, its
 * URL parameters (from a bet's outcome, to typed parameters), and how its outcome is recomputed from floats with the
 * server's pure rules.
 */
import type { ComponentType } from 'react';
import type { FloatSource } from '../../../../server/src/domain/games/shared/floats';
import type { InstantGameRules } from '../../../../server/src/domain/games/shared/originals';
import type { Ratio } from '../../../../server/src/domain/games/shared/ratio';
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

export const verifier = <P, O>(entry: GameVerifier<P, O>) => entry;
export const str = (value: unknown) => (value === undefined || value === null ? undefined : String(value));
export const num = (value: string | undefined) => (value === undefined || value.trim() === '' ? NaN : Number(value));

/** An instant game's rules on the seeds' floats: the floats drawn, the outcome, and what it pays. */
export async function playInstant<P, O>(
  rules: InstantGameRules<P, O>,
  params: P,
  source: FloatSource,
): Promise<{ floats: number[]; outcome: O; multiplier: Ratio }> {
  const floats = await source(rules.floatCount(params));
  const outcome = rules.outcome(floats, params);
  return { floats, outcome, multiplier: rules.multiplier(outcome) };
}

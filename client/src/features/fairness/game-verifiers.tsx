/**
 * Each game's part of the /provably-fair verifier, one line per game of the client registry (a missing entry is a
 * type error); each lives in its game's folder (games/<slug>/<slug>.verifier.tsx). Loaded with the verifier page
 * and the bet details only.
 */
import { baccaratVerifier } from '../games/baccarat/baccarat.verifier';
import { blackjackVerifier } from '../games/blackjack/blackjack.verifier';
import { diceVerifier } from '../games/dice/dice.verifier';
import { hiloVerifier } from '../games/hilo/hilo.verifier';
import { kenoVerifier } from '../games/keno/keno.verifier';
import { limboVerifier } from '../games/limbo/limbo.verifier';
import { minesVerifier } from '../games/mines/mines.verifier';
import { plinkoVerifier } from '../games/plinko/plinko.verifier';
import { rouletteVerifier } from '../games/roulette/roulette.verifier';
import { slotsVerifier } from '../games/slots/slots.verifier';
import { towerVerifier } from '../games/tower/tower.verifier';
import { videoPokerVerifier } from '../games/video-poker/video-poker.verifier';
import type { SeededGameSlug as ClientGameSlug } from '../games/registry';
import type { GameVerifier } from './verifier-kit';

export type { GameVerifier, VerifierFormProps } from './verifier-kit';

export const GAME_VERIFIERS = {
  dice: diceVerifier,
  limbo: limboVerifier,
  plinko: plinkoVerifier,
  keno: kenoVerifier,
  mines: minesVerifier,
  blackjack: blackjackVerifier,
  roulette: rouletteVerifier,
  hilo: hiloVerifier,
  baccarat: baccaratVerifier,
  slots: slotsVerifier,
  tower: towerVerifier,
  'video-poker': videoPokerVerifier,
} satisfies Record<ClientGameSlug, object>;

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

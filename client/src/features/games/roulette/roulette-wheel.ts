/** Where the wheel and the ball stop: pure so the turn that brings a pocket under the ball is unit-tested. */
import { ROULETTE_WHEEL, type PocketColour } from '../../../../../server/src/domain/games/roulette/rules';

export const POCKET_FILL: Record<PocketColour, string> = { green: '#1e8e3e', red: '#c8283a', black: '#1f2328' };
/** Full turns per spin: the wheel one way, the ball the other. */
const WHEEL_TURNS = 3;
const BALL_TURNS = 4;

/**
 * The wheel's rotation (degrees, clockwise) that puts `pocket` at the top, after `spin` spins; the ball's rotation,
 * always a whole number of turns back to the top. Each spin adds whole turns so the CSS transition runs forward.
 */
export function wheelTurn(pocket: number, spin: number): { wheel: number; ball: number } {
  const index = ROULETTE_WHEEL.indexOf(pocket);
  return { wheel: spin * WHEEL_TURNS * 360 - index * (360 / ROULETTE_WHEEL.length), ball: -spin * BALL_TURNS * 360 };
}

import { describe, expect, it } from 'vitest';
import { ROULETTE_WHEEL } from '../../../../../server/src/domain/games/roulette/rules';
import { wheelTurn } from './roulette-wheel';

const SEGMENT = 360 / 37;
const mod360 = (deg: number) => ((deg % 360) + 360) % 360;

describe('roulette wheel turn', () => {
  it('stops every pocket under the ball at the top, and each spin turns the wheel forward and the ball back', () => {
    let previous = wheelTurn(0, 0);
    for (let spin = 1; spin <= 40; spin += 1) {
      const pocket = ROULETTE_WHEEL[(spin * 7) % 37]!;
      const turn = wheelTurn(pocket, spin);
      // The pocket's wedge is drawn at index x SEGMENT clockwise from the top; the wheel's rotation brings it back to 0.
      const at = mod360(ROULETTE_WHEEL.indexOf(pocket) * SEGMENT + turn.wheel);
      expect(Math.min(at, 360 - at)).toBeLessThan(1e-9);
      expect(mod360(turn.ball)).toBe(0);
      expect(turn.wheel).toBeGreaterThan(previous.wheel + 360);
      expect(turn.ball).toBeLessThan(previous.ball);
      previous = turn;
    }
  });
});

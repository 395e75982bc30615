import { describe, expect, it } from 'vitest';
import { VP_HAND_NAMES, VP_HANDS } from '../../../../../server/src/domain/games/video-poker/rules';
import type { BetView } from '../../game-panel/bet-types';
import { handName } from './video-poker.entry';
import { playAutoRound } from './video-poker-autobet';
import { adviseHold, handLine, PAY_ROWS, shownCards, toggleHeld, valueOfHold } from './video-poker-view';

describe('video poker view', () => {
  it('lists the 9/6 pay table best first', () => {
    expect(PAY_ROWS.map((row) => row.pays)).toEqual([800, 50, 25, 9, 6, 4, 3, 2, 1]);
    expect(PAY_ROWS[0]!.name).toBe('Royal flush');
  });

  it('names every hand in the bet lines as the pay table does', () => {
    for (const hand of VP_HANDS) expect(handName(hand), hand).toBe(VP_HAND_NAMES[hand]);
  });

  it('toggles held positions in order', () => {
    expect(toggleHeld([], 3)).toEqual([3]);
    expect(toggleHeld([3], 0)).toEqual([0, 3]);
    expect(toggleHeld([0, 3], 3)).toEqual([0]);
  });

  it('says what a hand paid', () => {
    expect(handLine('fullHouse')).toBe('Full house pays 9x');
    expect(handLine('nothing')).toBe('No win');
    expect(handLine(undefined)).toBe('');
    expect(shownCards({ dealt: [1, 2, 3, 4, 5] })).toEqual([1, 2, 3, 4, 5]);
    expect(shownCards({ dealt: [1, 2, 3, 4, 5], final: [9, 2, 3, 4, 5] })).toEqual([9, 2, 3, 4, 5]);
    expect(shownCards(null)).toEqual([]);
  });

  it('advises four to the royal over a made flush, with each hold worth its exact return', () => {
    // ♥A ♥K ♥3 ♥Q ♥J
    const advice = adviseHold([49, 45, 5, 41, 37]);
    expect(advice.held).toEqual([0, 1, 3, 4]);
    expect(valueOfHold(advice, [0, 1, 3, 4])).toBe('18.4255');
    expect(valueOfHold(advice, [0, 1, 2, 3, 4])).toBe('6.0000');
  });

  it('autobet round: deals, draws the advised hold, stops at a failed call', async () => {
    const steps: string[] = [];
    const bet = (state: string, outcome: object) => ({ id: '3000000001', state, outcome }) as unknown as BetView;
    const settled = await playAutoRound({
      deal: async () => ({ bet: bet('open', { dealt: [49, 45, 5, 41, 37] }) }),
      draw: async (id, held) => {
        steps.push(`draw ${id} ${held.join('')}`);
        return { bet: bet('won', {}) };
      },
      hold: (dealt) => adviseHold(dealt).held,
      onStep: (b) => steps.push(b.state),
    });
    expect(settled?.state).toBe('won');
    expect(steps).toEqual(['open', 'draw 3000000001 0134', 'won']);
    expect(
      await playAutoRound({
        deal: async () => null,
        draw: async () => null,
        hold: () => [],
        onStep: () => undefined,
      }),
    ).toBeNull();
  });
});

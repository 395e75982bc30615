import { describe, expect, it } from 'vitest';
import { actionForKey, handResult, totalLabel } from './blackjack-view';

describe('blackjack table helpers', () => {
  it('writes a soft total both ways and a hard or 21 total once', () => {
    expect(totalLabel(17, true)).toBe('7/17');
    expect(totalLabel(17, false)).toBe('17');
    expect(totalLabel(21, true)).toBe('21');
  });

  it('maps Q W E R I N to the allowed actions only (none of the panel hotkeys Space S D A F C)', () => {
    expect(actionForKey('q', ['hit', 'stand'])).toBe('hit');
    expect(actionForKey('W', ['hit', 'stand'])).toBe('stand');
    expect(actionForKey('e', ['hit', 'stand'])).toBeNull();
    expect(actionForKey('i', ['insurance', 'noInsurance'])).toBe('insurance');
    expect(actionForKey('n', ['insurance', 'noInsurance'])).toBe('noInsurance');
    expect(
      ['s', 'd', 'a', 'f', 'c', ' '].map((key) =>
        actionForKey(key, ['hit', 'stand', 'double', 'split', 'insurance', 'noInsurance']),
      ),
    ).toEqual([null, null, null, null, null, null]);
    expect(actionForKey('x', ['hit'])).toBeNull();
  });

  it('names a hand over 21 a bust and shows nothing while a hand is in play', () => {
    expect(handResult({ state: 'lost', total: 24 })).toBe('Bust');
    expect(handResult({ state: 'lost', total: 18 })).toBe('Lose');
    expect(handResult({ state: 'playing', total: 12 })).toBeNull();
  });
});

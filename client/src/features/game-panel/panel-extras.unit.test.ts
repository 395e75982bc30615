import { describe, expect, it } from 'vitest';
import { hotkeyAction } from './hotkeys';
import { profitPath } from './profit-path';
import { addBet, EMPTY_STATS, MAX_POINTS } from './session-stats';
import { soundForBet } from './sounds';

const key = (code: string, extra: Partial<Parameters<typeof hotkeyAction>[0]> = {}) => ({
  code,
  key: code === 'Space' ? ' ' : code.slice(3).toLowerCase(),
  repeat: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: null,
  ...extra,
});
const inField = { closest: (selector: string) => (selector.includes('input') ? {} : null) } as unknown as EventTarget;
const onBoard = { closest: () => null } as unknown as EventTarget;

describe('hotkeys', () => {
  it('maps the anchors keys to their actions', () => {
    expect(
      ['Space', 'KeyS', 'KeyD', 'KeyA', 'KeyF', 'KeyC'].map((code) => hotkeyAction(key(code, { target: onBoard }))),
    ).toEqual(['bet', 'halve', 'double', 'zero', 'flip', 'cashout']);
  });
  it('ignores other keys, modifiers, held-down repeats and focus in a field', () => {
    expect(hotkeyAction(key('KeyQ'))).toBeNull();
    expect(hotkeyAction(key('KeyS', { ctrlKey: true }))).toBeNull();
    expect(hotkeyAction(key('KeyD', { repeat: true }))).toBeNull();
    expect(hotkeyAction(key('KeyS', { target: inField }))).toBeNull();
  });
});

describe('session stats', () => {
  const bet = (
    id: string,
    amount: string,
    payout: string,
    state: 'won' | 'lost' | 'open' = payout > amount ? 'won' : 'lost',
  ) => ({ id, amount, payout, state });
  it('sums exactly in 1e-8 units and counts each bet once', () => {
    let stats = addBet(EMPTY_STATS, bet('1', '0.1', '0.2'));
    stats = addBet(stats, bet('2', '0.2', '0'));
    stats = addBet(stats, bet('2', '0.2', '0'));
    stats = addBet(stats, bet('3', '0.00000001', '0.00000001'));
    expect(stats.wagered).toBe(30_000_001n);
    expect(stats.profit).toBe(-10_000_000n);
    expect([stats.wins, stats.losses]).toEqual([1, 2]);
    expect(stats.points).toEqual([10_000_000n, -10_000_000n, -10_000_000n]);
  });
  it('leaves an open bet out and keeps only the last points', () => {
    expect(addBet(EMPTY_STATS, bet('9', '1', '0', 'open'))).toBe(EMPTY_STATS);
    let stats = EMPTY_STATS;
    for (let i = 0; i < MAX_POINTS + 5; i++) stats = addBet(stats, bet(String(i), '1', '0'));
    expect(stats.points).toHaveLength(MAX_POINTS);
    expect(stats.points.at(-1)).toBe(-BigInt(MAX_POINTS + 5) * 100_000_000n);
  });
});

describe('profit chart', () => {
  it('draws nothing before a bet and keeps zero in view', () => {
    expect(profitPath([], 100, 50)).toEqual({ line: '', zeroY: 25 });
    const chart = profitPath([2n, -2n], 100, 54);
    expect(chart.line).toBe('M0.0 27.0 L50.0 2.0 L100.0 52.0');
    expect(chart.zeroY).toBe(27);
  });
});

describe('sounds', () => {
  it('a plain bet wins or loses; a multi-step round reveals, then cashes out or loses', () => {
    expect(soundForBet({ state: 'won', outcome: { roll: 60 } })).toBe('win');
    expect(soundForBet({ state: 'lost', outcome: { roll: 10 } })).toBe('lose');
    expect(soundForBet({ state: 'open', outcome: { revealed: [] } })).toBeNull();
    expect(soundForBet({ state: 'open', outcome: { revealed: [3] } })).toBe('reveal');
    expect(soundForBet({ state: 'won', outcome: { revealed: [3] } })).toBe('cashout');
    expect(soundForBet({ state: 'lost', outcome: { revealed: [3] } })).toBe('lose');
  });
});

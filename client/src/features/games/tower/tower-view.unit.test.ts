import { describe, expect, it } from 'vitest';
import { cashoutFigures, fitChosen, levelRows, tileForKey, toggleChosen } from './tower-view';

const traps = Array.from({ length: 9 }, (_, level) => [level % 4]);

describe('tower board', () => {
  it('lists the nine levels top down with what cashing out after each pays', () => {
    const rows = levelRows('easy', null, false);
    expect(rows.map((r) => r.level)).toEqual([8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(rows.at(-1)!.multiplier).toBe('1.3200');
    expect(rows[0]!.multiplier).toBe('13.1851');
    expect(rows.every((r) => r.tiles.length === 4 && r.tiles.every((t) => t === 'hidden'))).toBe(true);
    expect(levelRows('hard', null, false)[0]!.tiles).toHaveLength(2);
  });

  it('an open round: the climbed tiles, the current level, no trap shown', () => {
    const rows = levelRows('easy', { difficulty: 'easy', picks: [1, 2] }, true);
    const byLevel = (level: number) => rows.find((r) => r.level === level)!;
    expect(byLevel(0).tiles).toEqual(['hidden', 'picked', 'hidden', 'hidden']);
    expect(byLevel(1).tiles).toEqual(['hidden', 'hidden', 'picked', 'hidden']);
    expect(rows.filter((r) => r.current).map((r) => r.level)).toEqual([2]);
  });

  it('a lost round: the trap hit, then every level shows its traps and safe tiles', () => {
    const rows = levelRows('easy', { difficulty: 'easy', picks: [1, 1], trapHit: 1, traps }, false);
    const byLevel = (level: number) => rows.find((r) => r.level === level)!;
    expect(byLevel(0).tiles).toEqual(['trap', 'picked', 'safe', 'safe']);
    expect(byLevel(1).tiles).toEqual(['safe', 'hit', 'safe', 'safe']);
    expect(byLevel(8).tiles).toEqual(['trap', 'safe', 'safe', 'safe']);
    expect(rows.some((r) => r.current)).toBe(false);
  });

  it("the Auto tab's preset picks show on an idle board", () => {
    const chosen = toggleChosen(toggleChosen([], 0, 3), 2, 1);
    const rows = levelRows('easy', null, false, chosen);
    expect(rows.find((r) => r.level === 0)!.tiles[3]).toBe('chosen');
    expect(rows.find((r) => r.level === 2)!.tiles[1]).toBe('chosen');
    expect(toggleChosen(chosen, 0, 3)[0]).toBeNull();
    // Medium has 3 tiles: the preset on tile 4 goes, the one on tile 2 stays.
    expect(fitChosen(chosen, 'medium').slice(0, 3)).toEqual([null, null, 1]);
  });
});

describe('tower figures and keys', () => {
  it('cash-out pays floor(stake x 0.99 x (tiles / safe)^n), as the server', () => {
    // 1 x 0.99 x (4/3)^3 = 2.346666...: floored to 1e-8.
    expect(cashoutFigures('1', 'easy', 3)).toEqual({ payout: '2.34666666', profit: '1.34666666' });
    expect(cashoutFigures('0.01', 'master', 9)).toEqual({ payout: '2595.2256', profit: '2595.2156' });
    expect(cashoutFigures('1', 'easy', 0)).toBeNull();
    expect(cashoutFigures('abc', 'easy', 1)).toBeNull();
  });

  it('keys 1 to 4 pick the tiles from the left, within the level', () => {
    expect(tileForKey('1', 4)).toBe(0);
    expect(tileForKey('4', 4)).toBe(3);
    expect(tileForKey('3', 2)).toBeNull();
    expect(tileForKey('a', 4)).toBeNull();
  });
});

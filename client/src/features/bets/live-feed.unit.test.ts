import { describe, expect, it } from 'vitest';
import { mergeFeed } from './live-feed';

const bet = (id: string, createdAt: string, payout = '0') => ({ id, createdAt, payout });

describe('live feed merge', () => {
  it('keeps newest first, drops duplicates and caps the size', () => {
    const backfill = [bet('3', '2026-01-01T00:00:03Z'), bet('2', '2026-01-01T00:00:02Z')];
    const merged = mergeFeed(backfill, [bet('4', '2026-01-01T00:00:04Z'), bet('3', '2026-01-01T00:00:03Z', '5')], 3);
    expect(merged.map((b) => b.id)).toEqual(['4', '3', '2']);
    expect(merged[1]!.payout).toBe('5');
    expect(mergeFeed(merged, [bet('1', '2026-01-01T00:00:01Z')], 3).map((b) => b.id)).toEqual(['4', '3', '2']);
  });
  it('orders same-time bets by numeric id', () => {
    const t = '2026-01-01T00:00:00Z';
    expect(mergeFeed([], [bet('9', t), bet('10', t)]).map((b) => b.id)).toEqual(['10', '9']);
  });
});

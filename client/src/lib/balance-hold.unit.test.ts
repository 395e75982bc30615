import { describe, expect, it } from 'vitest';
import { holdBalance, whenBalanceShown } from './balance-hold';

describe('holdBalance: the header waits for an animation', () => {
  it('runs a change at once when nothing holds it, else only the newest when the last hold ends', () => {
    const applied: string[] = [];
    whenBalanceShown('USD', () => applied.push('now'));
    const first = holdBalance('USD');
    const second = holdBalance('USD');
    whenBalanceShown('USD', () => applied.push('older'));
    whenBalanceShown('USD', () => applied.push('newest'));
    whenBalanceShown('BZU', () => applied.push('bzu'));
    first();
    first();
    expect(applied).toEqual(['now', 'bzu']);
    second();
    expect(applied).toEqual(['now', 'bzu', 'newest']);
  });
});

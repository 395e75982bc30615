import { describe, expect, it } from 'vitest';
import { afterBet, startAutobet, stopAutobet, type AutobetSettings } from './autobet';
import { doubleAmount, fromUnits, halveAmount, increaseByPercent, percentToMicro, toUnits } from './bet-amount';

const U = 100_000_000n;
const base: AutobetSettings = {
  bets: 0,
  stopOnProfit: null,
  stopOnLoss: null,
  onWin: { mode: 'reset' },
  onLoss: { mode: 'reset' },
};

describe('stake arithmetic', () => {
  it('converts exactly, halves and doubles on units', () => {
    expect(toUnits('12.5')).toBe(1_250_000_000n);
    expect(toUnits('0.00000001')).toBe(1n);
    expect(toUnits('1.123456789')).toBeNull();
    expect(toUnits('-1')).toBeNull();
    expect(fromUnits(1_250_000_000n)).toBe('12.5');
    expect(fromUnits(-1n)).toBe('-0.00000001');
    expect(halveAmount('0.00000003')).toBe('0.00000001');
    expect(halveAmount('0.00000001')).toBe('0.00000001');
    expect(doubleAmount('0.1')).toBe('0.2');
    expect(halveAmount('abc')).toBeNull();
  });
  it('increases by a percentage, floored to a unit', () => {
    expect(percentToMicro('100')).toBe(1_000_000n);
    expect(percentToMicro('12.5')).toBe(125_000n);
    expect(percentToMicro('x')).toBeNull();
    expect(increaseByPercent(U, 1_000_000n)).toBe(2n * U);
    expect(increaseByPercent(3n, 500_000n)).toBe(4n); // 4.5 floored
  });
});

describe('autobet strategy', () => {
  it('martingale: doubles on loss, resets on win', () => {
    const settings = { ...base, onLoss: { mode: 'increase' as const, percentMicro: 1_000_000n } };
    let s = startAutobet(U);
    s = afterBet(s, settings, { stake: U, payout: 0n });
    expect(s.amount).toBe(2n * U);
    s = afterBet(s, settings, { stake: 2n * U, payout: 0n });
    expect(s.amount).toBe(4n * U);
    s = afterBet(s, settings, { stake: 4n * U, payout: 8n * U });
    expect(s.amount).toBe(U);
    expect(s.profit).toBe(U);
    expect(s.played).toBe(3);
    expect(s.stopped).toBeNull();
  });

  it('stops after the number of bets; 0 never stops by count', () => {
    let s = startAutobet(U);
    for (let i = 0; i < 3; i += 1) s = afterBet(s, { ...base, bets: 3 }, { stake: U, payout: U });
    expect(s.stopped).toBe('count');
    let endless = startAutobet(U);
    for (let i = 0; i < 50; i += 1) endless = afterBet(endless, base, { stake: U, payout: 0n });
    expect(endless.stopped).toBeNull();
  });

  it('stops on profit and on loss thresholds', () => {
    const profitStop = afterBet(startAutobet(U), { ...base, stopOnProfit: U }, { stake: U, payout: 2n * U });
    expect(profitStop.stopped).toBe('profit');
    let s = startAutobet(U);
    s = afterBet(s, { ...base, stopOnLoss: 2n * U }, { stake: U, payout: 0n });
    expect(s.stopped).toBeNull();
    s = afterBet(s, { ...base, stopOnLoss: 2n * U }, { stake: U, payout: 0n });
    expect(s.stopped).toBe('loss');
    // A stopped session ignores further results.
    expect(afterBet(s, base, { stake: U, payout: 0n })).toBe(s);
  });

  it('a push (payout = stake) counts as a loss for the increase rule, and the user can stop', () => {
    const settings = { ...base, onWin: { mode: 'increase' as const, percentMicro: 500_000n } };
    const s = afterBet(startAutobet(U), settings, { stake: U, payout: U });
    expect(s.amount).toBe(U);
    expect(stopAutobet(s, 'user').stopped).toBe('user');
  });
});

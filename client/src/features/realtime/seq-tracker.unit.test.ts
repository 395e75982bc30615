import { describe, expect, it } from 'vitest';
import { SeqTracker } from './seq-tracker';

describe('SeqTracker', () => {
  it('accepts the event after the subscribed baseline and each next one in order', () => {
    const seq = new SeqTracker();
    expect(seq.baseline('token-price', 41)).toBe('in-order');
    expect(seq.accept('token-price', 42)).toBe('in-order');
    expect(seq.accept('token-price', 43)).toBe('in-order');
    expect(seq.lastSeq('token-price')).toBe(43);
  });

  it('reports a gap when a seq is skipped, then continues from the new seq', () => {
    const seq = new SeqTracker();
    seq.baseline('user:7', 0);
    expect(seq.accept('user:7', 1)).toBe('in-order');
    expect(seq.accept('user:7', 4)).toBe('gap');
    expect(seq.accept('user:7', 5)).toBe('in-order');
  });

  it('ignores duplicates and older events', () => {
    const seq = new SeqTracker();
    seq.baseline('chat', 10);
    expect(seq.accept('chat', 10)).toBe('stale');
    expect(seq.accept('chat', 3)).toBe('stale');
    expect(seq.accept('chat', 11)).toBe('in-order');
    expect(seq.accept('chat', 11)).toBe('stale');
  });

  it('keeps channels apart', () => {
    const seq = new SeqTracker();
    seq.baseline('a', 5);
    seq.baseline('b', 100);
    expect(seq.accept('a', 6)).toBe('in-order');
    expect(seq.accept('b', 101)).toBe('in-order');
    expect(seq.accept('a', 8)).toBe('gap');
    expect(seq.accept('b', 102)).toBe('in-order');
  });

  it('treats a re-subscribe baseline beyond the last seen seq as missed events', () => {
    const seq = new SeqTracker();
    seq.baseline('token-price', 3);
    seq.accept('token-price', 4);
    // Reconnected: nothing happened meanwhile.
    expect(seq.baseline('token-price', 4)).toBe('in-order');
    // Reconnected again after two events were published while away.
    expect(seq.baseline('token-price', 6)).toBe('gap');
    expect(seq.accept('token-price', 7)).toBe('in-order');
  });

  it('a first event without a baseline is taken as the start; forget and clear start over', () => {
    const seq = new SeqTracker();
    expect(seq.accept('x', 9)).toBe('in-order');
    seq.forget('x');
    expect(seq.baseline('x', 20)).toBe('in-order');
    seq.clear();
    expect(seq.lastSeq('x')).toBeUndefined();
  });
});

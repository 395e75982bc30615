import { describe, expect, it } from 'vitest';
import { tooManyRequestsMessage } from '../infra/rate-limiter.js';
import { countOf } from './plural.js';

describe('countOf', () => {
  it('uses the singular for exactly one and the plural otherwise', () => {
    expect(countOf(1, 'second')).toBe('1 second');
    expect(countOf(0, 'second')).toBe('0 seconds');
    expect(countOf(2, 'minute')).toBe('2 minutes');
  });

  it('fixes "please wait 1 seconds" in the rate-limit message', () => {
    expect(tooManyRequestsMessage(1)).toBe('Too Many Requests: please wait 1 second before trying again.');
    expect(tooManyRequestsMessage(45)).toBe('Too Many Requests: please wait 45 seconds before trying again.');
  });
});
